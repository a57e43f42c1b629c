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


def test_column_loses_beneficial_terrain_but_not_what_helps_the_firer():
    """gts:14.6.1#6-7: a Unit in Column fired upon never receives a beneficial
    (negative) terrain modifier; the modifiers that help the firer (mass: three
    Steps in the hex, +1) stay in force."""
    allies = {"side": "allies"}
    session = session_on(game_map(hexes={"woods": ["03.04"]}), {
        "f": ("03.02", {}, {}), "t": ("03.04", {}, dict(allies)),
        "t2": ("03.04", {"steps": 1}, dict(allies))})
    firer, target = unit(session, "f"), unit(session, "t")

    def terms():
        rating = session.value("modified_fire_rating", firer, target, "direct", 0, 0)
        return {t["name"]: t["amount"] for t in rating.terms}
    assert terms()["terrain"] == -2 and terms()["mass"] == 1
    mark(session, "t", column=1)
    assert "terrain" not in terms() and terms()["mass"] == 1
    assert terms()["target_in_column"] == 2


def opportunity_targets(player):
    return [d for d in player.asked if d.key == "opportunity_target"]


def test_a_moving_stack_is_fired_on_one_unit_at_a_time_with_the_whole_mass():
    """gts:14.7#4-5 and gts:17.8#7: Opportunity Fire drawn by a moving stack hits
    only one of its Units, chosen by the Non-Active (Opportunity Firing) player;
    every Step in the hex counts for mass (four Steps: +2)."""
    allies = KeyedPlayer({"opportunity_fire": True, "opportunity_target": "b"})
    axis = KeyedPlayer({"move": ["03.02", "stop"]})
    session = session_on(game_map(), {"a": ("03.03", {}, {}), "b": ("03.03", {}, {}),
                                      "e": ("03.05", {}, {"side": "allies"})},
                         axis=axis, allies=allies, rolls=[0, 9])
    session.perform("move", [unit(session, "a"), unit(session, "b")], "formation")
    [asked] = opportunity_targets(allies)
    assert sorted(o.id for o in asked.options) == ["a", "b"]
    [shot] = session.events("fire_resolved")
    assert shot.data["target"] == "b"
    terms = [r for r in shot.cause if r.get("what") == "modifiers modified_fire_rating"][-1]
    assert {t["name"]: t["amount"] for t in terms["terms"]}["mass"] == 2


def test_stacking_limits_count_steps_not_leaders_and_one_unit_in_column():
    """gts:14.7#6-8 and gts:14.7#12: up to 8 Steps in a hex (more is overstacked
    — which a Unit not in Column may make by moving in), Leaders not
    counted; one Unit in Column whatever its Steps, at all times — a Column Unit
    may not enter a hex holding a one-Step Unit in Column."""
    session = session_on(game_map(), {f"s{i}": ("03.03", {}, {}) for i in range(4)} |
                         {"col": ("03.04", {"steps": 1}, {}), "c2": ("04.04", {}, {})})
    assert session.value("stacked_steps_in", "03.03") == 8      # the Leader stands there too
    assert not session.value("overstacked", "03.03")
    # gts:14.7#12: overstacking is permitted for Units not in Column
    assert session.value("may_enter", unit(session, "c2"), "03.03", "formation")
    session.place("c2", "03.03")
    assert session.value("overstacked", "03.03")
    mark(session, "col", column=1)
    mark(session, "c2", column=1)
    assert not session.value("may_enter", unit(session, "c2"), "03.04", "formation")
    mark(session, "col", column=0)
    assert session.value("may_enter", unit(session, "c2"), "03.04", "formation")


def test_no_assault_nor_running_away_out_of_an_overstacked_hex():
    """gts:14.7#14 and gts:14.7#17: never Assault out of an overstacked hex, and
    overstacked Units may not run away from an Assault."""
    session = session_on(game_map(), {f"s{i}": ("03.03", {}, {}) for i in range(4)} |
                         {"e": ("03.02", {}, {"side": "allies"})})
    s0 = unit(session, "s0")
    assert session.value("may_assault", s0) and session.value("may_run_away", s0)
    session.place("e", "05.05")
    session.state.catalog["unit"]["x"] = dict(session.state.catalog["unit"]["s1"], name="x")
    session.place("x", "03.03")
    session.place("e", "03.02")
    assert not session.value("may_assault", s0) and not session.value("may_run_away", s0)


