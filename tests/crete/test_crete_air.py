"""Air Strike/Support (crete:5.1) through the series air strike (gts:27.0), and the
Learning Scenario's two Luftwaffe airstrikes (crete:scenario:learning)."""

from __future__ import annotations

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.rulebook import build_program
from kriegsspiel.engine.starting import start

GEB5_CHIT = "division:5. Gebirgs Division"


@pytest.fixture(scope="module")
def crete():
    return build_program(["crete"])


def learning(axis, rolls):
    return start("crete/learning", Table({"Axis": axis, "Allied": KeyedPlayer({"action": "pass"})}),
                 dice=Dice(0, script=rolls))


def offered(player, key):
    return [d.options for d in player.asked if d.key == key]


def test_strikes_only_within_three_hexes_of_a_friendly_unit(make_session, crete):
    """crete:5.1#9: "place one or more airstrike counters ... on any hex that is within
    3 hexes of the friendly unit"; a "3" white (DP) attack with only the positive
    Direct Fire modifiers (gts:27.0)."""
    axis = KeyedPlayer({"airstrike_hex": ["04.05", "done"]})
    session = make_session(program=crete, rolls=[2], axis=axis,
                           allies=KeyedPlayer({"convert_suppression": False}),
                           placement={"pi1": "04.08", "truck": "20.12", "schaette": "04.08",
                                      "greek": "04.05", "police": "10.05"})
    session.state.catalog["unit"]["greek"]["faces"]["front"]["defense"] = 1
    session.perform("fly_air_strikes", session.ref("side", "axis"), 2, None, None)
    assert offered(axis, "airstrike_hex") == [("04.05", "done"), ("04.05", "done")]
    strike = session.events("air_strike_resolved")[0].data
    assert (strike["target"], strike["roll"], strike["hit"]) == ("greek", 2, True)
    # 3, +1 for a positive Defense Rating (no negative modifier would count)
    assert strike["rating"] == 3 + 1
    assert session.events("airstrikes_placed")[0].data["hexes"] == ["04.05"]


def test_all_counters_are_placed_before_any_roll(make_session, crete):
    """crete:5.1#12: "Place all Luftwaffe airstrike counters on chosen hexes before any
    attack rolls take place" (gts:27.0#7-8); two on the same Unit are resolved
    one by one (gts:27.0#9)."""
    axis = KeyedPlayer({"airstrike_hex": ["04.05", "04.05"]})
    session = make_session(program=crete, rolls=[9, 9], axis=axis,
                           placement={"pi1": "04.08", "greek": "04.05"})
    session.perform("fly_air_strikes", session.ref("side", "axis"), 2, None, None)
    kinds = [e.kind for e in session.state.log if e.kind in ("airstrikes_placed",
                                                           "air_strike_resolved")]
    assert kinds == ["airstrikes_placed", "air_strike_resolved", "air_strike_resolved"]
    assert [e.data["hit"] for e in session.events("air_strike_resolved")] == [False, False]


def test_a_scenario_can_waive_the_three_hex_requirement(make_session, crete):
    """crete:5.1 and Scenario 1: "Ignore the requirement to place the airstrike within
    3 hexes of a friendly unit" — the effect key ignore: [airstrike_near_friendly_unit]."""
    axis = KeyedPlayer({"airstrike_hex": "done"})
    session = make_session(program=crete, axis=axis,
                           placement={"pi1": "20.12", "truck": "20.12", "schaette": "20.12"})
    side = session.ref("side", "axis")
    session.perform("fly_air_strikes", side, 1, None, None)
    assert offered(axis, "airstrike_hex") == []        # nothing in reach: nothing asked
    session.perform("fly_air_strikes", side, 1, ["airstrike_near_friendly_unit"], None)
    assert offered(axis, "airstrike_hex") == [("04.05", "06.05", "done")]


def test_learning_scenario_strikes_when_the_gebirgs_chit_is_drawn_at_0900():
    """crete:scenario:learning: "The Germans receive Air Support, using 2 Luftwaffe
    airstrikes counters, as per Rule 5.1 for use when the 5. Gebirgs Division
    Activation chit is drawn of 0900 24 May" — resolved before the activation."""
    axis = KeyedPlayer({"airstrike_hex": "12.05", "action": "pass", "stack_with": "done",
                        "transfer_leader": "stay"})
    session = learning(axis, rolls=[0, 9, 4, 4])
    session.perform("play_chit", session.ref("chit", GEB5_CHIT))
    assert offered(axis, "airstrike_hex") == [("12.05", "done")] * 2
    strikes = session.events("air_strike_resolved")
    assert [(s.data["target"], s.data["roll"]) for s in strikes] == [("3 B/1 Inf", 0),
                                                                     ("3 B/1 Inf", 9)]
    log = [e.kind for e in session.state.log]
    assert log.index("air_strike_resolved") < log.index("division_points_rolled")


def test_learning_scenario_strikes_are_not_flown_on_another_turn():
    """crete:scenario:learning: the strikes are for the chit "drawn of 0900 24 May"
    only; drawn at 1100 (it was the last chit of 0900) it brings none."""
    axis = KeyedPlayer({"action": "pass", "stack_with": "done", "transfer_leader": "stay"})
    session = learning(axis, rolls=[4, 4])
    session.ctx.emit("turn_advanced", {"turn": 1})
    session.perform("play_chit", session.ref("chit", GEB5_CHIT))
    assert offered(axis, "airstrike_hex") == []
    assert session.events("air_strike_resolved") == []
