"""Paradrops, glider landings and stragglers (utah:3.0, utah:3.4, utah:3.4.3(3),
utah:3.4.3(4),
modules/utah/rules/paradrops.ksr, stragglers.ksr) with scripted dice, on the
night-drop demonstration (Drop One on DZ O at the start of play, a second
stick at 0700, 6 June)."""

from __future__ import annotations

import pytest

from utah_games import NIGHT_GRENADIER, unit, utah_game, weather

from kriegsspiel.core.state import Ref
from kriegsspiel.engine.rulebook import ExtraRules

# A test's own procedure: a Unit moved into a hex, as a move moves it.
MOVE_FOR_TEST = ExtraRules("move_for_test.ksr", """
procedure move_for_test(unit: unit, hex_id) @utah:3.4.1 {
  step go @utah:3.4.1 { do move_unit(unit, hex_id) }
}
""")

A, B, C = "A/1/505", "B/1/505", "C/1/505"
DZ_O = ["43.030", "44.030", "44.031", "45.029", "45.030", "46.030", "46.031", "47.030"]


def drop_game(rolls=None, as_printed=False, allied=None):
    return utah_game("utah/night_drop", rolls=rolls, as_printed=as_printed, allied=allied)


def battalion(session, name="1/505"):
    return Ref("battalion", name)


def rolled(session):
    return [(e.data["roll"], e.data["modifier"], e.data["result"])
            for e in session.events("drop_table_rolled")]


def test_the_fifteen_zones_are_data():
    """utah:3.2#1, utah:3.2#4-19: the zones and their hexes as listed (DZ O; LZ O "should
    add the following hexes to DZ O"); utah:3.2#20: zones overlap (LZ O holds DZ O)."""
    game = drop_game()
    zones = game.state.catalog["zone"]
    assert len(zones) == 16  # the list names Alt DZ D beside DZ D
    assert zones["DZ O"]["hexes"] == DZ_O
    assert zones["LZ O"]["hexes"][:8] == DZ_O and len(zones["LZ O"]["hexes"]) == 14
    assert zones["DZ A"]["hexes"][0] == "32.028" and zones["LZ 5"]["hexes"][-1] == "82.042"


@pytest.mark.parametrize("roll, paradrop, glider", [
    (0, "NE", "NE"), (1, "1", "1"), (2, "1*", "1"), (3, "1*(D)", "1*"), (4, "1*(D)", "1*"),
    (5, "1*(DD)", "1*(D)"), (6, "R", "1*(DD)"), (7, "R(D)", "R"), (8, "R(DD)", "R(D)"),
    (9, "E", "E")])
def test_the_drop_table_as_printed(roll, paradrop, glider):
    """utah:3.3.1#6, utah:3.3.1#7: the Drop Table, Paratroops and Glider columns, rolls 0-8 as
    printed (glider 8 and 9 or more: the provisional readings, docs/utah.md)."""
    game = drop_game()
    printed = game.program.lookup
    assert printed("printed_drop_result", printed("drop_table", "paradrop", roll)) == paradrop
    assert printed("printed_drop_result", printed("drop_table", "glider", roll)) == glider


def test_drop_table_modifiers():
    """utah:3.3.1#8-15: +1 Hedgerow/Orchard/Flooded, +2 Woods/Village/Town/City, +3
    Marsh, +4 a Minefield, -3 a Second Drop or Third Drop B, -6 Third Drop A, -8 Fourth,
    +1 for each German Unit inside the zone."""
    game = drop_game()
    look = game.program.lookup
    assert [look("drop_terrain_modifier", t) for t in
            ("hedgerow", "orchard", "flooded", "woods", "village", "town", "city", "marsh",
             "clear")] == [1, 1, 1, 2, 2, 2, 2, 3, 0]
    assert [look("drop_number_modifier", d) for d in
            ("first", "second", "third_b", "third_a", "fourth")] == [0, -3, -3, -6, -8]
    para = unit(game, A, "44.030")
    assert game.value("terrain", "44.030") == "clear"
    assert int(game.value("drop_modifiers", para, "44.030", "first")) == 0
    unit(game, NIGHT_GRENADIER, "46.031")
    assert int(game.value("drop_modifiers", para, "44.030", "first")) == 1
    game.set_initial(Ref("hex", "44.030"), "minefield", 1)
    assert int(game.value("drop_modifiers", para, "44.030", "second")) == 1 + 4 - 3
    game.state.map.terrain["44.030"] = "marsh"
    assert int(game.value("drop_modifiers", para, "44.030", "fourth")) == 1 + 4 + 3 - 8


