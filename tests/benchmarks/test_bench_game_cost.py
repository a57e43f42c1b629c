"""Benchmark: what a game costs against its size, across the shipped scenarios (#28).

A game's cost should grow no faster than linearly in Units × turns.  For each
shipped scenario, with --benchmark-enable, bots play its first TURNS turns
(KS_COST_TURNS, default 8; ``all`` for whole games, which for the campaigns is
many minutes each) and the benchmark records the process time of those turns
(loading and set-up not counted) against the Unit-turns played: the Units on
the map at the end of each turn, summed.  A least-squares fit of log(time)
on log(Unit-turns) gives the growth exponent of each game (a game system's
Unit-turn costs what its rules make it cost: the 14 Crete scenarios are one
fit, The Longest Day's another) — 1 is linear, under 1 cheaper than linear —
recorded in ``extra_info`` with every scenario's point, and the points and
the fitted lines are drawn on a log-log plot written to
``.benchmarks/game_cost.html`` (KS_COST_PLOT to put it elsewhere).  The
players are random (KS_COST_PLAYERS=heuristic for the heuristic bots).

In the normal test run the two smallest measurements are made (one turn of
two scenarios) to check that the measuring, the fit and the plot work; no
test asserts a time.
"""

from __future__ import annotations

import math
import os
import time
from pathlib import Path

from kriegsspiel.tools.play import new_game, shipped_scenarios


def game_cost(scenario: str, turns: int | None, kinds: list[str], seed: int = 1) -> dict:
    """The process time of the first *turns* turns (None: the whole game) and
    the Unit-turns they played."""
    game = new_game(scenario, seed, kinds)
    state = game.session.state
    counted = {"unit_turns": 0, "turns": 0}

    def after_turn() -> None:
        counted["unit_turns"] += sum(1 for where in state.placement.values()
                                     if where is not None)
        counted["turns"] += 1
    began = time.process_time()
    game.run(turns, after_turn)
    return {"scenario": scenario, "seconds": time.process_time() - began, **counted}


def growth_exponent(points: list[dict]) -> float | None:
    """The slope of log(seconds) on log(Unit-turns), least squares; None
    without two distinct sizes."""
    xy = [(math.log(p["unit_turns"]), math.log(p["seconds"])) for p in points
          if p["unit_turns"] > 0 and p["seconds"] > 0]
    if len({x for x, _ in xy}) < 2:
        return None
    mx = sum(x for x, _ in xy) / len(xy)
    my = sum(y for _, y in xy) / len(xy)
    return (sum((x - mx) * (y - my) for x, y in xy) / sum((x - mx) ** 2 for x, _ in xy))


WIDTH, HEIGHT, PAD = 640, 420, 56


def game_of(point: dict) -> str:
    return point["scenario"].split("/")[0]


def exponents_by_game(points: list[dict]) -> dict[str, float | None]:
    games = sorted({game_of(p) for p in points})
    return {g: growth_exponent([p for p in points if game_of(p) == g]) for g in games}


COLOURS = ["#36c", "#c63", "#393", "#939", "#996"]


