"""The garbage collector's pace while a game is played (kriegsspiel/engine/collector.py):
the oldest generation is collected far less often inside an action and between
the turns of a played game, and the process's own thresholds are back after
it, whether the action succeeded or was refused."""

from __future__ import annotations

import gc
import threading

import pytest

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import RandomPlayer, Table
from kriegsspiel.engine.collector import OLDEST_EVERY, paced_collector
from kriegsspiel.engine.starting import start


@pytest.fixture
def thresholds():
    """The process's thresholds, as CPython sets them, restored after the test."""
    kept = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*kept)


class Watching(RandomPlayer):
    """A random player that notes the collector's thresholds when it is asked."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seen: set[tuple[int, int, int]] = set()

    def decide(self, decision):
        self.seen.add(gc.get_threshold())
        return super().decide(decision)


def test_the_block_paces_the_oldest_generation_only_and_restores_it(thresholds):
    with paced_collector():
        assert gc.get_threshold() == (700, 10, OLDEST_EVERY)
        with paced_collector():
            assert gc.get_threshold() == (700, 10, OLDEST_EVERY)
        assert gc.get_threshold() == (700, 10, OLDEST_EVERY)  # the inner block put back its own
    assert gc.get_threshold() == (700, 10, 10)
    with pytest.raises(ZeroDivisionError):
        with paced_collector():
            1 / 0
    assert gc.get_threshold() == (700, 10, 10)


def test_blocks_of_two_threads_ending_out_of_order_leave_the_process_pace(thresholds):
    """A server's games run in threads: A begins, B begins, A ends, B ends."""
    a_in, b_in, a_out = threading.Event(), threading.Event(), threading.Event()
    seen = {}

    def game_a():
        with paced_collector():
            a_in.set()
            b_in.wait()
        a_out.set()

    def game_b():
        a_in.wait()
        with paced_collector():
            b_in.set()
            a_out.wait()
            seen["b after a ended"] = gc.get_threshold()

    threads = [threading.Thread(target=game_a), threading.Thread(target=game_b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert seen == {"b after a ended": (700, 10, OLDEST_EVERY)}  # still paced: B runs on
    assert gc.get_threshold() == (700, 10, 10)


def test_a_process_that_collects_even_less_often_keeps_its_pace(thresholds):
    gc.set_threshold(5000, 20, 5000)
    with paced_collector():
        assert gc.get_threshold() == (5000, 20, 5000)
    assert gc.get_threshold() == (5000, 20, 5000)


def test_an_action_runs_paced_and_the_process_pace_is_back_after_it(thresholds):
    players = {"Allied": Watching(1), "Axis": Watching(2)}
    session = start("crete/learning", Table(players), seed=1)
    session.perform("play_turn")
    assert set().union(*(p.seen for p in players.values())) == {(700, 10, OLDEST_EVERY)}
    assert gc.get_threshold() == (700, 10, 10)
    with pytest.raises(KsError):
        session.perform("no_such_procedure")
    assert gc.get_threshold() == (700, 10, 10)


def test_a_game_is_set_up_paced(thresholds, monkeypatch):
    from kriegsspiel.engine import starting

    seen = []
    set_up = starting.set_up

    def watched(*args):
        seen.append(gc.get_threshold())
        return set_up(*args)

    monkeypatch.setattr(starting, "set_up", watched)
    start("crete/learning", Table({}), seed=1)
    assert seen == [(700, 10, OLDEST_EVERY)]
    assert gc.get_threshold() == (700, 10, 10)


def test_a_played_game_is_paced_between_its_turns_too(thresholds):
    from kriegsspiel.tools.play import new_game as new_played_game

    game = new_played_game("crete/learning", 1, ["random", "random"])
    seen = []
    game.run(until=2, after_turn=lambda: seen.append(gc.get_threshold()))
    assert seen and set(seen) == {(700, 10, OLDEST_EVERY)}
    assert gc.get_threshold() == (700, 10, 10)
