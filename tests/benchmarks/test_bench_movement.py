"""Benchmark: the hexes one Unit can reach, through the movement rules
(target < 5 ms on a 60×40 map with the cost cache warm; gts:14.3).  Run with
--benchmark-enable; no test asserts a time."""

from __future__ import annotations

import copy

from conftest import CATALOG, INFANTRY

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import MapModel, TerrainType
from kriegsspiel.core.players import Table
from kriegsspiel.engine.rulebook import build_program
from kriegsspiel.engine.session import Session


def _session():
    grid = HexGrid((1, 60, 1, 40))
    model = MapModel.model_validate({
        "id": "big", "name": "Big", "provenance": "provisional",
        "grid": {"columns": [1, 60], "rows": [1, 40]}, "default_terrain": "clear",
        "hexes": {"polder": ["20.10-40.15"], "woods": ["25.20-35.30"]},
        "roads": {"road": [[f"{c:02d}.20" for c in range(10, 50)]]}})
    terrain = [TerrainType(id=t, kind="hex") for t in ("clear", "polder", "woods")]
    catalog = copy.deepcopy(CATALOG)
    catalog["unit"]["pi1"]["faces"]["front"] = {**INFANTRY, "movement": 8}
    session = Session(build_program(["gts"]), catalog, Dice(0), Table({}), grid,
                      MapIndex.build(model, terrain, grid))
    session.place("pi1", "30.20")
    return session


def test_bench_reachable_hexes(benchmark):
    session = _session()
    unit = session.ref("unit", "pi1")
    session.value("reachable_hexes", unit, "formation")  # warm the cost cache
    hexes = benchmark(session.value, "reachable_hexes", unit, "formation")
    assert len(hexes) > 50