def test_anti_air_only_by_day():
    """utah:3.3.1#16, utah:3.3.1#17: "+2 During a Day turn only, if at least one German Unit with an
    anti-air value projects a Fire Zone into the DZ or LZ ... the 8 hex AA range"."""
    game = drop_game()
    para = unit(game, A, "44.030")
    unit(game, NIGHT_GRENADIER, "40.037")
    game.state.catalog["unit"][NIGHT_GRENADIER]["faces"]["front"]["air_defense"] = 2
    fired = game.value("drop_modifiers", para, "44.030", "first")
    assert not any(t["name"] == "anti_air" for t in fired.terms)   # the night turn
    allied = game.ref("side", "Allied")
    assert game.value("anti_air_covers", Ref("zone", "DZ O"), allied)
    game.place(NIGHT_GRENADIER, "40.027")     # nine hexes from 47.030... and from 45.029?
    near = min(game.value("distance", "40.027", h) for h in DZ_O)
    assert game.value("anti_air_covers", Ref("zone", "DZ O"), allied) == (near <= 8)


def test_drop_one_rolls_at_the_start_of_play_one_roll_a_stick():
    """utah:3.0, utah:3.3.1#1, utah:3.3.1#2, utah:3.3.1#5, utah:3.3#13: "Roll for Units in Drop
    One at the start of play ... one die roll on the Drop table for each stick";
    utah:3.2#21: a stick is the Units that drop in one hex; utah:3.3#10: Drop One
    Units get no glider/paradrop marker; utah:3.3.1#19: NE."""
    game = drop_game(rolls=[0, 0])
    unit(game, A, "44.030")
    unit(game, B, "45.030")
    game.perform("drop_one")
    assert rolled(game) == [(0, 0, "NE"), (0, 0, "NE")]
    assert game.attr(game.ref("unit", A), "drop_markers") == 0


def test_one_and_every_step_results_and_their_stragglers():
    """utah:3.3.1#20: "1 – One Unit in the stick loses a step (First drop only: add 1
    ...)"; utah:3.3.1#21: "1* – All Units in the stick lose a step (... add 2 ... for
    each Unit that lost a step)"; utah:3.4.1#2, utah:3.4.1#3: Stragglers from the Drop
    Table, only on the First Drop; utah:3.3.1#12: a Second Drop at -3."""
    game = drop_game(rolls=[1])
    a, b = unit(game, A, "44.030"), unit(game, B, "44.030")
    game.perform("roll_drop_table", [a, b], "44.030", "first", "paradrop")
    assert [game.attr(u, "face") for u in (a, b)] == ["back", "front"]
    assert game.attr(battalion(game), "stragglers") == 1
    game = drop_game(rolls=[2])
    a, b = unit(game, A, "44.030"), unit(game, B, "44.030")
    game.perform("roll_drop_table", [a, b], "44.030", "first", "paradrop")
    assert [game.attr(u, "face") for u in (a, b)] == ["back", "back"]
    assert game.attr(battalion(game), "stragglers") == 4
    game = drop_game(rolls=[5])   # 2 - 3: a Second Drop adds no Stragglers
    a = unit(game, A, "44.030")
    game.perform("roll_drop_table", [a], "44.030", "second", "paradrop")
    assert rolled(game) == [(5, -3, "1*")]
    assert game.attr(battalion(game), "stragglers") == 0


def test_d_and_dd_markers():
    """utah:3.3.1#22: "D – Place a glider/paradrop marker on every Unit ... (First drop
    only: add 1 for each Unit ...)"; utah:3.3.1#23: "DD – ... two additional ... add 2"."""
    game = drop_game(rolls=[3])
    a = unit(game, A, "44.030")
    game.perform("roll_drop_table", [a], "44.030", "first", "paradrop")
    assert game.attr(a, "drop_markers") == 1
    assert game.attr(battalion(game), "stragglers") == 2 + 1
    game = drop_game(rolls=[5])
    a = unit(game, A, "44.030")
    game.perform("roll_drop_table", [a], "44.030", "first", "paradrop")
    assert game.attr(a, "drop_markers") == 2
    assert game.attr(battalion(game), "stragglers") == 2 + 2