def cost_plot(points: list[dict], slopes: dict[str, float | None], title: str) -> str:
    """A log-log scatter of seconds against Unit-turns, a point per scenario
    (its name in the tooltip) coloured by game, with each game's fitted line:
    an HTML page."""
    usable = [p for p in points if p["unit_turns"] > 0 and p["seconds"] > 0]
    xs = [math.log10(p["unit_turns"]) for p in usable]
    ys = [math.log10(p["seconds"]) for p in usable]
    x0, x1 = (min(xs), max(xs)) if xs else (0.0, 1.0)
    y0, y1 = (min(ys), max(ys)) if ys else (0.0, 1.0)
    x0, x1, y0, y1 = math.floor(x0), math.ceil(x1) or 1, math.floor(y0), math.ceil(y1)
    x1, y1 = max(x1, x0 + 1), max(y1, y0 + 1)

    def px(x: float) -> float:
        return PAD + (x - x0) / (x1 - x0) * (WIDTH - 2 * PAD)

    def py(y: float) -> float:
        return HEIGHT - PAD - (y - y0) / (y1 - y0) * (HEIGHT - 2 * PAD)
    items = [f'<line x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - PAD}" y2="{HEIGHT - PAD}" '
             'stroke="#333"/>',
             f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{HEIGHT - PAD}" stroke="#333"/>']
    for d in range(x0, x1 + 1):
        items.append(f'<text x="{px(d):.1f}" y="{HEIGHT - PAD + 18}" font-size="11" '
                     f'text-anchor="middle">{10 ** d:g}</text>')
    for d in range(y0, y1 + 1):
        items.append(f'<text x="{PAD - 6}" y="{py(d) + 4:.1f}" font-size="11" '
                     f'text-anchor="end">{10 ** d:g} s</text>')
    items.append(f'<text x="{WIDTH / 2}" y="{HEIGHT - 12}" font-size="12" '
                 'text-anchor="middle">Unit-turns played (log)</text>')
    colour = {g: COLOURS[i % len(COLOURS)] for i, g in enumerate(slopes)}
    for n, (g, slope) in enumerate(slopes.items()):
        mine = [(x, y) for p, x, y in zip(usable, xs, ys) if game_of(p) == g]
        items.append(f'<text x="{WIDTH - PAD}" y="{PAD + 14 * n}" font-size="12" '
                     f'text-anchor="end" fill="{colour[g]}">{g}: '
                     + (f"exponent {slope:.2f}" if slope is not None else "no fit") + "</text>")
        if slope is None:
            continue
        gx0, gx1 = min(x for x, _ in mine), max(x for x, _ in mine)
        mx, my = sum(x for x, _ in mine) / len(mine), sum(y for _, y in mine) / len(mine)
        items.append(f'<line x1="{px(gx0):.1f}" y1="{py(my + slope * (gx0 - mx)):.1f}" '
                     f'x2="{px(gx1):.1f}" y2="{py(my + slope * (gx1 - mx)):.1f}" '
                     f'stroke="{colour[g]}" stroke-dasharray="4 3"/>')
    for p, x, y in zip(usable, xs, ys):
        items.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="4" '
                     f'fill="{colour[game_of(p)]}">'
                     f'<title>{p["scenario"]}: {p["unit_turns"]} Unit-turns in {p["turns"]} '
                     f'turns, {p["seconds"]:.2f} s</title></circle>')
    fitted = ", ".join(f"{g}: " + (f"growth exponent {s:.2f}" if s is not None else "no fit")
                       for g, s in slopes.items())
    rows = "".join(f"<tr><td>{p['scenario']}</td><td>{p['turns']}</td>"
                   f"<td>{p['unit_turns']}</td><td>{p['seconds']:.2f}</td>"
                   f"<td>{1000 * p['seconds'] / max(1, p['unit_turns']):.2f}</td></tr>"
                   for p in points)
    return (f"<!doctype html><meta charset='utf-8'><title>{title}</title>"
            f"<h1>{title}</h1><p>{fitted} (1: linear in Unit-turns)</p>"
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}">'
            + "".join(items) + "</svg><table><tr><th>scenario</th><th>turns</th>"
            "<th>Unit-turns</th><th>seconds</th><th>ms a Unit-turn</th></tr>" + rows
            + "</table>")


def test_growth_exponent_of_known_costs():
    linear = [{"unit_turns": n, "seconds": 0.01 * n} for n in (10, 100, 1000)]
    square = [{"unit_turns": n, "seconds": 0.001 * n * n} for n in (10, 100, 1000)]
    assert abs(growth_exponent(linear) - 1.0) < 1e-9
    assert abs(growth_exponent(square) - 2.0) < 1e-9
    assert growth_exponent(linear[:1]) is None
    mixed = ([{"scenario": f"a/{n}", "unit_turns": n, "seconds": 0.01 * n} for n in (10, 100)]
             + [{"scenario": f"b/{n}", "unit_turns": n, "seconds": 1e-4 * n * n}
                for n in (10, 100)])
    assert {g: round(e, 6) for g, e in exponents_by_game(mixed).items()} == {"a": 1.0, "b": 2.0}


def test_bench_game_cost_across_scenarios(benchmark, tmp_path):
    full = not benchmark.disabled
    turns_setting = os.environ.get("KS_COST_TURNS", "8")
    turns = None if turns_setting == "all" else int(turns_setting) if full else 1
    kinds = [os.environ.get("KS_COST_PLAYERS", "random")]
    names = shipped_scenarios() if full else ["crete/learning", "utah/causeway"]

    def measure() -> list[dict]:
        return [game_cost(name, turns, kinds) for name in names]
    points = benchmark.pedantic(measure, rounds=1, iterations=1)
    assert [p["scenario"] for p in points] == names
    assert all(p["turns"] >= 1 and p["unit_turns"] > 0 for p in points)
    slopes = exponents_by_game(points)
    title = f"Game cost against size — {kinds[0]} players, " + (
        "whole games" if turns is None else f"first {turns} turns")
    page = cost_plot(points, slopes, title)
    assert page.count("<circle") == len(points)
    where = (Path(os.environ.get("KS_COST_PLOT", ".benchmarks/game_cost.html")) if full
             else tmp_path / "game_cost.html")
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_text(page)
    if full:
        benchmark.extra_info["growth_exponent"] = {
            g: None if e is None else round(e, 3) for g, e in slopes.items()}
        benchmark.extra_info["points"] = [
            {k: (round(v, 3) if isinstance(v, float) else v) for k, v in p.items()}
            for p in points]
        benchmark.extra_info["plot"] = str(where)
