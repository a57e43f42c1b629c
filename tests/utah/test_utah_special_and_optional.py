"""German and Allied special rules (utah:16.0, utah:17.0), Variable Troop Quality (utah:9.0), the US Army's night (utah:17.2), the
errata's General Scenario Comments, and the optional rules 18.1, 18.3, 18.7
and 18.9 switched on and off by name."""

from __future__ import annotations

import pytest

from utah_games import (GRENADIER, INFANTRY, NIGHT_GRENADIER, PARATROOPER, TANK, face, unit,
                        utah_game, weather)

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.state import Ref
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start
from kriegsspiel.engine.rulebook import ExtraRules


def term(value, name):
    return sum(t["amount"] for t in value.terms if t["name"] == name)


def game_with(scenario, options, rolls=None):
    session = start(scenario, Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    dice=Dice(0), options=options)
    if rolls is not None:
        session.dice.__dict__.update(Dice(script=rolls).__dict__)
    return session


def test_variable_troop_quality_and_its_bounds():
    """utah:9.0#1, utah:9.0#3, utah:9.0#4: a Division's Troop Quality changes for all its Units, never more
    than 2 down nor 1 up; a change past that is ignored."""
    game = utah_game()
    inf = unit(game, INFANTRY, "35.045")
    division = game.ref("division", "4th Infantry Division")
    base = int(game.value("troop_quality", inf))
    game.perform("change_troop_quality", division, -2)
    assert int(game.value("troop_quality", inf)) == base - 2
    game.perform("change_troop_quality", division, -1)           # past -2: ignored
    assert game.attr(division, "tq_adjustment") == -2
    game.perform("change_troop_quality", division, 3)
    assert game.attr(division, "tq_adjustment") == 1
    assert term(game.value("troop_quality", inf), "variable_troop_quality") == 1


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_general_comments_germans_at_minus_two_on_the_night_of_5_june(as_printed):
    """utah:errata:18.9#2, utah:errata:18.9#3: "For any scenario that has a Night, 5
    June turn, all German units should have a -2 TQ for that turn"; as printed, no
    such change; the Americans never."""
    game = utah_game("utah/night_drop", as_printed=as_printed)
    german = unit(game, NIGHT_GRENADIER, "46.033")
    para = unit(game, PARATROOPER, "45.030")
    assert term(game.value("troop_quality", german), "variable_troop_quality") == \
        (0 if as_printed else -2)
    assert term(game.value("troop_quality", para), "variable_troop_quality") == 0


def test_errata_general_comments_lifted_by_day():
    """utah:errata:18.9#4: "This TQ modification is removed on the 0700, 6 June turn"."""
    game = utah_game("utah/causeway")
    german = unit(game, GRENADIER, "30.045")
    assert term(game.value("troop_quality", german), "variable_troop_quality") == 0


@pytest.mark.parametrize("as_printed", [True, False])
def test_us_army_buys_no_formation_chit_for_the_night(as_printed):
    """utah:17.2#1: "The Allied player may not purchase any Formation Activation Chits
    for any US Army Unit to play during a Night turn" — the 82nd and 101st excepted
    (utah:errata:17.2's clarification: the same, printed or corrected)."""
    game = utah_game("utah/night_drop", as_printed=as_printed)
    airborne = game.ref("chit", next(c for c, e in game.state.catalog["chit"].items()
                                     if e.get("formation") == "505th Parachute Infantry Regiment"))
    game.set_initial(game.ref("division", "82nd Airborne Division"), "dp", 9)
    assert "this_turn" in game.value("chit_purchases", airborne)
    assert not game.value("night_restricted", airborne)
    day = utah_game("utah/causeway")
    infantry = day.ref("chit", next(c for c, e in day.state.catalog["chit"].items()
                                    if e.get("formation") == "8th Infantry Regiment"))
    assert day.value("night_restricted", infantry)
    day.set_initial(day.ref("division", "4th Infantry Division"), "dp", 9)
    assert "this_turn" in day.value("chit_purchases", infantry)     # a day turn


def test_optional_rules_are_switched_on_by_name():
    """utah:18.0: the optional rules are offered by name; off unless switched on."""
    off = utah_game("utah/night_drop")
    assert "utah_optional" not in off.scenario.rulesets
    on = game_with("utah/night_drop", ["utah:18.7"])
    assert "utah_optional" in on.scenario.rulesets and "utah:18.7" in on.scenario.special_rules


def test_18_1_conversion_limit():
    """utah:18.1#2: "Players are limited to converting no more than 4 Command Points to
    Dispatch Points each turn" — two Dispatch Points."""
    asked = []
    for options, most in (([], 5), (["utah:18.1"], 2)):
        game = game_with("utah/causeway", options)
        division = game.ref("division", "4th Infantry Division")
        game.set_initial(division, "cp", 10)
        game.set_initial(division, "dp", 0)
        allied = game.players.players["Allied"]
        allied.answers["convert_command_points"] = lambda d: max(d.options)
        allied.answers["buy_formation_chit"] = "none"
        game.perform("dispatch_phase", game.ref("side", "Allied"))
        asked.append(game.attr(division, "dp"))
    assert asked == [5, 2]


def test_18_7_airborne_leader_losses():
    """utah:18.7#3-5: on 5 and 6 June an airborne Division rolls after its points: more
    than 5 loses 2 Command Points."""
    for options, lost in (([], 0), (["utah:18.7"], 2)):
        game = game_with("utah/night_drop", options, rolls=[5, 5, 6])
        division = game.ref("division", "82nd Airborne Division")
        game.perform("roll_division_points", division)
        losses = [e.data["lost"] for e in game.events("airborne_leader_losses")]
        assert losses == ([] if not options else [lost])


