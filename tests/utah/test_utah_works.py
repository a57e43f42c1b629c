"""Rubble (utah:2.5), the Bridges' Engineer works (utah:2.4.3, 2.4.5, 2.4.6) and Land
Mines (utah:10.0)
on the causeway demonstration, with scripted dice (modules/utah/rules/works.ksr)."""

from __future__ import annotations

import pytest

from utah_games import GRENADIER, INFANTRY, TANK, face, unit, utah_game

from kriegsspiel.core.state import Ref
from kriegsspiel.engine.rulebook import ExtraRules

ENGINEER = "A/4 Engr"
WEST, EAST = "29.045", "30.045"      # the bridge on the causeway
FERRY_FIRER = "27.044"               # its Fire Zone covers 29.044 and 28.044, not 30.044
MOVE_FOR_TEST = ExtraRules("move_for_test.ksr", """
procedure move_for_test(unit: unit, hex_id) @utah:2.4.5 {
  step go @utah:2.4.5 { do move_unit(unit, hex_id) }
}
procedure flip_for_test(unit: unit) @utah:11.1 {
  step flip @utah:11.1 { do flip(unit) }
}
""")


def term(value, name):
    return sum(t["amount"] for t in value.terms if t["name"] == name)


def marker(game, hex_id, name):
    return game.value("hex_marker", hex_id, name)


def test_an_artillery_zero_rubbles_a_city_and_its_works():
    """utah:2.1.5#4, utah:2.1.6#4, utah:2.5#1-4: City and Fortified hexes rubble: "If an artillery attack rolls a '0' when attacking a City or
    Fortified hex, place a Rubble counter ... that OP or Strongpoint is eliminated
    ... any Road/Railroad in the hex no longer exists"."""
    game = utah_game(rolls=[0] * 20)
    game.state.map.terrain["32.045"] = "city"
    game.state.map.features.setdefault("32.045", []).append({"kind": "observation_post",
                                                            "name": None})
    gun = unit(game, GRENADIER, "27.045")
    face(game, GRENADIER).update(weapon_class="IHE", fire_range=8)
    target = unit(game, INFANTRY, "32.045")
    assert game.value("feature_in", "32.045", "observation_post")
    assert game.value("road_joins", "31.045", "32.045") and not game.value("road_lost", "32.045")
    game.perform("indirect_fire", gun, target)
    assert marker(game, "32.045", "rubble") == 1
    assert not game.value("feature_in", "32.045", "observation_post")
    assert game.value("road_lost", "32.045")


def test_rubble_shelters_and_is_fired_at_as_armored():
    """utah:2.5#5: "add one to the defensive terrain value of the hex"; utah:2.5#12:
    "a Unit in Rubble uses the Armored Target side of the Combat Results Table";
    utah:2.5#6: entering costs more (the chart's number provisional)."""
    game = utah_game()
    game.state.map.terrain["32.045"] = "city"
    firer = unit(game, GRENADIER, "31.046")
    target = unit(game, INFANTRY, "32.045")
    before = game.value("modified_fire_rating", firer, target, "direct", 0, 0)
    assert game.value("target_kind_of", target) == "unarmored"
    game.set_initial(Ref("hex", "32.045"), "rubble", 1)
    after = game.value("modified_fire_rating", firer, target, "direct", 0, 0)
    assert term(after, "rubble") == -1 and term(after, "terrain") == term(before, "terrain")
    assert game.value("target_kind_of", target) == "armored"
    assert game.value("entry_cost_added", target, "32.045") == 1
    assert game.value("entry_cost_added", target, "31.045") == 0


def test_engineers_clear_rubble_and_the_road_comes_back():
    """utah:2.5#7: "Engineers may clear Rubble by being in the Rubble hex, performing
    an Engineer Action and passing a Troop Quality Check"; utah:2.5#8: Men at Work;
    utah:2.5#9: the OP stays destroyed; utah:2.5#10: "any Road can be restored"."""
    game = utah_game(rolls=[9, 0], allied={"engineer_work": "clear_rubble"})
    game.set_initial(Ref("hex", "32.045"), "rubble", 1)
    game.set_initial(Ref("hex", "32.045"), "works_destroyed", 1)
    sapper = unit(game, ENGINEER, "32.045")
    assert "clear_rubble" in game.value("engineer_works", sapper)
    game.perform("engineer", sapper)                      # a 9 always fails
    assert marker(game, "32.045", "rubble") == 1 and game.attr(sapper, "men_at_work") == 1
    game.perform("engineer", sapper)
    assert marker(game, "32.045", "rubble") == 0 and not game.value("road_lost", "32.045")
    assert marker(game, "32.045", "works_destroyed") == 1


