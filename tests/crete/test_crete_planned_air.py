"""Planned German Air Support (crete:S11.0): the German player's allocation in
step B of each 0700 turn from 22 May (crete:3.1), the strikes flown as per 5.1
when a 7. Flieger or 5. Gebirgs Division chit is drawn on the designated turn,
and Scenario 8's counters allocated before the scenario begins.  Played on the
Heraklion scenario (its turn 11 is 0700 22 May) with S11.0 switched on."""

from __future__ import annotations

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

BRITISH = "A 2/B W •"          # 29.12
GERMAN = "1./I./FJR 1 •"
FLIEGER = "division:7. Flieger Division"
GEBIRGS = "division:5. Gebirgs Division"
COUNTERS = [f"planned_airstrike:Planned Luftwaffe airstrike {n}" for n in range(1, 5)]
MAY_22_0700 = 11


def heraklion(axis=None, rules=("crete:S11.0",), effects=()):
    session = start("crete/heraklion", Table({"Axis": axis or KeyedPlayer(),
                                              "Allied": KeyedPlayer({})}), seed=1)
    catalog = session.state.catalog
    for rule in rules:
        catalog["special_rule"][rule] = {"name": rule}
    for n, effect in enumerate(effects, 1):
        catalog["effect"][f"test {n}"] = {"rule": "test", **effect}
    # Scenario 3's drops (20 May) are not these tests' business: none left to land.
    for unit in catalog["unit"].values():
        unit.pop("drop_turn", None)
    return session


def to_turn(session, turn):
    session.ctx.emit("turn_advanced", {"turn": turn})


def script(session, rolls):
    session.dice.script, session.dice._next = list(rolls), 0


def planned(session):
    """turn index → how many counters sit on it."""
    out: dict[int, int] = {}
    for counter in COUNTERS:
        turn = session.attr(session.ref("chit", counter), "planned_turn")
        if turn:
            out[turn - 1] = out.get(turn - 1, 0) + 1
    return out


def asked(player, key):
    return [(d.subject, d.options) for d in player.asked if d.key == key]


def test_step_b_of_0700_22_may_allocates_four_counters_to_the_days_turns():
    """crete:S11.0: "During Step B of each 0700 turn, starting on 22 May, the German
    player may allocate 4 Luftwaffe airstrikes ... He designates how many of the 4
    counters will be used each turn" — asked turn by turn, up to what is left.
    Sentences: crete:S11.0#1, crete:S11.0#2, crete:S11.0#3.
    """
    axis = KeyedPlayer({"plan_air_support": [1, 0, 2, 1]})
    session = heraklion(axis)
    to_turn(session, MAY_22_0700)
    session.perform("airpower_phase")
    assert asked(axis, "plan_air_support") == [
        ("1941-05-22 0700", (0, 1, 2, 3, 4)), ("1941-05-22 0900", (0, 1, 2, 3)),
        ("1941-05-22 1100", (0, 1, 2, 3)), ("1941-05-22 1300", (0, 1))]
    assert planned(session) == {11: 1, 13: 2, 14: 1}
    events = [(e.data["turn"], e.data["count"]) for e in session.events("air_support_planned")]
    assert events == [("1941-05-22 0700", 1), ("1941-05-22 1100", 2), ("1941-05-22 1300", 1)]


def test_no_allocation_before_22_may_or_without_s11():
    """crete:S11.0 "starting on 22 May"; and only when the scenario lists S11.0.
    Sentences: crete:S11.0#1.
    """
    axis = KeyedPlayer({"plan_air_support": 0})
    session = heraklion(axis)
    to_turn(session, 3)                                   # 0700 21 May
    session.perform("airpower_phase")
    off = KeyedPlayer({"plan_air_support": 0})
    unlisted = heraklion(off, rules=())
    to_turn(unlisted, MAY_22_0700)
    unlisted.perform("airpower_phase")
    assert asked(axis, "plan_air_support") == [] and asked(off, "plan_air_support") == []


def test_strikes_fly_when_a_division_chit_is_drawn_on_the_designated_turn():
    """crete:S11.0: "Airstrikes are resolved when a Division Activation (either the
    7. Flieger-Division or 5. Gebirgs Division) chit is drawn on the designated turn
    as per 5.1" — within 3 hexes of a friendly Unit; each counter used once.
    Sentences: crete:S11.0#4, crete:S11.0#5, crete:S11.0#6, crete:S11.0#7.
    """
    axis = KeyedPlayer({"plan_air_support": [2, 0, 0, 0, 0, 0, 0],
                        "airstrike_hex": "29.12", "airstrike_target": BRITISH})
    session = heraklion(axis)
    to_turn(session, MAY_22_0700)
    session.perform("airpower_phase")
    session.place(GERMAN, "31.12")                       # two hexes from 29.12
    script(session, [9, 9])
    session.ctx.emit("activation_started", {"chit": session.ref("chit", GEBIRGS)})
    strikes = session.events("air_strike_resolved")
    assert [(s.data["target"], s.data["roll"]) for s in strikes] == [(BRITISH, 9), (BRITISH, 9)]
    assert planned(session) == {}
    # the 7. Flieger Division's chit the same turn finds no counter left
    session.ctx.emit("activation_started", {"chit": session.ref("chit", FLIEGER)})
    assert len(session.events("air_strike_resolved")) == 2


