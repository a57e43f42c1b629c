"""Benchmarks for Line of Sight and Fire Zones (pytest-benchmark; run with
--benchmark-enable to measure).

Target (issue: movement, terrain, stacking, LOS and Fire Zones): the Fire
Zones of 200 units on a 60×40 map in < 0.5 s (gts:17.3, gts:15.4).  In the
normal test run benchmarks are disabled and each body runs once, so these
double as smoke tests; no test asserts a time.
"""

from __future__ import annotations

import copy
import random

import pytest
from conftest import CATALOG, INFANTRY

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import MapModel, TerrainType
from kriegsspiel.core.players import Table
from kriegsspiel.engine import los as los_module
from kriegsspiel.engine.session import Session

TERRAIN = [TerrainType(id="clear", kind="hex"), TerrainType(id="woods", kind="hex",
                                                             tags=["blocking"]),
           TerrainType(id="village", kind="hex"), TerrainType(id="crest", kind="hexside")]
KINDS = [({"fire_range": 2}, 5), ({"fire_range": 3}, 3), ({"weapon_class": "AP",
                                                             "fire_range": 5}, 1),
         ({"weapon_class": "IHE", "fire_range": 20}, 1), ({"weapon_class": "MORTAR",
                                                          "fire_range": 6}, 1)]


def big_world(program, units=200, seed=1941):
    rng = random.Random(seed)
    grid = HexGrid((1, 60, 1, 40))
    ids = [grid.format(h) for h in grid.hexes()]
    woods = rng.sample(ids, len(ids) // 8)
    villages = rng.sample([h for h in ids if h not in woods], len(ids) // 12)
    crests = []
    for h in rng.sample(ids, 150):
        n = rng.choice(grid.neighbours(grid.parse(h)))
        crests.append({"hexside": f"{h}/{grid.format(n)}", "feature": "crest"})
    model = MapModel.model_validate({
        "id": "big", "name": "Big", "provenance": "provisional",
        "grid": {"columns": [1, 60], "rows": [1, 40]}, "default_terrain": "clear",
        "hexes": {"woods": woods, "village": villages}, "hexsides": crests})
    catalog = copy.deepcopy(CATALOG)
    catalog["unit"] = {}
    profiles = [values for values, weight in KINDS for _ in range(weight)]
    for i in range(units):
        side = "axis" if i % 2 else "allies"
        division, formation = ("geb5", "pi95") if side == "axis" else ("nz2", "inf1")
        catalog["unit"][f"u{i}"] = {"name": f"u{i}", "side": side, "division": division,
                                    "formation": formation, "back_kind": None,
                                    "faces": {"front": {**INFANTRY, **rng.choice(profiles)}}}
    session = Session(program, catalog, Dice(0), Table({}), grid,
                      MapIndex.build(model, TERRAIN, grid))
    for i, hex_id in enumerate(rng.sample(ids, units)):
        session.place(f"u{i}", hex_id)
    return session


def all_fire_zones(session):
    return {u.id: session.value("fire_zone", u) for u in session.state.refs("unit")}


@pytest.fixture(scope="module")
def world(gts):
    return big_world(gts)


def test_bench_fire_zones_of_200_units_cold(benchmark, world):
    """gts:17.3 / gts:15.4: every Fire Zone with an empty Line of Sight cache."""
    def cold():
        los_module.forget(world.state)
        return all_fire_zones(world)
    zones = benchmark.pedantic(cold, rounds=5, iterations=1)
    assert len(zones) == 200 and sum(map(len, zones.values())) > 1000


def test_bench_fire_zones_of_200_units_cached(benchmark, world):
    """gts:17.3: the same with the Line of Sight answers cached (nothing changed)."""
    all_fire_zones(world)
    zones = benchmark(all_fire_zones, world)
    assert len(zones) == 200


def test_bench_line_of_sight_pairs_cold(benchmark, world):
    """gts:15.4: 5,000 lines of up to eight hexes, cold."""
    rng = random.Random(7)
    grid = world.state.grid
    ids = [grid.format(h) for h in grid.hexes()]
    pairs = []
    while len(pairs) < 5000:
        a, b = rng.sample(ids, 2)
        if grid.distance(grid.parse(a), grid.parse(b)) <= 8:
            pairs.append((a, b))
    unblocked = world.program.primitives["los_unblocked"].impl

    def cold():
        los_module.forget(world.state)
        return sum(unblocked(world.ctx, a, b, "direct") for a, b in pairs)
    seen = benchmark.pedantic(cold, rounds=5, iterations=1)
    assert 0 < seen < len(pairs)


def test_bench_line_of_sight_cache_on_a_long_log(benchmark, gts):
    """A game's log grows by some 125,000 events (a whole Mercury game) and the
    Line of Sight cache checks it for changes before each answer: a question
    after each new event must cost what the new events cost, not the log's
    length (tests/gts/test_los.py checks what it reads)."""
    world = big_world(gts, units=20)
    unblocked = world.program.primitives["los_unblocked"].impl
    for i in range(120_000):
        world.state.record("decision", {"key": "padding", "n": i}, [])
    unblocked(world.ctx, "01.01", "03.02", "direct")

    def asked_after_each_event():
        seen = 0
        for i in range(2_000):
            world.state.record("decision", {"key": "padding", "n": i}, [])
            seen += unblocked(world.ctx, "01.01", "03.02", "direct")
        return seen
    assert benchmark.pedantic(asked_after_each_event, rounds=3, iterations=1) in (0, 2_000)
