"""Movement (gts:14.x) sentence by sentence: what tests/gts/test_movement.py and
the worked examples leave out — Immobile Units, Column mid-move, stacking and
overstacking, the forced march's conditions, Transport Mode's details and the
star guns' entrenchments."""

from __future__ import annotations

from conftest import INFANTRY
from test_movement import game_map, moves, session_on

from kriegsspiel.core.players import KeyedPlayer


def unit(session, ident):
    return session.ref("unit", ident)


def mark(session, ident, **markers):
    session.state.tracks.setdefault(f"unit:{ident}", {}).update(markers)


def offered_moves(player):
    return [d.options for d in player.asked if d.key == "move"]


def test_immobile_units_never_move_but_ride_their_organic_transport():
    """gts:14.4#1-2: a Unit with no movement allowance is Immobile: it never moves
    nor runs away from an Assault by itself, but with Organic Transport it
    mounts (gts:14.10.2) and then moves on its Vehicle side."""
    gun = {"movement": None, "movement_class": "immobile"}
    session = session_on(game_map(), {
        "pak": ("03.03", gun, {"unit_class": "gun", "back_kind": "transport", "faces": {
            "front": {**INFANTRY, **gun, "organic_transport": True},
            "back": {**INFANTRY, "movement": 8, "movement_class": "wheeled"}}}),
        "bunker": ("05.05", gun, {"unit_class": "gun"})})
    pak, bunker = unit(session, "pak"), unit(session, "bunker")
    for u in (pak, bunker):
        assert "move" not in session.value("legal_actions", u, "formation")
        assert not session.value("may_run_away", u)
    assert "transport" in session.value("legal_actions", pak, "formation")
    assert "transport" not in session.value("legal_actions", bunker, "formation")
    session.perform("mount", pak)
    assert "move" in session.value("legal_actions", pak, "formation")


def test_a_unit_may_get_in_column_after_it_has_moved():
    """gts:14.6#1-2: a Column marker costs one movement point "when done as part
    of a Movement Action" — anywhere in it: one clear hex (1 MP), into Column
    (1 MP), then four road hexes at ½ MP with the 2 MP left."""
    gmap = game_map(roads={"road": [["02.01", "03.01", "04.01", "05.01", "06.01"]]})
    axis = KeyedPlayer({"move": ["02.01", "enter_column", "03.01", "04.01", "05.01", "06.01",
                                 "stop"]})
    session = session_on(gmap, {"u": ("01.01", {"movement": 4}, {})}, axis=axis)
    session.perform("move", [unit(session, "u")], "formation")
    assert moves(session) == ["02.01", "03.01", "04.01", "05.01", "06.01"]
    assert offered_moves(axis)[-1][0] != "07.01"          # nothing left for a fifth
    assert session.attr(unit(session, "u"), "column") == 1


def test_in_and_out_of_column_in_one_action_only_by_a_cohesion_hit():
    """gts:14.6#7-8: after getting in Column a Unit may not pay a movement point
    to get out in the same Action, but may leave it by taking a Cohesion Hit."""
    axis = KeyedPlayer({"move": ["enter_column", "leave_column_by_cohesion_hit", "stop"]})
    session = session_on(game_map(), {"u": ("01.01", {"movement": 4}, {})}, axis=axis)
    u = unit(session, "u")
    session.perform("move", [u], "formation")
    after = offered_moves(axis)[1]
    assert "leave_column" not in after and "leave_column_by_cohesion_hit" in after
    assert (session.attr(u, "column"), session.attr(u, "cohesion_hits")) == (0, 1)


def test_column_off_the_road_pays_the_column_terrain_cost():
    """gts:14.6#9: a Unit in Column need not stay on a Road; off it, it pays the
    Column terrain cost (a Leg Unit: polder 1 MP in Column, 2 MP out of it)."""
    gmap = game_map(hexes={"polder": ["02.01"]}, roads={"road": [["01.01", "01.02"]]})
    session = session_on(gmap, {"u": ("01.01", {"movement": 4}, {})})
    u = unit(session, "u")
    assert session.value("half_point_cost", u, "01.01", "02.01") == 4
    mark(session, "u", column=1)
    assert session.value("half_point_cost", u, "01.01", "02.01") == 2
