"""Scenario 3 "A Heraklion Effort" (crete:scenario:3) — set-up, the drop schedule,
the start at step H, the victory conditions (the Port of Heraklion, or at least
two connected runway hexes, at the end of the game; otherwise the Allies) and
seeded random-bot playouts."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

RUNWAY = ("27.08", "28.08", "29.08", "29.09", "30.09")


def scenario(axis=None, allied=None, seed=1):
    return start("crete/heraklion", Table({"Axis": KeyedPlayer(axis),
                                           "Allied": KeyedPlayer(allied)}), seed=seed)


def where(session, name, kind="unit"):
    return session.attr(session.ref(kind, name), "hex")


# ---- set-up -------------------------------------------------------------------------

FIXED = {
    "A 2/B W •": "29.12", "B 2/B W •": "30.10", "C 2/B W •": "28.09", "D 2/B W •": "30.09",
    "S(Mtr) 2/B W •": "31.12",
    "A 2/4 Inf •": "27.11", "B 2/4 Inf •": "26.12", "C 2/4 Inf •": "27.10",
    "D 2/4 Inf •": "26.10", "S(Mtr) 2/4 Inf •": "26.11",
    "A/7 Med RA •": "24.07", "B/7 Med RA •": "23.09", "C/7 Med RA •": "22.08",
    "A 2/Leics •": "23.11", "B 2/Leics •": "23.10", "C 2/Leics •": "23.12",
    "D 2/Leics •": "23.13", "S(Mtr) 2/Leics •": "23.12",
}
RANDOM = [
    (["1 1/7 Inf", "2 1/7 Inf", "3 1/7 Inf"], {"16.11", "18.11", "19.11"}),
    (["1/5 Garrison", "2/5 Garrison", "3/5 Garrison"], {"19.08", "20.08", "19.09"}),
]
IN_IP = [n for n in FIXED if "B W" in n or "2/4 Inf" in n or "Med RA" in n]


def test_every_allied_unit_is_where_the_book_says():
    """crete:scenario:3 Allied Setup: fixed hexes; the Greeks "place randomly, one
    unit per hex, in" their three hexes; "Axis Set-up: None"."""
    session = scenario()
    for name, hex_id in FIXED.items():
        assert where(session, name) == hex_id, name
    for units, hexes in RANDOM:
        assert {where(session, u) for u in units} == hexes
    german = [u for u, e in session.state.catalog["unit"].items() if e["side"] == "Axis"]
    assert not any(where(session, u) for u in german)
    # the campaign counters of the same companies are not in play
    assert "A 2/B W" not in session.state.catalog["unit"]


def test_ips_and_the_brigade_leader_at_the_start_of_play():
    """ "Units may be placed in IPs" (Black Watch, 2/4 Inf, 7 Med RA — not the
    Leicesters nor the Greeks), asked of the Allied player; "Leaders stack with any
    of their Units at setup" (General Comments).
    Sentences: crete:O4.0#20.
    """
    session = scenario(allied={"set_up_in_ip": True})
    session.perform("deploy_units")
    asked = [e.data["subject"] for e in session.events("decision")
             if e.data["key"] == "set_up_in_ip"]
    assert sorted(asked) == sorted(IN_IP)
    assert session.attr(session.ref("unit", "D 2/B W •"), "improved_position") == 1
    assert session.attr(session.ref("unit", "A 2/Leics •"), "improved_position") == 0
    assert where(session, "14th Infantry Brigade Leader", "leader") in set(FIXED.values())


def test_command_values_and_control_at_the_start():
    """ "Command Rating of 4 and Dispatch Rating of 1 ... 4 Command Points and 1
    Dispatch Point"; FJR 1: 6 and 2, starting with 5 and 2; "The Allies control
    all Victory Hexes at the start." """
    session = scenario()
    allied = session.ref("division", "CREFOR")
    german = session.ref("division", "7. Flieger Division")
    assert [session.attr(allied, k) for k in ("command_rating", "dispatch_rating", "cp", "dp")] \
        == [4, 1, 4, 1]
    assert [session.attr(german, k) for k in ("command_rating", "dispatch_rating", "cp", "dp")] \
        == [6, 2, 5, 2]
    for hex_id in ("19.08", *RUNWAY):
        assert session.value("controller", hex_id) == session.ref("side", "Allied")


