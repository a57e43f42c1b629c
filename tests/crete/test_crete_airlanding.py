"""German (Airlanding) Reinforcements (crete:S7.0) and the Airlanding/Interdiction
Table, on a small test scenario: the 5. Gebirgs Division's serials landing at
Heraklion Airfield (runway hexes 27.08 28.08 29.08 29.09 30.09 on the
provisional Heraklion map; 27.08–28.08 are adjacent, 27.08 and 29.09 are not)."""

from __future__ import annotations

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.errors import KsError
from kriegsspiel.engine.reading import read_scenario
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

GD = "5. Gebirgs Division"
SERIAL_1 = ["6./II./GJR 100", "7./II./GJR 100", "8./II./GJR 100", "9./II./GJR 100",
            "10./II./GJR 100"]
SERIAL_2 = ["1./I./GJR 100", "2./I./GJR 100", "3./I./GJR 100", "4./I./GJR 100",
            "5./I./GJR 100", "GrW GJR 100"]
SERIAL_3 = ["1./I./GJR 85", "2./I./GJR 85", "3./I./GJR 85", "4./I./GJR 85", "5./I./GJR 85"]
# turn indices from 1500 21 May: 0 1500, 1 1700, 2 1900, 3 night, 4 0700 22 May,
# 5 0900, 6 1100, 7 1300 ...
T1500, T1700, T1900, NIGHT, T0700, T0900, T1100 = range(7)


def scenario_text(special_rules=("crete:S6.0", "crete:S7.0"), control="27.08 28.08",
                  serials=None, allied_hex="10.20", first_turn="1941-05-21 1700"):
    serials = serials if serials is not None else [(1, SERIAL_1), (2, SERIAL_2), (3, SERIAL_3)]
    lines = [
        "provenance: provisional",
        'source: "crete:S7.0"',
        "id: test-airlanding",
        "title: Airlanding test",
        "game: crete",
        "rulesets: [gts, crete]",
        "counter_set: campaign",
        "maps: [heraklion]",
        'start_turn: "1941-05-21 1500"',
        'end_turn: "1941-05-22 1900"',
        f"special_rules: [{', '.join(repr(r) for r in special_rules)}]",
        "start: {step: activation}",
        "setup:",
        f'  - {{unit: A 2/B W, hex: "{allied_hex}"}}',
        "reinforcements:",
    ]
    for number, units in serials:
        leaders = "[Geb.Jäg.Rgt. 100 Leader]" if number == 1 else "[]"
        lines.append(f'  - {{turn: "{first_turn}", arrival: airlanding, serial: {number}, '
                     f"division: {GD}, units: [{', '.join(units)}], leaders: {leaders}}}")
    lines += [
        "command_values:",
        f"  - {{division: {GD}, ratings: {{command: 4, dispatch: 3}}, "
        "points: {command: 3, dispatch: 0}}",
        "  - {division: CREFOR, ratings: {command: 4, dispatch: 1}, "
        "points: {command: 4, dispatch: 1}}",
        "mug:",
        "  at_start: [{kind: direct_command, of: Axis}]",
        f'control_at_start: [{{side: Axis, hexes: "{control}"}}]' if control else "",
        "scenario_rules:",
        "  - id: serial three",
        '    source: "crete:scenario:7"',
        '    text: "The Command Rating is increased by one when Serial 3 arrives."',
        f"    effects: [{{kind: command_rating_on_serial, division: {GD}, serial: 3, change: 1}}]",
        "victory:",
        "  conditions:",
        '    - {kind: control, side: Axis, hex: "19.08", when: end_of_any_turn, winner: Axis}',
        "  otherwise: Allied",
    ]
    return "\n".join(lines) + "\n"


def game(tmp_path, axis=None, seed=1, **options):
    path = tmp_path / "airlanding.yaml"
    path.write_text(scenario_text(**options), encoding="utf-8")
    axis = {"action": "pass", **(axis or {})}
    return start(str(path), Table({"Axis": KeyedPlayer(axis),
                                   "Allied": KeyedPlayer({"action": "pass"})}), seed=seed)


def script(session, rolls):
    """From now on the dice roll exactly *rolls* (and nothing more)."""
    session.dice.__dict__.update(Dice(script=rolls).__dict__)


