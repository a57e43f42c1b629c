"""What compiled rules run against: the evaluation context and result values.

A compiled expression is a closure ``fn(frame) -> value``; the frame (a
list, see :data:`Frame`) holds the :class:`Context` and local variables — the world
(game state), the dice, the players' decider, and the explanation trace every
computed value is written to.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from typing import Any, Callable, Protocol

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.core.errors import KsError, Location
from kriegsspiel.core.state import Ref


class World(Protocol):
    """The kernel side: entity attributes, tracked state, and the event log."""

    def attr(self, entity: Any, name: str) -> Any: ...
    def set_track(self, entity: Any, name: str, value: int, cause: list[dict]) -> None: ...
    def owner(self, entity: Any) -> Any: ...
    def record(self, kind: str, data: dict, cause: list[dict]) -> Any: ...


class Explained(int):
    """An integer that remembers how it was computed (base, terms, citations)."""

    def __new__(cls, value: int, what: str, base: int | None, terms: list[dict]):
        obj = super().__new__(cls, value)
        obj.what, obj.base, obj.terms = what, base, terms
        return obj

    def explain(self) -> dict:
        return {"what": self.what, "value": int(self), "base": self.base, "terms": self.terms}


@dataclass
class CheckResult:
    """The outcome of a check such as a Troop Quality Check."""

    name: str
    passed: bool
    roll: int | None
    target: int | None
    bought: bool = False  # passed by spending a point instead of rolling
    reason: str = ""

    def __bool__(self) -> bool:
        return self.passed

    def explain(self) -> dict:
        return {"what": f"check {self.name}", "passed": self.passed, "roll": self.roll,
                "target": self.target, "bought": self.bought, "reason": self.reason}


class Decision:
    """A question the rules put to a player; ``options`` are the legal answers.

    Immutable and compared by value, as the frozen dataclass it was; written
    out by hand so that compiled it is an extension type (runtime.pxd), made
    at every question a game asks."""

    __slots__ = ("player", "key", "subject", "options", "about")
    __match_args__ = ("player", "key", "subject", "options", "about")

    def __init__(self, player: Any, key: str, subject: Any, options: tuple,
                 about: str = "") -> None:
        if cython.compiled:  # an extension type: its readonly fields are set directly
            self.player, self.key, self.subject, self.options, self.about = \
                player, key, subject, options, about
            return
        put = object.__setattr__
        for name, value in zip(Decision.__slots__, (player, key, subject, options, about)):
            put(self, name, value)

    def _fields(self) -> tuple:
        return (self.player, self.key, self.subject, self.options, self.about)

    def __eq__(self, other: object) -> bool:
        if type(other) is not Decision:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field '{name}'")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field '{name}'")

    def __reduce__(self):
        return (Decision, self._fields())

    def __repr__(self) -> str:
        return (f"Decision(player={self.player!r}, key={self.key!r}, subject={self.subject!r}, "
                f"options={self.options!r}, about={self.about!r})")


class RuleRuntimeError(KsError):
    """A rule went wrong while running (no table row matched, bad operand...)."""


class StopProcedure(Exception):
    """``stop``: end the current procedure."""


class BreakLoop(Exception):
    """``break``: leave the innermost ``for`` (caught by the loop it is written in)."""


class ReturnValue(Exception):
    """``return expr``: end the current procedure with a value."""

    def __init__(self, value: Any) -> None:
        super().__init__()
        self.value = value


def _refused(question: Any, answer: Any, options: Any) -> RuleRuntimeError:
    """The error for an answer not among *question*'s legal *options*."""
    return RuleRuntimeError(f"player {_plain(question.player)} answered {answer!r} to "
                            f"'{question.key}'; legal answers are {[_plain(o) for o in options]}")