def test_18_9_alone_and_afraid_and_its_errata():
    """utah:18.9#3: a wheeled or tracked defender with no Line of Sight to a friendly
    dismounted Leg Unit fires -1 and defends +1; utah:errata:18.9: a Leg Infantry Unit
    (a Leg gun does not keep it company)."""
    for as_printed in (True, False):
        game = game_with("utah/causeway", ["utah:18.9"] + (["as-printed"] if as_printed else []))
        for unit_id in list(game.state.placement):
            kind = "leader" if unit_id in game.state.catalog["leader"] else "unit"
            game.place(unit_id, None, kind)
        tank = unit(game, TANK, "34.046")
        german = unit(game, GRENADIER, "34.045")
        assert game.value("alone_and_afraid", tank)
        fired = game.value("assault_fire_rating", tank, german, True, 0, True)
        assert term(fired, "alone_and_afraid_firer") == -1
        at_it = game.value("assault_fire_rating", german, tank, True, 0, False)
        assert term(at_it, "alone_and_afraid_target") == 1
        unit(game, INFANTRY, "34.047")
        game.state.catalog["unit"][INFANTRY]["unit_class"] = "artillery"
        assert game.value("alone_and_afraid", tank) == (not as_printed)


def test_18_3_indirect_fire_scatter():
    """utah:18.3#3-6: a 9 on an indirect fire attack places a Light Barrage one hex from
    the target hex, in a direction rolled on a d6, with no fire attack."""
    # the Company Bonus check rolls first (gts:15.6): a 9 fails it
    game = game_with("utah/causeway", ["utah:18.3"], rolls=[9, 9, 3] + [0] * 10)
    for unit_id in list(game.state.placement):
        kind = "leader" if unit_id in game.state.catalog["leader"] else "unit"
        game.place(unit_id, None, kind)
    gun = unit(game, GRENADIER, "27.045")
    face(game, GRENADIER).update(weapon_class="IHE", fire_range=8)
    target = unit(game, INFANTRY, "32.045")
    game.perform("indirect_fire", gun, target)
    scattered = [(e.data["direction"], e.data["hex"]) for e in game.events("indirect_fire_scatter")]
    assert scattered == [(3, "33.045")]          # side 3: south-east
    assert game.value("barrage_at", "33.045") == 1


def test_nachhuten_come_back_to_the_available_box():
    """utah:5.0#1-6: Sperren and Nachhuten are the series' Road Blocks and Rearguards,
    limited by the scenario; "Rearguards lost in combat and removed Roadblocks may be
    reused again later in the game"."""
    from kriegsspiel.engine.rulebook import ExtraRules
    lose = ExtraRules("lose_for_test.ksr", """
procedure lose_for_test(u: unit) @utah:5.0 {
  step lose @utah:5.0 { do eliminate(u) }
}
""")
    game = utah_game("utah/night_drop", extra=(lose,))
    division = game.ref("division", "82nd Airborne Division")
    pool = game.value("available_rearguards", division)
    assert len(pool) == 2                                  # the scenario's limit
    first = pool[0]
    game.place(first.id, "44.030")
    assert len(game.value("available_rearguards", division)) == 1
    game.perform("lose_for_test", first)
    assert len(game.value("available_rearguards", division)) == 2


def test_a_scenario_rule_takes_precedence_over_the_exclusive_rules():
    """utah:8.0#1, utah:8.0#2: a scenario's own rules "take precedence over both Series
    and Exclusive Rules" — the scenario layer, above the exclusive one."""
    from kriegsspiel.engine.rulebook import ExtraRules, build_program
    special = ExtraRules("special.ksr", "override const airborne_night_bonus = 1 @utah:8.0\n")
    assert build_program(["gts", "utah"]).const("airborne_night_bonus") == 3
    assert build_program(["gts", "utah"], extra=[special]).const("airborne_night_bonus") == 1


def test_a_wurfgeraet_fires_once_and_is_hidden_until_adjacent():
    """utah:16.7#2-4: "a one use Unit. Once fired, they are removed from play ... not
    able to be targeted until an American Unit is adjacent"."""
    game = utah_game(rolls=[0] * 10)
    rockets = unit(game, GRENADIER, "31.045")
    game.state.catalog["unit"][GRENADIER]["tags"].append("wurfgeraet")
    inf = unit(game, INFANTRY, "33.045")
    assert rockets not in game.value("direct_fire_targets", inf)
    game.place(INFANTRY, "32.045")
    assert rockets in game.value("direct_fire_targets", inf)
    game.perform("direct_fire", rockets, inf, "direct", 0)
    assert not game.attr(rockets, "on_map")


def event_game(rolls):
    game = utah_game("utah/causeway", rolls=rolls)
    unit(game, INFANTRY, "35.045")
    unit(game, GRENADIER, "30.045")
    return game


def test_random_events_command_points():
    """utah:6.0#7, utah:6.0#9-13: "Roll of 0 or 1 ... 0–7 – a Battalion Commander is
    Seriously Wounded/Killed in Action. Reduce the Division's Command Points by 4. The
    German player chooses the Division"; utah:6.0#22-25: rolls 2 and 3, an NCO adds 4
    Command Points to one of his side's Divisions in play."""
    game = event_game([1, 5])
    american = game.ref("division", "4th Infantry Division")
    german = game.ref("division", "91.Luftlande Infanterie-Division")
    game.set_initial(american, "cp", 6)
    game.perform("random_event_roll")
    assert game.attr(american, "cp") == 2
    game = event_game([2])
    game.set_initial(american, "cp", 1)
    game.perform("random_event_roll")
    assert game.attr(american, "cp") == 5
    game = event_game([3])
    game.set_initial(german, "cp", 0)
    game.perform("random_event_roll")
    assert game.attr(german, "cp") == 4


def test_random_event_formation_leader_lost():
    """utah:6.0#14, utah:6.0#15, utah:6.0#18, utah:6.0#19: 8-9 on the second die: the
    German player selects a Formation; its Activation is disregarded for the rest of
    the turn and its chit cannot be purchased for the next three turns."""
    game = event_game([0, 9])
    formation = game.ref("formation", "8th Infantry Regiment")
    game.perform("random_event_roll")
    assert [e.data["formation"] for e in game.events("formation_leader_wounded")] == \
        [formation.id]
    chit = game.ref("chit", next(c for c, e in game.state.catalog["chit"].items()
                                 if e.get("formation") == "8th Infantry Regiment"))
    assert not game.value("chit_purchasable", chit)


