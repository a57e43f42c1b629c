"""A policy-switching player (Chang, Givan & Chong 2004): a search over a few
whole *policies* rather than over each answer.

Knows no game.  The ruleset offers its policies (hook ``ks_search_policies``:
named player factories, its own default first — GTS: the heuristic bot in
several styles).  At a *switch point* — the side's first searched question
(``ks_search_questions``) of each action in progress (a turn in ``ks play``),
with ``every=N`` also every N-th searched question after it, and with
``differ`` also every searched question its policies answer differently
(where they all agree, switching could change nothing yet) — the player
plays ``rollouts`` rollouts of every policy from the question as it stands:
the policy answers for the searching side from this question on, the
ruleset's default player for every other side, to the end of the game (or
``turns`` more actions, or ``horizon`` decisions), scored by ``ks_evaluate``
(±1 for a game decided).  The n-th rollout of every policy meets the same
dice (common random numbers: search.py's ``rollout_seed``).  Then it follows
the policy chosen until the next switch point; the default policy is kept
unless another beats it over the same dice by ``margin`` plus
``confidence`` standard errors of the difference (search.py's ``_choice``).

With ``answer_rollouts`` (the ``answers`` knob) a question the policies
answer differently, past the turn's first, is searched answer by answer
instead: every legal answer, each followed by the policy being played for
the searching side and the default player for the others, ``answer_rollouts``
rollouts each on common dice; the policy's own answer is kept unless another
beats it by the same rule.  Where policies part, whole policies' rollouts
mix that answer with every later difference between them; an answer's own
rollouts isolate it, and may find one no policy gives.

Policy switching is, in expectation, at least as good from every state as
the best of its policies: with policies that each win some positions the
others lose, it can beat each of them.  The rollouts are search.py's —
forked where the system can (search_fork.py), on up to ``workers`` processes,
re-run otherwise; a budget in rollouts is reproducible, the same on one core
or several.
"""

from __future__ import annotations

import os
from typing import Any

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.engine.session import Session
from kriegsspiel.tools.play import game_goes_on
from kriegsspiel.tools.search import (Evaluator, Factory, SearchPlayer, answer_index, answering,
                                      game_modules, module_evaluator, module_questions,
                                      plugin_player_kinds, same_answer, scores_of)
from kriegsspiel.tools.search_fork import InRollout