def test_bridge_control_is_who_entered_both_hexes_last():
    """utah:2.4.5#4-6: a side controls a Bridge when its Units were the last to enter
    both hexes and neither is in an enemy Fire Zone — not necessarily the same Unit,
    nor one still there."""
    game = utah_game(extra=(MOVE_FOR_TEST,))
    allied, axis = game.ref("side", "Allied"), game.ref("side", "Axis")
    a = unit(game, INFANTRY, "28.045")
    assert not game.value("controls_bridge", allied, WEST, EAST)
    game.perform("move_for_test", a, WEST)
    b = unit(game, TANK, "31.045")
    game.perform("move_for_test", b, EAST)
    game.perform("move_for_test", b, "31.045")
    assert game.value("controls_bridge", allied, WEST, EAST)
    german = unit(game, GRENADIER, "31.044")
    game.perform("move_for_test", german, EAST)
    assert not game.value("controls_bridge", allied, WEST, EAST)
    assert not game.value("controls_bridge", axis, WEST, EAST)      # contested


def test_engineers_wire_and_demolish_a_bridge():
    """utah:2.4.6#5-10: an Engineer in one of the two hexes, its side controlling
    the Bridge, passes a Troop Quality Check: wired; utah:2.4.6#11, utah:2.4.6#12,
    utah:2.4.6#14-16: then an
    Engineer Action rolls 6 or less (5 under an enemy Fire Zone) to destroy it, and a
    failure unwires it; utah:2.2.4#1: a destroyed Bridge is crossed no more."""
    game = utah_game(rolls=[0, 8, 0, 3], extra=(MOVE_FOR_TEST,),
                     allied={"engineer_work": ["wire_bridge", "demolish_bridge",
                                               "wire_bridge", "demolish_bridge"]})
    sapper = unit(game, ENGINEER, "28.045")
    game.perform("move_for_test", sapper, WEST)
    other = unit(game, INFANTRY, "31.045")
    game.perform("move_for_test", other, EAST)
    assert "wire_bridge" in game.value("engineer_works", sapper)
    game.perform("engineer", sapper)                      # 0: passes
    assert marker(game, WEST, "wired_bridge") == 1 and marker(game, EAST, "wired_bridge") == 1
    game.perform("engineer", sapper)                      # 8: more than 6
    assert marker(game, WEST, "wired_bridge") == 0 and marker(game, WEST, "bridge_destroyed") == 0
    game.perform("engineer", sapper)                      # wired again
    game.perform("engineer", sapper)                      # 3: destroyed
    assert marker(game, WEST, "bridge_destroyed") == 1
    game.set_initial(sapper, "column", 1)
    assert game.value("half_point_cost", sapper, WEST, EAST) is None


def test_a_scenario_wires_a_bridge_for_its_side():
    """utah:2.4.6#1-4: a Bridge the scenario wires is wired by the side it names, and
    only that side can demolish it."""
    game = utah_game()
    game.perform("wire_scenario_bridges")
    assert marker(game, EAST, "wired_bridge") == 1
    assert game.attr(Ref("hex", EAST), "wired_by") == game.ref("side", "Axis")
    sapper = unit(game, ENGINEER, EAST)
    assert "demolish_bridge" not in game.value("engineer_works", sapper)


def test_railroad_bridges_need_improving_for_vehicles():
    """utah:2.4.3#1, utah:2.4.3#2: "Vehicles cannot cross Railroad Bridges unless the
    Railroad Bridge is 'improved'": an Engineer passes a Troop Quality Check in one
    of its two hexes; a Leg Unit crosses in Column."""
    game = utah_game(rolls=[0], allied={"engineer_work": "improve_bridge"})
    side = frozenset(("38.044", "39.044"))
    game.state.map.hexsides[side] = [{"feature": "railroad_bridge"}]
    tank = unit(game, TANK, "38.044", column=1)
    assert game.value("half_point_cost", tank, "38.044", "39.044") is None
    leg = unit(game, INFANTRY, "38.044", column=1)
    assert game.value("half_point_cost", leg, "38.044", "39.044") == 1
    sapper = unit(game, ENGINEER, "38.044")
    game.perform("engineer", sapper)
    assert game.value("half_point_cost", tank, "38.044", "39.044") == 2