def test_r_rearguards_drift_and_the_straggler_box():
    """utah:3.3.1#24, utah:3.3.1#26: "R – Replace all Units in the stick with Rearguards
    (First drop only: add 3 ...) ... placed via Airborne Drift"; utah:3.3.1#30, utah:3.3.1#33-39: a d6 for direction, 1 north
    clockwise, 4 south; a d10 for distance, 0 stays, 9 rolls again and adds; off the
    map or onto a German Unit, eliminated; utah:3.4.1#6: a first-drop Unit replaced
    goes to the Straggler box; utah:3.4.1#5: the battalion's Straggler Track."""
    # roll 6 -> R; drift d6 4 (south), d10 2: 44.030 -> 44.032
    game = drop_game(rolls=[6, 4, 2])
    a = unit(game, A, "44.030")
    game.perform("roll_drop_table", [a], "44.030", "first", "paradrop")
    drift = [(e.data["direction"], e.data["distance"], e.data["hex"])
             for e in game.events("rearguard_drifted")]
    assert drift == [(4, 2, "44.032")]
    rearguard = game.ref("unit", "Rearguard 82nd Airborne Division 1")
    assert game.attr(rearguard, "hex") == "44.032"
    assert not game.attr(a, "on_map") and game.attr(a, "in_straggler_box") == 1
    assert game.attr(battalion(game), "stragglers") == 3
    # a 9 rolls again: 9 + 1 = 10 hexes north of 44.030 is off the map in play
    game = drop_game(rolls=[6, 1, 9, 1])
    a = unit(game, A, "44.030")
    game.perform("roll_drop_table", [a], "44.030", "first", "paradrop")
    assert [(e.data["distance"], e.data["hex"]) for e in game.events("rearguard_drifted")] \
        == [(10, None)]
    assert not game.attr(game.ref("unit", "Rearguard 82nd Airborne Division 1"), "on_map")
    # drifting onto a German Unit: eliminated
    game = drop_game(rolls=[6, 4, 0])
    a = unit(game, A, "44.030")
    unit(game, NIGHT_GRENADIER, "44.030")
    game.perform("roll_drop_table", [a], "44.030", "first", "paradrop")
    assert not game.attr(game.ref("unit", "Rearguard 82nd Airborne Division 1"), "on_map")


def test_r_without_rearguards_is_e():
    """utah:3.3.1#24: "if no Rearguards are available, or at the Allied player's
    choice, treat as E"; utah:3.3.1#27: "E – All Units in the stick are eliminated
    (First drop only: add 4 ...); place the eliminated Units in the Straggler box"."""
    game = drop_game(rolls=[6], allied={"drop_rearguards_or_e": "eliminated"})
    a = unit(game, A, "44.030")
    game.perform("roll_drop_table", [a], "44.030", "first", "paradrop")
    assert game.attr(a, "in_straggler_box") == 1
    assert game.attr(battalion(game), "stragglers") == 4
    game = drop_game(rolls=[9])
    a = unit(game, A, "44.030")
    game.perform("roll_drop_table", [a], "44.030", "first", "paradrop")
    assert rolled(game) == [(9, 0, "E")] and game.attr(a, "in_straggler_box") == 1


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_3_3_1_replaced_units_of_a_later_drop(as_printed):
    """utah:errata:3.3.1: the R result: "Place the replaced Units in the Straggler box
    on the parent Airborne Divisional Display" — as printed only the first drop's
    (utah:3.4.1#6); corrected, a later drop's too."""
    game = drop_game(rolls=[9, 4, 2], as_printed=as_printed)   # 9 - 3 = 6: R
    c = unit(game, C, "44.030")
    game.perform("roll_drop_table", [c], "44.030", "second", "paradrop")
    assert rolled(game) == [(9, -3, "R")]
    assert game.attr(c, "in_straggler_box") == (0 if as_printed else 1)
    assert game.attr(c, "eliminated") == as_printed


