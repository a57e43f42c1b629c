"""Allied Withdrawal (crete:S5.0): what it allows and does once in effect — off
the map without a Command Point (S1.0), the withdrawal hexes (Heraklion
Withdrawal 28.26 here), two Units a night from a port, the Withdrawal level
raised for each non-Greek Unit, the "No"-movement Units removed the moment it
is triggered, the Greek Units' TQ checks in step C of each Night Turn, and
S1.0's Allied Units removed from boxes shared with German Units at the end of
each Night Turn.  Played on Scenario 4 "Piling On" (Heraklion; S1.0 and S2.0
in effect) with S5.0 switched on and the effect Scenario 10 prints, "Allied
Withdrawal is in effect with a level of 1"."""

from __future__ import annotations

from pathlib import Path

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

SCENARIO = Path(__file__).parents[2] / "scenarios" / "crete" / "piling_on.yaml"
BLACK_WATCH = "A 2/B W •"        # CREFOR, two steps
MORTAR = "S(Mtr) 2/B W •"
GREEK = "1 1/7 Inf"
GERMAN = "6./II./FJR 1 •"
LEADER = "14th Infantry Brigade Leader"
PORT = "19.08"
WITHDRAWAL_HEX = "28.26"


def piling_on(withdrawal=1, morale=None, rolls=None, allied=None, axis=None):
    allied = allied or KeyedPlayer()
    axis = axis or KeyedPlayer()
    session = start(str(SCENARIO), Table({"Allied": allied, "Axis": axis}), dice=Dice(0))
    catalog = session.state.catalog
    catalog["special_rule"]["crete:S5.0"] = {"name": "crete:S5.0"}
    if withdrawal is not None:
        catalog["effect"]["test withdrawal"] = {"rule": "test", "kind": "allied_withdrawal",
                                                "level": withdrawal}
    if morale is not None:
        catalog["effect"]["test morale"] = {"rule": "test", "kind": "allied_morale",
                                            "level": morale}
    if rolls is not None:
        session.dice.__dict__.update(Dice(script=rolls).__dict__)
    return session


def alone(session, placements):
    for unit_id in list(session.state.placement):
        session.place(unit_id, None, "leader" if "Leader" in unit_id else "unit")
    for name, hex_id in placements.items():
        session.place(name, hex_id, "leader" if "Leader" in name else "unit")
    return [session.ref("leader" if "Leader" in n else "unit", n) for n in placements]


def at_night(session):
    session.state.turn = next(i for i, t in enumerate(session.state.catalog["game"]["game"]["turns"])
                              if "night" in t.get("tags", []))


def choices(session, units, moved=False):
    return session.value("exclusive_move_choices", units, "formation", moved)


def level(session):
    return session.value("withdrawal_level")


def test_in_effect_from_the_start_with_its_level():
    """Scenario 10: "Allied Withdrawal is in effect with a level of 1"."""
    session = piling_on()
    assert session.value("withdrawal_in_effect") is True and level(session) == 1
    assert piling_on(withdrawal=None).value("withdrawal_in_effect") is False


def test_no_command_point_to_move_off_the_map():
    """crete:S5.0: "Allied Units no longer have to pay a Command Point to move to the
    off-map display" (crete:S1.0's exit hex 01.11).
    Sentences: crete:S5.0#17.
    """
    session = piling_on(allied=KeyedPlayer({"move": "leave_map"}))
    unit, _ = alone(session, {BLACK_WATCH: "01.11", GERMAN: "40.20"})
    session.set_initial(session.ref("division", "CREFOR"), "cp", 0)
    assert choices(session, [unit]) == ["leave_map"]
    session.perform("move", [unit], "formation")
    assert session.attr(unit, "off_map") == 1
    assert session.attr(session.ref("division", "CREFOR"), "cp") == 0
    # without Withdrawal it costs the point (and cannot be paid)
    before = piling_on(withdrawal=None)
    unit, _ = alone(before, {BLACK_WATCH: "01.11", GERMAN: "40.20"})
    before.set_initial(before.ref("division", "CREFOR"), "cp", 0)
    assert choices(before, [unit]) == []


