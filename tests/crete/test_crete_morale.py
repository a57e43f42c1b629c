"""Allied Morale (crete:S5.0): the level a scenario starts with and never exceeds,
adjusted the instant a step is eliminated, a Port or a whole Airfield changes
hands (crete:S6.0), or the Allies first reach Diminished or Emergency Supply on
the Maleme – Suda maps (crete:S4.0); Allied Withdrawal triggered below 1.
Played on the Heraklion scenario with S5.0 switched on."""

from __future__ import annotations

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

BRITISH = "A 2/B W •"            # two steps, a reduced back
MORTAR = "S(Mtr) 2/B W •"        # one step
GREEK = "1 1/7 Inf"
GERMANS = ["1./I./FJR 1 •", "2./I./FJR 1 •", "3./I./FJR 1 •", "5./II./FJR 1 •",
           "6./II./FJR 1 •"]
PORT = "19.08"
RUNWAY = ["27.08", "28.08", "29.08", "29.09", "30.09"]


def heraklion(morale=20, rules=("crete:S5.0",), maps=None):
    session = start("crete/heraklion", Table({"Axis": KeyedPlayer({"convert_suppression": False}),
                                              "Allied": KeyedPlayer({"convert_suppression": False})}),
                    seed=1)
    catalog = session.state.catalog
    for rule in rules:
        catalog["special_rule"][rule] = {"name": rule}
    if morale is not None:
        catalog["effect"]["test 1"] = {"rule": "test", "kind": "allied_morale", "level": morale}
    if maps:
        catalog["game"]["game"]["maps"] = list(maps)
    return session


def level(session):
    return session.value("allied_morale")


def changes(session):
    return [(e.data["reason"], e.data["change"], e.data["level"])
            for e in session.events("allied_morale_changed")]


def clear(session, hex_id):
    for unit, where in list(session.state.placement.items()):
        if where == hex_id:
            session.place(unit, None)


def test_steps_eliminated_move_morale_but_never_above_the_start():
    """crete:S5.0: "-1 Each Allied non-Greek step eliminated", "+1 Each German step
    eliminated"; "The Allied Morale level can never go above this value".
    Sentences: crete:S5.0#2, crete:S5.0#3, crete:S5.0#4, crete:S5.0#9, crete:S5.0#13.
    """
    session = heraklion()
    session.place(GERMANS[0], "40.20")
    assert level(session) == 20
    session.perform("take_step_loss", session.ref("unit", BRITISH))      # flipped: 1 step
    assert level(session) == 19
    session.perform("take_step_loss", session.ref("unit", GERMANS[0]))   # +1
    session.perform("take_step_loss", session.ref("unit", GERMANS[0]))   # +1, capped
    assert level(session) == 20
    assert changes(session) == [("step eliminated", -1, 19), ("step eliminated", 1, 20)]
    explained = session.events("allied_morale_changed")[0].cause
    assert any("crete:S5.0" in (r.get("cites") or []) for r in explained)


def test_an_eliminated_unit_counts_the_steps_it_still_had():
    """crete:S5.0: each step of an eliminated Unit (two for a full two-step Unit).
    Sentences: crete:S5.0#4.
    """
    session = heraklion()
    session.perform("take_step_loss", session.ref("unit", MORTAR))       # one step: gone
    assert changes(session) == [("steps eliminated", -1, 19)]


def test_greek_steps_do_not_count():
    """crete:S5.0: "Each Allied non-Greek step".
    Sentences: crete:S5.0#4.
    """
    session = heraklion()
    session.perform("take_step_loss", session.ref("unit", GREEK))
    assert level(session) == 20 and changes(session) == []


def test_a_port_taken_and_retaken():
    """crete:S5.0 "±10 Control of an Airfield/Port ... adjusted down when the Germans
    gain control ... and back up if the Allies regain control"; control goes to the
    last player to occupy the hex (crete:S6.0).
    Sentences: crete:S5.0#8, crete:S5.0#10, crete:S5.0#11, crete:S5.0#13.
    """
    session = heraklion()
    clear(session, PORT)
    session.place(GERMANS[0], PORT)
    assert level(session) == 10
    session.place(GERMANS[0], None)
    session.place(BRITISH, PORT)
    assert changes(session) == [("German control", -10, 10), ("Allied control regained", 10, 20)]


