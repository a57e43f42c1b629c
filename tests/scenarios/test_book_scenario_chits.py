"""The Crete scenarios' cups, first chits, chits added later, Command Rating
changes, start at step H, Luftwaffe air support and control at the start,
against the started games.  The expected chits are copied from the book's
sentences (cited in each test), the book's names mapped to the chits' ids
explicitly: "19th Brigade (Australian)" is CREFOR's Division chit on the
Rethymnon sheet, "Fsch.Jäg.Rgt. 3" the Fallschirmjäger-Regiment 3 Formation's."""

from __future__ import annotations

import pytest

from book_scenario_lines import deployed

EVERY = {"direct:Axis", "direct:Allied", "random_event:Axis", "random_event:Allied"}
NZ, CREFOR = "division:2nd New Zealand Division", "division:CREFOR"
FLIEGER, GEBIRGS = "division:7. Flieger Division", "division:5. Gebirgs Division"
FJR_3, LLSR = "formation:Fallschirmjäger-Regiment 3", "formation:Luftlande Sturmregiment"
# scenario: (the cited sentences, the cup at the start, the chit carried into play)
CUPS = {
    "snafu": ("crete:scenario:1#44-45",
              {CREFOR, "formation:I./FJR 2", "formation:III./FJR 2"}, FLIEGER),
    "heraklion": ("crete:scenario:3#41-42",
                  {CREFOR, "formation:II./FJR 1", "formation:III./FJR 1"}, FLIEGER),
    "descent": ("crete:scenario:5#77-78", {FJR_3, LLSR}, FLIEGER),
    "jump": ("crete:scenario:6#40-41", {FJR_3, LLSR}, FLIEGER),
    "last_chance": ("crete:scenario:7#51-53", {NZ, FLIEGER, GEBIRGS}, "formation:5th NZ Bde"),
    "gala": ("crete:scenario:9#83-86", {NZ, CREFOR, FLIEGER, GEBIRGS},
             "formation:Geb.Jäg.Rgt. 85"),
    "mercury": ("crete:scenario:11#86-87", {FJR_3, LLSR}, FLIEGER),
    "main_event": ("crete:scenario:12#47-48", {FJR_3, LLSR}, FLIEGER),
}


@pytest.mark.parametrize("name", sorted(CUPS))
def test_the_cup_and_the_first_chit_are_the_printed_ones(name):
    """crete:scenario:1#44-45 crete:scenario:3#41-42 crete:scenario:5#77-78
    crete:scenario:6#40-41 crete:scenario:7#51-53 crete:scenario:9#83-86
    crete:scenario:11#86-87 crete:scenario:12#47-48: "Place the German and
    Allied Direct Command, the German and Allied Event, ... chits in the cup.
    The ... chit is the first in play." — the cup holds exactly those, and the
    first chit is carried into play (CUPS)."""
    _, cup, first = CUPS[name]
    session = deployed(name)
    assert {c.id for c in session.state.pool("mug")} == EVERY | cup
    assert [c.id for c in session.state.pool("carry")] == [first]


@pytest.mark.parametrize("name, first_is_chosen", [("kiwis", True), ("hot_pursuit", True),
                                                   ("free_for_all", False)])
def test_the_cups_whose_first_or_extra_chits_the_german_player_picks(name, first_is_chosen):
    """crete:scenario:8#57-59 crete:scenario:10#79-81 crete:scenario:13#48
    crete:scenario:13#50: "Place the German and Allied Direct Command, the German
    and Allied Event, 2nd NZ Division, 7. Flieger Division, and 5. Gebirgs
    Division chits in the cup" (Scenario 10 adds "CREFOR Division"; Scenario 13
    has "2nd NZ Division, and the CREFOR Division Activation chits", "The 7.
    Flieger Division chit is the first in play") — the printed chits are in the
    cup; the German's picks (8#60, 10#82, 13#49: their own tests) are the rest."""
    session = deployed(name)
    cup = {c.id for c in session.state.pool("mug")}
    printed = {"kiwis": {NZ, FLIEGER, GEBIRGS}, "hot_pursuit": {NZ, CREFOR, FLIEGER, GEBIRGS},
               "free_for_all": {NZ, CREFOR}}[name]
    assert EVERY | printed <= cup
    extra = cup - EVERY - printed
    carried = [c.id for c in session.state.pool("carry")]
    assert all(c.startswith("formation:") for c in extra)
    if first_is_chosen:
        assert len(carried) == 1 and carried[0].startswith("formation:")
    else:
        assert carried == [FLIEGER] and len(extra) == 2


def test_the_learning_scenarios_cup_is_filled_each_turn():
    """crete:scenario:learning#24-26: "each turn place the Allied and German
    Direct Command, 5. Gebirgs Division and the 2nd NZ Division Activation in the
    Cup. The Axis Direct Command (Direkten Befehl) is the first chit played 0900
    24 May." — those four are the scenario's every-turn chits (gts:9.0's step G
    puts them in), and the Axis Direct Command is carried into the first turn."""
    session = deployed("learning")
    each_turn = {c for c, v in session.state.catalog["chit"].items() if v.get("each_turn")}
    assert each_turn == {"direct:Axis", "direct:Allied", GEBIRGS, NZ}
    assert [c.id for c in session.state.pool("carry")] == ["direct:Axis"]


def effects(session, kind):
    return [e for e in session.state.catalog["effect"].values() if e["kind"] == kind]