def at_turn(session, turn):
    session.ctx.emit("turn_advanced", {"turn": turn})


def unit(session, name):
    return session.ref("unit", name)


def division(session):
    return session.ref("division", GD)


def landed(session):
    return [(e.data["serial"], e.data["airfield"]) for e in session.events("serial_landed")]


def on_map(session, names):
    return [n for n in names if session.attr(unit(session, n), "on_map")]


def asked(session, side, key):
    return [d for d in session.players.players[side].asked if d.key == key]


# ---- when a serial may land ----------------------------------------------------------

def test_serials_are_laid_out_with_their_first_turn_and_never_boxed(tmp_path):
    """crete:S7.0: a serial has no hex; it waits for an airlanding turn, not in a
    Reinforcement Box (gts:8.0)."""
    session = game(tmp_path)
    entry = session.state.catalog["unit"]["6./II./GJR 100"]
    assert (entry["arrival"], entry["serial"], entry["airlanding_turn"]) == ("airlanding", 1, 1)
    assert "arrival_turn" not in entry and "entry_hex" not in entry
    assert session.state.catalog["leader"]["Geb.Jäg.Rgt. 100 Leader"]["serial"] == 1
    airfield = session.state.catalog["airfield"]["Heraklion Airfield"]
    assert airfield["hexes"] == ["27.08", "28.08", "29.08", "29.09", "30.09"]


@pytest.mark.parametrize("turn, label, lands", [
    (T1500, "1941-05-21 1500", False),   # before S7.0's 1700 21 May
    (T1700, "1941-05-21 1700", True),
    (NIGHT, "1941-05-21 night", False),  # not on the printed list
    (T0900, "1941-05-22 0900", False),   # 22 May: 0700, 1100, 1500, 1900 only
    (T1100, "1941-05-22 1100", True),
])
def test_a_serial_lands_only_on_the_printed_airlanding_turns(tmp_path, turn, label, lands):
    """crete:S7.0: "German Airland Reinforcements are available starting at 1700 on 21
    May" and "may arrive on the following game turns. 21 May: 1700, 1900; 22 May:
    0700, 1100, 1500, 1900 ...".
    Sentences: crete:S7.0#1, crete:S7.0#5.
    """
    session = game(tmp_path)
    at_turn(session, turn)
    assert session.value("turn_label") == label
    session.perform("airlanding_activation", division(session))
    assert landed(session) == ([(1, "Heraklion Airfield")] if lands else [])
    assert on_map(session, SERIAL_1) == (SERIAL_1 if lands else [])


def test_a_scenario_may_start_the_serials_later(tmp_path):
    """Scenario 7: "Arrive as per S7.0 starting on the 1100 22 May game turn" — the
    0700 22 May airlanding turn is too early."""
    session = game(tmp_path, first_turn="1941-05-22 1100")
    at_turn(session, T0700)
    session.perform("airlanding_activation", division(session))
    assert landed(session) == []
    at_turn(session, T1100)
    session.perform("airlanding_activation", division(session))
    assert landed(session) == [(1, "Heraklion Airfield")]


@pytest.mark.parametrize("control, lands", [
    ("", False),                  # all Allied (S6.0: "All Ports and Airfield start under Allied Control")
    ("27.08", False),             # one runway hex
    ("27.08 29.09", False),       # two, not connected
    ("27.08 28.08", True),
    ("29.08 29.09 30.09", True),
])
def test_two_connected_controlled_runway_hexes_are_needed(tmp_path, control, lands):
    """crete:S7.0: "The German player must control (S6.0) two connected runway hexes
    of an Airfield in order to place Airland Reinforcements"; they are "placed in
    any controlled Airfield hex".
    Sentences: crete:S7.0#2, crete:S7.0#16, crete:S6.0#1.
    """
    session = game(tmp_path, control=control)
    at_turn(session, T1700)
    session.perform("airlanding_activation", division(session))
    assert bool(landed(session)) is lands
    if lands:
        options = asked(session, "Axis", "airlanding_hex")
        assert len(options) == len(SERIAL_1)
        assert all(set(d.options) == set(control.split()) for d in options)
        assert {session.attr(unit(session, n), "hex") for n in SERIAL_1} <= set(control.split())


