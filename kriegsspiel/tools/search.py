"""A search player: Monte Carlo tree search (UCB1) over one decision's answers.

Knows no game.  The rules put a question to a player in the middle of a
procedure, and a running Python procedure cannot be copied — but a game can be
*re-run*: the same state, dice and answers give the same game.  So the search
player watches its session's ``perform`` calls and keeps, for the action in
progress, the state snapshot, the dice state and how many answers had been
given when it began.  Each rollout for a candidate answer then

1. builds a separate :class:`Session` on the snapshot (same rules, catalog,
   grid and map; its own state, log, dice and players — the real game's are
   never touched);
2. re-runs the action with the answers already given in it (the dice restored
   too, so it follows the real game exactly up to the question), gives the
   candidate answer, and from there on *determinizes* the dice: reseeds them
   from (seed, decision, n) for the n-th rollout of that answer, so the n-th
   rollouts of all the answers meet the same dice;
3. plays on with default players (the ruleset's heuristic bot when there is
   one, else random) to the end of that action — a turn in ``ks play`` — and,
   with ``extra_actions``/``continue_while``, more actions of the same kind
   (to the game's end: ``search:turns=``); or until ``horizon`` more
   decisions have been asked, whichever is first;
4. scores the result with the ruleset's ``ks_evaluate(session, side)``.

Only the questions the ruleset names worth it (``ks_search_questions``) are
searched; the others are answered as the prior answers them.

Where the system can ``fork`` (search_fork.py), steps 1-2 are a copy of the
process instead: the game as it stands at the question, nothing re-run, and
a round of rollouts on several cores.  The scores are the re-run's but for a
rollout the rules refuse mid-way: the re-run scores it as it stood, the fork
as it was before the action (the session's transaction undoes it).

UCB1 spreads the iterations over the answers, in rounds of ``batch``; the
answer with the best mean score is played — with a prior (the heuristic
bot), the answer that beats the prior's over the same dice by more than
``margin`` on average, else the prior's.  A budget in iterations is
reproducible (same seed, same answers, on any number of cores); a budget in
seconds is not (it depends on the machine's speed).
"""

from __future__ import annotations

import math
import os
import random
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import RandomPlayer, Table
from kriegsspiel.engine.session import Session
from kriegsspiel.tools.play import game_goes_on
from kriegsspiel.tools.search_fork import FORK_AVAILABLE, InRollout, fork_rollouts

Factory = Callable[[int, Any], Any]          # (seed, session) -> player
Evaluator = Callable[[Any, str], float]      # (session, side id) -> score


@dataclass
class ActionStart:
    """The real game as it was when the action in progress began."""

    name: str
    args: tuple
    snapshot: dict
    log_length: int
    dice: dict
    answered: int


class PerformWatch:
    """Remembers where each ``session.perform`` began (outermost first)."""

    def __init__(self, session: Session) -> None:
        self.starts: list[ActionStart] = []
        # Set in a forked rollout (search_fork.py): ends it, scored, when the
        # action in progress ends — before the caller's code runs in the copy.
        self.finish: Callable[[BaseException | None], None] | None = None
        original = session.perform

        def perform(name: str, *args: Any) -> Any:
            self.starts.append(ActionStart(name, args, session.state.snapshot(),
                                           len(session.state.log), session.dice.state(),
                                           len(session.players.record)))
            failed: BaseException | None = None
            try:
                return original(name, *args)
            except BaseException as error:
                failed = error
                raise
            finally:
                self.starts.pop()
                if self.finish is not None and not self.starts:
                    self.finish(failed)
        session.perform = perform  # this session only; the class is untouched

    @classmethod
    def of(cls, session: Session) -> "PerformWatch":
        watch = getattr(session, "_perform_watch", None)
        if watch is None:
            watch = cls(session)
            session._perform_watch = watch
        return watch


def answering(decision: Any) -> str:
    """The id of the side a decision is put to."""
    return getattr(decision.player, "id", decision.player)


class RolloutMismatch(KsError):
    """A re-run asked a different question than the real game did."""


class _HorizonReached(Exception):
    """The rollout has made as many decisions as its horizon allows."""


