"""The Crete scenarios' rules for the start of play, as printed: "Start with
step H", "The Germans do not receive Command or Dispatch points the first
turn", the Luftwaffe air support of the first turns ("Ignore the requirement to
place the airstrike within 3 hexes of a friendly unit"), the German Random
Event chit for Leader Loss left out, and who controls the Victory Hexes and
Maleme Airfield at the start — against the started games."""

from __future__ import annotations

import pytest

from book_scenario_lines import deployed, fresh

FLIEGER = "division:7. Flieger Division"
# scenario: (cited, count, [(turn label, sheet or None)], chit, the 3-hex rule waived)
AIR = {
    "learning": ("crete:scenario:learning#34-35", 2, [("1941-05-24 0900", None)],
                 "division:5. Gebirgs Division", False),
    "snafu": ("crete:scenario:1#51-52", 4, [("1941-05-20 1500", None)], FLIEGER, True),
    "heraklion": ("crete:scenario:3#48-49", 4, [("1941-05-20 1700", None)], FLIEGER, True),
    "piling_on": ("crete:scenario:4#31-32", 4,
                  [("1941-05-20 1700", None), ("1941-05-24 1100", None)], FLIEGER, True),
    "descent": ("crete:scenario:5#86-88", 4, [("1941-05-20 0700", None)], FLIEGER, True),
    "jump": ("crete:scenario:6#52-58", 4,
             [("1941-05-20 0700", "maleme"), ("1941-05-20 1500", "rethymnon"),
              ("1941-05-20 1700", "heraklion"), ("1941-05-21 1500", "maleme")], FLIEGER, True),
    "mercury": ("crete:scenario:11#100 crete:scenario:11#102-107", 4,
                [("1941-05-20 0700", "maleme"), ("1941-05-20 1500", "rethymnon"),
                 ("1941-05-20 1700", "heraklion"), ("1941-05-21 1500", "maleme"),
                 ("1941-05-24 1500", "heraklion")], FLIEGER, True),
    "main_event": ("crete:scenario:12#56 crete:scenario:12#58-60", 4,
                   [("1941-05-20 0700", "maleme"), ("1941-05-21 1500", "maleme")], FLIEGER,
                   True),
    "free_for_all": ("crete:scenario:13#59", 4,
                     [("1941-05-20 0700", None), ("1941-05-20 1500", None),
                      ("1941-05-20 1700", None), ("1941-05-21 1500", None),
                      ("1941-05-24 1500", None)], FLIEGER, False),
}


def labels(session):
    return [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]


def effects(session, kind):
    return [e for e in session.state.catalog["effect"].values() if e["kind"] == kind]


@pytest.mark.parametrize("name", sorted(AIR))
def test_the_luftwaffe_air_support_is_the_printed_one(name):
    """crete:scenario:learning#34-35 crete:scenario:1#51-52 crete:scenario:3#48-49
    crete:scenario:4#31-32 crete:scenario:5#86-88 crete:scenario:6#52-58
    crete:scenario:11#100 crete:scenario:11#102-107 crete:scenario:12#56
    crete:scenario:12#58-60 crete:scenario:13#59: "The Germans receive Air
    Support, using 4 Luftwaffe airstrikes counters, as per Rule 5.1 during the
    ... activation on the first turn. Ignore the requirement to place the
    airstrike within 3 hexes of a friendly unit." (the tables: turn and sheet) —
    so many strikes with that chit on those turns; where waived, a hex with an
    Allied unit and no German within 3 may be struck (air.ksr)."""
    _, count, turns, chit, waived = AIR[name]
    session = deployed(name)
    lab = labels(session)
    strikes = effects(session, "air_strikes")
    assert sorted((lab[e["turn"]], e.get("map")) for e in strikes) == sorted(turns)
    assert all((e["count"], e["chit"], e["side"]) == (count, chit, "Axis") for e in strikes)
    assert all(("airstrike_near_friendly_unit" in e.get("ignore", ())) is waived
               for e in strikes)
    axis = session.ref("side", "Axis")
    lonely = next(u for u, v in session.state.catalog["unit"].items()
                  if v["side"] == "Allied" and session.attr(session.ref("unit", u), "hex")
                  and not session.value("airstrike_near_friendly_unit", axis,
                                        session.attr(session.ref("unit", u), "hex")))
    hex_id = session.attr(session.ref("unit", lonely), "hex")
    for e in strikes:
        allowed = session.value("airstrike_hex_allowed", axis, hex_id, e.get("ignore", []),
                                e.get("map") if e.get("map") and hex_id.startswith(
                                    e.get("map") + ":") else None)
        assert allowed is waived


