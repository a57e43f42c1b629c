"""Scenario 4 "Piling On" (crete:scenario:4): Scenario 3's set-up and drops, Kampfgruppe
Vogel's drop and the 14th Infantry Brigade's arrivals of 24 May, the special rules in
effect (S1.0, S2.0, S4.0, S6.0), victory on points, and seeded random-bot playouts."""

from __future__ import annotations

import pytest
from conftest import played

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start


def scenario(seed=1):
    return start("crete/piling_on", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                 seed=seed)


def test_the_set_up_is_scenario_3s():
    """"Set-up and Command Values are the same as Scenario 3".
    crete:scenario:4#10 crete:scenario:4#13"""
    four = scenario()
    three = start("crete/heraklion", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                  seed=1)
    assert four.state.placement == three.state.placement
    for division in ("CREFOR", "7. Flieger Division"):
        for track in ("cp", "dp"):
            assert four.attr(four.ref("division", division), track) == \
                three.attr(three.ref("division", division), track)


def test_the_24_may_arrivals_are_as_printed():
    """Kampfgruppe Vogel drops at 1100 within 2 hexes of 16.15; Det C 7 RTR (1500)
    and 1/A & S Hlds (1700) enter at 28.26."""
    session = scenario()
    turns = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    units = session.state.catalog["unit"]
    for n in "1234":
        vogel = units[f"{n}. Kgr. Vogel •"]
        assert turns[vogel["drop_turn"]] == "1941-05-24 1100"
        assert "16.15" in vogel["drop_zone"] and "14.15" in vogel["drop_zone"]
        assert "13.15" not in vogel["drop_zone"]
    assert turns[units["Det C 7 RTR"]["arrival_turn"]] == "1941-05-24 1500"
    for name in ("A 1/A & S •", "B 1/A & S •", "S(Mtr) 1/A & S •"):
        assert turns[units[name]["arrival_turn"]] == "1941-05-24 1700"
        assert units[name]["entry_hex"] == "28.26"
    assert turns[-1] == "1941-05-25 night"


def test_the_special_rules_in_effect():
    session = scenario()
    for rule in ("crete:S1.0", "crete:S2.0", "crete:S4.0", "crete:S6.0"):
        assert session.value("in_effect", rule) is True
    assert session.value("in_effect", "crete:S7.0") is False


def test_two_strikes_schedules_and_no_leader_loss():
    session = scenario()
    effects = session.state.catalog["effect"]
    turns = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    strikes = sorted(turns[e["turn"]] for e in effects.values() if e["kind"] == "air_strikes")
    assert strikes == ["1941-05-20 1700", "1941-05-24 1100"]


# One here beside the golden game (seed 1, tests/test_golden.py: a six-day game,
# ~20 s); the twenty of the issue with `KS_SLOW=1 python -m pytest -m slow tests/scenarios`.
@pytest.mark.parametrize("seed", [2])
def test_random_bots_play_to_a_result(seed):
    session = played("crete/piling_on", seed)
    won = session.events("game_won")
    assert len(won) == 1
    assert won[0].data["reason"] in ("more victory points", "draw: equal victory points")
    assert {e.data["side"] for e in session.events("victory_points_scored")} == {"Axis",
                                                                                 "Allied"}
    assert session.state.turn == len(session.state.catalog["game"]["game"]["turns"])


