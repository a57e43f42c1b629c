"""Questions drawn from: legal answers worked out only as a player looks at them.

A ``choose`` whose options are written out in it as lists joined by ``+``,
some of them a ``select`` (``choose(side, "move", (select h in near:
can_enter(h)) + others, unit)``), a call of a def that is one, or a literal
offered under a condition (``if c then ["x"] else []``), is put to a player
that draws — one that wants a single legal answer drawn uniformly, not the
list (``draws``/``draw`` on the decider: a random player) — as a
:class:`Draw`: every candidate in the order the list would give them, each
condition worked out only when its candidate is drawn.  Asking a condition
of each of six neighbours to draw one hex was a third of a random game;
drawing asks it of one or two.

Every other player is asked as before, the whole list worked out first.  The
conditions are pure (expressions) and the draw is made at the question,
before the procedure goes on, so a candidate is checked against the state the
list would have been worked out on.
"""

from __future__ import annotations

from typing import Any, Callable

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.dsl import ir
from kriegsspiel.dsl.closures import constant_of, slot_of
from kriegsspiel.dsl.runtime import Frame, RuleRuntimeError


class Draw:
    """The candidates of a drawn question and, for each, what is known of it:
    legal (None), not (False), or what tells — the condition (a ``select``'s
    body or an ``if``'s), the ``select`` variable's slot (None for an
    ``if``) and the frame it runs in — run when the candidate is first looked
    at."""

    __slots__ = ("player", "key", "subject", "values", "checks")

    def __init__(self, player: Any, key: str, subject: Any, values: list, checks: list) -> None:
        self.player, self.key, self.subject = player, key, subject
        self.values, self.checks = values, checks

    def legal(self, i: int) -> bool:
        check = self.checks[i]
        if check is None or check is False:
            return check is None
        body, var, frame = check
        if var is not None:  # a select's variable (None: a one-item list's condition)
            frame[var] = self.values[i]
        ok = True if body(frame) else False
        self.checks[i] = None if ok else False
        return ok

    @property
    def options(self) -> tuple:
        """Every legal answer, in the list's order (each candidate checked)."""
        return tuple(v for i, v in enumerate(self.values) if self.legal(i))

    def uniform(self, randrange: Callable[[int], int]) -> Any:
        """One legal answer, each as likely as another: a candidate drawn among
        those not yet found illegal until one is legal (the first legal one a
        random order reaches, so uniform over the legal answers)."""
        pool = list(range(len(self.values)))
        while pool:
            k = randrange(len(pool))
            i = pool[k]
            if self.legal(i):
                return self.values[i]
            pool[k] = pool[-1]
            pool.pop()
        raise RuleRuntimeError(f"'{self.key}' offers no legal answer")


class _DefCall:
    """A call of a def among the options, expanded into its own parts: the
    def's frame, made once a draw from its arguments (closures run in the
    frame of what calls it: the question's, or an outer def's), and what the
    def's explanation record says."""

    __slots__ = ("outer", "args", "parts", "size", "what", "cites", "first", "last")

    def __init__(self, outer: "_DefCall | None", args: list, decl: Any) -> None:
        self.outer, self.args = outer, args
        # Each argument: its slot when a variable (an int), else its closure.
        self.parts = [a if x < 0 else x for a, x in zip(args, map(slot_of, args))]
        self.what, self.cites = f"def {decl.name}", [str(c) for c in decl.cites]
        self.size = self.first = self.last = 0

    @cython.locals(got=list, outer=list, parts=list, n=cython.Py_ssize_t, i=cython.Py_ssize_t,
                   x=cython.Py_ssize_t)
    def frame(self, f: Frame, made: dict) -> Frame:
        # Filed under the call itself (hashed by identity, as its id would be).
        got = made.get(self)
        if got is None:
            outer = f if self.outer is None else self.outer.frame(f, made)
            parts = self.parts
            n = len(parts)
            got = [None] * max(self.size, n + 1)  # one list, the def's slots padded
            got[0] = f[0]
            for i in range(n):
                a = parts[i]
                if type(a) is int:
                    x = a
                    got[i + 1] = outer[x]
                else:
                    got[i + 1] = a(outer)
            made[self] = got
        return got


class _NotDrawn(Exception):
    """A part of the options that is not a list: the question is asked whole."""


MAX_DEPTH = 8  # defs expanded within defs, at most


def drawn_parts(compiler: Any, node: Any, scope: Any) -> tuple | None:
    """The parts of ``choose``'s options, each (items, condition or None,
    variable slot, the _DefCall whose frame it runs in or None), and the def
    calls expanded; None when nothing in them is drawn (the question is
    never drawn)."""
    pieces: list = []
    calls: list = []
    try:
        drawn = _expand(compiler, node, scope, None, pieces, calls, 0)
    except _NotDrawn:
        return None
    return (pieces, calls) if drawn else None