def test_all_units_of_a_serial_land_at_one_airfield_and_may_overstack(tmp_path):
    """crete:S7.0: "All units in a serial must arrive at the same Airfield ... and may be
    overstacked" — the owner picks the airfield once, then a hex per Unit.
    Sentences: crete:S7.0#15, crete:S7.0#17, crete:O4.0#24.
    """
    session = game(tmp_path, axis={"airlanding_hex": "28.08"})
    at_turn(session, T1700)
    session.perform("airlanding_activation", division(session))
    assert len(asked(session, "Axis", "airlanding_airfield")) == 1
    assert {session.attr(unit(session, n), "hex") for n in SERIAL_1} == {"28.08"}
    # the serial's Leader lands with one of its Units (Scenarios, General Comments)
    assert session.attr(session.ref("leader", "Geb.Jäg.Rgt. 100 Leader"), "hex") == "28.08"


def test_serials_land_in_order_one_each_airlanding_turn(tmp_path):
    """crete:S7.0: "they must arrive in order. The previous serial has to be
    airlanded before the next serial is available" — printed out of order here,
    Serial 1 still lands first; one serial an airlanding turn (Scenarios 5, 7 and 8
    give as many airlanding turns as serials).
    Sentences: crete:S7.0#3, crete:S7.0#4.
    """
    session = game(tmp_path, serials=[(2, SERIAL_2), (1, SERIAL_1), (3, SERIAL_3)])
    at_turn(session, T1700)
    session.perform("airlanding_activation", division(session))
    session.perform("airlanding_activation", division(session))   # again the same turn
    assert [s for s, _ in landed(session)] == [1]
    assert on_map(session, SERIAL_2) == []
    at_turn(session, T1900)
    session.perform("airlanding_activation", division(session))
    assert [s for s, _ in landed(session)] == [1, 2]
    assert on_map(session, SERIAL_2) == SERIAL_2 and on_map(session, SERIAL_3) == []


def test_the_division_chit_goes_in_the_mug_on_a_serials_turn(tmp_path):
    """Scenario 11: "The 5. Gebirgs Division Activation Chit is added to the cup on the
    turn Serial 1 is to arrive" — with no Unit in play yet, the Division is in play
    on an airlanding turn that brings one of its serials."""
    session = game(tmp_path)
    assert not session.value("division_in_play", division(session))
    at_turn(session, T1700)
    assert session.value("division_in_play", division(session))


def test_gating_off_when_the_scenario_does_not_list_s7(tmp_path):
    """crete:S7.0 acts only when the scenario lists it under Special Rules in Effect."""
    session = game(tmp_path, special_rules=("crete:S6.0",))
    at_turn(session, T1700)
    assert not session.value("division_in_play", division(session))
    session.perform("play_chit", session.ref("chit", f"division:{GD}"))
    assert landed(session) == [] and on_map(session, SERIAL_1) == []


# ---- the turn of arrival -------------------------------------------------------------

def test_no_activation_the_turn_of_arrival_marker_gone_at_the_next_division_activation(tmp_path):
    """crete:S7.0: "may not be activated the turn they arrive as reinforcements. Place
    an Airlanding Delay marker on each stack. Remove it during the next Division
    Activation, before Activating the Unit. This is not an Action.
    Sentences: crete:S7.0#16, crete:S7.0#19, crete:S7.0#20, crete:S7.0#21, crete:S7.0#22.
    """
    session = game(tmp_path)
    chit = session.ref("chit", f"division:{GD}")
    at_turn(session, T1700)
    session.perform("play_chit", chit)
    assert landed(session) == [(1, "Heraklion Airfield")]
    first = unit(session, SERIAL_1[0])
    assert all(session.attr(unit(session, n), "airlanding_delay") == 1 for n in SERIAL_1)
    # the Division Activation that landed them did not activate them
    assert not any(set(SERIAL_1) & {o.id for o in d.options}
                   for d in asked(session, "Axis", "next_unit"))
    # nor may a Formation chit or Direct Command this turn
    assert not session.value("formation_may_activate", first)
    session.set_initial(division(session), "cp", 5)
    assert not session.value("direct_command_eligible", first, session.ref("side", "Axis"))
    # the next Division Activation removes the marker first, and they act
    at_turn(session, T1900)
    session.perform("play_chit", chit)
    assert all(session.attr(unit(session, n), "airlanding_delay") == 0 for n in SERIAL_1)
    offered = {o.id for d in asked(session, "Axis", "next_unit") for o in d.options}
    assert set(SERIAL_1) <= offered
    # ... while Serial 2, landed in that same activation, waits
    assert not set(SERIAL_2) & offered
    assert all(session.attr(unit(session, n), "airlanding_delay") == 1 for n in SERIAL_2)
    removal = [e for e in session.events("track_changed")
               if e.data["track"] == "airlanding_delay" and e.data["new"] == 0]
    assert len(removal) == len(SERIAL_1)