class Context:
    """What a running rule works with: the world (game state), the dice, the
    players' decider and the explanation trace.  Compiled (setup.py), an
    extension type (runtime.pxd): the interpreter's typed locals read its
    fields as struct members, on every rule call."""

    __slots__ = ("world", "dice", "decider", "trace", "rules", "active_triggers", "explaining",
                 "memo", "memo_version", "lasting")

    def __init__(self, world: World, dice: Any, decider: Callable[[Decision], Any],
                 trace: list[dict] | None = None, rules: Any = None,
                 active_triggers: set[str] | None = None, explaining: bool = True,
                 memo: dict | None = None, memo_version: int = -1,
                 lasting: dict | None = None) -> None:
        self.world = world
        self.dice = dice  # kriegsspiel.core.dice.Dice
        self.decider = decider
        self.trace = [] if trace is None else trace
        self.rules = rules  # the Program, for triggers on emitted events
        self.active_triggers = set() if active_triggers is None else active_triggers
        # False for bulk play (simulations, bot search): values are computed the
        # same, but no explanation records are made.  Replays and `ks resolve`
        # keep it True.
        self.explaining = explaining
        # Pure results (defs, modifier lists) remembered while one top-level call
        # runs and the game has not changed since (see Program.call): ``memo`` is
        # None outside such a call; ``memo_version`` is the world's version the
        # remembered results were computed against.
        self.memo = memo
        self.memo_version = memo_version
        # The same for kernel scans of attributes that moves do not change (which
        # Units a Formation has, say), checked against the world's ``attr_stamp``.
        self.lasting = lasting

    def __repr__(self) -> str:
        return (f"Context(world={self.world!r}, dice={self.dice!r}, decider={self.decider!r}, "
                f"rules={self.rules!r}, explaining={self.explaining!r})")

    def explain(self, record: dict) -> None:
        if self.explaining:
            self.trace.append(record)

    def take_trace(self) -> list[dict]:
        """The explanation records since the last state change, which they caused."""
        out, self.trace = self.trace, []
        return out

    def roll(self, die: str, why: str = "") -> int:
        value = self.dice.roll(die)
        self.trace.append({"what": f"roll {die}", "value": value, "for": why})
        return value

    def ask(self, decision: Decision) -> Any:
        if not decision.options:
            raise RuleRuntimeError(f"'{decision.key}' offers no legal answer")
        answer = self.decider(decision)
        if answer not in decision.options:
            # A recorded or scripted answer names an entity by its id.
            named = [o for o in decision.options if _plain(o) == answer]
            if not named:
                raise _refused(decision, answer, decision.options)
            answer = named[0]
        return self._decided(decision, answer)

    def _decided(self, question: Any, answer: Any) -> Any:
        """*answer* to *question* (a Decision or a Draw), logged as a ``decision``."""
        self.world.record("decision", {"player": _plain(question.player), "key": question.key,
                                       "subject": _plain(question.subject),
                                       "answer": _plain(answer)}, [])
        return answer

    def draws(self, player: Any) -> bool:
        """Whether *player*'s questions are answered by drawing one legal answer
        (the decider's ``draws``: dsl/drawn.py), not by choosing from them all."""
        draws = getattr(self.decider, "draws", None)
        return draws is not None and draws(player)

    def ask_drawn(self, draw: Any) -> Any:
        """``ask`` for a drawn question (dsl/drawn.py).  A recorded answer (a
        resumed save's) is matched to its candidate, by id for an entity, and
        refused unless legal, as ``ask`` refuses one."""
        answer = self.decider.draw(draw)
        values = draw.values
        found = [i for i, v in enumerate(values) if v == answer]
        if not found:
            found = [i for i, v in enumerate(values) if _plain(v) == answer]
        legal = [i for i in found if draw.legal(i)]
        if not legal:
            raise _refused(draw, answer, draw.options)
        return self._decided(draw, values[legal[0]])

    def set_track(self, entity: Any, track: str, value: int) -> None:
        """Change tracked state; the change is an event and may fire triggers."""
        old = self.world.attr(entity, track)
        if old == value:
            return
        cause, self.trace = self.trace, []  # take_trace(), without the method call
        self.world.set_track(entity, track, value, cause)
        if self.rules is not None:
            self.rules.fire("track_changed", {"entity": entity, "track": track,
                                              "old": old, "new": value}, self)

    def set_link(self, entity: Any, link: str, target: Any) -> None:
        """Point a link at another entity (or none); an event, and may fire triggers."""
        old = self.world.attr(entity, link)
        if old == target:
            return
        cause, self.trace = self.trace, []  # take_trace(), without the method call
        self.world.set_link(entity, link, target, cause)
        if self.rules is not None:
            self.rules.fire("link_changed", {"entity": entity, "link": link, "old": old,
                                             "new": target}, self)

    def emit(self, event: str, data: dict, loc: Location | None = None) -> None:
        cause, self.trace = self.trace, []  # take_trace(), without the method call
        self.world.record(event, {k: _logged(v) for k, v in data.items()}, cause)
        if self.rules is not None:
            self.rules.fire(event, data, self)


# How many evaluations a keeper keeps a def's answers for on trial, and the
# share of them that must turn out to be reuses for keeping to go on (compiled,
# C constants: runtime.pxd).
MEMO_TRIAL = 256
MEMO_MIN_SHARE = 8  # at least one reuse in eight evaluations