class _RolloutPlayer:
    """Answers a rollout: the real answers first, then the candidate, then the
    default players (with the dice reseeded at that moment)."""

    def __init__(self, prefix: list[dict], candidate: Callable[[Any], Any],
                 on_candidate: Callable[[], None], players: dict[str, Any],
                 horizon: int | None = None) -> None:
        self.prefix = prefix
        self.horizon = horizon
        self.after = 0
        self.candidate = candidate
        self.on_candidate = on_candidate
        self.players = players
        self.given = 0
        self.candidate_given = False

    def decide(self, decision: Any) -> Any:
        side = answering(decision)
        if self.given < len(self.prefix):
            expected = self.prefix[self.given]
            self.given += 1
            if expected["key"] != decision.key:
                raise RolloutMismatch(f"re-run asked '{decision.key}', the game "
                                      f"'{expected['key']}'")
            return expected["answer"]
        if not self.candidate_given:
            self.candidate_given = True
            self.on_candidate()
            return self.candidate(decision)
        self.after += 1
        if self.horizon is not None and self.after > self.horizon:
            raise _HorizonReached()
        return self.players[side].decide(decision)


def same_answer(a: Any, b: Any) -> bool:
    """Whether two answers are one (``False`` is not the answer ``0``)."""
    return a is b or (a == b and type(a) is type(b))


def answer_index(options: list, answer: Any) -> int | None:
    """*answer*'s place among *options* (None: not among them)."""
    return next((i for i, o in enumerate(options) if same_answer(o, answer)), None)