def test_random_event_german_minefield_and_no_event():
    """utah:6.0#34, utah:6.0#35: a 5 places a German Minefield on a hex not in an
    American Fire Zone nor adjacent to an American Unit; a roll of 6-9: nothing."""
    game = event_game([5])
    game.perform("random_event_roll")
    laid = [e.data["hex"] for e in game.events("minefield_laid")]
    assert len(laid) == 1
    assert game.value("distance", laid[0], "35.045") > 1
    assert game.attr(Ref("hex", laid[0]), "mines_of") == game.ref("side", "Axis")
    quiet = event_game([7])
    quiet.perform("random_event_roll")
    assert [e.data["what"] for e in quiet.events("random_event")] == ["No Event"]


def air_game(rolls, as_printed=False, support=8):
    game = utah_game("utah/causeway", rolls=rolls, as_printed=as_printed,
                     allied={"air_support": lambda d: max(d.options),
                             "air_target": lambda d: d.options[0]})
    unit(game, INFANTRY, "31.045")            # beside the German: in sight
    unit(game, GRENADIER, "30.045")
    weather(game, "clear")
    return game


def test_fighter_bombers_on_the_divisional_displays():
    """utah:17.0, utah:17.1#1, utah:17.1#3: the day's Fighter-Bombers by the weather; utah:17.1#7:
    from the 0700 turn of 7 June up to 8 on each Allied Divisional Display."""
    game = air_game([])
    game.perform("airpower_phase")
    division = game.ref("division", "4th Infantry Division")
    assert game.attr(division, "air_support") == 8
    assert game.attr(Ref("game", "game"), "fighter_bombers_left") == 1


def test_a_fighter_bomber_strike_at_a_unit_in_sight():
    """utah:17.1#8-10: when the Division's chit is drawn, a Fighter-Bomber attacks a
    German Unit a Unit of the Division sees, with a 7 White Fire Rating and the Direct
    Fire modifiers; utah:17.1#12: never at Night."""
    game = air_game([0])
    division = game.ref("division", "4th Infantry Division")
    game.set_initial(division, "air_support", 1)
    game.perform("fighter_bomber_strikes", division)
    strike = game.events("air_strike_resolved")
    assert len(strike) == 1 and strike[0].data["roll"] == 0
    target = game.ref("unit", GRENADIER)
    rating = game.value("air_strike_rating", 7, target)
    assert term(rating, "terrain") == -1              # the village, at an Unarmored target
    assert game.attr(division, "air_support") == 0
    night = utah_game("utah/night_drop")
    assert not night.value("air_strikes_possible")


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_17_1_terrain_air_defense_lost_near_allied_units(as_printed):
    """utah:17.1#20-22, utah:17.1#28: a Fortified (5), City (4) or Town (2) hex, or one
    beside it, makes one Air Defense roll: that value or less aborts the strike;
    utah:errata:17.1: "A hex loses its inherent Air Defense Value if an Allied Unit is
    within 2 hexes of the hex in question"."""
    game = air_game([1, 1], as_printed=as_printed)
    game.state.map.terrain["31.044"] = "town"
    division = game.ref("division", "4th Infantry Division")
    game.set_initial(division, "air_support", 1)
    game.perform("fighter_bomber_strikes", division)
    aborted = game.events("fighter_bomber_aborted")
    assert len(aborted) == (1 if as_printed else 0)
    assert len(game.events("air_strike_resolved")) == (0 if as_printed else 1)


def test_air_defense_units_in_range():
    """utah:17.1#24-27: a Unit with an Air Defense value within 8 hexes rolls too, its
    value cut by its Cohesion Hits."""
    game = air_game([2])
    aa = game.ref("unit", GRENADIER)
    face(game, GRENADIER).update(air_defense=3)
    division = game.ref("division", "4th Infantry Division")
    game.set_initial(division, "air_support", 1)
    game.set_initial(aa, "cohesion_hits", 1)
    assert game.value("air_defense_value", aa) == 2
    game.perform("fighter_bomber_strikes", division)
    assert [e.data["roll"] for e in game.events("fighter_bomber_aborted")] == [2]


def test_german_tank_recovery():
    """utah:16.0, utah:16.4#2-5: a German black-striped vehicle Unit recovers a lost step by a
    Rally action and a Troop Quality check (Men Rallying applies), In Command, not
    Suppressed nor in an enemy Fire Zone, keeping its Cohesion Hits."""
    game = utah_game(rolls=[9, 0], allied=None)
    tank = unit(game, GRENADIER, "28.045")
    face(game, GRENADIER).update(stripe="black", movement_class="tracked")
    game.state.catalog["unit"][GRENADIER]["faces"]["back"].update(stripe="black",
                                                                    movement_class="tracked")
    game.place("Kdr Gren 1057", "28.045", "leader")       # In Command
    game.perform("take_step_loss", tank)
    game.set_initial(tank, "cohesion_hits", 1)
    game.set_initial(game.ref("division", "91.Luftlande Infanterie-Division"), "cp", 0)
    assert game.value("tank_recovery_possible", tank)
    game.players.players["Axis"].answers["tank_recovery"] = "recover"
    game.perform("rally", tank)                           # 9: fails
    assert game.attr(tank, "face") == "back" and game.attr(tank, "men_rallying") == 1
    game.perform("rally", tank)                           # 0: recovers
    assert game.attr(tank, "face") == "front" and game.attr(tank, "cohesion_hits") == 1
    game.set_initial(tank, "suppressed", 1)
    game.perform("take_step_loss", tank)
    assert not game.value("tank_recovery_possible", tank)