def test_the_second_drop_places_a_stick_with_a_marker_on_its_chit():
    """utah:3.1#1, utah:3.1#2: the Units "drop when the ... Airborne Division
    Activation chit is drawn"; utah:3.3#4, utah:3.3#5: a stick in any hex of its zone,
    not one another stick of this drop took; utah:3.3#6: not in Column; utah:3.3#9:
    after Drop One a marker on each Unit; utah:3.3#11, utah:3.3.1#3: roll at once."""
    game = drop_game(rolls=[0], allied={"drop_hex": "46.031"})
    game.state.catalog["unit"][C]["drop_turn"] = 0
    game.perform("drop_division", game.ref("division", "82nd Airborne Division"))
    c = game.ref("unit", C)
    assert game.attr(c, "hex") == "46.031" and game.attr(c, "drop_markers") == 1
    assert game.attr(c, "column") == 0
    assert rolled(game) == [(0, -3, "NE")]


def test_a_marker_allows_only_its_removal_or_rally():
    """utah:3.3.2#1, utah:3.3.2#3, utah:3.3.2#4: a marker takes an Action to remove; with one a Unit "may
    perform no other Actions, except Rally if it is Suppressed"; a Suppressed Unit
    must Rally first."""
    game = drop_game()
    a = unit(game, A, "44.030")
    game.set_initial(a, "drop_markers", 1)
    assert set(game.value("legal_actions", a, "division")) <= {"remove_drop_marker", "pass"}
    assert "remove_drop_marker" in game.value("legal_actions", a, "division")
    game.set_initial(a, "suppressed", 1)
    assert "remove_drop_marker" not in game.value("legal_actions", a, "division")
    game.set_initial(a, "suppressed", 0)
    game.set_initial(a, "drop_markers", 0)
    assert "remove_drop_marker" not in game.value("legal_actions", a, "division")


def recovery_game(rolls, stragglers, as_printed=False, turn=0):
    game = drop_game(rolls=rolls, as_printed=as_printed)
    b = battalion(game)
    game.set_initial(b, "stragglers", stragglers)
    game.perform("place_rally_points", game.ref("division", "82nd Airborne Division"))
    return game, b


def test_rally_points_by_the_zone():
    """utah:3.3#2: "Rally Points are placed in any Hill, Bridge, Village or Town hex
    within 4 hexes of the Battalion's DZ"; utah:3.4.1#7: each battalion has one."""
    game, b = recovery_game([], 0)
    point = game.attr(b, "rally_point")
    assert point is not None
    hexes = game.value("rally_point_hexes", b)
    assert point.id in hexes and "46.033" in hexes and "47.033" in hexes


def test_straggler_recovery_rolls_and_the_night_limit():
    """utah:3.4, utah:3.4.2#1, utah:3.4.2#4, utah:3.4.2#5, utah:3.4.2#8-10, utah:3.4.2#20: a roll (night,
    5 June: +4) at or under the Track recovers a point and reduces it, a 0 recovers
    without reducing it, another roll follows; utah:3.4.2#12: at most 4 points a
    battalion on the Night, 5 June turn; utah:3.4.2#25: a 0 stays 0."""
    game, b = recovery_game([1, 0, 1, 0, 0], 7)
    game.perform("straggler_recovery_rolls", game.ref("division", "82nd Airborne Division"))
    outcomes = [(e.data["roll"], e.data["modified"], e.data["outcome"])
                for e in game.events("straggler_roll")]
    assert outcomes == [(1, 5, "recover"), (0, 0, "recover_keep"), (1, 5, "recover"),
                        (0, 0, "recover_keep")]
    assert game.attr(b, "recovery_points") == 4
    assert game.attr(b, "stragglers") == 7 - 2