class SearchPlayer:
    """UCB1 over the answers of each decision, scored by rollouts (see module doc)."""

    def __init__(self, session: Session, evaluate: Evaluator, seed: int = 0,
                 iterations: int = 16, seconds: float | None = None,
                 rollout_player: Factory | None = None,
                 continue_while: Callable[[Session], bool] | None = None,
                 extra_actions: int = 0, exploration: float = 0.5,
                 horizon: int | None = None, prior: Factory | None = None,
                 margin: float = 0.0, batch: int = 1, workers: int = 1,
                 fork: bool | None = None, questions: Any = None,
                 confidence: float = 0.0) -> None:
        self.session = session
        self.questions = questions
        self.evaluate = evaluate
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.rollout_player = rollout_player or (lambda s, _session: RandomPlayer(s))
        self.continue_while = continue_while
        self.extra_actions = extra_actions
        self.exploration = exploration
        self.horizon = horizon
        self.watch = PerformWatch.of(session)
        self.asked = 0
        self.fallback = RandomPlayer(seed)
        # The answer the search must beat: a player of the ruleset's own kind
        # (the heuristic bot), kept unless another answer scores at least
        # *margin* more over the same dice.
        self.prior = prior(seed, session) if prior is not None else None
        self.margin = margin
        self.confidence = confidence
        self.last_scores: dict[int, tuple[int, float]] = {}
        self.last_default: int | None = None
        # Rollouts are chosen in rounds of *batch* (UCB1 counting the round's
        # picks as visits) and a round runs on up to *workers* processes:
        # the same answers on any number of cores.  Forked rollouts copy the
        # game at the question (search_fork.py); without fork, re-runs.
        self.batch, self.workers = max(1, batch), max(1, workers)
        # None: fork where the process runs one thread (a forked copy of a
        # threaded one, ks serve's, would hold other threads' locks).
        self.fork = fork if fork is None else fork and FORK_AVAILABLE

    def searched(self, decision: Any, options: list) -> bool:
        """Whether *decision* is worth rollouts: more than one answer, an
        action in progress to re-run or fork, a question the ruleset names."""
        return len(options) > 1 and bool(self.watch.starts) and \
            (self.questions is None or self.questions(decision))

    def decide(self, decision: Any) -> Any:
        self.asked += 1
        options = list(decision.options)
        if not self.searched(decision, options):
            return self.prior.decide(decision) if self.prior is not None else \
                self.fallback.decide(decision)
        default = self._default(decision, options)
        side = answering(decision)
        visits, totals = [0] * len(options), [0.0] * len(options)
        dice: list[dict[int, float]] = [{} for _ in options]  # nth rollout -> score
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        budget = max(self.iterations, len(options))
        iteration = 0
        while True:
            if deadline is None and iteration >= budget:
                break
            if deadline is not None and iteration >= len(options) and \
                    time.monotonic() >= deadline:
                break
            round_, pending = [], [0] * len(options)
            while len(round_) < self.batch and (deadline is not None or
                                                iteration + len(round_) < budget):
                pick = self._select(visits, totals, iteration + len(round_), pending)
                # The n-th rollout of every answer meets the same dice (common
                # random numbers): answers are compared, not their luck.
                round_.append((pick, visits[pick] + pending[pick]))
                pending[pick] += 1
            scores = self._rollouts(decision, options, side, round_)
            if isinstance(scores, InRollout):  # this is a forked rollout: play on
                return self.rollout_answer(scores.candidate, decision, scores.players)
            for (pick, nth), score in zip(round_, scores):
                visits[pick] += 1
                totals[pick] += score
                dice[pick][nth] = score
            iteration += len(round_)
        self.last_scores = scores_of(dice)
        self.last_default = default
        return options[self._choice(default, dice)]

    def _choice(self, default: int | None, dice: list[dict[int, float]]) -> int:
        """The answer to play, of those *dice* scored (each answer's {n-th
        rollout: score}): the best mean's; with a prior, the answer whose
        scores beat the prior's over the same dice (the n-th rollouts of both)
        by more than *margin* plus *confidence* standard errors of that
        average, the most so — else the prior's.  A few rollouts won or lost
        are mostly luck: a game's five answers scored on five dice each
        differ by chance far more often than by their worth."""
        scores = scores_of(dice)
        if default is None or default not in scores:
            return max(scores, key=lambda i: (scores[i][1], scores[i][0], -i))

        def advantage(i: int) -> float:
            differences = [dice[i][n] - dice[default][n] for n in dice[i] if n in dice[default]]
            count = len(differences)
            if i == default or not count or (self.confidence and count < 2):
                return float("-inf")
            mean = sum(differences) / count
            if not self.confidence:
                return mean - self.margin
            spread = sum((d - mean) ** 2 for d in differences) / (count - 1)
            return mean - self.margin - self.confidence * math.sqrt(spread / count)
        best = max(scores, key=lambda i: (advantage(i), scores[i][0], -i))
        return best if advantage(best) > 0 else default

    def _default(self, decision: Any, options: list) -> int | None:
        """The prior's answer, as an index into *options* (None without a prior)."""
        if self.prior is None:
            return None
        return answer_index(options, self.prior.decide(decision))

    def _select(self, visits: list[int], totals: list[float], iteration: int,
                pending: list[int] | None = None) -> int:
        """UCB1's pick; *pending*: picks of the round not yet scored, counted as
        visits worth the answer's mean so far (the mean of all, if none)."""
        pending = pending or [0] * len(visits)
        for i, n in enumerate(visits):
            if n + pending[i] == 0:
                return i
        log_n = math.log(iteration)
        done = sum(visits)
        overall = sum(totals) / done if done else 0.0

        def bound(i: int) -> float:
            mean = totals[i] / visits[i] if visits[i] else overall
            return mean + self.exploration * math.sqrt(log_n / (visits[i] + pending[i]))
        return max(range(len(visits)), key=lambda i: (bound(i), -i))

    def _rollouts(self, decision: Any, options: list, side: str,
                  round_: list[tuple[int, int]]) -> list[float] | InRollout:
        forking = self.fork if self.fork is not None else \
            FORK_AVAILABLE and threading.active_count() == 1
        if forking:
            return fork_rollouts(self, decision, options, side, round_)
        return [self.rollout(decision, options[pick], side, nth) for pick, nth in round_]

    def rollout_players(self, seed: int, session: Any, candidate: Any) -> dict[str, Any]:
        """The players of a rollout of *candidate* (re-run or forked), one a
        side: the rollout player's kind for every side."""
        sides = sorted(session.state.catalog.get("side", {}))
        return {other: self.rollout_player(seed + i, session) for i, other in enumerate(sides)}

    def rollout_answer(self, candidate: Any, decision: Any, players: dict[str, Any]) -> Any:
        """What a rollout of *candidate* answers the decision searched: the
        candidate itself (a policy-switching player's: its policy's answer)."""
        return candidate

    def rollout_seed(self, nth: int) -> int:
        """The dice of the *nth* rollout of every answer to this decision."""
        return random.Random(f"{self.seed}:{self.asked}:{nth}").getrandbits(32)

    def rollout(self, decision: Any, candidate: Any, side: str, nth: int) -> float:
        """One re-run of the action in progress with *candidate* answered; its score.
        *nth* (how many rollouts the candidate had before) fixes the dice."""
        real = self.session
        start = self.watch.starts[0]
        prefix = [{"key": r["key"], "answer": r["answer"]}
                  for r in real.players.record[start.answered:]]
        rollout_seed = self.rollout_seed(nth)
        players: dict[str, Any] = {}
        sim = Session(real.program, real.state.catalog, Dice.from_state(start.dice),
                      Table({}), real.state.grid, real.state.map)
        sim.scenario = getattr(real, "scenario", None)
        sim.state.restore(start.snapshot)
        sim.state.log = list(real.state.log[:start.log_length])
        sim.ctx.explaining = False

        def determinize() -> None:
            sim.dice.__dict__.update(Dice(rollout_seed).__dict__)
        rollout = _RolloutPlayer(prefix, lambda d: self.rollout_answer(candidate, d, players),
                                 determinize, players, self.horizon)
        sim.players.fallback = rollout
        players.update(self.rollout_players(rollout_seed, sim, candidate))
        try:
            sim.program.call(start.name, sim.ctx, *start.args)
            for _ in range(self.extra_actions):
                if self.continue_while is not None and not self.continue_while(sim):
                    break
                sim.program.call(start.name, sim.ctx, *start.args)
        except _HorizonReached:
            pass  # scored as the game stands, mid-action
        except RolloutMismatch:
            raise
        except KsError:
            pass  # the rollout ran into something the rules refuse: score it as it stands
        return float(self.evaluate(sim, side))