def labels(session):
    return [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]


# scenario: (cited, {(kind, chit, turn label)})
LATER = {
    "descent": ("crete:scenario:5#79-82", {
        ("chit_added_to_cup", NZ, "1941-05-20 0900"),
        ("chit_added_to_cup", CREFOR, "1941-05-20 1500"),
        ("chit_available_for_purchase", "formation:MNDBO", "1941-05-20 1500"),
        ("chit_available_for_purchase", "formation:19th Australian Infantry Brigade",
         "1941-05-20 1900")}),
    "jump": ("crete:scenario:6#42-46", {
        ("chit_added_to_cup", NZ, "1941-05-20 0900"),
        ("chit_added_to_cup", CREFOR, "1941-05-20 1500"),
        ("chit_available_for_purchase", "formation:MNDBO", "1941-05-20 1500"),
        ("chit_available_for_purchase", "formation:19th Australian Infantry Brigade",
         "1941-05-20 1700"),
        ("chit_available_for_purchase", "formation:14th Infantry Brigade", "1941-05-20 1900")}),
    "mercury": ("crete:scenario:11#88-91", {
        ("chit_added_to_cup", NZ, "1941-05-20 0900"),
        ("chit_added_to_cup", CREFOR, "1941-05-20 1500"),
        ("chit_available_for_purchase", "formation:MNDBO", "1941-05-20 1500"),
        ("chit_available_for_purchase", "formation:19th Australian Infantry Brigade",
         "1941-05-20 1900")}),
    "main_event": ("crete:scenario:12#49-52", {
        ("chit_added_to_cup", NZ, "1941-05-20 0900"),
        ("chit_added_to_cup", CREFOR, "1941-05-20 1500"),
        ("chit_available_for_purchase", "formation:MNDBO", "1941-05-20 1500"),
        ("chit_available_for_purchase", "formation:19th Australian Infantry Brigade",
         "1941-05-20 1900")}),
}


@pytest.mark.parametrize("name", sorted(LATER))
def test_the_chits_added_later_are_the_printed_ones(name):
    """crete:scenario:5#79-82 crete:scenario:6#42-46 crete:scenario:11#88-91
    crete:scenario:12#49-52: "The 2nd NZ Division Activation Chit is added to the
    cup on the 0900, 20 May game turn ... The MNDO Activation Chit is available
    for purchase 1500, 20 May game turn" (LATER; "MNDO" is the MNDBO's chit)."""
    session = deployed(name)
    lab = labels(session)
    got = {(e["kind"], e["chit"], lab[e["turn"]]) for kind in
           ("chit_added_to_cup", "chit_available_for_purchase") for e in effects(session, kind)}
    assert got == LATER[name][1]


RAISED = {
    # scenario: (cited, [(division, turn label)], [(division, serial)])
    "jump": ("crete:scenario:6#36 crete:scenario:6#39",
             [("7. Flieger Division", "1941-05-20 1500"),
              ("7. Flieger Division", "1941-05-20 1700"),
              ("CREFOR", "1941-05-20 1500"), ("CREFOR", "1941-05-20 1700")], []),
    "last_chance": ("crete:scenario:7#50", [], [("5. Gebirgs Division", 3)]),
    "gala": ("crete:scenario:9#80", [], [("5. Gebirgs Division", 14)]),
    "mercury": ("crete:scenario:11#78 crete:scenario:11#81 crete:scenario:11#85",
                [("7. Flieger Division", "1941-05-20 1500"),
                 ("7. Flieger Division", "1941-05-20 1700"),
                 ("CREFOR", "1941-05-20 1500"), ("CREFOR", "1941-05-20 1700")],
                [("5. Gebirgs Division", 3), ("5. Gebirgs Division", 8),
                 ("5. Gebirgs Division", 14)]),
    "main_event": ("crete:scenario:12#46", [],
                   [("5. Gebirgs Division", 3), ("5. Gebirgs Division", 8),
                    ("5. Gebirgs Division", 14)]),
    "free_for_all": ("crete:scenario:13#43 crete:scenario:13#47",
                     [("7. Flieger Division", "1941-05-20 1500"),
                      ("7. Flieger Division", "1941-05-20 1700")],
                     [("5. Gebirgs Division", 3), ("5. Gebirgs Division", 8),
                      ("5. Gebirgs Division", 14)]),
}


@pytest.mark.parametrize("name", sorted(RAISED))
def test_the_command_rating_rises_when_printed(name):
    """crete:scenario:6#36 crete:scenario:6#39 crete:scenario:7#50
    crete:scenario:9#80 crete:scenario:11#78 crete:scenario:11#81
    crete:scenario:11#85 crete:scenario:12#46 crete:scenario:13#43
    crete:scenario:13#47: "The CREFOR Command Rating is increased by one on the
    1500 20 May and the 1700 20 May game turns", "The Command Rating is
    increased by one when Serial 3 arrives" (RAISED; each by one)."""
    session = deployed(name)
    lab = labels(session)
    _, on_turns, on_serials = RAISED[name]
    raised = effects(session, "command_rating_raised")
    assert sorted((e["division"], lab[e["turn"]]) for e in raised) == sorted(on_turns)
    on_serial = effects(session, "command_rating_on_serial")
    assert sorted((e["division"], e["serial"]) for e in on_serial) == sorted(on_serials)
    assert all(e["change"] == 1 for e in raised + on_serial)
