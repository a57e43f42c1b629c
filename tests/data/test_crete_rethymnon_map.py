"""The provisional Rethymnon map (games/crete/maps/rethymnon.yaml): "the two
airfield hexes" 27.12 and 28.11 (crete:scenario:1, crete:scenario:2) form one
runway, and the coast road joins the town to the airfield."""

from __future__ import annotations

import pytest

from conftest import shipped_sheet

AIRFIELD = ("27.12", "28.11")


@pytest.fixture(scope="module")
def sheet():
    return shipped_sheet("crete", "rethymnon")


def test_the_two_airfield_hexes_are_adjacent(sheet):
    """S7.0 lands serials on an airfield's connected runway hexes: 27.12 and
    28.11 are adjacent (the sheet's even offset), airfield features on land."""
    game_map, index = sheet
    grid = index.grid
    for hex_id in AIRFIELD:
        assert index.features_at(hex_id) == ["airfield"], hex_id
        assert index.terrain_of(hex_id) == "clear"
        assert "rethymnon-airfield" in index.overlays[hex_id]
    assert grid.adjacent(grid.parse(AIRFIELD[0]), grid.parse(AIRFIELD[1]))
    assert game_map.provenance == "provisional"


def test_the_coast_road_runs_from_the_port_past_the_airfield(sheet):
    """The road network joins the Port of Rethymnon (08.13) to the airfield
    track and both map edges."""
    game_map, index = sheet
    roads = [list(road) for paths in game_map.roads.values() for road in paths]
    hexes = {h for road in roads for h in road}
    assert {"08.13", "28.11", "01.14", "44.13"} <= hexes
    grid = index.grid
    for road in roads:
        for a, b in zip(road, road[1:]):
            assert grid.adjacent(grid.parse(a), grid.parse(b)), (a, b)