class SwitchPlayer(SearchPlayer):
    """Follows one of *policies* (``{name: factory}``, the default first),
    chosen again at each switch point by rollouts of them all (module doc)."""

    def __init__(self, session: Session, evaluate: Evaluator, policies: dict[str, Factory],
                 seed: int = 0, rollouts: int = 8, every: int = 0,
                 opponent: Factory | None = None, differ: bool = False,
                 answer_rollouts: int = 0, **search: Any) -> None:
        if not policies:
            raise KsError("a policy-switching player needs at least one policy "
                          "(hook ks_search_policies)")
        first = next(iter(policies.values()))
        super().__init__(session, evaluate, seed, iterations=max(1, rollouts),
                         rollout_player=opponent or first, **search)
        self.policies = dict(policies)
        self.names = list(self.policies)
        self.every = every
        # also switch at each searched question the policies answer differently
        self.differ = differ or answer_rollouts > 0
        # there, search each answer rather than switch policies (0: switch)
        self.answer_rollouts = answer_rollouts
        self.searching_answers = False      # True while the rollouts are of answers
        # (decision number, the answer played, the policy's, {answer index: (rollouts, mean)})
        self.answer_searches: list[tuple[int, Any, Any, dict[int, tuple[int, float]]]] = []
        self.probes = 0                     # questions at which the policies were asked
        self.playing = self.names[0]
        self.players: dict[str, Any] = {}   # name -> its player in the real game
        self.switched_at: Any = None        # the action in progress when last switched
        self.side: str | None = None        # the side it answers for (known at a switch)
        self.since_switch = 0               # searched questions since the last switch
        # (decision number, the policy chosen, {policy: (rollouts, mean)}) each switch
        self.switches: list[tuple[int, str, dict[int, tuple[int, float]]]] = []
        # the last switch's scores, each policy's {n-th rollout: score}
        self.rollout_scores: list[dict[int, float]] = []

    def policy(self, name: str) -> Any:
        """The player of policy *name* in the real game (made when first asked)."""
        if name not in self.players:
            self.players[name] = self.policies[name](self.seed, self.session)
        return self.players[name]

    def decide(self, decision: Any) -> Any:
        self.asked += 1
        answers: dict[str, Any] = {}
        if self.searched(decision, list(decision.options)):
            self.since_switch += 1
            start = self.watch.starts[0]
            due = start is not self.switched_at or \
                (self.every and self.since_switch > self.every)
            parting = False
            if not due and self.differ:
                answers = self.answers(decision)
                first, *rest = answers.values()
                parting = any(not same_answer(first, a) for a in rest)
                due = parting and not self.answer_rollouts
            if parting and self.answer_rollouts:
                searched = self.answer_search(decision, answers[self.playing])
                if isinstance(searched, InRollout):  # a forked rollout of one answer
                    return searched.candidate
                return searched
            if due:
                self.switched_at, self.since_switch = start, 1
                chosen = self.switch(decision)
                if isinstance(chosen, InRollout):  # a forked rollout: its policy answers
                    return self.rollout_answer(None, decision, chosen.players)
                self.playing = chosen
        if self.playing in answers:  # asked once already: the same answer
            return answers[self.playing]
        return self.policy(self.playing).decide(decision)

    def answers(self, decision: Any) -> dict[str, Any]:
        """Each policy's answer to *decision*, its player in the real game asked.
        Where they all agree, a switch could change nothing yet: the policies
        part where they answer differently, and that is where their rollouts
        differ most (the same dice up to there)."""
        self.probes += 1
        return {name: self.policy(name).decide(decision) for name in self.names}

    def switch(self, decision: Any) -> str | InRollout:
        """The policy to follow from *decision* on: every policy's rollouts,
        the n-th of each on the same dice, the default kept unless another
        beats it over them (SearchPlayer._choice)."""
        self.side = answering(decision)
        if len(self.names) == 1:
            return self.names[0]
        index = self._on_common_dice(decision, self.names, self.iterations, 0)
        if isinstance(index, InRollout):
            return index
        chosen = self.names[index]
        self.switches.append((self.asked, chosen, dict(self.last_scores)))
        return chosen

    def _on_common_dice(self, decision: Any, candidates: list, rollouts: int,
                        default: int) -> int | InRollout:
        """*rollouts* rollouts of every candidate (a policy, or an answer),
        the n-th of each on the same dice; the index of the one chosen — the
        *default* kept unless another beats it over them (SearchPlayer._choice)."""
        picks = [(k, nth) for nth in range(rollouts) for k in range(len(candidates))]
        scores = self._rollouts(decision, candidates, self.side, picks)
        if isinstance(scores, InRollout):
            return scores
        dice: list[dict[int, float]] = [{} for _ in candidates]
        for (k, nth), score in zip(picks, scores):
            dice[k][nth] = score
        self.rollout_scores = dice
        self.last_scores = scores_of(dice)
        self.last_default = default
        return self._choice(default, dice)

    def answer_search(self, decision: Any, own: Any) -> Any:
        """The answer to *decision*, where the policies part: every legal
        answer's rollouts (the policy being played after it), the n-th of each
        on the same dice, the policy's own answer *own* kept unless another
        beats it over them (SearchPlayer._choice)."""
        options = list(decision.options)
        default = answer_index(options, own)
        if default is None:  # not a listed answer: none to weigh it against
            return own
        self.side = answering(decision)
        self.searching_answers = True
        try:
            index = self._on_common_dice(decision, options, self.answer_rollouts, default)
        finally:
            self.searching_answers = False
        if isinstance(index, InRollout):
            return index
        chosen = options[index]
        self.answer_searches.append((self.asked, chosen, own, dict(self.last_scores)))
        return chosen

    def rollout_players(self, seed: int, session: Any, candidate: Any) -> dict[str, Any]:
        """Policy *candidate* (an answer's rollouts: the policy being played)
        for the searching side, the default player for the others (re-run or
        forked rollouts alike)."""
        sides = sorted(session.state.catalog.get("side", {}))
        policy = self.playing if self.searching_answers else candidate
        return {side: (self.policies[policy] if side == self.side else self.rollout_player)(
            seed + i, session) for i, side in enumerate(sides)}

    def rollout_answer(self, candidate: Any, decision: Any, players: dict[str, Any]) -> Any:
        """In a rollout, the searched question is its policy's to answer (an
        answer's rollouts: that answer)."""
        if self.searching_answers:
            return candidate
        return players[answering(decision)].decide(decision)


