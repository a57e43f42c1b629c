"""The provisional Maleme map (games/crete/maps/maleme.yaml): every hex Scenarios
5, 7 and 8 name is on it, on land and of a terrain the units and the drop rules
can use; the airfield, the villages and the East Exit are where the book puts
them.  The hexes below are copied from the book (crete:scenario:5, 7, 8 and
crete:O3.0), not from the scenario files, so a typo in either shows."""

from __future__ import annotations

import pytest

from conftest import shipped_sheet

AIRFIELD = ("09.04", "10.04", "11.05")
EXITS = ("48.07", "48.08", "48.09")
PLATANIAS, AY_MARINA = ("25.07", "26.07"), "29.07"

# Set-up, Artillery Park and arrival hexes, as printed.
SCENARIO_5 = """
09.07 10.08 10.04 08.06 12.06 12.10 12.09 13.09 13.10 14.10 15.08 16.08 15.09 14.07
13.08 25.09 24.09 24.08 22.07 25.07 18.07 18.08 20.07 41.08 45.11 42.09 41.09 42.08
41.11 40.11 39.11 42.10 43.09 43.10 44.09 44.10 45.10 33.10 34.11 33.11 28.14 35.11
33.09 37.12 38.11 38.12 39.13 39.14 40.13 09.06 10.07 09.04 11.05 15.10 44.11 45.12
44.12 44.13 46.13 42.17 43.17 44.16 45.16 46.16 47.17 48.12""".split()
SCENARIO_7 = """
14.09 14.08 15.10 12.10 12.09 13.09 13.10 14.10 15.08 16.08 15.09 14.07 13.08 21.08
24.08 22.08 18.07 18.09 20.08 23.07 24.06 22.07 22.06 24.07 18.08 12.06 10.05 11.05
12.08 10.12 06.05 08.05 05.06 08.06 07.07 11.08 10.10 10.06 11.10 09.10 09.09""".split()
SCENARIO_8 = """
31.07 32.07 27.09 26.08 27.07 27.08 28.07 28.06 29.07 25.09 24.08 24.07 26.07 23.08
23.07 33.10 34.11 33.11 35.11 33.09 35.09 29.08 12.05 11.06 32.14 33.14 10.04
11.10""".split()
# Drop and landing zones: (centres, within) — "DZ 11.06" is (11.06, 0).
DROP_ZONES = [
    ("07.04", 0), ("08.09", 0), ("02.04", 1), ("11.06", 0), ("17.07", 0), ("12.08", 0),
    ("15.07", 0), ("05.06", 1), ("06.10", 0), ("35.16", 1), ("32.14", 1), ("35.12", 0),
    ("39.12", 0), ("40.09", 0), ("41.15", 0), ("37.14", 0), ("41.12", 0), ("26.17", 0),
    ("27.19", 0), ("28.16", 0), ("27.20", 0), ("20.07", 2)]
# "placed within one hex of ..." (Scenario 8) and "within two hexes of 30.18"
# (Scenario 5's 8 Inf (Greek), six units one per hex).
SETUP_AREAS = [("15.07", 1), ("17.07", 1), ("18.11", 1), ("15.12", 1), ("30.18", 2)]
# O1.0 lets a Drop Zone be "any Clear, Orchard/Vineyard, Scrub, or Village hex".
DROP_TERRAIN = {"clear", "orchard", "scrub", "village"}


@pytest.fixture(scope="module")
def sheet():
    return shipped_sheet("crete", "maleme")


def around(index, centre, within):
    grid = index.grid
    return sorted(grid.format(h) for h in grid.within(grid.parse(centre), within))


def test_the_sheet_is_provisional_and_large_enough(sheet):
    game_map, index = sheet
    assert game_map.provenance == "provisional"
    assert game_map.grid.columns[1] >= 48
    assert game_map.grid.rows[1] >= 22        # DZ 27.20 and two hexes round 30.18
    assert all(index.terrain_of(f"{c:02d}.01") == "no_dot" for c in range(1, 49))  # the sea


@pytest.mark.parametrize("name, hexes", [("5", SCENARIO_5), ("7", SCENARIO_7),
                                         ("8", SCENARIO_8)])