def test_a_failed_roll_ends_the_battalions_rolls():
    """utah:3.4.2#6: "Greater than the number on the ... Track: No Straggler Recovery
    Point ..., the Track is reduced by one and no more rolls"; utah:3.4.2#7: nine or
    greater fails; utah:3.4.2#21, utah:3.4.2#22: "Rolls
    higher than 9 are treated as a roll of 9. Thus, roll a 5 (+4 is 9), and you no
    longer roll and lose one straggler\"."""
    game, b = recovery_game([5, 0], 3)
    game.perform("straggler_recovery_rolls", game.ref("division", "82nd Airborne Division"))
    assert [(e.data["modified"], e.data["outcome"]) for e in game.events("straggler_roll")] \
        == [(9, "fail")]
    assert game.attr(b, "stragglers") == 2 and game.attr(b, "recovery_points") == 0


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_3_4_2_iii_nine_or_more_always_fails(as_printed):
    """utah:errata:3.4.2.(iii): "If you roll a modified 9 or greater, use this outcome
    instead of any other, even if they meet the requirements of the other rule" — as
    printed (utah:3.4.2#4 read first), a 9 at or under a Track of 12 recovered."""
    game, b = recovery_game([5, 5, 5, 5], 12, as_printed=as_printed)
    game.perform("straggler_recovery_rolls", game.ref("division", "82nd Airborne Division"))
    first = next(iter(game.events("straggler_roll"))).data
    assert (first["modified"], first["outcome"]) == (9, "recover" if as_printed else "fail")


def test_spending_points_returns_a_unit_to_the_rally_point():
    """utah:3.4.3#2, utah:3.4.3#3, utah:3.4.3#7, utah:3.4.3(3)#1: "1 SRP: returns a one-step
    paratroop ... Unit from the Straggler box to the battalion Rally Point";
    utah:3.4.3(4)#6: no Opportunity Fire: a placement."""
    game, b = recovery_game([], 0)
    a = unit(game, A, "44.030")
    game.place(A, None)
    game.set_initial(a, "in_straggler_box", 1)
    game.set_initial(b, "recovery_points", 1)
    game.perform("spend_recovery_points", game.ref("division", "82nd Airborne Division"))
    assert game.attr(a, "hex") == game.attr(b, "rally_point").id
    assert game.attr(a, "face") == "back" and game.attr(b, "recovery_points") == 0


def test_a_german_unit_on_the_rally_point_ends_recovery():
    """utah:3.4.1#9: "If a German Unit ever enters a hex with a Rally Point, the Rally
    Point marker is permanently removed and that battalion's stragglers are lost";
    "if the Rally Points are captured then all Straggler Recovery Points
    are forfeit" (utah:3.4.3#12)."""
    game = utah_game("utah/night_drop", extra=(MOVE_FOR_TEST,))
    b = battalion(game)
    game.perform("place_rally_points", game.ref("division", "82nd Airborne Division"))
    game.set_initial(b, "stragglers", 5)
    game.set_initial(b, "recovery_points", 2)
    point = game.attr(b, "rally_point").id
    german = unit(game, NIGHT_GRENADIER, "44.034")
    game.perform("move_for_test", german, point)
    assert game.attr(b, "rally_point_lost") == 1
    assert (game.attr(b, "stragglers"), game.attr(b, "recovery_points")) == (0, 0)
    assert [e.data["hex"] for e in game.events("rally_point_overrun")] == [point]


ADVANCE_FOR_TEST = ExtraRules("advance_for_test.ksr", """
procedure advance_for_test() @utah:3.4.2 {
  step go @utah:3.4.2 { do advance_turn() }
}
""")


def test_recovery_limits_and_modifiers_by_the_day():
    """utah:3.4.2#12, utah:3.4.2#13: at most 4 points on the Night, 5 June turn, 2 on 6
    June; utah:3.4.2#20, utah:3.4.2#23: +4 on the Night, 5 June turn, +2 from 0700, 6
    June (the demonstration ends on 6 June)."""
    game = utah_game("utah/night_drop", extra=(ADVANCE_FOR_TEST,))
    assert (game.value("recovery_limit"), game.value("recovery_modifier")) == (4, 4)
    game.perform("advance_for_test")
    assert game.value("turn_label") == "1944-06-06 0700"
    assert (game.value("recovery_limit"), game.value("recovery_modifier")) == (2, 2)


