"""Force Reserves (crete:scenario:9, modules/crete/rules/reserves.ksr), on a small
test scenario over the joined Maleme and Canea-Suda sheets: two 1st Welch
companies are Force Reserves, A Royal Periv (their Brigade, MNDBO) is not.

"The 1st Welch Battalion, 1st Rangers (9th Bn KRRC), Dock Defence Force, and
Northumberland Hussars are Force Reserves and may not be activated until a
German Unit is within 7 hexes of the Port of Canea (hex 49.07) or Port of Suda
(59.13). If Allied Withdraw is triggered, these units are released from this
restriction no later than the 0700, 26 May game turn."
"""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

RESERVES = ["A 1 Welch", "C 1 Welch"]
FREE = "A Royal Periv"
GERMAN = "1./I./GJR 85"
# turn indices from 0700 25 May: 0700 0900 1100 1300 1500 1700 1900 night, 0700 26 May
T0700_26 = 8

SCENARIO = """\
provenance: provisional
source: "crete:scenario:9"
id: test-force-reserves
title: Force Reserves test
game: crete
rulesets: [gts, crete]
counter_set: campaign
maps: [maleme, canea_suda]
start_turn: "1941-05-25 0700"
end_turn: "1941-05-26 night"
special_rules: ["crete:S5.0", "crete:S6.0"]
setup:
  - {unit: A 1 Welch, hex: "48.09"}
  - {unit: C 1 Welch, hex: "49.10"}
  - {unit: A Royal Periv, hex: "48.10"}
  - {leader: MajGen Weston, hex: "48.10"}
  - {unit: 1./I./GJR 85, hex: "25.17"}
command_values:
  - {division: CREFOR, ratings: {command: 4, dispatch: 1}, points: {command: 4, dispatch: 1}}
  - {division: 5. Gebirgs Division, ratings: {command: 5, dispatch: 3},
     points: {command: 6, dispatch: 3}}
mug:
  at_start: [{kind: direct_command, of: Allied}]
scenario_rules:
  - id: force-reserves
    source: "crete:scenario:9"
    text: Force Reserves
    effects:
      - {kind: force_reserve, units: [A 1 Welch, C 1 Welch], hexes: ["49.07", "59.13"],
         within: 7, release: "1941-05-26 0700"}
  - id: morale
    source: "crete:scenario:9"
    text: The Allies start with a morale level of 20.
    effects: [{kind: allied_morale, level: 20}]
victory:
  conditions:
    - {kind: control, side: Axis, hex: "49.07", when: end_of_game, winner: Axis}
  draw: otherwise
"""


@pytest.fixture
def session(tmp_path):
    path = tmp_path / "reserves.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    players = Table({"Axis": KeyedPlayer({"action": "pass"}),
                     "Allied": KeyedPlayer({"action": "pass", "direct_command_unit": "done"})})
    return start(str(path), players, seed=1)


def unit(session, name):
    return session.ref("unit", name)


def held(session):
    return [n for n in RESERVES + [FREE] if session.value("force_reserve_held", unit(session, n))]


def offered(session, key):
    """Every unit the Allied player was offered under *key*."""
    return {getattr(o, "id", o) for d in session.players.players["Allied"].asked
            if d.key == key for o in d.options}


def at_turn(session, turn):
    session.ctx.emit("turn_advanced", {"turn": turn})


def released(session):
    return [e.data["reason"] for e in session.events("force_reserve_released")]


def test_reserves_are_not_picked_in_a_division_or_formation_activation(session):
    assert held(session) == RESERVES
    crefor = session.ref("division", "CREFOR")
    assert [session.value("division_may_activate", unit(session, n), crefor)
            for n in RESERVES + [FREE]] == [False, False, True]
    session.perform("activate_division", crefor)
    assert offered(session, "next_unit") == {FREE}
    session.perform("activate_formation", session.ref("formation", "MNDBO"))
    assert offered(session, "next_unit") == {FREE}


def test_reserves_are_not_activated_by_direct_command(session):
    allied = session.ref("side", "Allied")
    assert [session.value("direct_command_eligible", unit(session, n), allied)
            for n in RESERVES + [FREE]] == [False, False, True]
    session.perform("direct_command", allied)
    assert offered(session, "direct_command_unit") == {FREE, "done"}


def test_a_german_unit_eight_hexes_away_releases_nothing(session):
    grid = session.state.grid
    assert grid.distance(grid.parse("41.07"), grid.parse("49.07")) == 8
    session.place(GERMAN, "41.07")
    assert held(session) == RESERVES and released(session) == []


def test_a_german_unit_within_seven_hexes_of_a_port_releases_them_for_good(session):
    grid = session.state.grid
    assert grid.distance(grid.parse("42.07"), grid.parse("49.07")) == 7
    session.place(GERMAN, "42.07")
    assert held(session) == [] and released(session) == ["enemy within range"]
    # "until a German Unit is within 7 hexes": falling back does not hold them again
    session.place(GERMAN, "25.17")
    assert held(session) == []
    session.perform("activate_formation", session.ref("formation", "MNDBO"))
    assert offered(session, "next_unit") == set(RESERVES) | {FREE}


def test_a_german_move_into_range_releases_them(session):
    session.place(GERMAN, "41.07")
    # the kernel's record of a move (move_unit), one hex east: 7 from the Port of Canea
    session.ctx.emit("unit_moved", {"unit": unit(session, GERMAN), "origin": "41.07",
                                    "destination": "42.07"})
    assert held(session) == [] and released(session) == ["enemy within range"]


def test_a_german_unit_near_suda_releases_them(session):
    session.place(GERMAN, "53.13")                   # 6 hexes from the Port of Suda 59.13
    assert held(session) == [] and released(session) == ["enemy within range"]


def test_an_allied_unit_near_the_ports_releases_nothing(session):
    session.place(FREE, "50.08")
    assert held(session) == RESERVES and released(session) == []


def test_allied_withdrawal_releases_them_at_0700_26_may(session):
    """Withdrawal triggered on 25 May: they wait until 0700 26 May."""
    session.perform("adjust_allied_morale", -25, "test")
    assert session.events("allied_withdrawal_started")
    at_turn(session, T0700_26 - 1)
    assert held(session) == RESERVES and released(session) == []
    at_turn(session, T0700_26)
    assert held(session) == [] and released(session) == ["Allied Withdrawal"]


def test_without_withdrawal_0700_26_may_releases_nothing(session):
    at_turn(session, T0700_26)
    assert held(session) == RESERVES and released(session) == []


def test_withdrawal_after_0700_26_may_releases_them_at_once(session):
    at_turn(session, T0700_26 + 1)
    assert held(session) == RESERVES
    session.perform("adjust_allied_morale", -25, "test")
    assert held(session) == []
