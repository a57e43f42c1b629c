"""Several map sheets sharing one coordinate system, played as one map
(Crete's Maleme sheet, columns 1–48, and the Canea–Suda sheet from 49 on)."""

from __future__ import annotations

from types import SimpleNamespace


from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import MapModel, TerrainType
from kriegsspiel.engine.starting import grid_of, sheets_of

TERRAIN = [TerrainType(id="clear", kind="hex"), TerrainType(id="town", kind="hex"),
           TerrainType(id="port", kind="feature")]


def sheet(ident, columns, rows=(1, 4), offset="even", **more):
    return MapModel(id=ident, name=ident, default_terrain="clear", provenance="provisional",
                    grid={"columns": columns, "rows": rows, "offset": offset}, **more)


WEST = sheet("west", (1, 3), absent=["01.01"])
EAST = sheet("east", (4, 6), rows=(1, 5), hexes={"town": ["04.02"]},
             features=[{"hex": "05.03", "kind": "port", "name": "Port"}])


def play(*maps, play_area=None):
    game = SimpleNamespace(maps=list(maps))
    scenario = SimpleNamespace(id="s", maps=[m.id for m in maps], play_area=play_area)
    return game, scenario


def test_the_grid_spans_the_sheets_and_each_hex_has_its_sheets_terrain():
    game, scenario = play(WEST, EAST)
    grid = grid_of(game, scenario)
    index = MapIndex.build(sheets_of(game, scenario), TERRAIN, grid)
    assert (grid.min_col, grid.max_col, grid.min_row, grid.max_row) == (1, 6, 1, 5)
    assert index.contains("03.04") and index.contains("06.05")
    assert not index.contains("01.01")              # absent on the west sheet
    assert not index.contains("02.05")              # row 5 is only on the east sheet
    assert index.terrain_of("04.02") == "town" and index.terrain_of("02.02") == "clear"
    assert index.features_at("05.03") == ["port"]


def test_sheets_laid_out_differently_are_separate_sheets_not_one_map():
    """Two sheets that touch but shift different columns cannot be one map: each
    is a separate sheet of its own (core.sheets), its ids qualified."""
    game, scenario = play(WEST, sheet("odd", (4, 6), offset="odd"))
    grid = grid_of(game, scenario)
    assert grid.format(grid.parse("04.02")) == "odd:04.02"
    assert not grid.adjacent(grid.parse("03.02"), grid.parse("04.02"))


def test_a_road_runs_across_the_seam_of_joined_sheets():
    """Maleme's coast road ends at its East Exit (48.08); the Canea–Suda sheet's
    road starts one hex beyond its edge there, so on the joined map the road goes
    on into Canea — and on Maleme alone that hex is simply not on the map."""
    from kriegsspiel.core.dice import Dice
    from kriegsspiel.core.players import KeyedPlayer, Table
    from kriegsspiel.engine.starting import start

    players = Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()})
    joined = start("crete/gala", players, dice=Dice(0))
    assert joined.value("roads_between", "48.08", "49.08") == ["road"]
    alone = start("crete/descent", players, dice=Dice(0))
    assert not alone.state.map.contains("49.08")
    assert "49.08" not in alone.value("neighbours", "48.08")
