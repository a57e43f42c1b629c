"""Players answer the decisions the rules put to them.

A decision (``kriegsspiel.dsl.runtime.Decision``) names the player, a question
key, what it is about, and the legal answers.  A :class:`Table` of players
routes each decision to the player of that side.  Two players live here:

* :class:`ScriptedPlayer` answers from a list (tests, rulebook examples,
  replays: a replay is the seed plus the recorded answers);
* :class:`RandomPlayer` picks uniformly among the legal answers with its own
  seeded generator, so a game between random players is reproducible.
"""

from __future__ import annotations

import random
from typing import Any, Iterable, Protocol

from kriegsspiel.core.errors import KsError


class Player(Protocol):
    def decide(self, decision: Any) -> Any: ...


class ScriptedPlayer:
    """Answers from a script: a list of answers, or of (key, answer) pairs.

    With pairs, each answer must be to the question the script expects —
    a test then fails loudly when the rules ask something else.
    """

    def __init__(self, answers: Iterable[Any], default: Any = None, strict: bool = True) -> None:
        self.answers = list(answers)
        self.default = default
        self.strict = strict
        self.asked: list[Any] = []

    def decide(self, decision: Any) -> Any:
        self.asked.append(decision)
        if not self.answers:
            if self.strict and self.default is None:
                raise KsError(f"scripted player has no answer left for '{decision.key}' "
                              f"about {decision.subject}")
            return self.default if self.default is not None else decision.options[0]
        answer = self.answers.pop(0)
        if isinstance(answer, tuple) and len(answer) == 2 and isinstance(answer[0], str):
            key, answer = answer
            if key != decision.key:
                raise KsError(f"scripted player expected to be asked '{key}' but was asked "
                              f"'{decision.key}' about {decision.subject}")
        return answer


class KeyedPlayer:
    """Answers by question: ``{"action": "pass", "second_action": [True, False]}``.

    A value answers every time; a list answers in turn (then its last item
    again); a callable receives the decision.  An answer that names an entity
    by id is matched to the option with that id.  Questions not in the table
    get the first legal option, so a test states only what it cares about.
    """

    def __init__(self, answers: dict[str, Any] | None = None) -> None:
        self.answers = dict(answers or {})
        self.asked: list[Any] = []

    def decide(self, decision: Any) -> Any:
        self.asked.append(decision)
        rule = self.answers.get(decision.key)
        if rule is None:
            return decision.options[0]
        if callable(rule):
            return rule(decision)
        if isinstance(rule, list):
            return rule.pop(0) if len(rule) > 1 else rule[0]
        return rule


class RandomPlayer:
    """Picks a legal answer at random (seeded)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: Any) -> Any:
        return self.rng.choice(list(decision.options))


class Table:
    """Routes each decision to the player of its side; records every answer."""

    def __init__(self, players: dict[str, Player], fallback: Player | None = None) -> None:
        self.players = players
        self.fallback = fallback
        self.record: list[dict] = []

    def __call__(self, decision: Any) -> Any:
        side = getattr(decision.player, "id", decision.player)
        player = self.players.get(side, self.fallback)
        if player is None:
            raise KsError(f"no player for side '{side}' to decide '{decision.key}'")
        answer = player.decide(decision)
        self.record.append({"player": side, "key": decision.key, "answer": answer})
        return answer
