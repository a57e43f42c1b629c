"""Benchmark: the search player's rollouts a second (#28: search strength is
rollouts per second).  One Learning Scenario decision, the Axis' sixth Action
question, searched with 8 rollouts to the end of the turn: by re-running the
turn so far (the portable way), by forking the game at the question (one
process at a time), and forked two at a time.  The round's time includes
playing up to the question; ``extra_info["rollouts_per_s"]`` counts the
search alone (its fastest round).  Run with --benchmark-enable; in the normal
test run each body runs once and checks that the three answer alike.

Measured on the shared two-core machine while other work ran on it (so only
roughly): 8 rollouts in 220-440 ms re-run, 320-395 ms forked one at a time,
265-270 ms forked two at a time — some 20-35 rollouts a second.  A fork
copies the process's pages as the child writes them (reference counts touch
most of them), which costs about what re-running a short turn prefix does;
forking pays where the prefix is long and where a second core is free."""

from __future__ import annotations

import time

import pytest

from kriegsspiel.core.players import Table
from kriegsspiel.engine.plugins import load_registry
from kriegsspiel.engine.starting import start
from kriegsspiel.tools.search import SearchPlayer, module_evaluator, plugin_player_kinds
from kriegsspiel.tools.search_fork import FORK_AVAILABLE

ROLLOUTS = 8
REGISTRY = load_registry()
NAMES = REGISTRY.select(["gts", "crete"])


class AtTheQuestion:
    """The game stopped at the Axis' sixth Action question; search() answers it."""

    def __init__(self) -> None:
        self.took: list[float] = []  # each search's own time
        self.table = Table({})
        self.session = start("crete/learning", self.table, seed=2)
        self.kept = self.session.state.snapshot(), list(self.session.state.log), \
            self.session.dice.state()

    def search(self, fork: bool, workers: int = 1):
        from kriegsspiel.core.dice import Dice
        session = self.session
        session.state.restore(self.kept[0])
        session.state.log = list(self.kept[1])
        session.dice.__dict__.update(Dice.from_state(self.kept[2]).__dict__)
        session.players.record.clear()
        searcher = SearchPlayer(session, module_evaluator(REGISTRY, NAMES), seed=1,
                                iterations=ROLLOUTS, horizon=None, fork=fork, batch=2,
                                workers=workers,
                                rollout_player=plugin_player_kinds(REGISTRY, NAMES)["heuristic"])
        found = []
        seen = [0]
        took = []

        class Player:
            def decide(self, decision):
                side = getattr(decision.player, "id", decision.player)
                if decision.key == "action" and side == "Axis" and not found:
                    seen[0] += 1
                    if seen[0] == 6:
                        began = time.perf_counter()
                        found.append((searcher.decide(decision), dict(searcher.last_scores)))
                        took.append(time.perf_counter() - began)
                        return found[0][0]
                return decision.options[0]
        self.table.players = {"Axis": Player(), "Allied": Player()}
        while not found:
            session.perform("play_turn")
        self.took.append(took[0])
        return found[0]


@pytest.mark.parametrize("way", ["rerun", "fork", "fork2"])
def test_bench_search_rollouts(benchmark, way):
    if way != "rerun" and not FORK_AVAILABLE:
        pytest.skip("this system cannot fork")
    game = AtTheQuestion()
    fork, workers = way != "rerun", 2 if way == "fork2" else 1
    result = benchmark.pedantic(game.search, args=(fork, workers), rounds=3, iterations=1)
    assert result == AtTheQuestion().search(False)
    if benchmark.stats is not None:
        benchmark.extra_info["rollouts_per_s"] = round(ROLLOUTS / min(game.took), 1)
