"""Seeded random-bot playouts of a shipped scenario, for the scenario tests."""

from __future__ import annotations

from kriegsspiel.core.players import RandomPlayer, Table
from kriegsspiel.setup import start


def play_out(scenario: str, seed: int):
    """Play *scenario* ('crete/snafu') to its end with two seeded random bots."""
    session = start(scenario, Table({"Axis": RandomPlayer(seed),
                                     "Allied": RandomPlayer(seed + 1000)}), seed=seed)
    session.ctx.explaining = False
    turns = len(session.state.catalog["game"]["game"]["turns"])
    for _ in range(turns):
        if session.program.call("game_decided", session.ctx):
            break
        session.perform("play_turn")
    return session