def test_the_map_holds_the_named_hexes():
    """The provisional Heraklion map: the Port of Heraklion (19.08) and the five
    runway hexes are S6.0 control points, the runway a connected strip; every
    set-up hex, drop zone and arrival hex is on land, no drop zone in a city or
    town (where a landing would be fatal under the optional scatter rule)."""
    session = scenario()
    assert "port" in session.value("features_at", "19.08")
    for hex_id in RUNWAY:
        assert "airfield" in session.value("features_at", hex_id), hex_id
    drop_hexes = {h for _, _, _, zone in DROPS for h in zone}
    named = set(FIXED.values()) | {h for _, hexes in RANDOM for h in hexes} | drop_hexes | {
        "47.11", "38.10", "01.10", "28.26", "29.26"}
    for hex_id in named:
        assert not session.value("terrain_has", hex_id, "impassable"), hex_id
    assert {session.value("terrain", h) for h in drop_hexes}.isdisjoint({"city", "town"})


# ---- drops --------------------------------------------------------------------------

# (turn index, stick, units, DZ) as printed: Drop One at 1700 (turn 0), Drop Two
# at 1900 (turn 1).
DROPS = [
    (0, "Stick One", ["1./I./FJR 1 •"], ["46.10"]),
    (0, "Stick Two", ["6./II./FJR 1 •", "1. Fsch. Flak 7"], ["25.08", "26.08"]),
    (0, "Stick Three", ["5./II./FJR 1 •", "7./II./FJR 1 •"], ["33.12", "33.13"]),
    (0, "Stick Four", ["9./III./FJR 1 •", "10./III./FJR 1 •", "14. FJR 1 •"],
     ["13.09", "14.09", "15.10"]),
    (0, "Stick Five", ["11./III./FJR 1 •"], ["17.12"]),
    (0, "Stick Six", ["7./II./FJR 2 •", "8./II./FJR 2 •"], ["10.09", "10.10"]),
    (1, "Stick One", ["3./I./FJR 1 •"], ["46.10"]),
    (1, "Stick Two", ["8./II./FJR 1 •"], ["33.12"]),
    (1, "Stick Three", ["13. FJR 1 •"], ["17.13"]),
]


def test_the_drop_schedule_is_as_printed():
    session = scenario()
    units = session.state.catalog["unit"]
    for turn, stick, names, zone in DROPS:
        for name in names:
            entry = units[name]
            assert (entry["arrival"], entry["drop_turn"], entry["stick"], entry["drop_zone"]) \
                == ("parachute", turn, stick, zone), name
    # "Night: Fallschirmjäger-Regiment 1 — 2./I./FJR 1: (47.11)": the night of
    # 20 May, the third turn, entering at 47.11 (no parachute).
    night = units["2./I./FJR 1 •"]
    assert (night.get("arrival"), night["arrival_turn"], night["entry_hex"]) == (None, 2, "47.11")
    assert session.state.catalog["game"]["game"]["turns"][2]["label"] == "1941-05-20 night"
    leaders = session.state.catalog["leader"]
    assert [leaders[f"{b}./FJR 1 Leader"]["drop_turn"] for b in ("I", "II", "III")] == [0, 0, 0]


