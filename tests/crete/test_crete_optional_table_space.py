"""O4.0 Table Space (crete:O4.0): switched on by name, the changed arrivals of the
Rethymnon and Heraklion maps replace the printed ones; off, the scenario is as
printed."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start


def session_of(scenario, options=()):
    return start(scenario, Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                 options=options)


def arrival(session, unit_id):
    """(turn label, entry hex, drop zone) the catalog gives the unit."""
    entry = session.state.catalog["unit"][unit_id]
    turns = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    turn = entry.get("arrival_turn")
    if entry.get("drop_turn") is not None:
        turn = entry["drop_turn"]
    return turns[turn], entry.get("entry_hex"), entry.get("drop_zone")


@pytest.mark.parametrize("scenario, unit_id, printed, changed", [
    # "Change — Reinforcements, 20 May, 1500: Drop One, Stick Five (arrives via
    # Parachute): 3./I./FJR 2 (DZ: 42.07) To — 20 May, 1700: 3./I./FJR 2 (36.09)"
    ("crete/snafu", "3./I./FJR 2 •", ("1941-05-20 1500", None, ["42.07"]),
     ("1941-05-20 1700", "36.09", None)),
    # "Change — Reinforcements, 20 May, 1700: Drop One, Stick One ... 1./I./FJR
    # 1, (DZ: 46.10) To — 20 May, 1900: 1./I./FJR 1 (38.10)"
    ("crete/heraklion", "1./I./FJR 1 •", ("1941-05-20 1700", None, ["46.10"]),
     ("1941-05-20 1900", "38.10", None)),
    # "Change — 20 May, 1900: Drop Two, Stick One ... 3./I./FJR 1 (DZ: 46.10) To
    # — 20 May, Night: 3./I./FJR 1 (38.10)"
    ("crete/heraklion", "3./I./FJR 1 •", ("1941-05-20 1900", None, ["46.10"]),
     ("1941-05-20 night", "38.10", None)),
    # "Change — 20 May, Night: 2./I./FJR 1: (47.11) To — 21 May, 0700: 2./I./FJR
    # 1: (38.10)"
    ("crete/piling_on", "2./I./FJR 1 •", ("1941-05-20 night", "47.11", None),
     ("1941-05-21 0700", "38.10", None)),
    # "Change — 24 May ... 1500: Det C 7 RTR, (28.26); 1700: 1/A & S Hlds (28.26)
    # To — 24 May, 1500: Det C 7 RTR, (29.26); 1700: 1/A & S Hlds (29.26)"
    ("crete/piling_on", "Det C 7 RTR", ("1941-05-24 1500", "28.26", None),
     ("1941-05-24 1500", "29.26", None)),
    ("crete/piling_on", "S(Mtr) 1/A & S •", ("1941-05-24 1700", "28.26", None),
     ("1941-05-24 1700", "29.26", None)),
])
def test_table_space_changes_each_printed_arrival(scenario, unit_id, printed, changed):
    """crete:O4.0 "Adjustments for the smaller map sheets are: ..." — each Change
    and its To, only with the option switched on.
    Sentences: crete:O4.0#5-6, crete:O4.0#8-15.
    """
    assert arrival(session_of(scenario), unit_id) == printed
    on = session_of(scenario, ["crete:O4.0"])
    assert arrival(on, unit_id) == changed
    assert "crete:O4.0" in on.state.catalog["special_rule"]


def test_the_changed_unit_enters_at_its_hex_not_by_air():
    """crete:O4.0: with Table Space 1./I./FJR 1 does not drop at 20 May 1700 (it
    is no airborne Unit any more, crete:4.0) but waits to enter at 38.10."""
    on = session_of("crete/heraklion", ["crete:O4.0"])
    unit = on.ref("unit", "1./I./FJR 1 •")
    assert not on.value("airborne", unit)
    assert on.attr(unit, "hex") is None


@pytest.mark.parametrize("unit_id, printed, changed", [
    ("3./I./FJR 2", ("1941-05-20 1500", None, ["rethymnon:42.07"]),
     ("1941-05-20 1700", "rethymnon:36.09", None)),
    ("1./I./FJR 1", ("1941-05-20 1700", None, ["heraklion:46.10"]),
     ("1941-05-20 1900", "heraklion:38.10", None)),
    ("3./I./FJR 1", ("1941-05-20 1900", None, ["heraklion:46.10"]),
     ("1941-05-20 night", "heraklion:38.10", None)),
    ("2./I./FJR 1", ("1941-05-20 night", "heraklion:47.11", None),
     ("1941-05-21 0700", "heraklion:38.10", None)),
    ("Det C 7 RTR", ("1941-05-24 1500", "heraklion:28.26", None),
     ("1941-05-24 1500", "heraklion:29.26", None)),
    ("S(Mtr) 1/A & S", ("1941-05-24 1700", "heraklion:28.26", None),
     ("1941-05-24 1700", "heraklion:29.26", None)),
])
def test_table_space_in_the_campaign(campaign, unit_id, printed, changed):
    """crete:O4.0 applies "both for the Rethymnon and Heraklion scenarios and the
    Campaign Scenario": Scenario 11's arrivals on those sheets change the same
    way.
    Sentences: crete:O4.0#2.
    """
    assert arrival(campaign[0], unit_id) == printed
    assert arrival(campaign[1], unit_id) == changed


def test_the_regiments_leader_comes_with_the_changed_arrival(campaign):
    """With O4.0 the Fsch.Jäg.Rgt. 1 Leader, who drops with Stick One at 1700 as
    printed, enters with 1./I./FJR 1 at 1900 instead (General Comments: "Leaders
    arrive with any Unit of their Formation on the first turn a Unit arrives").
    Sentences: crete:O4.0#24.
    """
    off, on = (c.state.catalog["leader"]["Fsch.Jäg.Rgt. 1 Leader"] for c in campaign)
    assert "drop_turn" in off and "arrival_turn" not in off
    assert on.get("drop_turn") is None
    assert arrival(campaign[1], "1./I./FJR 1")[0] == \
        [t["label"] for t in campaign[1].state.catalog["game"]["game"]["turns"]][on["arrival_turn"]]


@pytest.fixture(scope="module")
def campaign():
    return session_of("crete/mercury"), session_of("crete/mercury", ["crete:O4.0"])
