"""The provisional Georgeoupolis and Sfakia Exit maps (games/crete/maps/
georgeoupolis.yaml, sfakia.yaml): they carry on the Maleme and Canea-Suda
sheets' coordinates below the Canea-Suda sheet; every hex Scenarios 10-13 and
O3.0 name on them is on land; the four sheets join into one map, and its roads
let a Unit walk from Suda to the Sfakia Exit and from Canea to the
Georgeoupolis exit.  The hexes below are copied from the book
(crete:scenario:10, 11, 12, 13, crete:S5.0, crete:O3.0), not from the data
files, so a typo in either shows."""

from __future__ import annotations

import pytest

from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.loading import shipped_roots
from kriegsspiel.engine.reading import read_game
from kriegsspiel.core.mapindex import MapIndex

# "the village of Neo-Chorion (73.28) ... the village of Wrisses (86.37)"
# (Scenarios 10, 11, 12); "exit ... off the Georgeoupolis Map at hex 108.44"
# (10, 12); Layforce's D BN "within one hex of 77.26" (10); the 19th Bde's
# 97.41, 101.43, 99.42 (11; 13 as per 11); O3.0's X CD Bty RM (98.40).
VILLAGES = {"73.28": "Neo-Chorion", "86.37": "Wrisses"}
GEORGEOUPOLIS = ["73.28", "86.37", "108.44", "77.26", "97.41", "101.43", "99.42", "98.40"]
SETUP_AREAS = [("77.26", 1, 5), ("97.41", 1, 6), ("101.43", 1, 4)]
SFAKIA_EXIT = "78.67"
SHEETS = ("maleme", "canea_suda", "georgeoupolis", "sfakia")


def index_of(sheets, terrain):
    first = sheets[0].grid
    grid = HexGrid((min(s.grid.columns[0] for s in sheets), max(s.grid.columns[1] for s in sheets),
                    min(s.grid.rows[0] for s in sheets), max(s.grid.rows[1] for s in sheets)),
                   orientation=first.orientation, offset=first.offset)
    return MapIndex.build(list(sheets), terrain, grid)


@pytest.fixture(scope="module")
def game():
    return read_game(shipped_roots()[0] / "crete")


def sheet(game, name):
    return next(m for m in game.maps if m.id == name)


@pytest.fixture(scope="module")
def joined(game):
    return index_of([sheet(game, s) for s in SHEETS], game.terrain)


def test_the_sheets_lie_below_the_canea_suda_sheet(game):
    canea = sheet(game, "canea_suda")
    georgeoupolis, sfakia = sheet(game, "georgeoupolis"), sheet(game, "sfakia")
    for s in (georgeoupolis, sfakia):
        assert s.provenance == "provisional"
        assert (s.grid.orientation, s.grid.offset) == (canea.grid.orientation, canea.grid.offset)
    assert georgeoupolis.grid.rows[0] == canea.grid.rows[1] + 1 == 25
    assert sfakia.grid.rows[0] == georgeoupolis.grid.rows[1] + 1 == 49
    assert all(georgeoupolis.in_bounds(h) for h in GEORGEOUPOLIS)
    assert sfakia.in_bounds(SFAKIA_EXIT) and not georgeoupolis.in_bounds(SFAKIA_EXIT)
    assert not canea.in_bounds("73.28") and not georgeoupolis.in_bounds("59.13")


def test_every_named_hex_is_on_land(joined):
    for hex_id in GEORGEOUPOLIS + [SFAKIA_EXIT]:
        assert joined.contains(hex_id), hex_id
        assert joined.terrain_of(hex_id) != "no_dot", hex_id
    for hex_id in VILLAGES:
        assert joined.terrain_of(hex_id) == "village", hex_id


def test_the_exits(joined):
    """crete:S5.0 "Sfakia Exit Map: hex 78.67" is a withdrawal hex; 108.44 is the
    Georgeoupolis map's exit (crete:S1.0), on its east edge."""
    assert joined.features_at(SFAKIA_EXIT) == ["withdrawal_exit"]
    assert "exit" in joined.features_at("108.44")
    grid = joined.grid
    assert any(not joined.contains(grid.format(n))
               for n in grid.neighbours(grid.parse("108.44"), bounded=False))


def test_the_coastal_battery_looks_out_to_sea(joined):
    grid = joined.grid
    assert any(joined.terrain_of(grid.format(n)) == "no_dot"
               for n in grid.neighbours(grid.parse("98.40")))


@pytest.mark.parametrize("centre, within, units", SETUP_AREAS)
def test_set_up_areas_have_room(joined, centre, within, units):
    grid = joined.grid
    land = [grid.format(h) for h in grid.within(grid.parse(centre), within)
            if joined.contains(grid.format(h)) and joined.terrain_of(grid.format(h)) != "no_dot"]
    assert len(land) >= min(units, 7), (centre, land)


def road_reach(index, start):
    grid = index.grid
    seen, frontier = {start}, [start]
    while frontier:
        here = frontier.pop()
        for n in (grid.format(h) for h in grid.neighbours(grid.parse(here))):
            if n not in seen and index.contains(n) and index.roads_between(here, n):
                seen.add(n)
                frontier.append(n)
    return seen


def test_the_roads_lead_from_suda_to_sfakia_and_georgeoupolis(joined):
    """"The delaying action continued south through Stilos and the Askifou
    Plain": by road from the Port of Suda through Neo-Chorion and Wrisses to the
    Sfakia Exit; from Canea along the coast to the Georgeoupolis exit."""
    from_suda = road_reach(joined, "59.13")
    assert {"73.28", "77.26", "86.37", SFAKIA_EXIT, "108.44"} <= from_suda
    assert {"99.41", "108.44"} <= road_reach(joined, "49.08")


def test_the_joined_sheets_make_one_map(game, joined):
    grid = joined.grid
    assert grid.adjacent(grid.parse("68.24"), grid.parse("68.25"))
    assert grid.adjacent(grid.parse("86.48"), grid.parse("86.49"))
    assert joined.features_at("59.13") == ["port", "locality"]
    alone = index_of([sheet(game, "georgeoupolis")], game.terrain)
    assert [joined.terrain_of(h) for h in GEORGEOUPOLIS] == \
        [alone.terrain_of(h) for h in GEORGEOUPOLIS]
    # beside the Canea-Suda sheet's columns, nothing: the sheets do not overlap
    assert not joined.contains("49.25") and not joined.contains("97.24")
