"""Scenario 12 "The Main Event" (crete:scenario:12), the campaign from Maleme to
Georgeoupolis: Maleme as per Scenario 5, Canea-Suda and Georgeoupolis as per
Scenario 11 (modules/gts/as_per.py: only that map's placements of a several-map
scenario), the printed reinforcements and serials, ratings, chits, its rules
as data and its victory conditions."""

from __future__ import annotations

import pytest

from kriegsspiel.tools.play import play_game

from scenario_tools import start_passing, where, labels

from test_mercury import CANEA_SUDA, SERIALS


def scenario():
    return start_passing("crete/main_event")


@pytest.fixture(scope="module")
def session():
    return scenario()


@pytest.fixture(scope="module")
def deployed():
    game = scenario()
    game.perform("deploy_units")
    return game


def test_four_joined_sheets_with_the_set_ups_they_name(deployed):
    """ "Maleme Map: As per Scenario 5; Canea - Suda Map: As per Scenario 11;
    Georgeoupolis Map: As per Scenario 11" (crete:scenario:12): one plane, hex
    ids without a sheet; Scenario 11's placements on those two maps and no
    other (no Rethymnon, Heraklion or Kastelli Units, no Lt Col Campbell)."""
    assert deployed.state.catalog["game"]["game"]["maps"] == [
        "maleme", "canea_suda", "georgeoupolis", "sfakia"]
    for name, hex_id in CANEA_SUDA.items():
        assert where(deployed, name) == hex_id.split(":")[1], name
    assert where(deployed, "A 22 Bn") == "09.07"                    # Scenario 5
    assert where(deployed, "MajGen Weston", "leader") == "49.08"
    vassey = where(deployed, "Brig Vassey", "leader")
    assert vassey in {where(deployed, u) for u in ("A 2/7 Inf", "B 2/8 Inf", "C 2/8 Inf",
                                                   "S(Mtr) 2/7 Inf", "2/8 Fld RAE")}
    units = deployed.state.catalog["unit"]
    assert "A 2/1 Inf" not in units and "Kastelli" not in units and "A 2/B W" not in units
    assert not deployed.attr(deployed.ref("leader", "Lieutenant Colonel Campbell"), "on_map")


def test_reinforcements_serials_and_the_drops_read_from_scenario_11(session):
    """Layforce A BN (25 May Night) and D BN (26 May Night) at 59.13; Serials 1-17
    as per S7.0 from 1700 21 May; the historical drops on these maps (a reading:
    the scenario is "Historical Drops" but prints only the serials)
    (crete:scenario:12)."""
    unit, lab = session.state.catalog["unit"], labels(session)
    assert (lab[unit["A Coy A BN"]["arrival_turn"]], unit["A Coy A BN"]["entry_hex"]) == \
        ("1941-05-25 night", "59.13")
    assert (lab[unit["E Coy D BN"]["arrival_turn"]], unit["E Coy D BN"]["entry_hex"]) == \
        ("1941-05-26 night", "59.13")
    serials = {}
    for name, u in unit.items():
        if u.get("arrival") == "airlanding":
            serials.setdefault(u["serial"], []).append(name)
    assert {k: sorted(v) for k, v in serials.items()} == {k: sorted(v) for k, v in SERIALS.items()}
    assert unit["Det Gentz"]["drop_zone"] == ["49.13"]
    assert unit["9./III./LLSR"]["drop_zone"] == ["11.06"]
    assert lab[unit["1. Kgr. Ramcke"]["drop_turn"]] == "1941-05-21 1500"
    assert "Det C 7 RTR" not in unit and "1. Kgr. Vogel" not in unit


def test_command_values_and_rules(session):
    """crete:scenario:12's Command Values (CREFOR 3/1, no turn increases), the
    Georgeoupolis map waiting for the 1500 20 May turn, the Akrotiri and
    Georgeoupolis exit requirement (+10), Morale 30, air strikes on Maleme.
    crete:scenario:12#62 crete:scenario:12#64 crete:scenario:12#66"""
    div = session.state.catalog["division"]
    assert [div["CREFOR"][k] for k in ("command_rating", "dispatch_rating")] == [3, 1]
    effects = list(session.state.catalog["effect"].values())
    lab = labels(session)
    assert not [e for e in effects if e["kind"] == "command_rating_raised"]
    assert sorted(e["serial"] for e in effects if e["kind"] == "command_rating_on_serial") == \
        [3, 8, 14]
    wait = next(e for e in effects if e["kind"] == "map_waits_for_turn")
    assert (wait["map"], lab[wait["turn"]]) == ("georgeoupolis", "1941-05-20 1500")
    requirement = next(e for e in effects if e["kind"] == "withdrawal_requirement")
    assert (requirement["hexes"], requirement["exit"], requirement["count"],
            requirement["leaders"], requirement["change"]) == \
        (["67.07", "74.08", "75.08", "77.02"], "108.44", 12, 1, 10)
    assert [(lab[e["turn"]], e["map"]) for e in effects if e["kind"] == "air_strikes"] == \
        [("1941-05-20 0700", "maleme"), ("1941-05-21 1500", "maleme")]
    assert session.value("allied_morale") == 30
    assert not [e for e in effects if e["kind"] == "force_reserve"]   # none printed


def test_georgeoupolis_waits_until_1500_20_may(deployed):
    """ "The Allied units on the Georgeoupolis maps may not be activated until the
    1500, 20 May game turn." (crete:scenario:12)
    crete:scenario:12#61"""
    a27 = deployed.ref("unit", "A 2/7 Inf")
    assert deployed.value("waiting_on_sheet", a27)
    assert not deployed.value("waiting_on_sheet", deployed.ref("unit", "B 1 Welch"))
    turn = deployed.state.turn
    try:
        deployed.state.turn = labels(deployed).index("1941-05-20 1300")
        assert deployed.value("waiting_on_sheet", a27)
        deployed.state.turn = labels(deployed).index("1941-05-20 1500")
        assert not deployed.value("waiting_on_sheet", a27)
    finally:
        deployed.state.turn = turn


def test_victory_conditions(session):
    """crete:scenario:12: the Ports of Canea and Suda, Neo-Chorion and Wrisses with
    Withdrawal in effect, no Withdrawal an Allied Decisive Victory, then "Less
    than 15 Decisive German ... More than 30 Substantial Allied".
    crete:scenario:12#68-72 crete:scenario:12#74-78"""
    victory = list(session.state.catalog["victory"].values())
    assert [(v["hex"], v.get("provided")) for v in victory[:4]] == [
        ("49.07", None), ("59.13", None), ("73.28", "allied_withdrawal"),
        ("86.37", "allied_withdrawal")]
    assert (victory[4]["kind"], victory[4]["negated"], victory[4]["level"]) == \
        ("allied_withdrawal", True, "decisive")
    assert [(v["levels"], v["winner"], v["level"]) for v in victory[5:]] == [
        ([0, 14], "Axis", "decisive"), ([15, 19], "Axis", "substantial"),
        ([20, 25], "Axis", "marginal"), ([26, 30], "Allied", "marginal"),
        ([31, 9999], "Allied", "substantial")]


def test_the_first_turn_plays_with_bots_under_the_invariant_checker():
    """A seeded random-bot game of the 0700 20 May turn (crete:scenario:12)."""
    game, lines = play_game("crete/main_event", 1, ["random"], until=1, check_invariants=True)
    assert lines[-1] == "RESULT: not decided (stopped before the end)"
    assert game.session.events("unit_dropped")