def test_18_4_regimental_at_companies_lay_mines_like_one_step_engineers():
    """utah:18.4#2, utah:18.4#3: switched on, a Regimental AT Company lays and clears
    Minefields like a 1-step Engineer (it must roll: 6 or less); off, it cannot."""
    for options, works in (([], False), (["utah:18.4"], True)):
        game = game_with("utah/causeway", options, rolls=[7, 6])
        for unit_id in list(game.state.placement):
            kind = "leader" if unit_id in game.state.catalog["leader"] else "unit"
            game.place(unit_id, None, kind)
        at = unit(game, INFANTRY, "33.046")
        game.state.catalog["unit"][INFANTRY]["tags"].append("regimental_at")
        assert ("lay_mines" in game.value("engineer_works", at)) == works
        if works:
            game.players.players["Allied"].answers["engineer_work"] = "lay_mines"
            game.perform("engineer", at)                  # 7: more than 6
            assert game.value("hex_marker", "33.046", "minefield") == 0
            game.perform("engineer", at)                  # 6
            assert game.value("hex_marker", "33.046", "minefield") == 1


def bocage_game(rolls=(), as_printed=False):
    game = utah_game("utah/causeway", rolls=list(rolls), as_printed=as_printed)
    for h in ("33.046", "33.047", "34.046"):
        game.state.map.terrain[h] = "hedgerow"
    return game


def test_german_units_enter_bocage_in_a_hedgerow_hex():
    """utah:16.3#1-6: a German Unit with a Fire Rating, in or beside a Hedgerow hex, no
    Allied Fire Zone on it or on the hex, enters Bocage as a movement action — in its
    own hex, or in the next after a TQ check (failing: it moves, no Bocage);
    utah:16.3#7: not from an Improved Position."""
    game = bocage_game(rolls=[9])
    german = unit(game, GRENADIER, "33.046")
    assert "bocage" in game.value("legal_actions", german, "division")
    assert set(game.value("bocage_hexes", german)) >= {"33.046", "33.047", "34.046"}
    game.players.players["Axis"].answers["bocage_hex"] = "33.047"
    game.perform("enter_bocage", german)                  # 9: the check fails
    assert game.attr(german, "hex") == "33.047" and game.attr(german, "bocage") == 0
    game.players.players["Axis"].answers["bocage_hex"] = "33.047"
    game.perform("enter_bocage", german)                  # in its own hex: no check
    assert game.attr(german, "bocage") == 1
    assert game.value("exclusive_assault_marker", german, "bocage")   # the Bravery chart
    other = unit(game, INFANTRY, "35.045")
    assert game.value("bocage_hexes", other) == []        # not a German Unit
    game.set_initial(german, "bocage", 0)
    game.set_initial(german, "improved_position", 1)
    assert game.value("bocage_hexes", german) == []


def test_bocage_rally_in_a_fire_zone_and_leaving_it():
    """utah:16.3#12: a Unit in Bocage may Rally away Cohesion Hits in a Fire Zone;
    utah:16.3#13, utah:16.3#14: the marker goes when the Unit leaves the hex."""
    game = bocage_game()
    german = unit(game, GRENADIER, "33.046")
    unit(game, INFANTRY, "34.046")                        # an Allied Fire Zone on it
    assert not game.value("may_rally_cohesion", german)
    game.set_initial(german, "bocage", 1)
    assert game.value("may_rally_cohesion", german)


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_16_3_an_engineer_in_bocage_digs_in_only_itself(as_printed):
    """utah:errata:16.3#1, utah:errata:16.3#2: an Engineer assisting another Unit in
    Bocage cannot be in Bocage; once in Bocage it builds only for itself — as printed
    (utah:16.3#7) any Engineer helps."""
    game = bocage_game(as_printed=as_printed)
    sapper = unit(game, "A/4 Engr", "33.046")
    helped = unit(game, INFANTRY, "33.046")
    game.set_initial(sapper, "bocage", 1)
    assert game.value("engineer_assists", sapper, helped) == as_printed
    assert game.value("engineer_assists", sapper, sapper)


def test_16_2_beach_defense_units_act_on_the_direct_command_chit():
    """utah:16.2#1: "The independent, white stripe, Wn and Stp Units MAY be activated
    during the Direct Command chit when In Command and by expending a Command Point
    normally" — the series keeps every other independent out (gts:10.0.5)."""
    game = utah_game(allied=None)
    wn = unit(game, GRENADIER, "28.045")
    for side in ("front", "back"):
        game.state.catalog["unit"][GRENADIER]["faces"][side].update(stripe="white")
    axis = game.ref("side", "Axis")
    division = game.ref("division", "91.Luftlande Infanterie-Division")
    game.set_initial(division, "cp", 1)
    game.place("Kdr Gren 1057", "28.045", "leader")       # In Command
    assert not game.value("direct_command_eligible", wn, axis)    # white stripe, no Wn
    game.state.catalog["unit"][GRENADIER]["tags"].append("wn")
    assert game.value("direct_command_eligible", wn, axis)
    game.players.players["Axis"].answers.update(
        {"direct_command_unit": [GRENADIER, "done"], "action": "move", "move": "stop"})
    game.perform("direct_command", axis)
    assert game.attr(division, "cp") == 0                 # a Command Point, normally
    game.set_initial(division, "cp", 1)
    game.place("Kdr Gren 1057", None, "leader")           # Out of Command
    assert not game.value("direct_command_eligible", wn, axis)


ZERO_STEP = "1./I./FJR 6"


def zero_step_assault(options, charge_check):
    """A Leg company assaults 33.046, held by a two-step Grenadier company and a 0-step
    Unit; the attacker charges and the defender's Troop Quality check is *charge_check*;
    every later roll misses."""
    game = game_with("utah/causeway", options, rolls=[0, charge_check] + [9] * 30)
    for unit_id in list(game.state.placement):
        kind = "leader" if unit_id in game.state.catalog["leader"] else "unit"
        game.place(unit_id, None, kind)
    for side in ("front", "back"):
        game.state.catalog["unit"][ZERO_STEP]["faces"][side]["steps"] = 0
    attacker = unit(game, INFANTRY, "32.047")
    grenadiers = unit(game, GRENADIER, "33.046")
    zero = unit(game, ZERO_STEP, "33.046")
    game.players.players["Allied"].answers.update(
        {"assault_hex": "33.046", "charge_or_fire": "charge"})
    game.players.players["Axis"].answers.update(
        {"opportunity_fire": False, "stand_or_run": "stand", "charge_check_unit": GRENADIER})
    game.perform("assault", [attacker], "formation")
    return game, grenadiers, zero