# ---- wiring to the modules ---------------------------------------------------------

def module_evaluator(registry: Any, names: list[str]) -> Evaluator:
    """``ks_evaluate`` of the most specific module among *names* that answers."""
    callers = [registry.module_hook("ks_evaluate", name) for name in reversed(names)]

    def evaluate(session: Any, side: str) -> float:
        for caller in callers:
            answers = [a for a in caller(session=session, side=side) if a is not None]
            if answers:
                return float(answers[0])
        return 0.0
    return evaluate


def scores_of(dice: list[dict[int, float]]) -> dict[int, tuple[int, float]]:
    """Each answer's (rollouts, mean score), of the answers that had any."""
    return {i: (len(d), sum(d.values()) / len(d)) for i, d in enumerate(dice) if d}


def game_modules(session: Any, registry: Any = None) -> tuple[Any, list[str]]:
    """The registry (the installed one unless given) and the names of the
    session's modules in it, lowest layer first (all of them without a scenario)."""
    from kriegsspiel.engine.plugins import load_registry
    registry = registry or load_registry()
    scenario = getattr(session, "scenario", None)
    return registry, (registry.select(scenario.rulesets) if scenario is not None
                      else registry.names())


def search_player(seed: int, session: Session, iterations: int = 4,
                  seconds: float | None = None, kinds: dict[str, Factory] | None = None,
                  registry: Any = None, horizon: int | None = None, exploration: float = 0.5,
                  margin: float = 0.02, batch: int = 2, workers: int | None = None,
                  turns: int = 0, every: int = 0, confidence: float = 2.0) -> SearchPlayer:
    """The ``search`` kind of ``ks play``: rollouts by the ruleset's
    ``heuristic`` players (random ones if it has none) to the end of the turn
    or *horizon* decisions after the candidate (10; with *turns*, up to that
    many more turns while the game goes on and no horizon unless one is
    given), whichever comes first; only the
    questions the ruleset names (ks_search_questions; *every*: all); the
    heuristic player's answer is kept unless another scores *margin* more
    over the same dice;
    rollouts in rounds of *batch*, forked on up to *workers* cores (default:
    the machine's, at most *batch*)."""
    if horizon is None:  # ten decisions a rollout; to the game's end when asked for turns
        horizon = None if turns else 10
    registry, names = game_modules(session, registry)
    kinds = kinds if kinds is not None else plugin_player_kinds(registry, names)
    return SearchPlayer(session, module_evaluator(registry, names), seed, iterations, seconds,
                        rollout_player=kinds.get("heuristic"), horizon=horizon,
                        exploration=exploration, prior=kinds.get("heuristic"), margin=margin,
                        batch=batch, workers=workers or min(batch, os.cpu_count() or 1),
                        extra_actions=turns, continue_while=game_goes_on,
                        questions=None if every else module_questions(registry, names),
                        confidence=confidence)


def module_questions(registry: Any, names: list[str]) -> Callable[[Any], bool] | None:
    """Whether a decision is worth a search, by the ``ks_search_questions`` of
    the most specific module among *names* that answers (None: every one)."""
    named = registry.first("ks_search_questions", names)
    if named is None:
        return None
    keys = frozenset(named)
    return lambda decision: decision.key in keys


def plugin_player_kinds(registry: Any, names: list[str]) -> dict[str, Factory]:
    """Every ``ks_player_kinds`` answer of *names*, higher layers last (they win)."""
    kinds: dict[str, Factory] = {}
    for _, offered in registry.call("ks_player_kinds", names):
        kinds.update(offered or {})
    return kinds