def test_a_unit_stopped_leaving_an_overstacked_hex_still_takes_the_hit():
    """gts:14.7#15-16: the attempt to leave an overstacked hex costs a Cohesion
    Hit even when Opportunity Fire stops the Unit — on top of the fire's result."""
    allies = KeyedPlayer({"opportunity_fire": True})
    axis = KeyedPlayer({"move": ["03.02", "stop"]})
    session = session_on(game_map(), {f"s{i}": ("03.03", {}, {}) for i in range(5)} |
                         {"e": ("03.05", {}, {"side": "allies"})},
                         axis=axis, allies=allies, rolls=[0, 3])
    s0 = unit(session, "s0")
    session.perform("move", [s0], "formation")
    assert session.events("fire_resolved")[0].data["result"] == "S"
    assert session.attr(s0, "hex") == "03.03"
    assert (session.attr(s0, "cohesion_hits"), session.attr(s0, "suppressed")) == (1, 1)


def test_a_star_gun_leaving_an_overstacked_hex_takes_a_cohesion_hit():
    """gts:14.7#15: "any attempt to leave an overstacked hex by any method" —
    retiring by prolonge (gts:14.11) too."""
    axis = KeyedPlayer({"move": "02.01", "buy:tq_check": False})
    session = session_on(game_map(), {"gun": ("01.01", {"movement": "star"}, {})} |
                         {f"s{i}": ("01.01", {}, {}) for i in range(4)}, axis=axis, rolls=[0])
    gun = unit(session, "gun")
    session.perform("move", [gun], "formation")
    assert session.attr(gun, "hex") == "02.01" and session.attr(gun, "cohesion_hits") == 1


def test_forced_march_only_when_nothing_more_can_be_reached_and_only_for_leg_units():
    """gts:14.8#2: only a Unit that has moved as far as it can may force march;
    gts:14.8#1: and only a Leg Unit — a Tracked Unit that has spent its
    allowance is offered no forced march, a Leg Unit is."""
    axis = KeyedPlayer({"move": ["02.01", "stop"]})
    session = session_on(game_map(), {"u": ("01.01", {"movement": 4}, {})}, axis=axis)
    session.perform("move", [unit(session, "u")], "formation")
    assert all("forced_march" not in o for o in offered_moves(axis))
    for mclass, allowance, offered in (("tracked", 2, False), ("leg", 1, True)):
        axis = KeyedPlayer({"move": ["02.01", "stop"]})
        session = session_on(game_map(), {"u": ("01.01", {"movement": allowance,
                                                          "movement_class": mclass}, {})},
                             axis=axis)
        session.perform("move", [unit(session, "u")], "formation")
        assert moves(session) == ["02.01"]
        assert ("forced_march" in offered_moves(axis)[-1]) == offered, mclass


def test_forced_march_checks_each_unit_a_command_point_may_buy_it_out_of_command_minus_one():
    """gts:14.8#3: each Unit of a stack must pass its own Troop Quality Check (one
    fails: Cohesion Hit, its Action over, gts:14.8#6; the other goes on two more
    movement points, gts:14.8#5) and a Command Point may pass it; gts:14.8#7: Out
    of Command, one less on the Troop Quality (3: a roll of 3 then fails)."""
    gmap = game_map(hexes={"polder": ["02.01", "03.01"]}, hexsides=[("01.01/02.01", "stream")])
    axis = KeyedPlayer({"move": ["02.01", "forced_march", "03.01", "stop"],
                        "buy:tq_check": False})
    session = session_on(gmap, {"a": ("01.01", {"troop_quality": 3}, {}),
                                "b": ("01.01", {"troop_quality": 3}, {})},
                         axis=axis, rolls=[2, 7])
    session.perform("move", [unit(session, "a"), unit(session, "b")], "formation")
    assert session.state.placement["a"] == "03.01" and session.state.placement["b"] == "02.01"
    assert session.attr(unit(session, "b"), "cohesion_hits") == 1
    # bought: no roll at all
    axis = KeyedPlayer({"move": ["02.01", "forced_march", "03.01", "stop"],
                        "buy:tq_check": True})
    session = session_on(gmap, {"a": ("01.01", {"troop_quality": 3}, {})}, axis=axis,
                         rolls=[], cp=1)
    session.perform("move", [unit(session, "a")], "formation")
    assert session.state.placement["a"] == "03.01"
    assert session.attr(session.ref("division", "geb5"), "cp") == 0
    # Out of Command: Troop Quality 3 - 1, so a roll of 3 fails
    for leader_hex, where in (("01.01", "03.01"), ("09.06", "02.01")):
        axis = KeyedPlayer({"move": ["02.01", "forced_march", "03.01", "stop"],
                            "buy:tq_check": False})
        session = session_on(gmap, {"a": ("01.01", {"troop_quality": 3}, {})}, axis=axis,
                             rolls=[3])
        session.place("schaette", leader_hex, "leader")
        session.perform("move", [unit(session, "a")], "formation")
        assert session.state.placement["a"] == where, leader_hex