def test_18_8_off_a_0_step_unit_is_removed_at_step_4():
    """utah:18.8#2: as the series plays it, a 0-step defender is removed at Step 4."""
    game, grenadiers, zero = zero_step_assault([], charge_check=0)
    assert game.attr(zero, "eliminated") and not game.attr(grenadiers, "eliminated")
    assert game.events("zero_step_units_set_aside") == []


def test_18_8_a_0_step_unit_stacked_with_others_shares_their_fate():
    """utah:18.8#5-10: switched on, a 0-step Unit stacked with a non-0-step Unit is not
    removed at Step 4 but placed to the side for the assault rounds, not contributing
    (never the Unit checked or fired on); it survives if a friendly Unit does and
    surrenders when all are destroyed; utah:18.8#3: alone it is still removed."""
    game, grenadiers, zero = zero_step_assault(["utah:18.8"], charge_check=0)
    [aside] = game.events("zero_step_units_set_aside")
    assert [str(u) for u in aside.data["units"]] == [ZERO_STEP]
    shooters = {str(e.data["firer"]) for e in game.events("assault_fire_resolved")}
    assert shooters == {GRENADIER}
    [back] = game.events("zero_step_units_rejoin")
    assert back.data["survived"] is True
    assert game.attr(zero, "hex") == "33.046" and not game.attr(zero, "eliminated")

    game, grenadiers, zero = zero_step_assault(["utah:18.8"], charge_check=9)
    assert game.attr(grenadiers, "eliminated")
    [back] = game.events("zero_step_units_rejoin")
    assert back.data["survived"] is False and game.attr(zero, "eliminated")


def test_18_8_a_lone_0_step_unit_is_still_removed_at_step_4():
    """utah:18.8#2, utah:18.8#3: "This is accurate if they are alone in the hex"."""
    game = game_with("utah/causeway", ["utah:18.8"], rolls=[0] + [9] * 10)
    for unit_id in list(game.state.placement):
        kind = "leader" if unit_id in game.state.catalog["leader"] else "unit"
        game.place(unit_id, None, kind)
    for side in ("front", "back"):
        game.state.catalog["unit"][ZERO_STEP]["faces"][side]["steps"] = 0
    attacker = unit(game, INFANTRY, "32.047")
    zero = unit(game, ZERO_STEP, "33.046")
    game.players.players["Allied"].answers.update({"assault_hex": "33.046"})
    game.players.players["Axis"].answers.update({"opportunity_fire": False})
    game.perform("assault", [attacker], "formation")
    assert game.attr(zero, "eliminated") and game.attr(attacker, "hex") == "33.046"


KEIL = "Kdr Gren 919"
KG_KEIL = "1./I./Gren 919"
PHONE = "2./I./Gren 919"


def phone_game(extra=()):
    """utah/night_drop with its Grenadier company of Gren 1057 standing in for a Wn
    Unit (white stripe, telephone) and a company of Gren 919 with a telephone."""
    game = utah_game("utah/night_drop", extra=extra)
    units = game.state.catalog["unit"]
    for side in ("front", "back"):
        units[NIGHT_GRENADIER]["faces"][side].update(stripe="white")
    units[NIGHT_GRENADIER]["tags"] = list(units[NIGHT_GRENADIER].get("tags") or []) + \
        ["wn", "telephone"]
    units[PHONE]["tags"] = list(units[PHONE].get("tags") or []) + ["telephone"]
    return game


def test_16_1_keil_commands_the_telephone_units_anywhere():
    """utah:16.1#1-5: Leader Keil (KG Keil, Grenadier-Regiment 919), stacked with a Unit
    with a telephone symbol, commands every Wn or Stp Unit and Coastal Battery with one
    anywhere on the map; a KG Keil Unit stacked with such a Unit is In Command too;
    utah:16.1#13: from the 0700 turn of 8 June the lines are cut and command is traced
    normally."""
    game = phone_game()
    wn = unit(game, NIGHT_GRENADIER, "49.036")             # far from any Leader
    kg = unit(game, KG_KEIL, "49.036")
    assert not game.value("in_command", wn) and not game.value("in_command", kg)
    game.place(KEIL, "41.028", "leader")                   # alone: no telephone there
    assert not game.value("in_command", wn)
    unit(game, PHONE, "41.028")
    assert game.value("in_command", wn) and game.value("in_command", kg)
    game.place(KG_KEIL, "48.036")                          # no longer with the Wn
    assert not game.value("in_command", kg)
    assert not game.value("phones_all_cut")                # the Night, 5 June
    cut = ExtraRules("cut_for_test.ksr",
                     'override const phones_cut_from = "1944-06-05" @utah:16.1\n')
    game = phone_game(extra=(cut,))
    wn = unit(game, NIGHT_GRENADIER, "49.036")
    unit(game, PHONE, "41.028")
    game.place(KEIL, "41.028", "leader")
    assert game.value("phones_all_cut") and not game.value("in_command", wn)


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_16_8_independent_flak_commanded_by_any_leader(as_printed):
    """utah:errata:16.8: German Independent Flak Units "can be commanded by any leader
    that is within command range" — a Leader of another Division too; as printed they
    are the series' independents, In Command only of their own Division's Leaders.
    "They do not have organic transportation and can only move (other than by prolong
    ...) by using the Tross/Flak 30 transportation units" (Divisional Trucks' rule 12.0, not yet
    played): no movement Action, either way."""
    game = utah_game(as_printed=as_printed)
    flak = unit(game, GRENADIER, "28.045")
    for side in ("front", "back"):
        game.state.catalog["unit"][GRENADIER]["faces"][side].update(stripe="white")
    game.state.catalog["unit"][GRENADIER]["tags"].append("flak")
    game.place("Kdr Gren 919", "27.045", "leader")        # 709.Infanterie-Division's
    assert game.value("in_command", flak) == (not as_printed)
    actions = game.value("legal_actions", flak, "direct")
    assert "move" not in actions and "transport" not in actions


