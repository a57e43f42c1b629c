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


def searched(fork: bool, batch: int = 1, workers: int = 1, evaluate=None, **more):
    """The Learning Scenario (seed 2), every answer the first option but the
    Axis' sixth Action, which the searcher answers (6 rollouts to the end of
    the turn): its options, answer and scores, the real game's state around
    the search and its log after the turn."""
    table = Table({})
    session = start("crete/learning", table, seed=2)
    searcher = SearchPlayer(session, evaluate or module_evaluator(REGISTRY, NAMES), seed=more.pop("seed", 1),
                            iterations=more.pop("iterations", 6), horizon=None, fork=fork, batch=batch,
                            workers=workers, rollout_player=HEURISTIC, **more)
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


# ---- which questions are searched, how the answer is chosen, how deep --------------

def test_the_answer_played_beats_the_prior_over_the_same_dice_or_is_the_prior():
    """The n-th rollouts of all the answers meet the same dice: an answer is
    played instead of the prior's only if, over the dice both met, it scores
    more than *margin* better on average; a tie keeps the prior's."""
    session = start("crete/learning", Table({}), seed=2)
    searcher = SearchPlayer(session, module_evaluator(REGISTRY, NAMES), margin=0.2)

    def choose(dice, default=0):
        return searcher._choice(default, dice)
    # answer 1 wins on the dice where the prior lost, the same elsewhere
    assert choose([{0: -1.0, 1: 1.0, 2: -1.0}, {0: 1.0, 1: 1.0, 2: -1.0}]) == 1
    # better by 2/3 on average, but not by more than the margin of 0.2 over...
    assert choose([{0: -1.0, 1: 1.0}, {0: -1.0, 1: 1.0, 2: 1.0}]) == 0  # ...shared dice: a tie
    assert choose([{0: 0.1, 1: 0.1}, {0: 0.2, 1: 0.3}]) == 0  # by 0.15: not enough
    assert choose([{0: 0.1, 1: 0.1}, {0: 0.9, 1: 0.9}, {0: 0.5, 1: 0.5}]) == 1  # the better
    searcher.margin = 0.0
    assert choose([{0: 0.5, 1: 0.5}, {0: 0.5, 1: 0.5}], default=1) == 1  # a tie: the prior's
    # With confidence 2 the advantage must stand two standard errors clear:
    # won where the prior lost on one of three dice is luck, on all three not.
    searcher.confidence = 2.0
    assert choose([{0: 0.1}, {0: 0.9}]) == 0  # one rollout each: no spread to judge by
    assert choose([{0: -1.0, 1: 1.0, 2: -1.0}, {0: 1.0, 1: 1.0, 2: -1.0}]) == 0
    assert choose([{0: -1.0, 1: -1.0, 2: -1.0}, {0: 1.0, 1: 1.0, 2: 1.0}]) == 1


def test_a_question_not_worth_a_search_is_answered_by_the_prior_without_rollouts():
    """GTS names the questions that decide games (ks_search_questions): a
    move's steps, the set-up and the like are answered as the heuristic bot
    answers them, with no rollout."""
    from kriegsspiel.tools.search import module_questions
    worth = module_questions(REGISTRY, NAMES)

    class Asked:
        def __init__(self, key):
            self.key = key
    assert worth(Asked("action")) and worth(Asked("opportunity_fire"))
    assert not worth(Asked("move")) and not worth(Asked("set_up_in_column"))
    table = Table({})
    session = start("crete/learning", table, seed=2)
    searcher = SearchPlayer(session, module_evaluator(REGISTRY, NAMES), seed=1, iterations=4,
                            horizon=None, rollout_player=HEURISTIC, prior=HEURISTIC,
                            questions=worth)
    prior = HEURISTIC(1, session)
    searched, plain = [], []

    class Watches:
        def decide(self, decision):
            side = getattr(decision.player, "id", decision.player)
            if side == "Axis" and len(decision.options) > 1:
                searcher.last_scores = {}
                answer = searcher.decide(decision)
                # (a forked rollout's copy comes back here too, without scores: its
                # lists are its own, the parent's are read)
                if searcher.last_scores:
                    searched.append(decision.key)
                else:
                    plain.append((decision.key, answer, prior.decide(decision)))
                return answer
            return decision.options[0]
    table.players = {"Axis": Watches(), "Allied": Watches()}
    session.perform("play_turn")
    assert searched and all(worth(Asked(key)) for key in searched)
    assert "move" in [key for key, _, _ in plain] and "move" not in searched
    assert all(answer == priors for _, answer, priors in plain)