def test_engineers_lay_and_remove_minefields():
    """utah:10.0, utah:10.1#1-5: laying a Minefield is an Engineer Action, no roll for a 2-step
    Engineer, 6 or less for a 1-step one, one a hex, in the Engineer's hex;
    utah:10.3#1-5: removing it, the same rolls, Men at Work on a failure; utah:10.1#7: "Mines only affect the
    enemy player"."""
    game = utah_game(rolls=[7, 6], allied={"engineer_work": ["lay_mines", "lay_mines",
                                                             "remove_mines"]})
    sapper = unit(game, ENGINEER, "33.046")
    game.perform("engineer", sapper)                          # 2 steps: no roll
    assert marker(game, "33.046", "minefield") == 1
    assert game.attr(Ref("hex", "33.046"), "mines_of") == game.ref("side", "Allied")
    assert "lay_mines" not in game.value("engineer_works", sapper)
    assert not game.value("enemy_minefield", "33.046", game.ref("side", "Allied"))
    assert game.value("enemy_minefield", "33.046", game.ref("side", "Axis"))
    game.perform("take_step_loss", sapper)                    # now 1 step
    game.place(ENGINEER, "33.047")
    game.perform("engineer", sapper)                          # 7: more than 6, fails
    assert marker(game, "33.047", "minefield") == 0 and game.attr(sapper, "men_at_work") == 1
    game.place(ENGINEER, "33.046")
    game.perform("engineer", sapper)                          # 6: removed
    assert marker(game, "33.046", "minefield") == 0


MINES_FOR_TEST = ExtraRules("mines_for_test.ksr", """
procedure mine_for_test(hex_id, side: side) @utah:10.1 {
  step lay @utah:10.1 {
    let mined = hex_at(hex_id)
    set mined.minefield = 1
    set mined.mines_of = side
  }
}
procedure enter_for_test(unit: unit, hex_id) @utah:10.2 {
  step go @utah:10.2 {
    do move_unit(unit, hex_id)
    emit unit_entered_hex(unit = unit, hex = hex_id, half_points_left = 6)
  }
}
""")


def test_a_minefield_stops_the_enemy_and_cuts_bravery():
    """utah:10.2#1, utah:10.2#2: "A Unit must stop when entering a hex containing a Minefield
    marker" — the enemy's ("You may freely move through your own Minefields",
    utah:10.1#8); utah:10.2#6: "Assaulting a hex with a Minefield in it subtracts 2
    from the defender's defense strength for the Bravery Check roll"."""
    game = utah_game(extra=(MINES_FOR_TEST,))
    game.perform("mine_for_test", "33.046", game.ref("side", "Axis"))
    german = unit(game, GRENADIER, "33.047")
    game.set_initial(german, "half_points_left", 6)
    game.perform("enter_for_test", german, "33.046")
    assert game.events("stopped_in_minefield") == []
    assert game.attr(german, "half_points_left") == 6
    inf = unit(game, INFANTRY, "32.047")
    game.set_initial(inf, "half_points_left", 6)
    game.perform("enter_for_test", inf, "32.046")
    assert game.events("stopped_in_minefield") == []          # no mines there
    game.perform("enter_for_test", inf, "33.047")
    game.perform("mine_for_test", "32.047", game.ref("side", "Axis"))
    game.perform("enter_for_test", inf, "32.047")
    assert [e.data["hex"] for e in game.events("stopped_in_minefield")] == ["32.047"]
    assert game.attr(inf, "half_points_left") == 0 and game.attr(inf, "stopped_by_mines") == 1
    game.place(GRENADIER, "33.046")
    game.place(INFANTRY, "33.047")
    bravery = game.value("bravery", inf, [inf], "33.046")
    assert term(bravery, "minefield") == -2


def treadway_game(as_printed=False, rolls=(9, 0)):
    game = utah_game(rolls=list(rolls), as_printed=as_printed,
                     allied={"engineer_work": "build_bridge", "bridge_site": "30.044"})
    game.state.catalog["unit"][ENGINEER]["tags"].append("treadway")
    for h in ("29.044", "30.044"):
        game.state.map.terrain[h] = "clear"
    return game