CARRY_FOR_TEST = ExtraRules("carry_for_test.ksr", """
procedure carry_for_test(chit: chit) @utah:17.2 {
  step carry @utah:17.2 { do pool_add("carry", chit) }
}
""")


def test_17_2_a_restricted_chit_left_last_on_2100_is_wasted_at_night():
    """utah:17.2#2: a US Army Formation chit "drawn as the last chit on a 2100 turn ...
    is wasted and not played during the Night turn"; an Airborne Division's is
    played."""
    game = utah_game("utah/night_drop", extra=(CARRY_FOR_TEST,))
    assert game.value("turn_is", "night")
    infantry = game.ref("chit", "formation:8th Infantry Regiment")
    game.perform("carry_for_test", infantry)
    game.perform("activation_phase")
    assert [str(e.data["chit"]) for e in game.events("chit_wasted_at_night")] == [infantry.id]
    airborne = game.ref("chit", "formation:505th Parachute Infantry Regiment")
    game.perform("carry_for_test", airborne)
    game.perform("activation_phase")
    assert [str(e.data["chit"]) for e in game.events("activation_started")] == [airborne.id]
    assert len(game.events("chit_wasted_at_night")) == 1


ASSAULT_EVENTS_FOR_TEST = ExtraRules("assault_events_for_test.ksr", """
procedure declare_for_test(group, hex_id) @utah:18.9 {
  step declare @utah:18.9 { emit assault_declared(units = group, hex = hex_id) }
}
procedure conclude_for_test(hex_id) @utah:18.9 {
  step conclude @utah:18.9 { emit assault_over(hex = hex_id, outcome = "held") }
}
""")


def test_18_9_alone_and_afraid_troop_quality_while_assaulted():
    """utah:18.9#3, utah:18.9#4: the isolated vehicle's "TQ reduced by 1 (-1)" under "an
    Alone and Afraid marker, which is only used from the declaration of the assault
    until the assault is concluded"; not switched on, no marker."""
    for options, marked in (([], False), (["utah:18.9"], True)):
        game = start("utah/causeway", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                     dice=Dice(0), options=options, extra=(ASSAULT_EVENTS_FOR_TEST,))
        for unit_id in list(game.state.placement):
            kind = "leader" if unit_id in game.state.catalog["leader"] else "unit"
            game.place(unit_id, None, kind)
        tank = unit(game, TANK, "34.046")
        german = unit(game, GRENADIER, "34.045")
        before = int(game.value("troop_quality", tank))
        game.perform("declare_for_test", [german], "34.046")
        during = game.value("troop_quality", tank)
        assert term(during, "alone_and_afraid") == (-1 if marked else 0)
        assert int(during) == before - (1 if marked else 0)
        # utah:18.9#5: "This will include the Bravery Check for Units assaulting the
        # 'isolated' Unit" — its Defensive Rating +1 there.
        bravery = game.value("bravery", german, [german], "34.046")
        assert term(bravery, "alone_and_afraid") == (1 if marked else 0)
        game.perform("conclude_for_test", "34.046")
        assert term(game.value("bravery", german, [german], "34.046"), "alone_and_afraid") == 0
        assert int(game.value("troop_quality", tank)) == before


def interdiction_game(rolls, interdiction=3, weather_name="clear"):
    game = utah_game(rolls=rolls, allied={"air_support": 0, "interdiction": interdiction})
    weather(game, weather_name)
    game.perform("airpower_phase")
    for unit_id in (GRENADIER, "6./II./Gren 1057"):
        game.state.catalog["unit"][unit_id]["entry_hex"] = "27.045"
        game.set_initial(game.ref("unit", unit_id), "in_box", 1)
    return game


def test_17_1_fighter_bombers_interdict_german_reinforcements():
    """utah:17.1#13-18: up to 4 Fighter Bombers (2 when Overcast) on Interdiction; the
    Allied player rolls once for each Reinforcement Hex with Germans entering: equal to
    or under the number on Interdiction, all of them wait for the next turn, when he
    rolls again."""
    game = interdiction_game(rolls=[3])
    assert game.value("on_interdiction") == 3
    assert [e.data["count"] for e in game.events("fighter_bombers_on_interdiction")] == [3]
    first, second = (game.ref("unit", u) for u in (GRENADIER, "6./II./Gren 1057"))
    game.perform("reinforcement_arrives", first)
    game.perform("reinforcement_arrives", second)         # the same hex: no second roll
    [roll] = game.events("reinforcements_interdicted")
    assert roll.data["interdicted"] and roll.data["roll"] == 3
    assert not game.attr(first, "on_map") and not game.attr(second, "on_map")
    game = interdiction_game(rolls=[4])
    first = game.ref("unit", GRENADIER)
    game.perform("reinforcement_arrives", first)
    assert game.attr(first, "hex") == "27.045"
    game = interdiction_game(rolls=[], interdiction=2, weather_name="overcast")
    asked = [d for d in game.players.players["Allied"].asked if d.key == "interdiction"]
    assert max(asked[0].options) == 2


def test_17_1_no_interdiction_at_night():
    """utah:17.1#19: "since Planes don't fly at Night, all reinforcements may always
    enter during a Night turn"."""
    game = utah_game("utah/night_drop", rolls=[0])
    for g in game.value("all_of", "game"):
        game.set_initial(g, "interdiction", 4)
    first = game.ref("unit", NIGHT_GRENADIER)
    game.state.catalog["unit"][NIGHT_GRENADIER]["entry_hex"] = "41.028"
    game.set_initial(first, "in_box", 1)
    game.perform("reinforcement_arrives", first)
    assert game.events("reinforcements_interdicted") == []
    assert game.attr(first, "hex") == "41.028"


