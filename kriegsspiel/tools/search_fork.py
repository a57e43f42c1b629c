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
import signal
from typing import Any

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.errors import KsError

FORK_AVAILABLE = hasattr(os, "fork")


class InRollout:
    """What fork_rollouts returns in a child: the candidate it is to answer and
    the rollout's players (by side) who answer every later question."""

    def __init__(self, candidate: Any) -> None:
        self.candidate = candidate
        self.players: dict[str, Any] = {}


def fork_rollouts(searcher: Any, decision: Any, options: list, side: str,
                  batch: list[tuple[int, int]]) -> list[float] | InRollout:
    """The scores of *batch*'s rollouts, ``(option index, nth)`` each, in order
    (in a child: InRollout, the answer it gives).  Every child started is
    read and reaped, whatever fails."""
    scores: list[float] = []
    step = max(1, searcher.workers)
    for first in range(0, len(batch), step):
        running: list[tuple[int, int]] = []
        child: InRollout | None = None
        try:
            for pick, nth in batch[first:first + step]:
                read, write = os.pipe()
                pid = os.fork()
                if pid == 0:  # the child: this decide() answers the candidate and plays on
                    for _, sibling in running:
                        os.close(sibling)
                    os.close(read)
                    child = InRollout(options[pick])
                    child.players = _become_rollout(searcher, write, decision, options[pick],
                                                    side, nth)
                    return child
                os.close(write)
                running.append((pid, read))
        finally:
            # the parent reads and reaps every child it started; a child none
            outcomes = [] if child is not None else [_outcome(pid, read) for pid, read in running]
        for outcome in outcomes:
            if isinstance(outcome, str):
                raise KsError(f"a forked rollout failed: {outcome}")
            scores.append(outcome)
    return scores


def _outcome(pid: int, read: int) -> float | str:
    """The child's score, or what went wrong in it; the child reaped."""
    chunks = []
    try:
        while True:
            chunk = os.read(read, 4096)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read)
        os.waitpid(pid, 0)
    text = b"".join(chunks).decode(errors="replace")
    try:
        return float(text)
    except ValueError:
        return text or "it ended without a score"


def _become_rollout(searcher: Any, write: int, decision: Any, candidate: Any, side: str,
                    nth: int) -> dict[str, Any]:
    """Turn this (child) process into the rollout of *candidate*: from here on
    every question goes to the rollout players, and the game ends at the
    horizon or with the action in progress (PerformWatch.finish).  Nothing
    raised in the child may reach the caller's code: whatever fails ends the
    child with the failure written to the parent."""
    session = searcher.session

    def end(text: str) -> None:
        try:
            os.write(write, text.encode())
        finally:
            os._exit(0)

    outermost = searcher.watch.starts[0]
    more = [searcher.extra_actions]

    def finish(failed: BaseException | None = None, horizon: bool = False) -> None:
        if failed is not None and not isinstance(failed, KsError):
            end(f"{type(failed).__name__}: {failed}")
        going_on = searcher.continue_while  # none: every extra action, as a re-run plays them
        if failed is None and not horizon and more[0] > 0 and \
                (going_on is None or going_on(session)):
            more[0] -= 1
            try:  # the next action, in this child; its end calls finish again
                session.perform(outermost.name, *outermost.args)
            except BaseException as error:  # noqa: BLE001 — reported, never raised here
                if not isinstance(error, KsError):
                    end(f"{type(error).__name__}: {error}")
            # an action the rules refused: scored as it stands
        try:
            text = repr(float(searcher.evaluate(session, side)))
        except BaseException as error:  # noqa: BLE001 — reported to the parent, never raised here
            text = f"{type(error).__name__}: {error}"
        end(text)

    searcher.watch.finish = finish
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's
        seed = searcher.rollout_seed(nth)
        players = searcher.rollout_players(seed, session, candidate)
        asked = [0]
        record = session.players.record

        def decider(question: Any) -> Any:
            asked[0] += 1
            if searcher.horizon is not None and asked[0] > searcher.horizon:
                finish(horizon=True)
            who = getattr(question.player, "id", question.player)
            answer = players[who].decide(question)
            # recorded as the game's table does: a bot may read its own answers
            record.append({"player": who, "key": question.key, "answer": answer})
            return answer

        session.dice.__dict__.update(Dice(seed).__dict__)
        session.ctx.decider = decider
        session.ctx.explaining = False
    except BaseException as error:  # noqa: BLE001 — the child must not return into the game
        end(f"{type(error).__name__}: {error}")
    return players