def test_an_airfield_counts_only_when_all_its_hexes_are_german():
    """crete:S6.0: "For adjusting Allied Morale, the German must control all the hexes
    of an airfield".
    Sentences: crete:S5.0#8, crete:S6.0#3.
    """
    session = heraklion()
    for german, hex_id in zip(GERMANS[:4], RUNWAY[:4]):
        clear(session, hex_id)
        session.place(german, hex_id)
    assert level(session) == 20
    clear(session, RUNWAY[4])
    session.place(GERMANS[4], RUNWAY[4])
    assert changes(session) == [("German control", -10, 10)]


def test_supply_on_the_maleme_suda_maps_counts_once_each():
    """crete:S5.0: "-3 Allied Diminished Supply Status Maleme - Suda", "-5 ... Emergency";
    "adjusted only the first time the Allies reach" them — once for the two maps.
    Scenario 9 (crete:scenario:9): Maleme and Canea-Suda, the Allies at Reduced
    Supply, Morale 20; rolls Allied Maleme, Allied Canea-Suda, then the Germans'.
    Sentences: crete:S5.0#1, crete:S5.0#5, crete:S5.0#7, crete:S5.0#12.
    crete:scenario:9#92 crete:scenario:9#98
    """
    session = start("crete/gala", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}), seed=1)
    assert level(session) == 20
    session.dice.script, session.dice._next = [9, 9, 5, 5, 0, 0, 5, 5, 9, 9, 5, 5], 0
    for _ in range(3):
        session.perform("supply_determination")
    assert [(e.data["map"], e.data["new"]) for e in session.events("supply_changed")] == [
        ("maleme", "diminished"), ("canea_suda", "diminished"),
        ("canea_suda", "reduced"),               # the Ports are on Canea-Suda (crete:S4.0)
        ("maleme", "emergency"), ("canea_suda", "diminished")]
    assert changes(session) == [("Diminished Supply", -3, 17), ("Emergency Supply", -5, 12)]


def test_supply_elsewhere_does_not_count():
    """crete:S5.0: only the Maleme – Suda map area (not Heraklion).
    Sentences: crete:S5.0#12.
    """
    session = heraklion(rules=("crete:S4.0", "crete:S5.0"))
    session.state.catalog["game"]["game"]["turns"][0] = {"label": "1941-05-24 night",
                                                         "tags": ["night"]}
    session.dice.script, session.dice._next = [9, 5], 0
    session.perform("supply_determination")
    assert session.events("supply_changed") and changes(session) == []


def test_withdrawal_is_triggered_below_1_and_ends_the_adjustments():
    """crete:S5.0: "Should the Morale level fall below 1 at any point in the game,
    Allied Withdrawal is triggered ... remains in effect for the remainder of the game
    and adjustments are only made for withdrawing units".
    Sentences: crete:S5.0#14, crete:S5.0#15, crete:S5.0#16.
    """
    session = heraklion(morale=10)
    session.perform("take_step_loss", session.ref("unit", BRITISH))
    assert not session.value("withdrawal_triggered")
    clear(session, PORT)
    session.place(GERMANS[0], PORT)                                      # 9 - 10 = -1
    assert session.value("withdrawal_triggered")
    assert [e.data["level"] for e in session.events("allied_withdrawal_started")] == [-1]
    session.place(GERMANS[0], None)
    session.place(BRITISH, PORT)                                         # no longer adjusted
    assert level(session) == -1 and len(session.events("allied_withdrawal_started")) == 1


def test_nothing_without_s5_or_a_starting_level():
    """crete:S1.0 gating: S5.0 must be listed, and the scenario must state the level
    ("Each scenario, if applicable, will state the starting Allied Morale level").
    Sentences: crete:S5.0#1.
    """
    for session in (heraklion(rules=()), heraklion(morale=None)):
        clear(session, PORT)
        session.place(GERMANS[0], PORT)
        session.perform("take_step_loss", session.ref("unit", BRITISH))
        assert changes(session) == [] and not session.value("withdrawal_triggered")