def test_srp_costs_and_who_may_be_restored():
    """utah:3.4.3(3)#1-4: 1 SRP for a paratroop/glider infantry Unit, 2 for any other;
    utah:3.4.3#5: a reduced Unit on the map within 3 hexes of its Rally Point;
    utah:3.4.3#7, utah:3.4.3#8: a Unit from the Straggler box; every Unit of the
    battalion at one step before any is restored."""
    game, b = recovery_game([], 0)
    a = unit(game, A, "44.030")
    assert game.value("srp_cost", a) == 1
    game.state.catalog["unit"][A]["tags"].remove("paratroop")
    assert game.value("srp_cost", a) == 2
    game.state.catalog["unit"][A]["tags"].append("paratroop")
    point = game.attr(b, "rally_point").id
    game.place(A, point)
    game.perform("take_step_loss", a)
    game.set_initial(b, "recovery_points", 3)
    assert [u.id for u in game.value("srp_restores", b)] == [A]
    bee = unit(game, B, "44.030")
    game.place(B, None)
    game.set_initial(bee, "in_straggler_box", 1)
    assert game.value("srp_restores", b) == []          # B is still in the box
    assert [u.id for u in game.value("srp_returns", b)] == [B]


def glider_regiment(game, units, new_battalion=None):
    """The Units given made the 325th Glider Infantry Regiment's (a Formation of the
    82nd the demonstration's order of battle lacks); *new_battalion* a second
    battalion of it holding the last of them."""
    cat = game.state.catalog
    cat["formation"]["325th Glider Infantry Regiment"] = dict(
        cat["formation"]["505th Parachute Infantry Regiment"], leader=None)
    for unit_id in units:
        cat["unit"][unit_id]["formation"] = "325th Glider Infantry Regiment"
    if new_battalion:
        cat["battalion"][new_battalion] = dict(cat["battalion"]["1/505"], name=new_battalion)
        cat["unit"][units[-1]]["airborne_battalion"] = new_battalion


def test_3_4_1_1_the_325th_generates_stragglers_on_the_fourth_drop():
    """utah:3.4.1.1#1-3: "Only on the Fourth Drop (7 June) for the 325th
    Glider Infantry Regiment ... Stragglers are generated from results only on the Drop
    Table", "an exception ... solely for the 325th GIR" — a 1 result adds its Straggler
    point as on the first drop; another Formation's fourth drop adds none;
    utah:3.4.1.1#4: the glider landing marker of a later drop adds none either."""
    game = drop_game(rolls=[9])                  # 9 - 8 = 1: one Unit loses a step
    glider_regiment(game, [A])
    a = unit(game, A, "44.030")
    assert game.value("straggler_drop", [a], "fourth")
    game.perform("roll_drop_table", [a], "44.030", "fourth", "glider")
    assert rolled(game) == [(9, -8, "1")]
    assert game.attr(battalion(game), "stragglers") == 1
    game = drop_game(rolls=[9])
    a = unit(game, A, "44.030")
    assert not game.value("straggler_drop", [a], "fourth")
    game.perform("roll_drop_table", [a], "44.030", "fourth", "glider")
    assert game.attr(battalion(game), "stragglers") == 0
    game = drop_game(rolls=[0], allied={"drop_hex": "44.030"})
    glider_regiment(game, [A])
    game.perform("drop_stick", [game.ref("unit", A)])
    assert game.attr(game.ref("unit", A), "drop_markers") == 1
    assert game.attr(battalion(game), "stragglers") == 0


def test_3_4_1_1_one_consolidated_regimental_rally_point():
    """utah:3.4.1.1#5: the 325th's battalions "will all be located at a single
    consolidated 325th Regimental Rally Point"."""
    game = drop_game()
    glider_regiment(game, [A, C], new_battalion="2/325")
    game.perform("place_rally_points", game.ref("division", "82nd Airborne Division"))
    first = game.attr(battalion(game), "rally_point")
    assert first is not None
    assert game.attr(Ref("battalion", "2/325"), "rally_point") == first
    placed = [e.data["battalion"] for e in game.events("rally_point_placed")]
    assert len(placed) == 2


def test_recovery_on_7_june():
    """utah:3.4.2#14: "On 7 June a battalion may only receive 1 Straggler Recovery Point
    per turn"; utah:3.4.2#24: "On 7 June, there is no modifier" (the causeway
    demonstration is played on 7 June)."""
    game = utah_game("utah/causeway")
    assert game.value("turn_label") == "1944-06-07 0700"
    assert (game.value("recovery_limit"), game.value("recovery_modifier")) == (1, 0)


