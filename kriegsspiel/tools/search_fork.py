"""Rollouts by ``fork``: the game copied as it stands at the question.

A running rule procedure cannot be copied from Python — but the whole process
can.  A forked child holds the real game exactly as it is at the question,
the rules' own call stack included, so it needs no re-run of the turn so far:
it answers the candidate (from the same ``decide`` call the parent is in),
reseeds its dice as the re-run would, and plays on with the rollout players
until the horizon or the end of the action in progress; then it scores the
game, writes the score to a pipe and ends with ``os._exit`` — before any of
the caller's code (the ``ks play`` loop, a save) could run in it.  The parent
forks up to ``workers`` children at a time, so a round of rollouts runs on as
many cores, and reads the scores in the round's order: the result is the same
on one core or many, and the same as the re-run's (tests/test_search.py).
"""

from __future__ import annotations

import os
from typing import Any

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.errors import KsError

FORK_AVAILABLE = hasattr(os, "fork")


class InRollout:
    """What fork_rollouts returns in a child: the candidate it is to answer."""

    def __init__(self, candidate: Any) -> None:
        self.candidate = candidate


def fork_rollouts(searcher: Any, decision: Any, options: list, side: str,
                  batch: list[tuple[int, int]]) -> list[float] | InRollout:
    """The scores of *batch*'s rollouts, ``(option index, nth)`` each, in order
    (in a child: InRollout, the answer it gives)."""
    scores: list[float] = []
    for first in range(0, len(batch), max(1, searcher.workers)):
        running = []
        for pick, nth in batch[first:first + max(1, searcher.workers)]:
            read, write = os.pipe()
            pid = os.fork()
            if pid == 0:  # the child: this decide() answers the candidate and plays on
                os.close(read)
                _become_rollout(searcher, write, decision, options[pick], side, nth)
                return InRollout(options[pick])
            os.close(write)
            running.append((pid, read))
        for pid, read in running:
            scores.append(_score_from(pid, read))
    return scores


def _score_from(pid: int, read: int) -> float:
    chunks = []
    while True:
        chunk = os.read(read, 4096)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read)
    os.waitpid(pid, 0)
    text = b"".join(chunks).decode()
    try:
        return float(text)
    except ValueError:
        raise KsError(f"a forked rollout failed: {text or 'it ended without a score'}") from None


def _become_rollout(searcher: Any, write: int, decision: Any, candidate: Any, side: str,
                    nth: int) -> None:
    """Turn this (child) process into the rollout of *candidate*: from here on
    every question goes to the rollout players, and the game ends at the
    horizon or with the action in progress (PerformWatch.finish)."""
    session = searcher.session
    seed = searcher.rollout_seed(nth)
    sides = sorted(session.state.catalog.get("side", {}))
    players = {other: searcher.rollout_player(seed + i, session) for i, other in enumerate(sides)}
    observe = getattr(players.get(side), "observe", None)
    if observe is not None:
        observe(decision, candidate)
    asked = [0]

    def finish() -> None:
        try:
            text = repr(float(searcher.evaluate(session, side)))
        except BaseException as error:  # noqa: BLE001 — reported to the parent, never raised here
            text = f"{type(error).__name__}: {error}"
        os.write(write, text.encode())
        os._exit(0)

    def decider(question: Any) -> Any:
        asked[0] += 1
        if searcher.horizon is not None and asked[0] > searcher.horizon:
            finish()
        who = getattr(question.player, "id", question.player)
        return players[who].decide(question)

    session.dice.__dict__.update(Dice(seed).__dict__)
    session.ctx.decider = decider
    session.ctx.explaining = False
    searcher.watch.finish = finish