def test_rollouts_to_the_end_of_the_game_score_it_won_or_lost():
    """With *extra_actions* (``search:turns=``) a forked rollout plays on past
    the turn, while the game goes on, to its end: on the Learning Scenario's
    five turns every rollout is scored won or lost, and forked as re-run."""
    from kriegsspiel.tools.search import game_goes_on
    score = module_evaluator(REGISTRY, NAMES)

    def decided(session, side):
        if game_goes_on(session):
            raise ValueError(f"scored at turn {session.state.turn}, the game undecided")
        value = score(session, side)
        assert value in (1.0, -1.0)
        return value
    (options, answer, scores, untouched), _ = searched(fork=True, extra_actions=9,
                                                       continue_while=game_goes_on,
                                                       evaluate=decided)
    assert untouched and len(scores) == len(options) > 1
    again = searched(fork=False, extra_actions=9, continue_while=game_goes_on,
                     evaluate=decided)[0]
    assert again == (options, answer, scores, True)


def test_extra_actions_without_a_condition_are_all_played_forked_as_re_run():
    """*extra_actions* with no *continue_while*: each rollout plays that many
    more actions, forked as re-run."""
    forked = searched(fork=True, extra_actions=1)
    assert forked == searched(fork=False, extra_actions=1)
    assert forked[0][2] != searched(fork=True)[0][2]  # the extra turn was played


def test_a_lucky_answer_is_not_played_over_the_prior_s_without_confidence():
    """A position of a searching Axis' game (Learning Scenario, seed 4, turn
    index 3; the answers that led there are replayed from
    tests/data/search_learning_seed4_opportunity_fire.json): the heuristic bot
    takes every Opportunity Fire. Sixteen rollouts to the game's end, each won
    or lost, are mostly luck: asking an answer's advantage over the
    heuristic's to stand two standard errors clear (``confidence``, the
    ``search`` kind's default), the search keeps the heuristic's answer on
    the very rollouts a search without it compares by their means."""
    import json
    from pathlib import Path

    from kriegsspiel.tools.search import game_goes_on
    data = json.loads((Path(__file__).parent / "data" /
                       "search_learning_seed4_opportunity_fire.json").read_text())
    table = Table({})
    session = start(data["scenario"], table, seed=data["seed"])

    def search(seed, iterations, margin, exploration, confidence=0.0):
        return SearchPlayer(session, module_evaluator(REGISTRY, NAMES), seed=seed,
                            iterations=iterations, horizon=None, rollout_player=HEURISTIC,
                            prior=HEURISTIC, margin=margin, exploration=exploration, batch=2,
                            workers=2, extra_actions=9, continue_while=game_goes_on,
                            confidence=confidence)
    game_s = search(5, 16, 0.1, 2.0)  # the game's own search (Axis: seed 4 + 1)
    confident = search(5, 16, 0.1, 2.0, confidence=2.0)  # the same dice
    answers, found = list(data["answers"]), []

    def plain(option):
        return {"ref": [option.kind, option.id]} if hasattr(option, "kind") else option

    class Stop(Exception):
        pass

    class Replays:
        def decide(self, decision):
            if answers:
                given = answers.pop(0)
                assert given["key"] == decision.key
                return next(o for o in decision.options if plain(o) == given["answer"])
            answer = game_s.decide(decision)
            if not game_s.last_scores:  # a forked rollout's copy: it plays on
                return answer
            sure = confident.decide(decision)
            if not confident.last_scores:
                return sure
            found.append((decision, answer, sure))
            raise Stop()
    table.players = {"Axis": Replays(), "Allied": Replays()}
    with pytest.raises(Stop):
        while True:
            session.perform("play_turn")
    decision, answer, sure = found[-1]
    assert decision.key == data["key"] == "opportunity_fire"
    assert getattr(decision.player, "id", None) == "Axis"
    fire = list(decision.options).index(True)
    assert game_s.last_default == fire  # the heuristic's answer: fire
    assert sum(visits for visits, _ in game_s.last_scores.values()) == 16
    held = list(decision.options).index(False)
    means = {i: mean for i, (_, mean) in game_s.last_scores.items()}
    assert means[held] > means[fire] and answer is False  # the means say hold...
    assert confident.last_scores == game_s.last_scores  # ...on the same rollouts...
    assert sure is True  # ...too few to leave the heuristic's answer
