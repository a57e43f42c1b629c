"""Static types of the rule language, and the built-in functions.

Types are plain strings: ``int``, ``num`` (a fraction), ``bool``, ``str``,
``none``, ``list``, ``die``, ``any`` and the entity kinds the kernel knows
(``unit``, ``division``, ``formation``, ``leader``, ``side``, ``hex``,
``game``).  The checker is deliberately forgiving — ``any`` is compatible with
everything — and strict where rule authors actually slip: arithmetic on a
truth value, a condition that is a number, a modifier term that is not a
number, a wrong number of arguments, an attribute an entity does not have.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

NUMERIC = {"int", "num", "any"}
BOOLEAN = {"bool", "check", "any"}
DICE = {"d10": 10, "d6": 6}


def is_numeric(t: str) -> bool:
    return t in NUMERIC


def is_boolean(t: str) -> bool:
    return t in BOOLEAN


def article(t: str) -> str:
    """'an int', 'a bool' — for messages."""
    return f"an {t}" if t[:1] in "aeio" else f"a {t}"  # "a unit": no "an" before u


def join(a: str, b: str) -> str:
    """The type of a value that is either an *a* or a *b*."""
    if a == b:
        return a
    if {a, b} <= {"int", "num"}:
        return "num"
    if "none" in (a, b):
        return b if a == "none" else a
    return "any"


@dataclass(frozen=True)
class Function:
    """A function callable from rules: a built-in or a module's kernel primitive.

    ``impl`` receives the evaluation context first (``None`` in pure
    evaluation) and then the arguments.  ``pure`` functions may appear in
    modifiers, definitions and conditions; the others (dice, questions to a
    player, changes to the game) only in procedures and triggers.
    """

    name: str
    impl: Callable[..., Any]
    min_args: int
    max_args: int | None
    returns: str = "any"
    pure: bool = True
    doc: str = ""
    params: tuple[str, ...] = ()  # parameter types, for checking; empty = unchecked
    # What of the game's state it reads, so that a def calling it may keep its
    # answers while those stand (dsl.lasting): attribute names, "@entries" (who
    # is on the map), "@turn", "@arg1" (the attribute its second argument
    # names; "@arg0" its first); () for
    # nothing (the map, the catalog, its arguments only); None: not declared —
    # a def calling it is evaluated afresh whenever anything changes.
    reads: tuple[str, ...] | None = None


def _floor(_ctx, x):
    return math.floor(x)


def _ceil(_ctx, x):
    return math.ceil(x)


def _half(_ctx, x):
    # "add half the die roll (rounding down)" — GTS 10.0.3 and elsewhere.
    return math.floor(Fraction(x) / 2)


def _min(_ctx, *xs):
    return min(xs[0]) if len(xs) == 1 and isinstance(xs[0], (list, tuple)) else min(xs)


def _max(_ctx, *xs):
    return max(xs[0]) if len(xs) == 1 and isinstance(xs[0], (list, tuple)) else max(xs)


def _clamp(_ctx, x, low, high):
    return max(low, min(high, x))


def _roll(ctx, die):
    return ctx.roll(die)


BUILTINS: dict[str, Function] = {f.name: f for f in (
    Function("floor", _floor, 1, 1, "int", doc="round down", reads=()),
    Function("ceil", _ceil, 1, 1, "int", doc="round up", reads=()),
    Function("half", _half, 1, 1, "int", doc="half, rounded down", reads=()),
    Function("min", _min, 1, None, "num", doc="smallest argument (or of one list)", reads=()),
    Function("max", _max, 1, None, "num", doc="largest argument (or of one list)", reads=()),
    Function("abs", lambda _c, x: abs(x), 1, 1, "num", doc="absolute value", reads=()),
    Function("clamp", _clamp, 3, 3, "num", doc="clamp(x, low, high)", reads=()),
    Function("len", lambda _c, xs: len(xs), 1, 1, "int", doc="number of items in a list", reads=()),
    Function("range", lambda _c, n: list(range(n)), 1, 1, "list", params=("int",),
             doc="the list 0, 1, …, n-1 (a finite loop: for i in range(n))", reads=()),
    Function("first", lambda _c, xs: xs[0] if xs else None, 1, 1, "any",
             doc="the first item of a list, or none", reads=()),
    Function("roll", _roll, 1, 1, "int", pure=False, params=("die",),
             doc="roll a die (d10 gives 0–9, d6 gives 1–6)"),
)}
# ask(player, "question", subject?) and choose(player, "question", options, subject?)
# are not here: the compiler builds them specially (they make a Decision).
