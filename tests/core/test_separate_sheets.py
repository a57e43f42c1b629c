"""Separate map sheets in one game (core.sheets): sheets that each number their
hexes from 01.01, as Crete's Maleme, Rethymnon, Heraklion and Kastelli sheets
do, played side by side (crete:scenario:6 uses all four at once)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import MapModel, TerrainType
from kriegsspiel.core.sheets import SEPARATE, SheetedGrid, plan_sheets
from kriegsspiel.engine.starting import grid_of, sheets_of

TERRAIN = [TerrainType(id="clear", kind="hex"), TerrainType(id="town", kind="hex"),
           TerrainType(id="port", kind="feature"), TerrainType(id="road", kind="road")]


def sheet(ident, columns, rows=(1, 6), offset="odd", **more):
    return MapModel(id=ident, name=ident, default_terrain="clear", provenance="provisional",
                    grid={"columns": columns, "rows": rows, "offset": offset}, **more)


WEST = sheet("west", (1, 6), offset="even", hexes={"town": ["02.02"]})
EAST = sheet("east", (7, 12), offset="even")          # numbers on from west: joined
HILLS = sheet("hills", (1, 8), offset="odd", hexes={"town": ["02.02"]},
              features=[{"hex": "03.03", "kind": "port", "name": "Hill Port"}],
              roads={"road": [["02.02", "02.03", "02.04"]]})
COAST = sheet("coast", (1, 5), offset="even")


def play(*maps):
    game = SimpleNamespace(maps=list(maps))
    scenario = SimpleNamespace(id="s", maps=[m.id for m in maps], play_area=None)
    return game, scenario


def built(*maps):
    game, scenario = play(*maps)
    grid = grid_of(game, scenario)
    return grid, MapIndex.build(sheets_of(game, scenario), TERRAIN, grid)


def test_sheets_that_number_on_are_one_plane_and_sheets_that_repeat_ids_are_separate():
    planes = plan_sheets([WEST, EAST, HILLS, COAST])
    assert [[m.id for m in p] for p in planes] == [["west", "east"], ["hills"], ["coast"]]
    game, scenario = play(WEST, EAST)
    assert type(grid_of(game, scenario)) is HexGrid        # joined only: as before


def test_qualified_ids_parse_and_format_with_their_sheet():
    grid, index = built(WEST, EAST, HILLS, COAST)
    assert isinstance(grid, SheetedGrid)
    for text in ("west:02.02", "east:09.03", "hills:02.02", "coast:05.06"):
        assert grid.format(grid.parse(text)) == text
    # an id only one sheet has needs no qualifier; the game still names the sheet
    assert grid.format(grid.parse("09.03")) == "east:09.03"
    # each sheet has its own terrain, features and roads under its own ids
    assert index.terrain_of("west:02.02") == "town" and index.terrain_of("hills:02.02") == "town"
    assert index.terrain_of("coast:02.02") == "clear"
    assert index.features_at("hills:03.03") == ["port"] and index.features_at("west:03.03") == []
    assert index.roads_between("hills:02.02", "hills:02.03") == {"road"}
    assert index.sheets["hills:04.04"] == "hills" and index.sheets["east:07.01"] == "east"
    # the kernel's column and row are the printed ones
    assert grid.printed(grid.parse("hills:08.01")) == (8, 1)


def test_nothing_is_adjacent_near_or_in_line_across_separate_sheets():
    grid, index = built(WEST, EAST, HILLS, COAST)
    here, there = grid.parse("west:02.02"), grid.parse("hills:02.02")
    assert grid.distance(here, there) == SEPARATE
    assert not grid.adjacent(here, there) and not grid.same_plane(here, there)
    for h in grid.hexes():
        for n in grid.neighbours(h):
            assert grid.same_plane(h, n)
    # hexes within 3 of a hex stay on its sheet (and a joined map's seam is crossed)
    near = {grid.format(h) for h in grid.within(grid.parse("west:06.03"), 3)}
    assert any(h.startswith("east:") for h in near)
    assert all(h.split(":")[0] in ("west", "east") for h in near)
    # joined sheets still meet across their seam
    assert grid.adjacent(grid.parse("west:06.03"), grid.parse("east:07.03"))


def test_each_separate_sheet_keeps_its_own_column_parity():
    grid, _ = built(WEST, HILLS)
    alone_even = HexGrid((1, 6, 1, 6), offset="even")
    alone_odd = HexGrid((1, 8, 1, 6), offset="odd")
    for local in ((2, 2), (3, 3), (4, 5), (5, 1)):
        h = alone_even.parse(f"{local[0]:02d}.{local[1]:02d}")
        want = sorted(alone_even.format(n) for n in alone_even.neighbours(h))
        got = sorted(grid.format(n).split(":")[1]
                     for n in grid.neighbours(grid.parse(f"west:{alone_even.format(h)}")))
        assert got == want
        h = alone_odd.parse(f"{local[0]:02d}.{local[1]:02d}")
        want = sorted(alone_odd.format(n) for n in alone_odd.neighbours(h))
        got = sorted(grid.format(n).split(":")[1]
                     for n in grid.neighbours(grid.parse(f"hills:{alone_odd.format(h)}")))
        assert got == want


def test_an_ambiguous_or_unknown_sheet_is_an_error_that_says_what_to_write():
    grid, _ = built(WEST, HILLS, COAST)
    with pytest.raises(KsError, match=r"hex 02\.02 is on three sheets in this scenario; "
                                      r"write west:02\.02 or hills:02\.02 or coast:02\.02"):
        grid.parse("02.02")
    with pytest.raises(KsError, match="no sheet 'hils'") as caught:
        grid.parse("hils:02.02")
    assert caught.value.hint and "hills" in caught.value.hint
    with pytest.raises(KsError, match="off the coast sheet"):
        grid.parse("coast:07.02")


def test_sheets_are_drawn_side_by_side_without_overlapping():
    grid, index = built(WEST, EAST, HILLS, COAST)
    spans = {}
    for hid in index.terrain:
        x, _ = grid.center(grid.parse(hid), 10)
        plane = grid.plane_of(grid.parse(hid))
        low, high = spans.get(plane, (x, x))
        spans[plane] = (min(low, x), max(high, x))
    ordered = [spans[k] for k in sorted(spans)]
    assert ordered[0][0] == HexGrid.center(grid, grid.parse("west:01.01"), 10)[0]
    for (_, right), (left, _) in zip(ordered, ordered[1:]):
        assert left > right + 20        # a gap of more than a hex between sheets
    assert ordered[-1][1] < 1000        # and not a thousand columns away