def test_a_treadway_unit_builds_a_bridge_over_the_river():
    """utah:2.4.7#1-7: an Allied Treadway Bridge or Ponton Unit, dismounted beside a
    River or Stream, not in or into Marsh or Flooded, passes a TQ check in a later
    activation to bridge any River or Stream hexside; utah:2.4.7#8-10: not in Column,
    Men at Work on a failure; utah:2.4.7#6: it never moves again; utah:2.4.7#11,
    utah:2.4.7#12, utah:2.4.7#14: Units cross it as a Bridge, not while it is
    Suppressed; utah:2.4.7#15: a Ponton Bridge carries no Tracked Unit."""
    game = treadway_game()
    sapper = unit(game, ENGINEER, "29.044")
    assert game.value("bridge_sites", sapper) == ["30.044", "30.045"]   # both river sides
    game.perform("engineer", sapper)                          # 9: fails
    assert game.attr(sapper, "built_bridge") == 0 and game.attr(sapper, "men_at_work") == 1
    game.perform("engineer", sapper)                          # 0: built
    assert game.attr(sapper, "built_bridge") == 1
    assert game.value("half_point_cost", sapper, "29.044", "28.044") is None   # fixed
    tank = unit(game, TANK, "29.044", column=1)
    assert game.value("half_point_cost", tank, "29.044", "30.044") is not None
    game.set_initial(tank, "column", 0)
    assert game.value("half_point_cost", tank, "29.044", "30.044") is None     # in Column only
    game.set_initial(tank, "column", 1)
    game.set_initial(sapper, "suppressed", 1)
    assert game.value("half_point_cost", tank, "29.044", "30.044") is None
    game.set_initial(sapper, "suppressed", 0)
    game.state.catalog["unit"][ENGINEER]["tags"].remove("treadway")
    game.state.catalog["unit"][ENGINEER]["tags"].append("ponton")
    assert game.value("half_point_cost", tank, "29.044", "30.044") is None
    leg = unit(game, INFANTRY, "29.044", column=1)
    assert game.value("half_point_cost", leg, "29.044", "30.044") is not None


def test_no_bridge_from_or_into_flooded_ground_and_only_allied():
    """utah:2.4.7#4, utah:2.4.7#5: not in or into a Marsh or Flooded hex, unless
    rebuilding a destroyed Bridge; utah:2.4.7#1: only the Allied player builds."""
    game = treadway_game()
    sapper = unit(game, ENGINEER, "29.044")
    game.state.map.terrain["30.044"] = "flooded"
    game.state.map.terrain["30.045"] = "marsh"
    assert game.value("bridge_sites", sapper) == []
    game.set_initial(Ref("hex", WEST), "bridge_destroyed", 1)
    game.set_initial(Ref("hex", EAST), "bridge_destroyed", 1)
    game.place(ENGINEER, WEST)
    game.state.map.terrain[WEST] = "flooded"
    assert EAST in game.value("bridge_sites", sapper)


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_2_4_7_no_positions_for_a_bridge_unit(as_printed):
    """utah:errata:2.4.7#1: "A Treadway Bridge or Ponton Unit can not be placed in an IP
    or Ent once it has built its bridge" — as printed it could."""
    game = treadway_game(as_printed=as_printed, rolls=(0,))
    sapper = unit(game, ENGINEER, "29.044")
    game.perform("engineer", sapper)
    assert game.attr(sapper, "built_bridge") == 1
    game.state.catalog["unit"][ENGINEER]["tags"].remove("treadway")
    works = game.value("engineer_works", sapper)
    assert ("improved_position" in works or "improved_position_for" in works) == as_printed


def ferry_game(as_printed=False, rolls=(0,)):
    game = utah_game(rolls=list(rolls), as_printed=as_printed, extra=(MOVE_FOR_TEST,),
                     allied={"engineer_work": "create_ferry", "ferry_site": "30.044"})
    for h in ("29.044", "30.044"):
        game.state.map.terrain[h] = "clear"
    return game