def test_units_may_land_in_column_and_mounted(tmp_path):
    """crete:S7.0: "Units may be placed in Column and/or mounted" — the owner's choice;
    one Unit in Column a hex (gts:14.6).
    Sentences: crete:S7.0#17.
    """
    motorcycles = ["1. KSB 55", "3. KSB 55"]
    session = game(tmp_path, serials=[(9, motorcycles)],
                   axis={"airlanding_hex": "28.08", "airlanding_mounted": True,
                         "reinforcement_column": 1})
    at_turn(session, T1700)
    session.perform("airlanding_activation", division(session))
    assert [session.attr(unit(session, n), "face") for n in motorcycles] == ["back", "back"]
    assert [session.attr(unit(session, n), "column") for n in motorcycles] == [1, 0]
    assert len(asked(session, "Axis", "reinforcement_column")) == 1


# ---- the Airlanding/Interdiction Table ----------------------------------------------

def interdictions(session):
    return [(e.data["unit"], e.data["roll"], e.data["result"])
            for e in session.events("airlanding_interdicted")]


def test_no_roll_when_no_fire_zone_reaches_the_airfield(tmp_path):
    """crete:S7.0: with no hex of the Airfield in an enemy Fire Zone, no roll on the
    Airlanding/Interdiction table (an empty dice script: a roll would fail).
    Sentences: crete:S7.0#18.
    """
    session = game(tmp_path)
    assert not any(session.value("hex_in_enemy_fire_zone", h, session.ref("side", "Axis"))
                   for h in ["27.08", "28.08", "29.08", "29.09", "30.09"])
    at_turn(session, T1700)
    script(session, [])
    session.perform("airlanding_activation", division(session))
    assert on_map(session, SERIAL_1) == SERIAL_1 and interdictions(session) == []


def test_a_roll_for_each_unit_when_any_airfield_hex_is_in_a_fire_zone(tmp_path):
    """crete:S7.0: "German Airland reinforcements arriving at an Airfield with at least
    one hex in a Fire Zone must roll on the Airlanding/Interdiction table when
    placed" — even when the hexes they land in are out of it.
    Sentences: crete:S7.0#18.
    """
    session = game(tmp_path, allied_hex="31.09", axis={"airlanding_hex": "27.08"})
    axis = session.ref("side", "Axis")
    zone = [h for h in ["27.08", "28.08", "29.08", "29.09", "30.09"]
            if session.value("hex_in_enemy_fire_zone", h, axis)]
    assert zone and "27.08" not in zone
    at_turn(session, T1700)
    script(session, [0, 1, 2, 3, 4])
    session.perform("airlanding_activation", division(session))
    assert interdictions(session) == [(n, r, "no_effect") for n, r in zip(SERIAL_1, range(5))]


@pytest.mark.parametrize("roll, result", [(0, "no_effect"), (4, "no_effect"), (5, "suppressed"),
                                          (6, "suppressed"), (7, "step_loss"), (8, "step_loss"),
                                          (9, "eliminated")])
def test_each_row_of_the_provisional_table(tmp_path, roll, result):
    """crete:S7.0 / crete:S1.0: "Apply the appropriate result" — the book never prints
    the table: its rows are provisional, and say so for `ks check`."""
    program = game(tmp_path).program
    assert program.lookup("airlanding_interdiction_table", roll) == result
    assert program.decls["airlanding_interdiction_table"].provenance == "provisional"


