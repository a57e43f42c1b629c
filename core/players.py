"""Players answer the decisions the rules put to them.

A decision (``kriegsspiel.dsl.runtime.Decision``) names the player, a question
key, what it is about, and the legal answers.  A :class:`Table` of players
routes each decision to the player of that side.  Two players live here:

* :class:`ScriptedPlayer` answers from a list (tests, rulebook examples,
  replays: a replay is the seed plus the recorded answers);
* :class:`RandomPlayer` picks uniformly among the legal answers with its own
  seeded generator, so a game between random players is reproducible;
* :class:`TerminalPlayer` asks a person at a terminal: it lists the legal
  answers by number and takes a number back (hot-seat play).

Smarter players know a ruleset, so they live with it (e.g.
``kriegsspiel.modules.gts.bot``) or are generic searches over the rules
(``kriegsspiel.tools.search``); docs/players.md lists every question the shipped
rules ask.
"""

from __future__ import annotations

import random
import sys
from typing import Any, Callable, Iterable, Protocol, TextIO

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

    def draw(self, draw: Any) -> Any:
        """The same uniform pick, from a question whose answers are checked only
        as they are drawn (kriegsspiel.dsl.drawn)."""
        return draw.uniform(self.rng.randrange)


def option_label(option: Any) -> str:
    """How an answer reads to a person: ``unit 1 A/1 Inf``, ``yes``, ``06.04``."""
    if isinstance(option, bool):
        return "yes" if option else "no"
    kind, ident = getattr(option, "kind", None), getattr(option, "id", None)
    if kind is not None and ident is not None:
        return f"{kind} {ident}"
    return str(option)


TERMINAL_HELP = """\
Type the number in front of the answer you want and press Enter.
  ?, h   this help (the question is asked again)
  q      stop the game
The question names what it is about (the unit, hex or group concerned);
docs/players.md explains every question the rules can ask."""


class TerminalPlayer:
    """A person at a terminal: each question shows its key, what it is about and
    the numbered legal answers; the person types a number.

    Knows no game: ``describe`` (optional) adds a note to an entity or answer,
    e.g. where a unit stands.  ``stdin``/``stdout`` are injectable for tests.
    Bad input is refused with the reason and the question is asked again; ``q``
    or the end of input stops the game with a :class:`KsError` (a session
    rolls the unfinished action back).
    """

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None,
                 describe: Callable[[Any], str | None] | None = None, name: str = "") -> None:
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.describe = describe
        self.name = name

    def label(self, option: Any) -> str:
        text = option_label(option)
        note = self.describe(option) if self.describe is not None else None
        return f"{text} ({note})" if note else text

    def _show(self, decision: Any) -> None:
        side = option_label(getattr(decision, "player", ""))
        lines = [f"[{side}] {decision.key}" + (f" — {decision.about}" if decision.about else "")]
        if decision.subject is not None:
            lines.append(f"  about: {self.label(decision.subject)}")
        for number, option in enumerate(decision.options, start=1):
            lines.append(f"  {number:>2}. {self.label(option)}")
        self.stdout.write("\n".join(lines) + "\n")

    def decide(self, decision: Any) -> Any:
        options = list(decision.options)
        self._show(decision)
        while True:
            self.stdout.write(f"choice [1-{len(options)}, ? for help]: ")
            self.stdout.flush()
            line = self.stdin.readline()
            if line == "":
                self.stdout.write("\n")  # what follows does not trail the prompt
                raise KsError(f"input ended while '{decision.key}' was asked")
            text = line.strip().lower()
            if text in ("?", "h", "help"):
                self.stdout.write(TERMINAL_HELP + "\n")
                self._show(decision)
                continue
            if text in ("q", "quit"):
                self.stdout.write("\n")
                raise KsError(f"the player stopped the game at '{decision.key}'")
            if not text.isdigit():
                self.stdout.write(f"'{line.strip()}' is not a number: type 1 to {len(options)} "
                                  f"(or ? for help)\n")
                continue
            number = int(text)
            if not 1 <= number <= len(options):
                self.stdout.write(f"{number} is not one of the choices: type 1 to "
                                  f"{len(options)}\n")
                continue
            return options[number - 1]


class Table:
    """Routes each decision to the player of its side; records every answer."""

    def __init__(self, players: dict[str, Player], fallback: Player | None = None) -> None:
        self.players = players
        self.fallback = fallback
        self.record: list[dict] = []

    def _seat(self, of: Any) -> tuple[str, Player | None]:
        side = getattr(of, "id", of)
        return side, self.players.get(side, self.fallback)

    def _player(self, of: Any, key: str) -> tuple[str, Player]:
        side, player = self._seat(of)
        if player is None:
            raise KsError(f"no player for side '{side}' to decide '{key}'")
        return side, player

    def __call__(self, decision: Any) -> Any:
        side, player = self._player(decision.player, decision.key)
        answer = player.decide(decision)
        self.record.append({"player": side, "key": decision.key, "answer": answer})
        return answer

    def draws(self, of: Any) -> bool:
        """Whether the player of side *of* draws an answer (a ``draw`` method)
        rather than choosing from every legal one."""
        return hasattr(self._seat(of)[1], "draw")

    def draw(self, draw: Any) -> Any:
        side, player = self._player(draw.player, draw.key)
        answer = player.draw(draw)
        self.record.append({"player": side, "key": draw.key, "answer": answer})
        return answer