def test_the_one_hex_move_is_for_leg_infantry_not_suppressed():
    """gts:14.9#1: a Leg Infantry Unit — not a Leg Gun, not a Suppressed Unit —
    may move one hex whatever its allowance and the terrain costs."""
    gmap = game_map(hexes={"woods": ["02.01"]})
    session = session_on(gmap, {"inf": ("01.01", {"movement": 1}, {}),
                                "gun": ("01.02", {"movement": 1}, {"unit_class": "gun"})})
    inf, gun = unit(session, "inf"), unit(session, "gun")
    assert session.value("one_hex_move", inf, False)
    assert not session.value("one_hex_move", gun, False)
    assert not session.value("one_hex_move", inf, True)        # not after moving
    mark(session, "inf", suppressed=1)
    assert not session.value("one_hex_move", inf, False)


def transport_unit(back_movement=8, back_class="wheeled", hex_id="01.01", face="front"):
    back = {**INFANTRY, "movement": back_movement, "movement_class": back_class, "defense": 1}
    return (hex_id, {"organic_transport": True},
            {"back_kind": "transport",
             "faces": {"front": {**INFANTRY, "organic_transport": True}, "back": back}})


def test_mounting_ends_the_action_keeps_column_and_markers():
    """gts:14.10.2#4: mounting finishes the Unit's Action — no movement as its
    Second Action either (gts:13.2); gts:14.10.2#7: a Unit that began in Column
    stays in Column (not asked); gts:14.10.2#8: it keeps all its markers;
    gts:14.10.2#9: it then moves with its Vehicle side's values."""
    axis = KeyedPlayer()
    session = session_on(game_map(), {"mech": transport_unit()}, axis=axis, cp=3)
    mech = unit(session, "mech")
    mark(session, "mech", column=1, cohesion_hits=1, step_loss=1)
    session.perform("mount", mech)
    assert [d.key for d in axis.asked] == []
    assert session.attr(mech, "face") == "back"
    assert [session.attr(mech, m) for m in ("column", "cohesion_hits", "step_loss")] == [1, 1, 1]
    assert session.value("movement_allowance", mech) == 8
    assert session.value("mclass", mech) == "wheeled"
    seconds = session.value("second_actions", mech, "transport", "formation")
    assert "move" not in seconds and "transport" not in seconds


def test_dismounting_costs_half_the_vehicle_allowance_rounded_down():
    """gts:14.10.3#1: half the Vehicle side's printed allowance, rounded down — 7
    gives 3: a Tracked Unit with 3 of its 7 left after two clear hexes (2 MP
    each) may still dismount; gts:14.10.3#4: the Action is then over."""
    axis = KeyedPlayer({"move": ["02.01", "03.01", "dismount"]})
    session = session_on(game_map(), {"mech": transport_unit(7, "tracked")}, axis=axis)
    session.state.faces["mech"] = "back"
    session.perform("move", [unit(session, "mech")], "formation")
    assert moves(session) == ["02.01", "03.01"]
    assert "dismount" in offered_moves(axis)[-1]
    assert session.attr(unit(session, "mech"), "face") == "front"
    assert len(offered_moves(axis)) == 3                   # nothing after the dismount