@pytest.mark.parametrize("roll, suppressed, steps, on", [
    (3, 0, 2, True), (5, 1, 2, True), (8, 0, 1, True), (9, 0, 0, False)])
def test_the_result_is_applied(tmp_path, roll, suppressed, steps, on):
    """Suppressed, a Step lost (the counter flips, gts:19.2.4), or eliminated; the
    procedure S1.0's Allied arrivals use, with no modifiers."""
    session = game(tmp_path, axis={"convert_suppression": False})
    session.place("1./I./GJR 85", "28.08")
    lander = unit(session, "1./I./GJR 85")
    script(session, [roll])
    session.perform("airlanding_interdiction", lander)
    assert session.attr(lander, "on_map") is on
    if on:
        assert session.attr(lander, "suppressed") == suppressed
        assert session.value("current_steps", lander) == steps
    else:
        assert session.events("unit_eliminated")[-1].data == {"unit": "1./I./GJR 85"}


def test_an_eliminated_unit_gets_no_delay_marker(tmp_path):
    session = game(tmp_path, allied_hex="31.09")
    at_turn(session, T1700)
    script(session, [9, 0, 0, 0, 0])
    session.perform("airlanding_activation", division(session))
    assert on_map(session, SERIAL_1) == SERIAL_1[1:]
    assert session.attr(unit(session, SERIAL_1[0]), "airlanding_delay") == 0


# ---- the Command Rating --------------------------------------------------------------

def test_the_command_rating_rises_when_serial_3_arrives(tmp_path):
    """Scenario 7: "The Command Rating is increased by one when Serial 3 arrives"
    (effect command_rating_on_serial)."""
    session = game(tmp_path)
    gd = division(session)
    for turn, serial in ((T1700, 1), (T1900, 2)):
        at_turn(session, turn)
        session.perform("airlanding_activation", gd)
        assert session.value("command_points_gained", gd, 6) == 4 + 3
    at_turn(session, T0700)
    session.perform("airlanding_activation", gd)
    assert [s for s, _ in landed(session)] == [1, 2, 3]
    assert session.value("command_points_gained", gd, 6) == 5 + 3


# ---- bad answers and bad data --------------------------------------------------------

def test_an_illegal_airlanding_hex_leaves_the_state_unchanged(tmp_path):
    """29.09 is not a controlled runway hex: the answer is refused and nothing lands."""
    session = game(tmp_path, axis={"airlanding_hex": "29.09"})
    at_turn(session, T1700)
    before, events = session.state.digest(), len(session.state.log)
    with pytest.raises(KsError):
        session.perform("airlanding_activation", division(session))
    assert session.state.digest() == before and len(session.state.log) == events
    assert on_map(session, SERIAL_1) == []


@pytest.mark.parametrize("reinforcement, message", [
    ('{turn: "1941-05-21 1700", arrival: airlanding, serial: 1, division: 5. Gebirgs Division, '
     'units: [1./I./GJR 85], hex: "28.08"}', "give no 'hex', 'entry' or 'drop_zone'"),
    ('{turn: "1941-05-21 1700", arrival: airlanding, division: 5. Gebirgs Division, '
     'units: [1./I./GJR 85]}', "needs its 'serial' number"),
    ('{turn: "1941-05-21 1700", serial: 2, units: [1./I./GJR 85], hex: "28.08"}',
     "'serial' is only for 'arrival: airlanding'"),
    ('{turn: "1941-05-21 1700", arrival: airlanding, serial: 0, division: 5. Gebirgs Division, '
     'units: [1./I./GJR 85]}', "greater than or equal to 1"),
])
def test_bad_serial_data_is_a_located_error(tmp_path, reinforcement, message):
    text = scenario_text(serials=[]).replace("reinforcements:\n",
                                             f"reinforcements:\n  - {reinforcement}\n")
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(KsError) as caught:
        read_scenario(path)
    rendered = caught.value.render()
    line = text.splitlines().index(f"  - {reinforcement}") + 1
    assert f"{path}:{line}:" in rendered and message in rendered