def _expand(compiler: Any, node: Any, scope: Any, at: "_DefCall | None", pieces: list,
            calls: list, depth: int) -> bool:
    """Add *node*'s parts to *pieces*; whether any is drawn: a ``select``, a
    literal offered under a condition, or a def call whose body has one."""
    parts: list = []
    _flatten(node, parts)
    drawn = False
    for part in parts:
        if isinstance(part, ir.Quant) and part.kind == "select":
            items, body, var, _ = compiler.quant_pieces(part, scope)
            pieces.append((items, body, var, at))
            drawn = True
            continue
        offered = _offered_if(part)
        if offered is not None:
            item, cond, wanted = offered
            value, _ = compiler.expr(item, scope)
            test = compiler.cond(cond, scope, "the condition of 'if'")
            pieces.append((_listed(value), test if wanted else _negated(test), None, at))
            drawn = True
            continue
        decl = compiler.p.decls.get(part.fn) if isinstance(part, ir.Call) else None
        if decl is not None and decl.kind == "def" and len(part.args) == len(decl.params) \
                and depth < MAX_DEPTH:
            call = _DefCall(at, [compiler.expr(a, scope)[0] for a in part.args], decl)
            own = compiler.p.def_scope(decl)
            mark, marked = len(pieces), len(calls)
            calls.append(call)
            if _expand(compiler, decl.expr, own, call, pieces, calls, depth + 1):
                call.size, call.first, call.last = own.size[0], mark, len(pieces)
                drawn = True
                continue
            del pieces[mark:], calls[marked:]  # nothing drawn in it: asked as a list
        fn, t = compiler.expr(part, scope)
        if t not in ("list", "any"):
            raise _NotDrawn()
        pieces.append((fn, None, 0, at))
    return drawn


def _listed(value: Callable[[Frame], Any]) -> Callable[[Frame], list]:
    folded = constant_of(value)
    if folded is not None:  # a literal (the commonest): no call to read it
        c = folded[0]
        return lambda f: [c]
    return lambda f: [value(f)]


def _negated(test: Callable[[Frame], Any]) -> Callable[[Frame], bool]:
    return lambda f: not test(f)


def _offered_if(part: Any) -> tuple | None:
    """``if c then ["x"] else []`` ("x" offered when c holds) or ``if c then
    [] else ["x"]`` (when it does not), "x" a literal (nothing worked out that
    the list would not have): ("x", c, which); None for any other part."""
    if not isinstance(part, ir.Ternary):
        return None
    then, other = part.then, part.other
    if not (isinstance(then, ir.ListExpr) and isinstance(other, ir.ListExpr)):
        return None
    if len(then.items) == 1 and not other.items and isinstance(then.items[0], ir.Lit):
        return then.items[0], part.cond, True
    if len(other.items) == 1 and not then.items and isinstance(other.items[0], ir.Lit):
        return other.items[0], part.cond, False
    return None


def _flatten(node: Any, parts: list) -> None:
    if isinstance(node, ir.BinOp) and node.op == "+":
        _flatten(node.left, parts)
        _flatten(node.right, parts)
    else:
        parts.append(node)


@cython.locals(at=_DefCall, call=_DefCall, draw=Draw)  # their frame and legal: C calls
def draw_of(parts: tuple, player: Any, key: str, subject: Any, f: Frame) -> Draw:
    """The question's candidates, its lists worked out, its conditions not —
    unless the game is being explained: then every candidate is checked and
    each def's answer recorded as its evaluation would have, and the draw
    (which only the legal answers steer) is the same."""
    pieces, calls = parts
    ctx = f[0]
    values: list = []
    checks: list = []
    starts = []
    made: dict = {}
    for items, body, var, at in pieces:
        frame = f if at is None else at.frame(f, made)
        got = items(frame)
        starts.append(len(values))
        values.extend(got)
        checks.extend([None if body is None else (body, var, frame)] * len(got))
    starts.append(len(values))
    draw = Draw(player, key, subject, values, checks)
    if ctx is not None and ctx.explaining:
        for i in range(len(values)):  # every candidate checked, as the list would be
            draw.legal(i)
        for call in calls:
            frame = call.frame(f, made)
            legal = [values[i] for i in range(starts[call.first], starts[call.last])
                     if draw.legal(i)]
            ctx.trace.append({"what": call.what, "args": tuple(frame[1:1 + len(call.args)]),
                              "value": legal, "cites": call.cites})
    return draw