def test_3_3_a_drop_beside_a_german_triggers_no_opportunity_fire():
    """utah:3.3#7: "A drop does not trigger Opportunity Fire" — a stick lands beside a
    German Unit ready to fire: no trigger, no fire."""
    game = drop_game(rolls=[0], allied={"drop_hex": "46.031"})
    game.players.players["Axis"].answers.update({"opportunity_fire": True})
    unit(game, NIGHT_GRENADIER, "47.031")
    game.state.catalog["unit"][C]["drop_turn"] = 0
    game.perform("drop_division", game.ref("division", "82nd Airborne Division"))
    assert game.attr(game.ref("unit", C), "hex") == "46.031"
    assert game.events("opportunity_trigger") == []


def test_3_3_2_removing_a_marker_is_an_action_without_opportunity_fire_or_a_repeat():
    """utah:3.3.2#2: "Removing a glider/paradrop marker is an Action but does not trigger
    Opportunity Fire"; utah:3.3.2#5: "the restriction against performing the same Action
    twice in a row as a Second Action does apply to removing a glider/paradrop marker"
    — after a removal the Second Action may not be another, after a Pass it may."""
    game = drop_game()
    a = unit(game, A, "44.030")
    game.place("CO 505th PIR", "44.030", "leader")
    game.set_initial(game.ref("division", "82nd Airborne Division"), "cp", 3)
    game.set_initial(a, "drop_markers", 2)
    assert game.value("in_command", a)
    assert "remove_drop_marker" not in game.value("second_actions", a, "remove_drop_marker",
                                                  "division")
    assert "remove_drop_marker" in game.value("second_actions", a, "pass", "division")
    game.players.players["Axis"].answers.update({"opportunity_fire": True})
    unit(game, NIGHT_GRENADIER, "45.030")
    game.perform("perform_action", [a], "remove_drop_marker", "division")
    assert game.attr(a, "drop_markers") == 1
    assert game.events("opportunity_trigger") == []


def test_3_4_3_srps_on_striped_units_without_the_half_strength_rule():
    """utah:3.4.3#10: "SRPs generated by a battalion may only be spent on Units of that
    battalion or on any black-striped or white-striped Units"; utah:3.4.3#9: the
    half-strength rule "does not apply to Independent (white and black stripe) Units"
    — with B still in the Straggler box, a striped C is restored, A is not; a Unit of
    no battalion and no stripe never; utah:3.4.3#6: "Terrain, weather and enemy Units
    have no effect" — Flooded ground, a Storm and a German beside them change nothing."""
    game, b = recovery_game([], 0)
    point = game.attr(b, "rally_point").id
    a, bee, c = unit(game, A, point), unit(game, B, point), unit(game, C, point)
    game.state.set_link(c, "airborne_battalion", None,
                        [{"what": "set-up", "link": "airborne_battalion"}])
    for u in (a, c):
        game.perform("take_step_loss", u)
    game.place(B, None)
    game.set_initial(bee, "in_straggler_box", 1)
    game.set_initial(b, "recovery_points", 4)
    assert game.value("srp_restores", b) == []                 # C has no stripe
    for side in ("front", "back"):
        game.state.catalog["unit"][C]["faces"][side]["stripe"] = "white"
    assert [u.id for u in game.value("srp_restores", b)] == [C]
    game.state.map.terrain[point] = "flooded"
    weather(game, "storm")
    unit(game, NIGHT_GRENADIER, game.value("neighbours", point)[0])
    assert [u.id for u in game.value("srp_restores", b)] == [C]
    game.set_initial(bee, "in_straggler_box", 0)
    game.place(B, point)
    game.perform("take_step_loss", bee)
    assert {u.id for u in game.value("srp_restores", b)} == {A, B, C}


def test_3_4_3_srps_are_kept_from_turn_to_turn():
    """utah:3.4.3#11: "SRPs can be maintained from turn to turn" — points unspent at
    the end of a turn are there the next."""
    game, b = recovery_game(None, 0)
    game.set_initial(b, "recovery_points", 3)
    turn = game.value("turn_label")
    game.perform("play_turn")
    assert game.value("turn_label") != turn
    assert game.attr(b, "recovery_points") == 3
