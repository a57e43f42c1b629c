"""Benchmarks for the hex kernel (pytest-benchmark; no timing assertions).

Normal runs pass --benchmark-disable, so each body runs once as a plain test;
run ``pytest tests/benchmarks --benchmark-enable`` to get figures.
"""

from __future__ import annotations

import random

from kriegsspiel.core.hexgrid import Hex, HexGrid
from kriegsspiel.core.movegraph import reachable

GRID = HexGrid((1, 60, 1, 40))


def mixed_terrain(seed: int = 1866):
    """Entering costs: clear 1, woods 2, rough 3, swamp prohibited, a road at 0.5."""
    rnd = random.Random(seed)
    enter = {h: rnd.choices([1, 2, 3, None], weights=[60, 20, 15, 5])[0] for h in GRID.hexes()}
    road = {Hex(c, 20) for c in range(1, 61)} | {Hex(30, r) for r in range(1, 41)}
    for h in road:
        enter[h] = 1

    def cost(a: Hex, b: Hex):
        if a in road and b in road:
            return 0.5
        return enter[b]
    return cost


def test_bench_reachable_allowance_8(benchmark):
    cost = mixed_terrain()
    start = Hex(30, 20)  # on the road crossing, so the road's 0.5 costs matter
    reach = benchmark(reachable, GRID, start, 8, cost)
    assert reach[start] == 0
    assert reach[Hex(46, 20)] == 8  # sixteen road hexes at 0.5
    assert all(c <= 8 for c in reach.values())


def test_bench_trace_1000_random_lines(benchmark):
    rnd = random.Random(1757)
    hexes = GRID.hexes()
    pairs = [(rnd.choice(hexes), rnd.choice(hexes)) for _ in range(1000)]

    def trace_all():
        return [GRID.trace(a, b) for a, b in pairs]

    traces = benchmark(trace_all)
    assert len(traces) == 1000
    assert all(t.hexes[0] == a and t.hexes[-1] == b for t, (a, b) in zip(traces, pairs))
