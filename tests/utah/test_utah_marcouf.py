"""Îles St. Marcouf Assault (utah:18.10, optional): the secret ballot and its results
table, with scripted dice (modules/utah/optional/marcouf.ksr)."""

from __future__ import annotations

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.core.state import Ref
from kriegsspiel.engine.starting import start

GAME = Ref("game", "game")
CAV24, CAV4 = "B / 24th Cav", "B / 4th Cav"


def ballot(german, american, rolls=()):
    game = start("utah/causeway",
                 Table({"Allied": KeyedPlayer({"marcouf_american": american}),
                        "Axis": KeyedPlayer({"marcouf_german": german})}),
                 dice=Dice(0), options=["utah:18.10"])
    game.dice.__dict__.update(Dice(script=list(rolls)).__dict__)
    game.perform("marcouf_ballot_procedure")
    return game


def nachhuten(game):
    return len(game.value("available_rearguards", game.ref("division", "709.Infanterie-Division")))


@pytest.mark.parametrize("german, american, lost, bonus, held", [
    ("occupy", "gamble", 2, 1, 0), ("occupy", "assault", 2, 0, 1),
    ("mine", "gamble", 0, 0, 0), ("mine", "assault", 0, 0, 1)])
def test_18_10_the_results_table(german, american, lost, bonus, held):
    """utah:18.10#14, utah:18.10#15, utah:18.10#17-19: each side chooses, unseen by the
    other, then both are revealed; utah:18.10#21-29: Occupy costs the 709.ID 2 Nachhut
    markers for good; Occupy against a Gamble, +1 to the German artillery on the Beach
    overlay (kept for 4.x); an Assault puts both troops on the Île du Large."""
    game = ballot(german, american, rolls=[0])
    [event] = game.events("marcouf_ballot")
    assert (event.data["german"], event.data["american"]) == (german, american)
    assert nachhuten(game) == 3 - lost
    assert game.attr(GAME, "marcouf_beach_fire_bonus") == bonus
    assert [game.attr(game.ref("unit", u), "on_ile_du_large") for u in (CAV24, CAV4)] == \
        [held, held]


@pytest.mark.parametrize("roll, face", [(9, "back"), (0, "front")])
def test_18_10_mined_islands_cost_a_step_on_a_failed_check(roll, face):
    """utah:18.10#29: mined and assaulted, "B / 24th Cav conducts a TQ check. If it
    fails, it is reduced a step"."""
    game = ballot("mine", "assault", rolls=[roll])
    assert game.attr(game.ref("unit", CAV24), "face") == face
    assert game.attr(game.ref("unit", CAV4), "face") == "front"


def test_18_10_the_troops_arrive_on_8_and_10_june():
    """utah:18.10#16, utah:18.10#25-28: after an Assault they "arrive as reinforcements on
    Utah Beach on 8 June, 1900 turn and 10 June, 0700 turn respectively", not on their
    scheduled turn."""
    game = ballot("mine", "assault", rolls=[0])
    turns = game.state.catalog["game"]["game"]["turns"]
    turns[0]["label"], turns[1]["label"], turns[2]["label"] = \
        "1944-06-07 0700", "1944-06-08 1900", "1944-06-10 0700"
    for u in (CAV24, CAV4):
        game.state.catalog["unit"][u]["arrival_turn"] = 0
    game.perform("reinforcements_to_boxes")
    assert [game.attr(game.ref("unit", u), "in_box") for u in (CAV24, CAV4)] == [0, 0]
    arrivals = []
    for turn in (1, 2):
        game.state.turn = turn
        game.perform("reinforcements_to_boxes")
        arrivals.append([game.attr(game.ref("unit", u), "in_box") for u in (CAV24, CAV4)])
    assert arrivals == [[1, 0], [1, 1]]


def test_18_10_the_ballot_is_held_once_at_the_start_of_play():
    """utah:18.10#19: one ballot, at the start of play — none again on the next turn, and
    none with the rule off."""
    for options, ballots in ((["utah:18.10"], 1), ([], 0)):
        game = start("utah/causeway",
                     Table({"Allied": KeyedPlayer({"marcouf_american": "gamble"}),
                            "Axis": KeyedPlayer({"marcouf_german": "mine"})}),
                     dice=Dice(0), options=options)
        game.perform("play_turn")
        game.perform("play_turn")
        assert len(game.events("marcouf_ballot")) == ballots