def test_an_engineer_creates_a_ferry_and_leg_units_in_column_cross_it():
    """utah:11.0#1, utah:11.1#1-6: a Ferry Unit beside a River, the hex not in an enemy
    Fire Zone, passes a TQ check (no Command Point): a Ferry marker across the River;
    utah:11.2#1, utah:11.2#2: only Leg Units, in Column, for half the allowance rounded
    up; utah:11.3#3: the Ferry goes when an enemy Unit enters its hex."""
    game = ferry_game()
    sapper = unit(game, ENGINEER, "29.044")
    assert game.value("ferry_sites", sapper) == ["30.044", "30.045"]
    game.perform("engineer", sapper)
    assert [e.data["hex"] for e in game.events("ferry_created")] == ["30.044"]
    leg = unit(game, INFANTRY, "29.044", column=1)
    allowance = game.value("movement_allowance", leg)
    assert game.value("half_point_cost", leg, "29.044", "30.044") == 2 * ((allowance + 1) // 2)
    assert game.value("half_point_cost", leg, "29.044", "30.045") is None     # no Ferry there
    game.set_initial(leg, "column", 0)
    assert game.value("half_point_cost", leg, "29.044", "30.044") is None     # not in Column
    tank = unit(game, TANK, "29.044", column=1)
    assert game.value("half_point_cost", tank, "29.044", "30.044") is None    # Leg only
    german = unit(game, GRENADIER, "31.044")
    game.perform("move_for_test", german, "30.044")
    assert game.attr(sapper, "ferry_to") is None
    assert game.value("half_point_cost", leg, "29.044", "30.044") is None


def test_a_ferry_goes_when_its_unit_moves():
    """utah:11.3#1: "A Ferry remains in place until the Ferry Unit moves"."""
    game = ferry_game()
    sapper = unit(game, ENGINEER, "29.044")
    game.perform("engineer", sapper)
    game.perform("move_for_test", sapper, "28.044")
    assert [e.data["reason"] for e in game.events("ferry_removed")] == ["its Ferry Unit moved"]


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_11_1_no_positions_for_a_ferry_unit(as_printed):
    """utah:errata:11.1: "A Ferry Unit can not be placed in an IP or Ent once it has
    created the Ferry" — as printed it could."""
    game = ferry_game(as_printed=as_printed)
    sapper = unit(game, ENGINEER, "29.044")
    game.perform("engineer", sapper)
    works = game.value("engineer_works", sapper)
    assert ("improved_position_for" in works) == as_printed


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_11_2_the_ferry_costs_half_the_printed_allowance(as_printed):
    """utah:errata:11.2: "by paying half of its printed movement value, rounded up" —
    what the printed "1/2 its movement allowance, rounded up" already costs."""
    game = ferry_game(as_printed=as_printed)
    sapper = unit(game, ENGINEER, "29.044")
    game.perform("engineer", sapper)
    leg = unit(game, INFANTRY, "29.044", column=1)
    face(game, INFANTRY).update(movement=5)
    assert game.value("ferry_half_points", leg) == 6


def test_a_unit_being_ferried_is_fired_on_at_plus_two_and_the_ferry_stays():
    """utah:11.4#1: "If a Unit being ferried takes Opportunity Fire as it leaves its hex,
    it suffers a +2 modifier for being ferried (in addition to the +2 for being in
    Column)"; utah:11.4#2: "This fire does not affect the Ferry" — the Ferry Unit is no
    target and its Ferry stays."""
    game = ferry_game(rolls=(0, 0, 9))     # the Ferry; the firer's check, then a miss
    sapper = unit(game, ENGINEER, "29.044")
    game.perform("engineer", sapper)
    leg = unit(game, INFANTRY, "29.044", column=1)
    unit(game, GRENADIER, FERRY_FIRER)
    assert game.value("hex_in_enemy_fire_zone", "29.044", game.ref("side", "Allied"))
    game.players.players["Allied"].answers.update({"move": ["30.044", "stop"]})
    game.players.players["Axis"].answers.update({"opportunity_fire": True,
                                         "convert_suppression": False})
    game.perform("move", [leg], "formation")
    [shot] = game.events("fire_resolved")
    assert shot.data["target"] == INFANTRY
    terms = [r for r in shot.cause if r.get("what") == "modifiers modified_fire_rating"][-1]
    named = {t["name"]: t["amount"] for t in terms["terms"]}
    assert named["ferried"] == 2 and "target_in_column" in named
    assert game.attr(leg, "ferrying") == 0 and game.attr(leg, "hex") == "30.044"
    assert game.attr(sapper, "ferry_to") is not None and game.events("ferry_removed") == []


def test_no_ferry_term_for_a_move_that_crosses_no_ferry():
    """utah:11.4#1: only a Unit being ferried takes the +2."""
    game = ferry_game(rolls=(0, 9))        # the firer's check, then a miss
    leg = unit(game, INFANTRY, "29.044", column=1)
    unit(game, GRENADIER, FERRY_FIRER)
    game.players.players["Allied"].answers.update({"move": ["28.044", "stop"]})
    game.players.players["Axis"].answers.update({"opportunity_fire": True,
                                         "convert_suppression": False})
    game.perform("move", [leg], "formation")
    [shot] = game.events("fire_resolved")
    terms = [r for r in shot.cause if r.get("what") == "modifiers modified_fire_rating"][-1]
    assert "ferried" not in {t["name"] for t in terms["terms"]}


@pytest.mark.parametrize("roll, leaves", [(9, False), (0, True)])
def test_leaving_a_minefield_takes_a_troop_quality_check(roll, leaves):
    """utah:10.2#3-5: to leave an enemy Minefield hex in a later movement a Unit "must
    pass a Troop Quality check to do so ... If the Unit fails, it stays in the hex and
    is Suppressed. You may not spend a Command Point to ensure passing this check";
    utah:10.3#6: "If the Unit leaves a hex containing a Minefield marker, they must pass
    a Troop Quality Check or be suppressed"; one's own Minefield asks nothing."""
    game = utah_game(rolls=[roll], extra=(MINES_FOR_TEST,),
                     allied={"move": ["32.046", "stop"], "buy:unbought_tq_check": True})
    game.perform("mine_for_test", "32.047", game.ref("side", "Axis"))
    inf = unit(game, INFANTRY, "32.047")
    game.set_initial(game.ref("division", "4th Infantry Division"), "cp", 5)
    game.perform("move", [inf], "formation")
    [check] = game.events("minefield_exit_check")
    assert bool(check.data["passed"]["passed"]) == leaves
    assert game.attr(inf, "hex") == ("32.046" if leaves else "32.047")
    assert game.attr(inf, "suppressed") == (0 if leaves else 1)
    assert game.attr(game.ref("division", "4th Infantry Division"), "cp") == 5
    own = utah_game(extra=(MINES_FOR_TEST,), allied={"move": ["32.046", "stop"]})
    own.perform("mine_for_test", "32.047", own.ref("side", "Allied"))
    inf = unit(own, INFANTRY, "32.047")
    own.perform("move", [inf], "formation")
    assert own.events("minefield_exit_check") == [] and own.attr(inf, "hex") == "32.046"


def test_11_2_a_suppressed_ferry_unit_does_not_ferry_a_cohesion_hit_does_not_stop_it():
    """utah:11.2#4, utah:11.3#4: "The Ferry does not work if the Ferry Unit is Suppressed"
    (it stays in place); utah:11.2#5: "it will still function, even if the Ferry Unit
    takes a Cohesion Hit"; utah:11.2#3: ferrying is no activation of the Ferry Unit."""
    game = ferry_game()
    sapper = unit(game, ENGINEER, "29.044")
    game.perform("engineer", sapper)
    leg = unit(game, INFANTRY, "29.044", column=1)
    game.set_initial(sapper, "cohesion_hits", 1)
    assert game.value("half_point_cost", leg, "29.044", "30.044") is not None
    game.set_initial(sapper, "suppressed", 1)
    assert game.value("half_point_cost", leg, "29.044", "30.044") is None
    assert game.attr(sapper, "ferry_to") is not None
    game.set_initial(sapper, "suppressed", 0)
    game.set_initial(leg, "half_points_left", 10)
    game.perform("move_for_test", leg, "30.044")
    assert game.attr(sapper, "acted") == 0 and game.attr(sapper, "ferry_to") is not None


def test_11_3_an_engineer_crossing_its_own_ferry_removes_it_and_disbanding():
    """utah:11.3#2: "An Engineer Unit may cross its own Ferry, but the Ferry is removed
    when it does"; utah:11.3#1: "or declares the Ferry is disbanded" (an Engineer
    Action)."""
    game = ferry_game()
    sapper = unit(game, ENGINEER, "29.044", column=1)
    game.set_initial(sapper, "column", 0)
    game.perform("engineer", sapper)
    assert game.value("half_point_cost", sapper, "29.044", "30.044") is not None
    game.perform("move_for_test", sapper, "30.044")
    assert game.attr(sapper, "ferry_to") is None
    game = ferry_game()
    sapper = unit(game, ENGINEER, "29.044")
    game.perform("engineer", sapper)
    assert "disband_ferry" in game.value("engineer_works", sapper)
    game.players.players["Allied"].answers["engineer_work"] = "disband_ferry"
    game.perform("engineer", sapper)
    assert [e.data["reason"] for e in game.events("ferry_removed")] == ["disbanded"]


def test_11_2_an_assaulted_ferry_unit_falls_at_step_4():
    """utah:11.2#8, utah:11.2#9: "If a Ferry Unit is Assaulted, it is eliminated at the
    same step in the Assault procedure when zero-step Units are eliminated"."""
    game = ferry_game()
    sapper = unit(game, ENGINEER, "29.044")
    assert not game.value("zero_step_removed_at_step_4", sapper)
    game.perform("engineer", sapper)
    assert game.value("zero_step_removed_at_step_4", sapper)


def test_11_1_a_failed_engineer_places_men_at_work_and_tries_again():
    """utah:11.1#11: "If the Engineer Unit fails the TQ Check, it is done for the
    activation, and it doesn't create a Ferry; you may place a Men at Work marker
    instead"; utah:11.1#12: "Your Engineer Unit may try again to create a Ferry during
    its next activation"."""
    game = ferry_game(rolls=(9, 0))
    sapper = unit(game, ENGINEER, "29.044")
    game.perform("engineer", sapper)                          # 9: fails
    assert game.events("ferry_created") == [] and game.attr(sapper, "ferry_to") is None
    assert game.attr(sapper, "men_at_work") == 1
    assert game.value("ferry_sites", sapper) == ["30.044", "30.045"]
    game.perform("engineer", sapper)                          # 0: the Ferry
    assert [e.data["hex"] for e in game.events("ferry_created")] == ["30.044"]


def test_11_1_a_treadway_unit_ferries_mounted_without_a_check():
    """utah:11.1#7: "A Treadway Bridge or Ponton Unit must remain mounted to create a
    Ferry"; utah:11.1#8: "Both of these types of Units automatically create a Ferry – no
    TQ Check is required" — a scripted 9, which fails any check, is never read."""
    for kind in ("treadway", "ponton"):
        game = ferry_game(rolls=(9,))
        entry = game.state.catalog["unit"][ENGINEER]
        entry["tags"].append(kind)
        entry["back_kind"] = "transport"
        entry["faces"]["back"] = dict(entry["faces"]["front"], movement_class="wheeled")
        bridger = unit(game, ENGINEER, "29.044")
        assert game.value("ferry_sites", bridger) == []                  # dismounted
        game.perform("flip_for_test", bridger)                           # mounted
        assert game.value("ferry_sites", bridger) == ["30.044", "30.045"]
        game.perform("engineer", bridger)
        assert [e.data["hex"] for e in game.events("ferry_created")] == ["30.044"]
        assert game.attr(bridger, "men_at_work") == 0


def test_2_4_7_an_eliminated_bridge_unit_leaves_play_and_its_bridge_with_it():
    """utah:2.4.7#13: "If the Treadway Bridge or Ponton Unit is eliminated, remove it from
    play" — off the map, and nothing crosses where it stood."""
    game = treadway_game(rolls=(0,))
    sapper = unit(game, ENGINEER, "29.044")
    game.perform("engineer", sapper)
    tank = unit(game, TANK, "29.044", column=1)
    assert game.value("half_point_cost", tank, "29.044", "30.044") is not None
    game.perform("take_step_loss", sapper)
    game.perform("take_step_loss", sapper)
    assert not game.attr(sapper, "on_map")
    assert game.value("half_point_cost", tank, "29.044", "30.044") is None


def test_11_1_a_ferry_unit_counts_for_mass_not_for_stacking():
    """utah:11.1#9: "The Ferry Unit does not count towards the stacking limit of the hex
    now but does count against the mass modifier if the hex is fired upon"."""
    game = ferry_game()
    sapper = unit(game, ENGINEER, "29.044")
    steps = game.value("steps_in", "29.044")
    assert game.value("stacked_steps_in", "29.044") == steps == 2
    game.perform("engineer", sapper)
    assert game.value("stacked_steps_in", "29.044") == 0
    assert game.value("steps_in", "29.044") == 2
