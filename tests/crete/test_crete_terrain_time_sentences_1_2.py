"""Crete 1.0 Weather and Time and 2.0-2.10 Terrain, sentence by sentence, on
small hand-made maps under the Crete rules (modules/crete/rules/terrain.ksr,
time.ksr, terrain_los.ksr over the series movement_costs.ksr and movement.ksr)."""

from __future__ import annotations

import copy

import pytest
from conftest import CATALOG, INFANTRY
from test_crete_offmap import piling_on

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import MapModel, TerrainType
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.core.state import Ref
from kriegsspiel.engine.rulebook import build_program
from kriegsspiel.engine.session import Session

HEXES = ("clear", "orchard", "scrub", "village", "town", "city", "fortified", "no_dot")
TERRAIN = ([TerrainType(id=t, kind="hex") for t in ("clear", "village")] +
           [TerrainType(id=t, kind="hex", tags=["blocking_in_pairs"]) for t in HEXES[1:3]] +
           [TerrainType(id=t, kind="hex", tags=["blocking"]) for t in HEXES[4:7]] +
           [TerrainType(id="no_dot", kind="hex", tags=["impassable"]),
            TerrainType(id="slope", kind="hexside", tags=["blocking", "elevation"]),
            TerrainType(id="road", kind="road")])
CAR = {"movement_class": "wheeled", "movement": 8}
TANK = {"movement_class": "tracked", "movement": 6}


@pytest.fixture(scope="module")
def crete():
    return build_program(["crete"])


def world(program, hexes=None, hexsides=(), roads=(), units=None):
    """A 10×8 flat map (odd columns up); units: {id: (hex, face values, side)}."""
    model = MapModel.model_validate({
        "id": "t", "name": "T", "provenance": "provisional",
        "grid": {"columns": [1, 10], "rows": [1, 8]}, "default_terrain": "clear",
        "hexes": hexes or {},
        "hexsides": [{"hexside": s, "feature": f, "low_side": low} for s, f, low in hexsides],
        "roads": {"road": [list(r) for r in roads]} if roads else {}})
    grid = HexGrid((1, 10, 1, 8))
    catalog = copy.deepcopy(CATALOG)
    catalog["unit"] = {}
    for ident, (_, values, side) in (units or {}).items():
        division, formation = ("geb5", "pi95") if side == "axis" else ("nz2", "inf1")
        catalog["unit"][ident] = {"name": ident, "side": side, "division": division,
                                  "formation": formation, "unit_class": "infantry",
                                  "back_kind": None, "faces": {"front": {**INFANTRY, **values}}}
    players = Table({"axis": KeyedPlayer(), "allies": KeyedPlayer()})
    session = Session(program, catalog, Dice(0), players, grid,
                      MapIndex.build(model, TERRAIN, grid))
    for ident, (hex_id, _, _) in (units or {}).items():
        session.place(ident, hex_id)
    return session


def cost(session, unit_id, a, b, column=0):
    unit = session.ref("unit", unit_id)
    session.set_initial(unit, "column", column)
    return session.value("half_point_cost", unit, a, b)


def column_choices(session, unit_id):
    """The Column choices of a lone Unit in Column with points to spend."""
    unit = session.ref("unit", unit_id)
    session.set_initial(unit, "column", 1)
    session.set_initial(unit, "half_points_left", 10)
    return [c for c in session.value("move_choices", [unit], "division", False, False)
            if c.startswith("leave_column")]


def night(session):
    session.state.catalog["game"]["game"]["turns"][0]["tags"] = ["night"]


def test_the_first_daylight_turn_is_0700_and_night_follows_1900():
    """crete:1.0#3: "The first daylight turn is 0700 and the Night Turn is the turn
    after the 1900 turn" — Piling On's turn track, built from the game's daily
    list: every 0700 is the first daylight turn, every Night Turn comes right
    after a 1900 turn and only there."""
    session, _, _ = piling_on()
    turns = session.state.catalog["game"]["game"]["turns"]
    for i, turn in enumerate(turns):
        hour = turn["label"].split()[-1]
        assert ("first_daylight" in turn["tags"]) == (hour == "0700")
        assert ("night" in turn["tags"]) == (hour == "night")
        if hour == "night":
            assert turns[i - 1]["label"].endswith("1900")
            assert i + 1 == len(turns) or turns[i + 1]["label"].endswith("0700")
    assert any("night" in t["tags"] for t in turns)