def test_every_set_up_hex_is_land_a_vehicle_may_enter(sheet, name, hexes):
    """Guns and vehicles set up in some of them: none is Town, City or Fortified
    (crete:2.5-2.7: Wheeled and Tracked only in Column there)."""
    _, index = sheet
    for hex_id in hexes:
        assert index.contains(hex_id), (name, hex_id)
        assert not index.has_tag(hex_id, "impassable"), (name, hex_id)
        assert index.terrain_of(hex_id) not in {"town", "city", "fortified"}, (name, hex_id)


def test_every_drop_zone_hex_is_land_the_drop_rules_allow(sheet):
    _, index = sheet
    for centre, within in DROP_ZONES:
        for hex_id in around(index, centre, within):
            assert index.terrain_of(hex_id) in DROP_TERRAIN, (centre, hex_id)


def test_set_up_areas_have_room_on_land(sheet):
    _, index = sheet
    for centre, within in SETUP_AREAS:
        land = [h for h in around(index, centre, within) if not index.has_tag(h, "impassable")]
        assert len(land) == len(around(index, centre, within)), centre
    assert len(around(index, "30.18", 2)) >= 6


def test_maleme_airfield_is_three_adjacent_hexes_on_the_coast(sheet):
    """ "at least two adjacent hexes of Maleme Airfield (09.04, 10.04, 11.05)":
    the three hexes are S6.0 airfield features, a chain 09.04-10.04-11.05 (the
    sheet's even offset), and the sea is one hex north of the runway."""
    game_map, index = sheet
    grid = index.grid
    for hex_id in AIRFIELD:
        assert index.features_at(hex_id) == ["airfield"], hex_id
        assert index.terrain_of(hex_id) == "clear"
        assert {"maleme-airfield", "airfield"} <= index.overlays[hex_id]
    a, b, c = (grid.parse(h) for h in AIRFIELD)
    assert grid.adjacent(a, b) and grid.adjacent(b, c) and not grid.adjacent(a, c)
    names = {f.name for f in game_map.features if f.hex in AIRFIELD}
    assert names == {"Maleme Airfield"}
    assert index.terrain_of("09.02") == "no_dot"


def test_hill_107_looks_down_on_the_airfield(sheet):
    _, index = sheet
    assert index.terrain_of("10.07") == "scrub"
    assert index.hexside_features("10.05", "10.06") == ["slope"]
    assert index.low_side("10.05", "10.06", "slope") == "10.05"


def test_villages_of_scenario_8(sheet):
    game_map, index = sheet
    named = {f.hex: f.name for f in game_map.features if f.kind == "locality"}
    for hex_id in (*PLATANIAS, AY_MARINA):
        assert index.terrain_of(hex_id) == "village"
    assert [named[h] for h in PLATANIAS] == ["Platanias", "Platanias"]
    assert named[AY_MARINA] == "Ay Marina"


def test_the_east_exit(sheet):
    """ "exits 3 units off the east edge of the map between hexes 48.07 and
    48.09, inclusive": the three are on the east edge, exit features, the area
    east-exit and the hexes of the off-map box."""
    game_map, index = sheet
    assert game_map.grid.columns[1] == 48
    for hex_id in EXITS:
        assert "exit" in index.features_at(hex_id)
        assert "east-exit" in index.overlays[hex_id]
    area = next(o for o in game_map.overlays if o.id == "east-exit")
    assert sorted(area.hexes) == list(EXITS)
    east = [b for b in game_map.off_map_boxes if b.id == "maleme-east"]
    assert [list(b.exits) for b in east] == [list(EXITS)]


def road_network(index, start):
    grid = index.grid
    seen, frontier = {start}, [start]
    while frontier:
        here = frontier.pop()
        for n in grid.neighbours(grid.parse(here)):
            there = grid.format(n)
            if there not in seen and index.roads_between(here, there):
                seen.add(there)
                frontier.append(there)
    return seen


def test_the_roads_lead_to_the_east_exit(sheet):
    """The coast road from the west edge past the airfield and through Platanias
    and Ay Marina to 48.08; the road from 48.09 through Galatas and the Prison
    valley to Alikianou (30.18)."""
    _, index = sheet
    assert {"09.05", "48.08", *PLATANIAS, AY_MARINA} <= road_network(index, "01.04")
    assert {"40.10", "36.17", "30.18"} <= road_network(index, "48.09")