def test_dismounting_into_column_observes_stacking_and_keeps_results():
    """gts:14.10.3#3: in Column at the owner's choice "as long as stacking limits
    are observed" — not with another Unit in Column in the hex; gts:14.10.4#3:
    Step Losses and Cohesion Hits stay with the Unit after it dismounts."""
    axis = KeyedPlayer({"move": ["dismount"], "column_after_dismount": 1})
    session = session_on(game_map(), {"mech": transport_unit(),
                                      "col": ("01.01", {}, {})}, axis=axis)
    session.state.faces["mech"] = "back"
    mark(session, "col", column=1)
    mark(session, "mech", cohesion_hits=1, step_loss=1)
    mech = unit(session, "mech")
    session.perform("move", [mech], "formation")
    assert session.attr(mech, "face") == "front" and session.attr(mech, "column") == 0
    assert (session.attr(mech, "cohesion_hits"), session.attr(mech, "step_loss")) == (1, 1)


def test_star_guns_enter_entrenchments_on_a_check_out_of_enemy_fire_zones():
    """gts:14.11#6: a star gun may enter or exit an Entrenchment by passing a
    Troop Quality Check, provided the Entrenchment is not in an enemy Fire Zone."""
    from kriegsspiel.core.state import Ref
    axis = KeyedPlayer({"buy:tq_check": False})
    for roll, inside in ((2, 1), (8, 0)):
        session = session_on(game_map(), {"gun": ("03.03", {"movement": "star",
                                                            "troop_quality": 5}, {}),
                                          "e": ("09.06", {}, {"side": "allies"})},
                             axis=axis, rolls=[roll])
        session.state.set_track(Ref("hex", "03.03"), "entrenchments", 1, [])
        session.state.set_link(Ref("hex", "03.03"), "entrenchments_of", Ref("side", "axis"), [])
        gun = unit(session, "gun")
        assert "entrench" in session.value("legal_actions", gun, "formation")
        session.perform("perform_action", [gun], "entrench", "formation")
        assert session.attr(gun, "entrenched") == inside, roll
    session.place("e", "03.05")
    assert "entrench" not in session.value("legal_actions", gun, "formation")


def test_star_guns_are_leg_units_and_may_buy_the_check():
    """gts:14.11#4: a star gun counts as a Leg Unit (it pays Leg costs: polder
    2 MP); gts:14.11#5: a Command Point passes its check without a roll;
    gts:14.11#3: no move into prohibited terrain (no_dot 02.02 is not offered)."""
    axis = KeyedPlayer({"move": "02.01", "buy:tq_check": True})
    gmap = game_map(hexes={"polder": ["02.01"], "no_dot": ["02.02"]})
    session = session_on(gmap, {"gun": ("01.01", {"movement": "star",
                                                  "movement_class": "wheeled"}, {})},
                         axis=axis, rolls=[], cp=1)
    gun = unit(session, "gun")
    assert session.value("mclass", gun) == "leg"
    assert session.value("half_point_cost", gun, "01.01", "02.01") == 4
    session.perform("move", [gun], "formation")
    assert "02.02" not in offered_moves(axis)[0] and "01.02" in offered_moves(axis)[0]
    assert session.attr(gun, "hex") == "02.01"
    assert session.attr(session.ref("division", "geb5"), "cp") == 0


def test_no_engineer_actions_in_column(make_session):
    """gts:14.6.2#2: a Unit in Column may not perform Engineer Actions — no
    improved position, no road block, no Rearguard."""
    session = make_session()
    pi1 = unit(session, "pi1")
    assert session.value("engineer_works", pi1) != []
    mark(session, "pi1", column=1)
    assert session.value("engineer_works", pi1) == []
    assert not session.value("may_create_rearguard", pi1, "formation")
    assert "engineer" not in session.value("legal_actions", pi1, "formation")


def test_two_roads_through_a_hex_that_do_not_connect():
    """gts:14.6#10-11: two Roads may run through a hex without connecting, and a
    Unit may not go from one to the other without paying the terrain of that
    hex.  Road A runs 01.01-02.02-03.02 and road B 02.01-02.02-02.03 across it,
    while road C ends in 02.02 (a junction).  A Column Unit with 1 MP enters the
    polder 02.02 by road A for ½ MP: on along A, or onto C, costs ½ MP; onto B
    costs ½ MP plus the rest of the polder's Column cost (1 MP in all for
    02.02), more than it has."""
    gmap = game_map(hexes={"polder": ["02.02"]},
                    roads={"road": [["01.01", "02.02", "03.02"], ["02.01", "02.02", "02.03"],
                                    ["02.02", "01.02"]]})
    axis = KeyedPlayer({"move": ["02.02", "stop"]})
    session = session_on(gmap, {"u": ("01.01", {"movement": 1}, {})}, axis=axis)
    u = unit(session, "u")
    mark(session, "u", column=1)
    session.perform("move", [u], "formation")
    then = set(offered_moves(axis)[1])
    assert {"03.02", "01.02"} <= then and not {"02.01", "02.03"} & then
    assert session.value("roads_connect", "01.01", "02.02", "03.02")
    assert session.value("roads_connect", "01.01", "02.02", "01.02")
    assert not session.value("roads_connect", "01.01", "02.02", "02.03")