class Keeper:
    """What keeps a def's answers (``shortcuts.Remembered``,
    ``lasting.Lasting``), called as ``keeper(ctx, *args)`` like the def's
    *evaluate*.  The compiled call sites call it through their holder
    (``Compiled.keeper``) by arity, ``call1(ctx, a)`` and on: compiled, a C
    call with no argument tuple to pack, where the Python call of a wrapper
    ``fn(ctx, *args)`` cost some hundred instructions of its own.

    On trial: a def whose answers are seldom asked for again (fewer than one
    reuse in MEMO_MIN_SHARE after MEMO_TRIAL evaluations) is from then on
    evaluated directly (``holder.fn`` becomes *evaluate*, ``holder.keeper``
    None, and its call sites go straight to its body)."""

    __slots__ = ("evaluate", "holder", "body", "pad", "blank", "tried", "reused")

    def __init__(self, evaluate: Callable[..., Any], holder: Any) -> None:
        self.evaluate = evaluate
        self.holder = holder
        self.tried = self.reused = 0
        # A def's own evaluate (Program._build_def) has a body the keeper may
        # run on a frame of its own, without the call of evaluate, when nothing
        # is explained; not so another (the bot's reader wraps evaluate in
        # holders of its own).
        if type(holder) is Compiled and holder.plain is evaluate:
            self.body, self.pad = holder.body, holder.pad
        else:
            self.body, self.pad = None, ()
        # A padded frame is a copy of a blank one of its size, its first slots
        # then set: one list made, not one grown by the padding.
        self.blank = [None] * (1 + len(holder.decl.params) + len(self.pad)) \
            if self.pad else None

    def __call__(self, ctx: Any, *args: Any) -> Any:
        return self.call(ctx, args)

    def call(self, ctx: Any, args: tuple) -> Any:
        raise NotImplementedError

    def call1(self, ctx: Any, a: Any) -> Any:
        return self.call(ctx, (a,))

    def call2(self, ctx: Any, a: Any, b: Any) -> Any:
        return self.call(ctx, (a, b))

    def call3(self, ctx: Any, a: Any, b: Any, c: Any) -> Any:
        return self.call(ctx, (a, b, c))

    def plain(self, ctx: Any, a: Any, args: tuple | None) -> Any:
        """The def evaluated, given its one argument *a* (*args* None) or *args*."""
        return self.evaluate(ctx, a) if args is None else self.evaluate(ctx, *args)

    @cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, frame=list)
    def run(self, ctx: Any, a: Any, args: tuple | None) -> Any:
        """The same, unexplained: the body run on the frame evaluate would make
        (made at once for up to three arguments)."""
        if self.body is None:
            return self.plain(ctx, a, args)
        n = -1 if args is None else len(args)
        if self.blank is not None:
            frame = self.blank[:]
            frame[0] = ctx
            if n < 0:
                frame[1] = a
            else:
                for i in range(n):
                    frame[i + 1] = args[i]
        elif n < 0:
            frame = [ctx, a]
        elif n == 2:
            frame = [ctx, args[0], args[1]]
        elif n == 3:
            frame = [ctx, args[0], args[1], args[2]]
        else:
            frame = [ctx, *args]
        return self.body(frame)

    def evaluated(self) -> None:
        """Count an evaluation on trial; stop keeping when reuses are too few."""
        self.tried += 1
        if self.tried >= MEMO_TRIAL and self.reused * MEMO_MIN_SHARE < self.tried:
            holder = self.holder
            holder.fn = self.evaluate
            if type(holder) is Compiled:
                holder.keeper = None


class Compiled:
    """One compiled definition (Program builds them); ``fn`` is filled in once
    compiled.  Every call site reads its fields: compiled (setup.py), an
    extension type (runtime.pxd)."""

    __slots__ = ("decl", "fn", "type", "plain", "body", "pad", "keeper")

    def __init__(self, decl: Any, fn: Callable[..., Any] | None = None, type: str = "any",
                 plain: Callable[..., Any] | None = None,
                 body: Callable[..., Any] | None = None, pad: tuple = ()) -> None:
        self.decl = decl  # the ir.Decl
        self.fn = fn
        self.type = type
        # A def's own evaluation, without remembering (``fn`` becomes it when
        # remembering does not pay; direct call sites check for that), and the
        # compiled body it runs on a frame of its arguments and ``pad``.
        self.plain = plain
        self.body = body
        self.pad = pad
        # ``fn`` when it is a Keeper (its answers kept or remembered), which call
        # sites call by arity; None once keeping does not pay (``fn`` is then
        # ``plain``) or when something else wraps the def.
        self.keeper = None

    def __repr__(self) -> str:
        return f"Compiled({self.decl.kind} {self.decl.name}, type={self.type!r})"


# The local variables of one running definition: a list whose first item is
# the Context and the rest the definition's variables, each in the slot the
# compiler gave it (dsl.compiler.Scope).  A plain list rather than a class:
# one is made for every definition call, and a list is the cheapest thing to
# make and to index.
Frame = list


def _logged(value: Any) -> Any:
    """``_plain(value)``, a text, an int, none or an entity (an event's usual
    fields) without the call."""
    if type(value) is str or type(value) is int or value is None:
        return value
    if type(value) is Ref:
        return value.id
    return _plain(value)


def _plain(value: Any) -> Any:
    """A JSON-friendly rendering of a runtime value for the event log."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return int(value) if isinstance(value, Explained) else value
    if isinstance(value, CheckResult):
        return value.explain()
    ident = getattr(value, "id", None)
    if ident is not None:
        return ident
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return str(value)
