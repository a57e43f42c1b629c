"""The provisional Canea-Suda map (games/crete/maps/canea_suda.yaml): it carries on
the Maleme sheet's coordinates from column 49; every hex Scenarios 9-11 and O3.0
name on it is on land; the Ports of Canea and Suda are where the book puts
them, on the coast; the sheets join into one map.  The hexes below are copied
from the book (crete:scenario:9, 10, 11 and crete:O3.0), not from the data
files, so a typo in either shows."""

from __future__ import annotations

import pytest

from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.loading import shipped_roots
from kriegsspiel.engine.reading import read_game
from kriegsspiel.core.mapindex import MapIndex

PORTS = {"49.07": "Port of Canea", "59.13": "Port of Suda"}
# Scenario 9's set-up east of column 48 (1st Welch, 106 RHA, Northumberland
# Hussars, the AA units) and Layforce's arrival hex.
SCENARIO_9 = """
49.10 50.09 51.09 51.08 49.08 55.13 52.11 60.04 58.05 53.10 62.06 58.19 67.08 75.09
61.04 56.12 58.09 61.08 59.13""".split()
SCENARIO_10 = """
57.18 58.17 56.14 57.15 58.15 58.16 57.16 56.15 57.13 65.16 67.16 65.15 66.15 62.14
63.14 56.16 57.17 68.16 64.14 54.14 54.13 55.14 55.12 55.13 60.14 61.14 61.15 56.12
58.09 61.08 49.17 51.19""".split()
SCENARIO_11 = """
58.04 57.05 59.15 58.13 58.14 61.15 56.14 60.14 56.13 49.08 55.13 52.11 49.14 53.10
62.06 58.19 67.08 75.09 61.04 56.12 58.09 61.08 49.13 60.05""".split()
# "The German player must occupy hexes on the Akrotiri Peninsula (67.07, 74.08,
# 75.08, and 77.02)" (Scenarios 10-12).
AKROTIRI = ["67.07", "74.08", "75.08", "77.02"]
# O3.0 "Suda Map: 2 15 Coast RA (76.16); 3 15 Coast RA (53.06); 4 15 Coast RA (81.21)"
COASTAL_GUNS = ["76.16", "53.06", "81.21"]
# "place within one hex of ..." — Scenario 9: 59.14 (Dock Defence Force);
# Scenario 11: 53.10, 70.17, 80.21, 75.18.
SETUP_AREAS = [("59.14", 1), ("53.10", 1), ("70.17", 1), ("80.21", 1), ("75.18", 1)]


def index_of(sheets, terrain):
    first = sheets[0].grid
    grid = HexGrid((min(s.grid.columns[0] for s in sheets), max(s.grid.columns[1] for s in sheets),
                    min(s.grid.rows[0] for s in sheets), max(s.grid.rows[1] for s in sheets)),
                   orientation=first.orientation, offset=first.offset)
    return MapIndex.build(list(sheets), terrain, grid)


@pytest.fixture(scope="module")
def game():
    return read_game(shipped_roots()[0] / "crete")


@pytest.fixture(scope="module")
def sheet(game):
    game_map = next(m for m in game.maps if m.id == "canea_suda")
    return game_map, index_of([game_map], game.terrain)


def test_the_sheet_goes_on_from_the_maleme_sheet(game, sheet):
    game_map, _ = sheet
    maleme = next(m for m in game.maps if m.id == "maleme")
    assert game_map.provenance == "provisional"
    assert game_map.grid.columns[0] == maleme.grid.columns[1] + 1 == 49
    assert (game_map.grid.orientation, game_map.grid.offset) == \
        (maleme.grid.orientation, maleme.grid.offset)
    # the sheets further on (Georgeoupolis 97.41-108.44, Neo-Chorion 73.28) are not on it
    assert not game_map.in_bounds("97.41") and not game_map.in_bounds("73.28")


@pytest.mark.parametrize("name, hexes", [("9", SCENARIO_9), ("10", SCENARIO_10),
                                         ("11", SCENARIO_11), ("Akrotiri", AKROTIRI),
                                         ("O3.0", COASTAL_GUNS)])
def test_every_named_hex_is_on_land(sheet, name, hexes):
    _, index = sheet
    for hex_id in hexes:
        assert index.contains(hex_id), (name, hex_id)
        assert index.terrain_of(hex_id) != "no_dot", (name, hex_id)


def test_no_gun_sets_up_in_a_city_hex(sheet):
    """crete:2.6: a Wheeled or Tracked Unit "may not leave Column while in a City
    hex": 106 RHA and the AA guns set up in the open or in the suburbs."""
    _, index = sheet
    guns = ["49.08", "55.13", "52.11", "53.10", "62.06", "58.19", "67.08", "75.09", "61.04",
            "56.12", "58.09", "61.08", "49.14"]
    assert not [h for h in guns if index.terrain_of(h) in {"city", "fortified"}]


@pytest.mark.parametrize("centre, within", SETUP_AREAS)
def test_set_up_areas_have_room(sheet, centre, within):
    _, index = sheet
    grid = index.grid
    area = [grid.format(h) for h in grid.within(grid.parse(centre), within)]
    land = [h for h in area if index.contains(h) and index.terrain_of(h) != "no_dot"]
    assert len(land) >= 5, (centre, land)     # Scenario 9: the five DDF units by 59.14


def test_the_ports_are_on_the_coast(sheet):
    _, index = sheet
    grid = index.grid
    for hex_id, name in PORTS.items():
        assert "port" in index.features_at(hex_id), hex_id
        sea = [grid.format(n) for n in grid.neighbours(grid.parse(hex_id))
               if index.terrain_of(grid.format(n)) == "no_dot"]
        assert sea, (hex_id, name)
    assert {f.hex: f.name for f in sheet[0].features if f.kind == "port"} == PORTS


def test_the_coastal_guns_look_out_to_sea(sheet):
    _, index = sheet
    grid = index.grid
    for hex_id in COASTAL_GUNS:
        assert any(index.terrain_of(grid.format(n)) == "no_dot"
                   for n in grid.neighbours(grid.parse(hex_id))), hex_id


def test_a_road_joins_canea_and_suda(sheet):
    """The coast road runs from Canea (49.08, where Maleme's coast road reaches the
    seam) through Suda: a path of road steps from the one port to the other."""
    _, index = sheet
    grid = index.grid
    seen, frontier = {"49.08"}, ["49.08"]
    while frontier:
        here = frontier.pop()
        for n in (grid.format(h) for h in grid.neighbours(grid.parse(here))):
            if n not in seen and index.contains(n) and index.roads_between(here, n):
                seen.add(n)
                frontier.append(n)
    assert {"59.13", "59.14"} <= seen


def test_the_joined_sheets_make_one_map(game):
    """Scenario 9 plays on "the Maleme and Canea-Suda Maps": one map, its hex ids
    unique, distances counted across the seam."""
    sheets = [next(m for m in game.maps if m.id == i) for i in ("maleme", "canea_suda")]
    index = index_of(sheets, game.terrain)
    grid = index.grid
    maleme_alone = index_of([sheets[0]], game.terrain)
    assert [index.terrain_of(h) for h in ("01.01", "48.09", "47.08")] == \
        [maleme_alone.terrain_of(h) for h in ("01.01", "48.09", "47.08")]
    assert (index.terrain_of("49.07"), index.features_at("49.07")) == ("city", ["port"])
    assert index.features_at("09.04") == ["airfield"]
    assert grid.adjacent(grid.parse("48.08"), grid.parse("49.08"))
    assert grid.distance(grid.parse("36.11"), grid.parse("49.07")) == 13