def test_each_overstacked_hex_left_is_a_cohesion_hit():
    """gts:14.7#15: every attempt to leave an overstacked hex costs the leaving
    Unit a Cohesion Hit — out of 03.03 (ten Steps) and again out of 03.02,
    which it overstacks itself on the way (nine Steps with it)."""
    axis = KeyedPlayer({"move": ["03.02", "03.01", "stop"]})
    units = {f"s{i}": ("03.03", {"movement": 4}, {}) for i in range(5)}
    units |= {f"t{i}": ("03.02", {"steps": 1}, {}) for i in range(7)}
    session = session_on(game_map(), units, axis=axis)
    s0 = unit(session, "s0")
    session.perform("move", [s0], "formation")
    assert moves(session) == ["03.02", "03.01"]
    assert session.attr(s0, "cohesion_hits") == 2


def test_no_getting_in_column_and_dismounting_out_of_it_in_one_action():
    """gts:14.6#7: a Unit put in Column may not have the marker removed later in
    the same Action (but by a Cohesion Hit) — so a vehicle that got in Column
    and then dismounts stays in Column, whatever it would have chosen."""
    axis = KeyedPlayer({"move": ["enter_column", "dismount"], "column_after_dismount": 0})
    session = session_on(game_map(), {"mech": transport_unit(16, "tracked")}, axis=axis)
    session.state.faces["mech"] = "back"
    mech = unit(session, "mech")
    session.perform("move", [mech], "formation")
    assert session.attr(mech, "face") == "front" and session.attr(mech, "column") == 1


TOWN_FOR_VEHICLES = """
override table terrain_cost(terrain: terrain_type, mclass: movement_class, column: 0..1)
    @gts:14.5 {
  clear, wheeled, 0 -> none @gts:14.10.2
}
"""


def test_terrain_that_needs_column_puts_the_mounting_unit_in_column(make_session):
    """gts:14.10.2#3: "some Terrain types may require the Unit to get into
    Column" — here (an exclusive-layer chart) clear ground is closed to Wheeled
    Units out of Column: the truck mounts straight into Column, unasked; with
    another Unit in Column in the hex it cannot mount at all (gts:14.6.2#1)."""
    from kriegsspiel.engine.rulebook import ExtraRules, build_program
    program = build_program(["gts"], extra=[ExtraRules("town.ksr", TOWN_FOR_VEHICLES,
                                                       layer="exclusive")])
    axis = KeyedPlayer({"column_after_mount": 0})
    session = make_session(axis=axis, program=program)
    truck = unit(session, "truck")
    assert session.value("vehicle_needs_column", truck)
    session.perform("mount", truck)
    assert session.attr(truck, "face") == "back" and session.attr(truck, "column") == 1
    assert not [d for d in axis.asked if d.key == "column_after_mount"]
    session = make_session(axis=axis, program=program)
    mark(session, "pi1", column=1)
    assert not session.value("can_mount", unit(session, "truck"))
    assert "transport" not in session.value("legal_actions", unit(session, "truck"),
                                            "formation")


def test_roads_that_share_a_stretch_are_joined():
    """gts:14.6#10-11 as the maps draw roads: a road drawn on to the next hex
    along another (sharing the stretch 02.02-03.02) joins it in 02.02; only
    paths with nothing but the hex in common cross without connecting."""
    gmap = game_map(roads={"road": [["01.01", "02.02", "03.02"],
                                    ["02.01", "02.02", "03.02"],
                                    ["02.03", "02.02", "01.02"]]})
    session = session_on(gmap, {"u": ("05.05", {}, {})})
    assert session.value("roads_connect", "02.01", "02.02", "01.01")
    assert session.value("roads_connect", "01.01", "02.02", "02.01")
    assert not session.value("roads_connect", "01.01", "02.02", "02.03")
