"""The search player's rollouts: forked copies of the game at the question
(kriegsspiel/tools/search_fork.py) score exactly as re-runs of the turn so
far, give the same answers on one core or two, and leave the real game alone."""

from __future__ import annotations

import pytest

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import Table
from kriegsspiel.engine.plugins import load_registry
from kriegsspiel.engine.starting import start
from kriegsspiel.tools.search import SearchPlayer, module_evaluator, plugin_player_kinds
from kriegsspiel.tools.search_fork import FORK_AVAILABLE

pytestmark = pytest.mark.skipif(not FORK_AVAILABLE, reason="this system cannot fork")

REGISTRY = load_registry()
NAMES = REGISTRY.select(["gts", "crete"])
HEURISTIC = plugin_player_kinds(REGISTRY, NAMES)["heuristic"]


def searched(fork: bool, batch: int = 1, workers: int = 1, evaluate=None):
    """The Learning Scenario (seed 2), every answer the first option but the
    Axis' sixth Action, which the searcher answers (6 rollouts to the end of
    the turn): its options, answer and scores, the real game's state around
    the search and its log after the turn."""
    table = Table({})
    session = start("crete/learning", table, seed=2)
    searcher = SearchPlayer(session, evaluate or module_evaluator(REGISTRY, NAMES), seed=1,
                            iterations=6, horizon=None, fork=fork, batch=batch,
                            workers=workers, rollout_player=HEURISTIC)
    seen: list = []

    class FirstButOne:
        def decide(self, decision):
            side = getattr(decision.player, "id", decision.player)
            if decision.key == "action" and side == "Axis":
                seen.append(None)
                if len(seen) == 6:
                    before = (session.state.digest(), session.dice.state(),
                              len(session.state.log), list(session.players.record))
                    answer = searcher.decide(decision)
                    after = (session.state.digest(), session.dice.state(),
                             len(session.state.log), list(session.players.record))
                    seen.append((list(decision.options), answer, dict(searcher.last_scores),
                                 before == after))
                    return answer
            return decision.options[0]
    table.players = {"Axis": FirstButOne(), "Allied": FirstButOne()}
    while not any(seen):
        session.perform("play_turn")
    session.perform("play_turn")
    return next(s for s in seen if s), session.log_text()


def test_forked_rollouts_score_as_the_re_runs_do():
    (options, answer, scores, untouched), log = searched(fork=True)
    assert untouched  # the real game's state, dice, log and record
    assert len({mean for _, mean in scores.values()}) > 1  # the answers do differ
    assert searched(fork=False) == ((options, answer, scores, True), log)


def test_a_round_on_two_cores_is_the_round_on_one():
    """Rounds of two rollouts (UCB1 counting the round's first pick as a
    visit): forked on two processes or one, or re-run, the same answer."""
    two = searched(fork=True, batch=2, workers=2)
    assert two == searched(fork=True, batch=2, workers=1)
    assert two == searched(fork=False, batch=2)


def test_a_forked_rollout_that_fails_is_an_error_not_a_score():
    def broken(session, side):
        raise ValueError("no evaluation")
    with pytest.raises(KsError, match="a forked rollout failed: ValueError: no evaluation"):
        searched(fork=True, evaluate=broken)


def test_a_forked_rollout_whose_player_fails_is_reported_and_every_child_reaped(monkeypatch):
    """A rollout player that cannot be built fails in the child: the parent
    gets the failure as an error, the child never returns into the game, and
    every child it forked has been reaped."""
    import os
    forked = []
    fork = os.fork

    def counted_fork():
        pid = fork()
        if pid:
            forked.append(pid)
        return pid
    monkeypatch.setattr(os, "fork", counted_fork)

    def broken_player(seed, session):
        raise RuntimeError("no player")
    table = Table({})
    session = start("crete/learning", table, seed=2)
    searcher = SearchPlayer(session, module_evaluator(REGISTRY, NAMES), seed=1, iterations=4,
                            horizon=None, fork=True, batch=2, workers=2,
                            rollout_player=broken_player)

    class Asks:
        def decide(self, decision):
            if decision.key == "action":
                return searcher.decide(decision)
            return decision.options[0]
    table.players = {"Axis": Asks(), "Allied": Asks()}
    with pytest.raises(KsError, match="a forked rollout failed: RuntimeError: no player"):
        session.perform("play_turn")
    assert len(forked) == 2  # one round of two
    for pid in forked:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