def test_off_by_the_heraklion_withdrawal_hex_raises_the_level():
    """crete:S5.0: "The Allied player may begin exiting forces off ... Heraklion
    Withdrawal hexes (... Heraklion Map: hex 28.26)"; "For each Allied, non-Greek
    unit withdrawn, increase the Allied Withdrawal Level by 1".
    Sentences: crete:S5.0#19, crete:S5.0#22.
    """
    session = piling_on(allied=KeyedPlayer({"move": "withdraw"}))
    unit, greek, _ = alone(session, {BLACK_WATCH: WITHDRAWAL_HEX, GREEK: WITHDRAWAL_HEX,
                                     GERMAN: "40.20"})
    assert "withdraw" in choices(session, [unit])
    session.perform("move", [unit], "formation")
    session.perform("move", [greek], "direct")
    assert session.attr(unit, "withdrawn") == 1 and session.attr(unit, "on_map") is False
    assert session.attr(greek, "withdrawn") == 1
    assert [(e.data["unit"], e.data["by"]) for e in session.events("unit_withdrawn")] == \
        [(BLACK_WATCH, "exit"), (GREEK, "exit")]
    assert level(session) == 2                              # the Greek Unit adds nothing
    raised = session.events("withdrawal_level_raised")
    assert [(e.data["change"], e.data["level"]) for e in raised] == [(1, 2)]
    assert any("crete:S5.0" in (r.get("cites") or []) for r in raised[0].cause)
    assert session.value("may_return", unit) is False


def test_no_withdrawal_hex_before_withdrawal():
    session = piling_on(withdrawal=None)
    unit, _ = alone(session, {BLACK_WATCH: WITHDRAWAL_HEX, GERMAN: "40.20"})
    assert "withdraw" not in choices(session, [unit])


def test_two_units_a_night_from_a_port_that_start_there():
    """crete:S5.0: "During a Night Turn, the Allies may also withdraw up to two Units
    from a port hex. The Units must start their activation on the port hex and are
    simply removed from play."  No Opportunity Fire, no Command Point.
    Sentences: crete:S5.0#20, crete:S5.0#21.
    """
    session = piling_on(allied=KeyedPlayer({"move": "withdraw"}),
                        axis=KeyedPlayer({"opportunity_fire": True}))
    unit, mortar, _, german = alone(session, {BLACK_WATCH: PORT, MORTAR: PORT, LEADER: PORT,
                                              GERMAN: "19.09"})
    assert choices(session, [unit]) == []                   # by day: no
    at_night(session)
    assert choices(session, [unit]) == ["withdraw"]
    assert choices(session, [unit], moved=True) == []       # it did not start there
    session.place(BLACK_WATCH, "19.10")
    assert choices(session, [unit]) == []                   # not a port hex
    session.place(BLACK_WATCH, PORT)
    cp = session.attr(session.ref("division", "CREFOR"), "cp")
    session.perform("move", [unit], "formation")
    assert session.events("fire_resolved") == []
    assert session.attr(unit, "withdrawn") == 1 and level(session) == 2
    assert session.attr(session.ref("division", "CREFOR"), "cp") == cp
    assert session.attr(session.ref("side", "Allied"), "withdrawn_from_ports") == 1
    session.set_initial(session.ref("side", "Allied"), "withdrawn_from_ports", 2)
    assert choices(session, [mortar]) == []                 # two a night