def switch_player(seed: int, session: Session, policies: int = 0, rollouts: int = 8,
                  turns: int | None = None, horizon: int = 0, margin: float = 0.0,
                  confidence: float = 2.0, every: int = 0, workers: int | None = None,
                  use: str = "", differ: int = 0, answers: int = 0,
                  registry: Any = None) -> SwitchPlayer:
    """The ``switch`` kind of ``ks play``: the ruleset's policies
    (ks_search_policies; *policies*: the first N, 0 all), *rollouts* of each
    at every switch point (the searched questions' first of a turn; *every*:
    also every N-th searched question), played *turns* more turns (to the
    game's end by default) or *horizon* decisions (0: none); *differ*: also
    at each searched question the policies answer differently; *answers*:
    there (past the turn's first), that many rollouts of every legal answer
    instead of the policies' (0: the policies'); the default
    policy kept unless another wins by *margin* plus *confidence* standard
    errors, forked on up to *workers* cores (default: the machine's, at most 2);
    *use*: the policies by name instead, ``+``-separated, the first the one
    kept unless another beats it (``use=a+b``)."""
    if rollouts < 2 and confidence > 0:
        raise KsError(f"switch:rollouts={rollouts} can never leave the default policy: "
                      f"beating it by {confidence:g} standard errors takes 2 rollouts a "
                      "policy at least", hint="give rollouts=2 or more, or confidence=0")
    if answers < 0:
        raise KsError(f"switch:answers={answers}: a number of rollouts, 0 or more",
                      hint="give answers=0 (off) or answers=N, N rollouts of each answer")
    if 0 < answers < 2 and confidence > 0:
        raise KsError(f"switch:answers={answers} can never leave the policy's answer: "
                      f"beating it by {confidence:g} standard errors takes 2 rollouts an "
                      "answer at least", hint="give answers=2 or more, answers=0 (off), "
                      "or confidence=0")
    registry, names = game_modules(session, registry)
    if turns is None:  # to the game's end: no game has more actions left than turns
        turns = len(session.state.catalog["game"]["game"]["turns"])
    offered = module_policies(registry, names)
    if not offered:
        raise KsError("no module of this game offers policies to switch among "
                      "(hook ks_search_policies)")
    chosen = named_policies(offered, use, policies) if use else \
        dict(list(offered.items())[:policies or len(offered)])
    kinds = plugin_player_kinds(registry, names)
    workers = workers or min(2, os.cpu_count() or 1)
    return SwitchPlayer(session, module_evaluator(registry, names), chosen, seed,
                        rollouts=rollouts, every=every, opponent=kinds.get("heuristic"),
                        differ=bool(differ), answer_rollouts=answers,
                        horizon=horizon or None, margin=margin, confidence=confidence,
                        extra_actions=turns, continue_while=game_goes_on, batch=workers,
                        workers=workers, questions=module_questions(registry, names))


def module_policies(registry: Any, names: list[str]) -> dict[str, Factory]:
    """The policies of the most specific module among *names* that offers
    any (``ks_search_policies``), its default first."""
    return dict(registry.first("ks_search_policies", names) or {})


def named_policies(offered: dict[str, Factory], use: str, policies: int = 0) -> dict[str, Factory]:
    """The policies *use* names (``a+b``), in its order: the first is the
    default the switcher keeps unless another beats it."""
    if policies:
        raise KsError("switch: give the policies by number (policies=N) or by name "
                      "(use=a+b), not both")
    names = use.split("+")
    for name in names:
        if name not in offered:
            raise KsError(f"switch: no policy '{name}' (offered: {', '.join(offered)})",
                          None, did_you_mean(name, offered))
    if len(set(names)) != len(names):
        raise KsError(f"switch:use={use} names a policy twice")
    return {name: offered[name] for name in names}