def test_no_movement_penalty_at_night(crete):
    """crete:1.0#4: "There is no movement penalty for Night" — every Movement
    Class, in Column or not, on and off the road, across a slope, costs the same
    by night as by day."""
    session = world(crete, hexes={"scrub": ["05.04"]}, roads=[("03.03", "03.04", "03.05")],
                    hexsides=[("05.04/05.05", "slope", "05.05")],
                    units={"leg": ("05.05", {}, "axis"), "car": ("03.04", CAR, "axis")})
    moves = [("leg", "05.05", "05.04"), ("leg", "05.05", "06.05"), ("car", "03.04", "03.03"),
             ("car", "03.04", "04.04")]
    day = [cost(session, u, a, b, col) for u, a, b in moves for col in (0, 1)]
    night(session)
    session.ctx.emit("turn_advanced", {"turn": 0})
    assert session.value("time_of_day") == "night"
    assert [cost(session, u, a, b, col) for u, a, b in moves for col in (0, 1)] == day


@pytest.mark.parametrize("terrain, blocking, modifier", [
    ("clear", False, 0), ("orchard", False, -1), ("scrub", False, -1), ("village", False, -1),
    ("town", True, -2), ("city", True, -3), ("fortified", True, -4)])
def test_blocking_terrain_and_fire_into_the_hex(crete, terrain, blocking, modifier):
    """crete:2.1#2 "Clear terrain is not Blocking Terrain, and does not modify the
    Fire Rating"; crete:2.2#4, crete:2.3#4 (-1); crete:2.4#2 "Villages are not
    Blocking Terrain, and modify ... by -1"; crete:2.5#2 Towns, crete:2.6#2 City,
    crete:2.7#2 Fortified: Blocking Terrain, -2, -3, -4.  A line through one such
    hex, and fire at a Unit in one, against a clear hex."""
    units = {"firer": ("05.02", {"fire_range": 4}, "allies"), "target": ("05.04", {}, "axis"),
             "far": ("05.06", {}, "axis")}
    open_ground = world(crete, units=units)
    session = world(crete, hexes={terrain: ["05.04"]}, units=units)
    assert session.value("has_los", "05.02", "05.06", "direct") == (not blocking)
    firer, target = session.ref("unit", "firer"), session.ref("unit", "target")
    rating = session.value("modified_fire_rating", firer, target, "direct", 0, 0)
    in_the_open = open_ground.value("modified_fire_rating", firer, target, "direct", 0, 0)
    assert rating == in_the_open + modifier


def test_vehicles_enter_and_leave_a_town_only_in_column(crete):
    """crete:2.5#3: "A Wheeled or Tracked Unit cannot enter or leave a Town hex
    unless in Column, but it may exit Column in a Town hex"; crete:2.5#4: "to
    leave a Town hex, such a Unit will have to reenter Column".  Leg Units come
    and go as ever."""
    session = world(crete, hexes={"town": ["05.04"]},
                    units={"car": ("05.04", CAR, "axis"), "tank": ("05.05", TANK, "axis"),
                           "leg": ("05.04", {}, "axis")})
    assert cost(session, "tank", "05.05", "05.04", column=0) is None
    assert cost(session, "tank", "05.05", "05.04", column=1) is not None
    assert "leave_column" in column_choices(session, "car")     # it may exit Column there
    for out in ("05.03", "06.04", "05.05"):
        assert cost(session, "car", "05.04", out, column=0) is None
        assert cost(session, "car", "05.04", out, column=1) is not None
        assert cost(session, "leg", "05.04", out, column=0) is not None
    # in the open, out of Column, a vehicle drives on
    assert cost(session, "tank", "05.05", "05.06", column=0) is not None


@pytest.mark.parametrize("terrain", ["city", "fortified"])
def test_vehicles_may_not_leave_column_in_a_city_or_fortified_hex(crete, terrain):
    """crete:2.6#3: "A Wheeled or Tracked Unit may only enter a City hex in Column
    and may not leave Column while in a City hex"; crete:2.7#3 the same for a
    Fortified hex — neither by paying for it nor by a Cohesion Hit; a Leg Unit
    may, and a vehicle may in the Town next door (crete:2.5#3)."""
    session = world(crete, hexes={terrain: ["05.04"], "town": ["05.05"]},
                    units={"car": ("05.04", CAR, "axis"), "tank": ("05.04", TANK, "allies"),
                           "leg": ("05.04", {}, "axis"), "truck": ("05.05", CAR, "axis")})
    for vehicle in ("car", "tank"):
        assert cost(session, vehicle, "05.03", "05.04", column=0) is None
        assert cost(session, vehicle, "05.03", "05.04", column=1) is not None
        assert column_choices(session, vehicle) == []
    assert column_choices(session, "leg") == ["leave_column", "leave_column_by_cohesion_hit"]
    assert column_choices(session, "truck") == ["leave_column", "leave_column_by_cohesion_hit"]


