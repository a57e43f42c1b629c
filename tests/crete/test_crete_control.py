"""Port and Airfield Control (crete:S6.0) and the Learning Scenario's victory
(crete:scenario:learning), evaluated at the end of each turn (gts:12.0)."""

from __future__ import annotations

from kriegsspiel.core.players import RandomPlayer, Table
from kriegsspiel.engine.starting import start


def learning(seed=0):
    return start("crete/learning", Table({"Axis": RandomPlayer(seed),
                                          "Allied": RandomPlayer(seed + 1)}), seed=seed)


def test_the_port_starts_allied_and_goes_to_the_last_occupier():
    """crete:S6.0: "All Ports and Airfield start under Allied Control ... gained by
    being the last player to occupy the hex".
    Sentences: crete:S6.0#1, crete:S6.0#2.
    """
    session = learning()
    assert session.value("controller", "06.04") == session.ref("side", "Allied")
    pioneer = session.ref("unit", "1. Geb.Pi. 95")
    session.ctx.emit("unit_moved", {"unit": pioneer, "origin": "15.06", "destination": "06.04"})
    assert session.value("controller", "06.04") == session.ref("side", "Axis")
    session.ctx.emit("unit_moved", {"unit": pioneer, "origin": "06.04", "destination": "07.04"})
    assert session.value("controller", "06.04") == session.ref("side", "Axis")  # still his


def test_the_germans_win_at_the_end_of_any_turn_holding_the_port():
    """crete:scenario:learning: "The German player wins if he controls the Port of
    Kastelli (06.04) the end of any game turn" — the game stops there (gts:12.0).
    crete:scenario:learning#37"""
    session = learning()
    pioneer = session.ref("unit", "1. Geb.Pi. 95")
    session.ctx.emit("unit_moved", {"unit": pioneer, "origin": "15.06", "destination": "06.04"})
    session.perform("victory_check", False)
    assert [e.data for e in session.events("game_won")] == [{"winner": "Axis",
                                                            "reason": "victory 1"}]
    session.perform("play_game")
    assert session.state.turn == 0                       # decided: no more turns


def test_otherwise_the_allies_win():
    """crete:scenario:learning: "Otherwise the Allied player wins" — after the
    last turn (the 1700 turn).
    crete:scenario:learning#38"""
    session = learning(seed=4)
    session.perform("play_game")
    assert session.state.turn == 5
    assert session.value("controller", "06.04") == session.ref("side", "Allied")
    assert [e.data for e in session.events("game_won")] == [{"winner": "Allied",
                                                            "reason": "otherwise"}]