def test_no_movement_units_are_removed_the_moment_it_is_triggered():
    """crete:S5.0: "Should the Morale level fall below 1 ... Allied Withdrawal is
    triggered ... The moment Allied Withdrawal is triggered, the Allied player
    removes all Units with a "No" movement".
    Sentences: crete:S5.0#14, crete:S5.0#18.
    """
    session = piling_on(withdrawal=None, morale=3)
    catalog = session.state.catalog["unit"]
    for face in catalog[MORTAR]["faces"].values():
        face.update(movement=None)
    unit, mortar = alone(session, {BLACK_WATCH: "05.12", MORTAR: "05.13"})
    assert session.value("may_move", mortar) is False
    session.perform("adjust_allied_morale", -5, "test")
    assert session.value("withdrawal_triggered") is True
    assert session.attr(mortar, "eliminated") and not session.attr(unit, "eliminated")
    assert [e.data["unit"] for e in session.events("unit_removed_by_withdrawal")] == [MORTAR]
    assert level(session) == 0


def test_greek_units_check_troop_quality_each_night():
    """crete:S5.0: "during Step C ... of each Night Turn, the Allied player conducts a
    TQ check for each Greek Unit. If the unit fails the TQ check, it is removed from
    play. Command Points may be spent to pass the TQ check if the Greek Unit is In
    Command" (out of command here: the dice decide; TQ 4).
    Sentences: crete:S5.0#24, crete:S5.0#25.
    """
    session = piling_on(rolls=[9, 3], allied=KeyedPlayer({"buy:tq_check": False}))
    first, second = alone(session, {GREEK: "05.12", "2 1/7 Inf": "05.13"})
    session.perform("greek_withdrawal_checks")
    assert session.events("unit_removed_by_withdrawal") == []        # by day: nothing
    at_night(session)
    session.perform("greek_withdrawal_checks")
    assert session.attr(first, "eliminated") and not session.attr(second, "eliminated")
    assert [e.data["reason"] for e in session.events("unit_removed_by_withdrawal")] == \
        ["failed the Night TQ check"]
    without = piling_on(withdrawal=None, rolls=[9])
    alone(without, {GREEK: "05.12"})
    at_night(without)
    without.perform("greek_withdrawal_checks")
    assert without.events("unit_removed_by_withdrawal") == []


def test_allied_units_in_a_box_with_germans_are_removed_at_the_end_of_the_night():
    """crete:S1.0: "Once Allied Withdrawal is in effect, at the end of each Night
    Turn, Allied units occupying transit/map boxes with German units are removed
    from play" (the box of the exit hex each left by).
    Sentences: crete:S1.0#21.
    """
    session = piling_on()
    unit, mortar, german = alone(session, {BLACK_WATCH: "01.11", MORTAR: "48.10",
                                           GERMAN: "01.11"})
    for u in (unit, mortar, german):
        session.perform("take_off_map", u)
    session.perform("night_end_boxes")
    assert not session.attr(unit, "eliminated")                     # by day: nothing
    at_night(session)
    session.perform("night_end_boxes")
    assert session.attr(unit, "eliminated") and not session.attr(mortar, "eliminated")
    assert not session.attr(german, "eliminated")


def test_the_heuristic_bot_withdraws_and_heads_for_the_withdrawal_hex():
    """crete:S5.0 for the bots (docs/players.md): once Withdrawal is in effect an
    Allied Unit heads for the nearest withdrawal hex and withdraws when it may;
    the German Units keep their objectives."""
    from kriegsspiel.modules.gts.bot import heuristic_player

    session = piling_on()
    unit, german = alone(session, {BLACK_WATCH: "05.12", GERMAN: "40.20"})
    bot = heuristic_player(1, session)
    assert bot.goal_of(unit) == WITHDRAWAL_HEX
    assert bot.goal_of(german) != WITHDRAWAL_HEX

    class Asked:
        subject, key, options = unit, "move", ["28.25", "withdraw", "stop"]
    assert bot.decide(Asked) == "withdraw"
    before = piling_on(withdrawal=None)
    unit, _ = alone(before, {BLACK_WATCH: "05.12", GERMAN: "40.20"})
    assert heuristic_player(1, before).goal_of(unit) != WITHDRAWAL_HEX