def test_other_chits_and_other_turns_fly_nothing():
    """crete:S11.0: only the two Divisions' chits, and only "on the designated turn".
    Sentences: crete:S11.0#5, crete:S11.0#6, crete:S11.0#7.
    """
    axis = KeyedPlayer({"plan_air_support": [0, 1, 0, 0, 0, 0, 0], "airstrike_hex": "29.12"})
    session = heraklion(axis)
    to_turn(session, MAY_22_0700)
    session.perform("airpower_phase")
    session.place(GERMAN, "31.12")
    script(session, [])
    session.ctx.emit("activation_started", {"chit": session.ref("chit", FLIEGER)})
    session.ctx.emit("activation_started", {"chit": session.ref("chit", "direct:Axis")})
    assert asked(axis, "airstrike_hex") == [] and planned(session) == {12: 1}


def test_the_three_hex_requirement_of_5_1_applies():
    """crete:S11.0 "as per 5.1": an Allied hex more than 3 hexes from every German
    Unit cannot be struck (the scenario waiver of air_strikes effects is not given).
    Sentences: crete:S11.0#7.
    """
    axis = KeyedPlayer({"plan_air_support": [1, 0, 0, 0, 0, 0, 0]})
    session = heraklion(axis)
    to_turn(session, MAY_22_0700)
    session.perform("airpower_phase")
    session.place(GERMAN, "40.20")
    script(session, [])
    session.ctx.emit("activation_started", {"chit": session.ref("chit", FLIEGER)})
    assert asked(axis, "airstrike_hex") == []
    assert planned(session) == {}                          # the counter is spent anyway


def test_the_counters_are_reallocated_each_day():
    """crete:S11.0: "Each airstrike counter may only be used once per day": what was
    not flown comes off the track at the next 0700.
    Sentences: crete:S11.0#4.
    """
    axis = KeyedPlayer({"plan_air_support": [0, 0, 0, 0, 0, 0, 4, 0]})
    session = heraklion(axis)
    to_turn(session, MAY_22_0700)
    session.perform("airpower_phase")
    assert planned(session) == {17: 4}                    # all on 1900
    session.state.catalog["game"]["game"]["turns"].extend(
        [{"label": "1941-05-23 0700", "tags": ["first_daylight"]}])
    to_turn(session, 19)
    session.perform("airpower_phase")
    assert planned(session) == {}


def test_scenario_8_allocates_its_counters_before_the_scenario_begins():
    """crete:scenario:8: "The Germans receive Air Support, using 2 Luftwaffe airstrikes
    counters, as per S11.0 that the German player may allocate before the scenario
    begins" — effect planned_air_support, used on the first day instead of the 4."""
    axis = KeyedPlayer({"plan_air_support": [1, 1]})
    session = heraklion(axis, effects=[{"kind": "planned_air_support", "side": "Axis",
                                        "count": 2}])
    turns = session.state.catalog["game"]["game"]["turns"]
    turns[0] = {"label": "1941-05-23 0900", "tags": []}
    turns[1] = {"label": "1941-05-23 1100", "tags": []}
    turns[2] = {"label": "1941-05-23 night", "tags": ["night"]}
    session.perform("scenario_air_plan_at_start")
    assert asked(axis, "plan_air_support") == [("1941-05-23 0900", (0, 1, 2)),
                                               ("1941-05-23 1100", (0, 1))]
    assert planned(session) == {0: 1, 1: 1}
    # with S11.0 also in effect, a 0700 first turn is not allocated again
    turns[0] = {"label": "1941-05-23 0700", "tags": ["first_daylight"]}
    assert session.value("planned_air_day", session.ref("side", "Axis")) is False
    del session.state.catalog["effect"]["test 1"]
    assert session.value("planned_air_day", session.ref("side", "Axis")) is True


def test_an_illegal_allocation_leaves_the_state_unchanged():
    """More counters than are left is refused and the action undone."""
    axis = KeyedPlayer({"plan_air_support": [3, 2]})
    session = heraklion(axis)
    to_turn(session, MAY_22_0700)
    before = len(session.state.log)
    try:
        session.perform("airpower_phase")
    except Exception as exc:                              # a located rule error
        assert "plan_air_support" in str(exc)
    else:
        raise AssertionError("an answer outside the options was accepted")
    assert len(session.state.log) == before and planned(session) == {}


def test_scenario_8_asks_for_its_two_counters_over_its_own_turns_before_step_b():
    """crete:scenario:8's effect (scenarios/crete/kiwis.yaml): the first turn is 0900
    23 May, so the plan covers 0900–1900, asked in the first turn's step before step B
    (crete:3.1).
    crete:scenario:8#69"""
    axis = KeyedPlayer({"plan_air_support": [0, 0, 1, 0, 1]})
    session = start("crete/kiwis", Table({"Axis": axis, "Allied": KeyedPlayer()}), seed=1)
    steps = [s.name for s in session.program.decls["play_turn"].steps]
    assert steps.index("scenario_air_plan") == steps.index("airpower") - 1
    session.perform("scenario_air_plan_at_start")
    assert [d.subject for d in axis.asked] == [f"1941-05-23 {t}" for t in
                                               ("0900", "1100", "1300", "1500", "1700")]
    assert [d.options for d in axis.asked][0] == (0, 1, 2)
    assert sorted(planned(session).values()) == [1, 1]