def test_first_turn_starts_with_the_fjr_1_chit_and_its_drops():
    """ "The Fallschirmjäger-Regiment 1 chit is the first in play"; the named
    chits are in the cup; its air strikes come before its drops (General
    Comments); Drop One's eleven units come down, Drop Two's on the next turn."""
    session = scenario()
    assert {c.id for c in session.state.pool("mug")} == {
        "direct:Axis", "direct:Allied", "random_event:Axis", "random_event:Allied",
        "division:CREFOR", "formation:II./FJR 1", "formation:III./FJR 1"}
    session.perform("play_turn")
    log = session.state.log
    first = next(e for e in log if e.kind == "activation_started")
    assert first.data == {"chit": "division:7. Flieger Division"}
    kinds = [e.kind for e in log]
    assert kinds.index("airstrikes_placed") < kinds.index("unit_dropped")
    assert len(next(e for e in log if e.kind == "airstrikes_placed").data["hexes"]) == 4
    landed = {e.data["unit"] for e in session.events("unit_dropped")}
    german = {u for u, e in session.state.catalog["unit"].items() if e["side"] == "Axis"}
    lost = {e.data["unit"] for e in session.events("unit_eliminated")} & german - landed
    assert len(landed | lost) == 11
    assert not landed & {"3./I./FJR 1 •", "8./II./FJR 1 •", "13. FJR 1 •"}


# ---- victory ------------------------------------------------------------------------

def result(session):
    return [(e.data["winner"], e.data["reason"]) for e in session.events("game_won")]


COMPANIES = ["9./III./FJR 1 •", "10./III./FJR 1 •", "11./III./FJR 1 •"]


def axis_holds(*hexes):
    session = scenario()
    for name, hex_id in zip(COMPANIES, hexes):
        session.place(name, hex_id)        # crete:S6.0: the last to occupy controls
    return session


def test_the_port_at_the_end_of_the_game_wins_for_the_germans():
    """crete:scenario:3#54"""
    session = axis_holds("19.08")
    session.perform("victory_check", False)
    assert result(session) == []                       # "at the end of the game"
    session.perform("victory_check", True)
    assert result(session) == [("Axis", "victory 1")]


def test_the_port_lost_again_before_the_end_does_not_count():
    """crete:scenario:3#54-55"""
    session = axis_holds("19.08")
    session.perform("victory_check", False)
    session.place("1/5 Garrison", "19.08")
    session.perform("victory_check", True)
    assert result(session) == [("Allied", "otherwise")]


@pytest.mark.parametrize("pair", [("27.08", "28.08"), ("28.08", "29.08"), ("29.08", "29.09"),
                                  ("29.09", "30.09"), ("29.08", "30.09")])
def test_two_connected_runway_hexes_win_for_the_germans(pair):
    """crete:scenario:3#54"""
    session = axis_holds(*pair)
    session.perform("victory_check", True)
    assert result(session) == [("Axis", "victory 2")]


@pytest.mark.parametrize("pair", [("27.08", "29.08"), ("27.08", "30.09"), ("28.08", "29.09"),
                                  ("27.08", "29.09")])
def test_two_unconnected_runway_hexes_do_not_count(pair):
    """crete:scenario:3#54"""
    session = axis_holds(*pair)
    session.perform("victory_check", True)
    assert result(session) == [("Allied", "otherwise")]


def test_one_runway_hex_or_nothing_is_an_allied_win():
    """crete:scenario:3#55"""
    for held in [("28.08",), ()]:
        session = axis_holds(*held)
        session.perform("victory_check", True)
        assert result(session) == [("Allied", "otherwise")]


def test_three_runway_hexes_with_two_adjacent_win():
    """crete:scenario:3#54"""
    session = axis_holds("27.08", "29.09", "30.09")
    session.perform("victory_check", True)
    assert result(session) == [("Axis", "victory 2")]


def test_ks_play_prints_a_result():
    from typer.testing import CliRunner

    from kriegsspiel.tools.cli import app
    printed = CliRunner().invoke(app, ["play", "crete/heraklion", "--seed", "1"])
    assert printed.exit_code == 0, printed.output[-2000:]
    results = [line for line in printed.output.splitlines() if line.startswith("RESULT: ")]
    assert len(results) == 1 and results[0].endswith(("wins (otherwise)", "wins (victory 1)",
                                                      "wins (victory 2)")), results