START_AT_H = {"snafu": "crete:scenario:1#49-50", "heraklion": "crete:scenario:3#46-47",
              "piling_on": "crete:scenario:4#29-30", "descent": "crete:scenario:5#84-85",
              "jump": "crete:scenario:6#50-51", "mercury": "crete:scenario:11#93-94",
              "main_event": "crete:scenario:12#54-55", "free_for_all": "crete:scenario:13#54"}


@pytest.mark.parametrize("name", sorted(START_AT_H))
def test_play_starts_at_step_h_and_the_germans_roll_no_points(name):
    """crete:scenario:1#49-50 crete:scenario:3#46-47 crete:scenario:4#29-30
    crete:scenario:5#84-85 crete:scenario:6#50-51 crete:scenario:11#93-94
    crete:scenario:12#54-55 crete:scenario:13#54: "Start with step H Perform
    Activation Phase, of the Sequence of Play. The Germans do not receive
    Command or Dispatch points the first turn." (Scenario 13 by the General
    Comments: "scenarios 1–6 and 11–13") — the first turn starts at the
    Activation Phase, and on it a German Division Activation rolls no points
    while an Allied one does."""
    session = fresh(name)          # (points are rolled: not the shared, cached game)
    assert session.state.catalog["game"]["game"]["start_step"] == "activation"
    assert session.state.turn == 0
    flieger = session.ref("division", "7. Flieger Division")
    points = (session.attr(flieger, "cp"), session.attr(flieger, "dp"))
    ally = next(d for d, v in session.state.catalog["division"].items()
                if v["side"] == "Allied" and "command_rating" in v)
    before = len(session.events("division_points_rolled"))
    session.perform("roll_division_points", flieger)
    session.perform("roll_division_points", session.ref("division", ally))
    rolled = [e.data["division"] for e in session.events("division_points_rolled")[before:]]
    assert rolled == [ally]
    assert (session.attr(flieger, "cp"), session.attr(flieger, "dp")) == points


@pytest.mark.parametrize("name, cited", [("snafu", "crete:scenario:1#53"),
                                         ("heraklion", "crete:scenario:3#50"),
                                         ("piling_on", "crete:scenario:4#33")])
def test_the_german_leader_loss_event_is_not_used(name, cited):
    """crete:scenario:1#53 crete:scenario:3#50 crete:scenario:4#33: "The German
    Random Event chit for Leader Loss is not used." — the German events cup,
    once filled (crete:5.0), holds no Leader Loss event; the Allied one may."""
    session = fresh(name)
    assert "event:German Leader Loss" in session.state.catalog["chit"]
    session.perform("fill_event_cups")
    assert "event:German Air Support" in session.state.pools["German Event Cup"]
    assert "event:German Leader Loss" not in session.state.pools["German Event Cup"]


RETHYMNON = ["08.13", "27.12", "28.11"]            # the Port and the two airfield hexes
HERAKLION = ["19.08", "27.08", "28.08", "29.08", "29.09", "30.09"]   # Port, runway
MALEME_AIRFIELD = ["09.04", "10.04", "11.05"]
CONTROL = {
    "snafu": ("crete:scenario:1#46", "Allied", RETHYMNON),
    "heraklion": ("crete:scenario:3#43", "Allied", HERAKLION),
    # Scenario 4's Victory Hexes: Scenario 3's and the two OPs its points name
    "piling_on": ("crete:scenario:4#26", "Allied", HERAKLION + ["24.13", "33.13"]),
    "last_chance": ("crete:scenario:7#56", "Axis", MALEME_AIRFIELD),
    "kiwis": ("crete:scenario:8#65", "Axis", MALEME_AIRFIELD),
    "gala": ("crete:scenario:9#91", "Axis", MALEME_AIRFIELD),
    "hot_pursuit": ("crete:scenario:10#86", "Axis", MALEME_AIRFIELD),
}


@pytest.mark.parametrize("name", sorted(CONTROL))
def test_who_controls_the_victory_hexes_and_maleme_airfield_at_the_start(name):
    """crete:scenario:1#46 crete:scenario:3#43 crete:scenario:4#26: "The Allies
    control all Victory Hexes at the start."; crete:scenario:7#56
    crete:scenario:8#65 crete:scenario:9#91 crete:scenario:10#86: "Maleme Airfield
    is controlled by the German player." — the hexes' controller at the start."""
    _, side, hexes = CONTROL[name]
    session = deployed(name)
    for hex_id in hexes:
        assert session.value("controller", hex_id) == session.ref("side", side), hex_id