ROADS = [("05.01", "05.02", "05.03", "05.04", "05.05", "05.06", "05.07")]


def test_roads_half_a_point_in_column_base_cost_otherwise(crete):
    """crete:2.8#2: "Any Unit in Column that enters a hex along a road can do so
    for ½ movement point"; crete:2.8#4: "A Unit not in Column, or not entering or
    exiting the hex along a road, must pay the base terrain cost" — here scrub
    (Leg 2 MP) or clear."""
    session = world(crete, hexes={"scrub": ["05.04", "04.04"]}, roads=ROADS,
                    units={"leg": ("05.03", {}, "axis")})
    assert cost(session, "leg", "05.03", "05.04", column=1) == 1           # ½ MP
    assert cost(session, "leg", "05.03", "05.04", column=0) == 4           # scrub, 2 MP
    assert cost(session, "leg", "05.03", "04.04", column=1) == 4           # off the road
    assert cost(session, "leg", "04.04", "05.03", column=1) == 2           # onto it: clear


def test_roads_change_neither_line_of_sight_nor_combat(crete):
    """crete:2.8#6: "Roads have no effect on Line of Sight"; crete:2.8#7: "Roads
    have no effect on combat" — a road through two orchards and a target's hex
    changes neither the line nor the Fire Rating nor the Assault Rating."""
    units = {"firer": ("05.01", {"fire_range": 5}, "allies"), "target": ("05.05", {}, "axis"),
             "far": ("05.07", {}, "axis")}
    hexes = {"orchard": ["05.02", "05.03"], "village": ["05.05"]}
    plain, paved = world(crete, hexes=hexes, units=units), world(crete, hexes=hexes,
                                                                 roads=ROADS, units=units)
    for a, b in (("05.01", "05.05"), ("05.01", "05.07"), ("05.03", "05.07")):
        assert paved.value("has_los", a, b, "direct") == plain.value("has_los", a, b, "direct")
    assert not paved.value("has_los", "05.01", "05.05", "direct")           # two orchards
    assert paved.value("has_los", "05.03", "05.07", "direct")
    shot = [s.value("modified_fire_rating", s.ref("unit", "firer"), s.ref("unit", "target"),
                    "direct", 0, 0) for s in (plain, paved)]
    assert shot[0] == shot[1]
    assert plain.value("assault_rating_after_results", plain.ref("unit", "target")) == \
        paved.value("assault_rating_after_results", paved.ref("unit", "target"))


def test_slopes_cost_more_unless_in_column_along_a_road(crete):
    """crete:2.10#7: "Movement costs for all Units crossing a Slope hexside are
    increased unless moving in Column along a road" — the road 05.05-05.04 crosses
    a slope; the hexside 05.05/04.05 beside it has one too."""
    slopes = [("05.04/05.05", "slope", "05.05"), ("04.05/05.05", "slope", "05.05")]
    units = {u: ("05.05", v, "axis") for u, v in (("leg", {}), ("car", CAR), ("tank", TANK))}
    flat = world(crete, roads=ROADS, units=units)
    hill = world(crete, roads=ROADS, hexsides=slopes, units=units)
    for unit in ("leg", "car", "tank"):
        # out of Column, road or not: more
        assert cost(hill, unit, "05.05", "05.04") > cost(flat, unit, "05.05", "05.04")
        assert cost(hill, unit, "05.05", "04.05") > cost(flat, unit, "05.05", "04.05")
        # in Column off the road: more; along it: the road's ½ MP
        assert cost(hill, unit, "05.05", "04.05", 1) > cost(flat, unit, "05.05", "04.05", 1)
        assert cost(hill, unit, "05.05", "05.04", 1) == cost(flat, unit, "05.05", "05.04", 1) == 1


@pytest.mark.parametrize("terrain, rubbled", [("city", -4), ("fortified", -5)])
def test_rubble_makes_a_city_minus_four_and_a_fort_minus_five(crete, terrain, rubbled):
    """crete:2.9#5: "This reduces a City defensive value to -4 and a Fortified hex
    defensive value to -5" — fire into the hex, against the same shot in the open."""
    units = {"firer": ("05.02", {}, "allies"), "target": ("05.03", {}, "axis")}
    open_ground, session = world(crete, units=units), world(crete, hexes={terrain: ["05.03"]},
                                                            units=units)
    session.set_initial(Ref("hex", "05.03"), "rubble", 1)
    shots = [s.value("modified_fire_rating", s.ref("unit", "firer"), s.ref("unit", "target"),
                     "direct", 0, 0) for s in (open_ground, session)]
    assert shots[1] == shots[0] + rubbled