def test_17_1_the_day_s_allotment_by_the_weather():
    """utah:17.1#4, utah:17.1#5: Overcast 5 Fighter Bombers, Storm none; utah:17.1#11:
    "the allotment is for the entire day – not per turn": the next morning's phase
    takes back what is left on the Displays; utah:17.1#29: an aborted Fighter Bomber
    "is considered 'used' and removed for the day"."""
    game = air_game([])
    division = game.ref("division", "4th Infantry Division")
    for name, count in (("overcast", 5), ("storm", 0)):
        weather(game, name)
        assert game.value("allied_fighter_bombers") == count
    weather(game, "overcast")
    game.perform("airpower_phase")
    assert game.attr(division, "air_support") == 5
    weather(game, "storm")
    game.perform("airpower_phase")
    assert game.attr(division, "air_support") == 0
    game = air_game([2, 9, 9])                 # aborted; then not, and a miss
    face(game, GRENADIER).update(air_defense=3)
    game.set_initial(division, "air_support", 2)
    game.perform("fighter_bomber_strikes", division)
    assert len(game.events("fighter_bomber_aborted")) == 1
    assert len(game.events("air_strike_resolved")) == 1
    assert game.attr(division, "air_support") == 0


OTHER_GRENADIER = "6./II./Gren 1057"


def artillery_game(options, steps):
    """An Allied HE Indirect Fire Unit of *steps* steps 3 hexes from two German
    companies in 33.046, the first in an Improved Position; the fire hits, the other
    company's "S?" check fails."""
    # a two-step Unit rolls for its Company Bonus first
    game = game_with("utah/causeway", options, rolls=[0, 0, 9, 9] if steps == 2 else [0, 9, 9])
    for unit_id in list(game.state.placement):
        kind = "leader" if unit_id in game.state.catalog["leader"] else "unit"
        game.place(unit_id, None, kind)
    for side in ("front", "back"):
        game.state.catalog["unit"][INFANTRY]["faces"][side].update(weapon_class="IHE",
                                                                   fire_range=12)
    gun = unit(game, INFANTRY, "36.045")
    if steps == 1:
        game.state.faces[INFANTRY] = "back"
    dug_in = unit(game, GRENADIER, "33.046")
    game.set_initial(dug_in, "improved_position", 1)
    exposed = unit(game, OTHER_GRENADIER, "33.046")
    return game, gun, dug_in, exposed


def test_18_2_two_step_artillery_fires_at_the_most_vulnerable():
    """utah:18.2#4-7: switched on, a two-step HE Indirect Fire Unit "always attacks the
    most vulnerable Unit (highest defensive modifiers, including terrain and any
    markers)", a tie left to the attacker; "If the fire is effective, any other Units
    roll the S?"."""
    game, gun, dug_in, exposed = artillery_game(["utah:18.2"], steps=2)
    assert [t.id for t in game.value("most_vulnerable", gun, [dug_in, exposed])] == \
        [OTHER_GRENADIER]
    game.set_initial(dug_in, "improved_position", 0)
    assert len(game.value("most_vulnerable", gun, [dug_in, exposed])) == 2     # a tie
    game.set_initial(dug_in, "improved_position", 1)
    game.perform("indirect_fire", gun, exposed)
    assert game.attr(exposed, "face") == "back" and game.attr(dug_in, "suppressed") == 1


@pytest.mark.parametrize("options", [[], ["utah:18.2"]])
def test_18_2_one_step_artillery_hits_only_its_target(options):
    """utah:18.2#8: "Indirect Fire from one or zero step HE Indirect Fire Units only
    attacks one Unit in the hex, Attacker's choice, with no effect on any other Units,
    even if the target Unit takes effective fire"; off, the series' S? for the others
    (gts:16.6.1)."""
    game, gun, dug_in, exposed = artillery_game(options, steps=1)
    game.perform("indirect_fire", gun, exposed)
    assert game.attr(exposed, "face") == "back"
    assert game.attr(dug_in, "suppressed") == (0 if options else 1)


def test_18_7_on_7_june_above_7():
    """utah:18.7#6: "On 7 June, a roll of greater than 7 results in the loss of 2 Command
    Points" (the causeway demonstration is on 7 June)."""
    for third, lost in ((7, 0), (8, 2)):
        game = game_with("utah/causeway", ["utah:18.7"], rolls=[9, 9, third])
        division = game.ref("division", "82nd Airborne Division")
        # not in the causeway's order of battle: ratings for the rolls
        game.state.catalog["division"][division.id].update(command_rating=2, dispatch_rating=2)
        game.perform("roll_division_points", division)
        assert [e.data["lost"] for e in game.events("airborne_leader_losses")] == [lost]


def test_6_0_the_event_chit_drawn_rolls_the_random_event():
    """utah:6.0#5, utah:6.0#6: "Random Events occur when the Event! Chit is drawn from
    the Mug" — playing the chit rolls the table (a 2: an NCO's 4 Command Points)."""
    game = event_game([2])
    american = game.ref("division", "4th Infantry Division")
    game.set_initial(american, "cp", 1)
    game.perform("play_chit", game.ref("chit", "random_event:Allied"))
    assert [e.data["roll"] for e in game.events("random_event")] == [2]
    assert game.attr(american, "cp") == 5


def relabel_turns(game, day):
    for turn in game.state.catalog["game"]["game"]["turns"]:
        turn["label"] = day + turn["label"][10:]


def test_6_0_a_zero_is_no_event_from_9_june():
    """utah:6.0#8: "Starting on 0700, 9 June, a roll of 0 for a Random Event is
    considered No Event" — on 8 June the same 0 loses an Allied commander."""
    game = event_game([0, 5])
    relabel_turns(game, "1944-06-09")
    game.perform("random_event_roll")
    assert [e.data["what"] for e in game.events("random_event")] == \
        ["No Event (a 0 from 0700, 9 June)"]
    earlier = event_game([0, 5])
    relabel_turns(earlier, "1944-06-08")
    earlier.perform("random_event_roll")
    assert [e.data["what"] for e in earlier.events("random_event")] == \
        ["an Allied Battalion Commander is lost"]


