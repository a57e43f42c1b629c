"""Small defs compiled into their callers: naming an expression costs nothing.

A rule written once and called from several places is a def, and a def call
costs a frame, its arguments packed and its answer looked up among those its
keeper remembers — for ``allowance_left(u, moved) = u.half_points_left > 0
or one_hex_move(u, moved)`` far more than the test itself.  So a call of a
*small* def is compiled into the caller: the def's expression compiled again
at the call site, its parameters read from the caller's frame — a variable
given as an argument from that variable's own slot, any other argument from
a slot of the caller's frame it is put in, worked out first, left to right,
as for a call.

A small def is one expression of at most ``MAX_NODES`` parts, made of reads,
literals, operators, ``if``-expressions, builtins (``len``, ``max``, ...) and
calls of defs or primitives only *behind a test* — the right of an ``and``
or ``or``, a branch of an ``if`` —, with no quantifier and no table.  Its
answer is the def's own: a def can change nothing and roll no dice (the
compiler refuses both in a def), so its expression gives the same value
wherever it is evaluated; only remembering it is skipped, which such a def
does not repay.  A def that always calls another (``a(x) + b(x)``, ``if
f(x) == none ...``) keeps its frame and its remembered answers: they spare
the callees' work, and inlining those cost more than it saved.

While the game is explained, and without a context, the call is the def's
own call, as before: its explanation record (``def name(args) = value``),
and those of the defs it calls, are written exactly as always
(dsl/direct.py, ``inlined``).
"""

from __future__ import annotations

from typing import Any, Callable

from kriegsspiel.dsl import ir
from kriegsspiel.dsl.closures import apply_holder, guarded_call, slot_of
from kriegsspiel.dsl.direct import direct_call, inlined
from kriegsspiel.dsl.scope import Scope
from kriegsspiel.dsl.shortcuts import call_site_guard
from kriegsspiel.dsl.types import BUILTINS

MAX_NODES = 32  # parts of a def's expression, at most, for it to be compiled into its callers

# What a small def's expression may be made of: no quantifier (a loop, whose
# variable needs slots of its own), no table (an answer with its row and layer).
_SMALL = (ir.Lit, ir.Name, ir.Attr, ir.Compare, ir.BoolOp, ir.Not, ir.Neg, ir.BinOp,
          ir.Ternary, ir.ListExpr, ir.Call)


def def_call(program: Any, decl: ir.Def, holder: Any, fns: list, scope: Scope) -> Callable:
    """How a call of def *decl* (compiled in *holder*) with arguments *fns* is
    made: a def starting ``p.a and ...`` guarded at the call site, as the
    quantifiers' shortcut wants (compiler.quant_pieces); a small def compiled
    into the caller; a def starting ``if p.a == none or ... then 0`` guarded;
    any other a direct call of its body (dsl/direct.py) or, for more than
    three arguments, through its holder."""
    guard = call_site_guard(decl, program.enums) if len(fns) in (1, 2, 3) else None
    if guard is not None and guard[1] is False and isinstance(decl.expr, ir.BoolOp):
        return guarded_call(holder, fns, *guard)
    framed = direct_call(holder, fns) or apply_holder(holder, fns)
    inline = inline_call(program, decl, fns, scope, framed)
    if inline is not None:
        return inline
    if guard is not None:
        return guarded_call(holder, fns, *guard)
    return framed


def is_small(decl: Any) -> bool:
    """Whether calls of def *decl* are compiled into their callers."""
    if decl.kind != "def" or decl.expr is None:
        return False
    n = _size(decl.expr)
    return n is not None and n <= MAX_NODES and _eager_calls(decl.expr) == 0


def inline_call(program: Any, decl: ir.Def, fns: list, scope: Scope,
                framed: Callable) -> Callable | None:
    """The call of small def *decl* with arguments *fns* in *scope*, compiled
    into the caller (*framed*, the ordinary call, while explaining); None
    when *decl* is not small or the program has problems noted (the def is
    then not compiled twice, nor its problems reported twice)."""
    if not is_small(decl) or program.deferred:
        return None
    slots, stores = {}, []
    for param, fn in zip(decl.params, fns):
        x = slot_of(fn)
        if x < 0:  # worked out into a slot of the caller's frame of its own
            x = scope.new_slot()
            stores.append((x, fn))
        slots[param.name] = x
    names = {p.name: program.param_kind(p) or "any" for p in decl.params}
    own = Scope(names, False, f"def '{decl.name}'", slots, scope.size)
    compiler = program.compiler
    previous, compiler.current = compiler.current, decl.name
    try:
        body, _ = compiler.expr(decl.expr, own)
    finally:
        compiler.current = previous
    return inlined(framed, body, stores)


def _size(e: Any) -> int | None:
    """The number of parts of expression *e*, or None when one is not of a small def."""
    if not isinstance(e, _SMALL) or isinstance(e, ir.Call) and e.fn in ("ask", "choose"):
        return None
    total = 1
    for part in _parts(e):
        n = _size(part)
        if n is None:
            return None
        total += n
    return total


def _eager_calls(e: Any) -> int:
    """The calls (of defs and primitives, not builtins) *e* makes whenever it
    is evaluated: those not behind a test."""
    if isinstance(e, ir.BoolOp):
        return _eager_calls(e.left)
    if isinstance(e, ir.Ternary):
        return _eager_calls(e.cond)
    own = 1 if isinstance(e, ir.Call) and e.fn not in BUILTINS else 0
    return own + sum(_eager_calls(p) for p in _parts(e))


def _parts(e: Any) -> tuple:
    if isinstance(e, ir.Attr):
        return (e.obj,)
    if isinstance(e, ir.Call):
        return e.args
    if isinstance(e, ir.ListExpr):
        return e.items
    if isinstance(e, (ir.Not, ir.Neg)):
        return (e.operand,)
    if isinstance(e, ir.Ternary):
        return (e.cond, e.then, e.other)
    if isinstance(e, (ir.BinOp, ir.Compare, ir.BoolOp)):
        return (e.left, e.right)
    return ()