ONLY_IN_MUG_FOR_TEST = ExtraRules("only_in_mug_for_test.ksr", """
procedure only_in_mug_for_test(chit: chit) @utah:6.0 {
  step empty @utah:6.0 {
    for c in pool_contents("mug") { do pool_remove("mug", c) }
    for c in pool_contents("carry") { do pool_remove("carry", c) }
    do pool_add("mug", chit)
  }
}
""")


def test_6_0_the_event_chit_left_last_is_no_event():
    """utah:6.0#2: "If the Event! chit is the last one left in the mug at the end of the
    turn, it is considered a No Event, and it is not the first chit in play" — no roll
    (a scripted 2 would add Command Points), no activation."""
    game = utah_game("utah/causeway", rolls=[2], extra=(ONLY_IN_MUG_FOR_TEST,))
    american = game.ref("division", "4th Infantry Division")
    game.set_initial(american, "cp", 1)
    game.perform("only_in_mug_for_test", game.ref("chit", "random_event:Allied"))
    game.perform("activation_phase")
    assert [e.data["what"] for e in game.events("random_event")] == \
        ["No Event (the Event! chit was left last)"]
    assert game.attr(american, "cp") == 1 and game.events("activation_started") == []


def tank_recovery_game(rolls):
    game = utah_game(rolls=rolls, allied=None)
    tank = unit(game, GRENADIER, "28.045")
    for side in ("front", "back"):
        game.state.catalog["unit"][GRENADIER]["faces"][side].update(stripe="black",
                                                                     movement_class="tracked")
    game.place("Kdr Gren 1057", "28.045", "leader")       # In Command
    game.perform("take_step_loss", tank)
    game.players.players["Axis"].answers["tank_recovery"] = "recover"
    return game, tank


def test_16_4_a_command_point_buys_the_recovery_and_the_eliminated_never_recover():
    """utah:16.4#6: "A Command Point may be spent to pass the check" — a 9 fails, the
    Point bought instead recovers the step; utah:16.4#7: "Completely eliminated Units may
    never recover steps and are gone for good"."""
    game, tank = tank_recovery_game([9])
    division = game.ref("division", "91.Luftlande Infanterie-Division")
    game.set_initial(division, "cp", 1)
    game.players.players["Axis"].answers["buy:tank_recovery_check"] = True
    game.perform("rally", tank)
    assert game.attr(tank, "face") == "front" and game.attr(division, "cp") == 0
    game, tank = tank_recovery_game([0])
    game.perform("take_step_loss", tank)                  # the last step: eliminated
    assert not game.attr(tank, "on_map")
    assert not game.value("tank_recovery_possible", tank)


KG_HEYDTE = "Fallschirmjäger-Regiment 6"


def kg_nachhut_game():
    """FJR 6 (KG Heydte, with the 91.LL) given its own Nachhut: a Rearguard counter
    tagged with its Formation."""
    game = utah_game("utah/causeway")
    own = "Rearguard 709.Infanterie-Division 1"
    game.state.catalog["unit"][own]["tags"].append(f"kg:{KG_HEYDTE}")
    return game, game.ref("unit", own)


def link(game, entity, name, target):
    game.state.set_link(entity, name, target, [{"what": "set-up", "link": name}])


def test_5_0_a_kg_has_its_own_nachhuten_the_division_s_units_do_not():
    """utah:5.0#9: "The German Independent Formations have their own Nachhuten";
    utah:5.0#13: "These German independent Kampfgruppen can also use Nachhuten from the
    Division to which they are attached, but other Units of the division cannot use
    these KG specific Nachhuten"."""
    game, own = kg_nachhut_game()
    heydte = unit(game, "1./I./FJR 6", "31.046")
    grenadier = unit(game, GRENADIER, "31.047")
    id709 = game.ref("division", "709.Infanterie-Division")
    assert own in game.value("rearguards_for", heydte)
    assert own not in game.value("rearguards_for", grenadier)
    assert own not in game.value("available_rearguards", id709)
    link(game, heydte, "division", id709)                  # attached to the 709.
    offered = game.value("rearguards_for", heydte)
    assert offered[0] == own and set(game.value("available_rearguards", id709)) <= set(offered)
    assert len(offered) == 3


def test_5_0_kg_nachhuten_follow_the_kg_not_a_battalion():
    """utah:5.0#11: "If the KG ... is cross-attached to another division, the
    corresponding Nachhut markers will transfer with the KG"; utah:5.0#12: "If, however,
    only a battalion is cross-attached to another Formation, the Nachhut markers will
    remain with the KG"."""
    game, own = kg_nachhut_game()
    heydte = unit(game, "1./I./FJR 6", "31.046")
    other = unit(game, "14./FJR 6", "31.047")
    regiment = game.ref("formation", KG_HEYDTE)
    id243 = game.ref("division", "243.Infanterie-Division")
    link(game, regiment, "pending_division", id243)
    game.perform("complete_formation", regiment)           # the KG goes to the 243.
    assert game.attr(heydte, "division") == id243
    assert own in game.value("rearguards_for", heydte)
    link(game, heydte, "formation", game.ref("formation", "Grenadier-Regiment 1057"))
    assert own not in game.value("rearguards_for", heydte)  # the battalion moved alone
    assert own in game.value("rearguards_for", other)


def test_6_0_a_lost_formation_leader_s_contacts_go_back_pending():
    """utah:6.0#21: "Place any Contact markers on the leader back with the owning
    artillery Units on their Contact Pending sides" — the wounded Formation Leader's
    artillery contact is lost; another Leader's is kept."""
    game = event_game([0, 9])
    leader = game.ref("leader", "CO 8th IR")
    other = game.ref("leader", "Kdr Gren 1057")
    gun, far = game.ref("unit", INFANTRY), game.ref("unit", GRENADIER)
    for u, l in ((gun, leader), (far, other)):
        game.set_initial(u, "in_contact", 1)
        game.state.set_link(u, "contact_with", l, [{"what": "set-up", "link": "contact_with"}])
    game.perform("random_event_roll")
    assert game.attr(gun, "in_contact") == 0 and game.attr(far, "in_contact") == 1
