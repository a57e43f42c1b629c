"""Small defs compiled into their call sites, for when nothing is explained.

A def call costs a Python call, a frame and the argument tuple — often more
than the def itself (``current_steps(u) = u.steps - u.step_loss``).  So a
call of a small def also gets the def's body compiled again at the call site,
against slots of the caller's frame that hold the arguments, and runs that
when no explanation is being recorded and the def is evaluated directly (its
remembered results have not paid off, see ``shortcuts.remembered``).
Otherwise — explaining, or while the def's results are remembered — the call
goes to the def as before, so its explanation record and the reuse of its
results are unchanged.  The body sees only its parameters, as the def does;
the arguments are computed first, left to right, as for a call; a def is
pure, so the value, and any error, is the def's.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from kriegsspiel.dsl import ir
from kriegsspiel.dsl.compiler import Scope

# The largest def body (in IR nodes) compiled into its call sites: enough for
# the one-line definitions rules are full of, not so much that compiling
# grows noticeably.
INLINE_MAX_NODES = 30


def inlined_call(program, decl: ir.Def, holder: Any, fns: list, scope: Scope):
    """The call ``decl(*fns)`` with the body inlined as above, or None when
    the def is too large (or takes more than three arguments)."""
    if len(fns) > 3 or _nodes(decl.expr) > INLINE_MAX_NODES:
        return None
    own = program._scope(decl.params, False, f"def '{decl.name}'")
    # The parameters' slots are new slots of the caller's frame.
    slots = {p.name: scope._new_slot() for p in decl.params}
    inner = Scope(own.names, False, own.where, slots, scope.size)
    compiler = program.compiler
    caller, compiler.current = compiler.current, decl.name  # what it calls is the def's
    try:
        body, _ = compiler.expr(decl.expr, inner)
    finally:
        compiler.current = caller
    s = [slots[p.name] for p in decl.params]
    # The arguments are computed first, as for any call (a variable of the
    # caller read straight from its slot), then either handed to the def or
    # put in the slots the inlined body reads.
    if len(fns) == 0:
        def inlined0(f):
            ctx = f[0]
            if ctx is None or ctx.explaining or holder.fn is not holder.plain:
                return holder.fn(ctx)
            return body(f)
        return inlined0
    locals_ = [getattr(a, "local", None) for a in fns]
    if None not in locals_:
        return _inlined_locals(holder, body, locals_, s)
    if len(fns) == 1:
        a, = fns
        s0, = s

        def inlined1(f):
            ctx, x = f[0], a(f)
            if ctx is None or ctx.explaining or holder.fn is not holder.plain:
                return holder.fn(ctx, x)
            f[s0] = x
            return body(f)
        return inlined1
    if len(fns) == 2:
        a, b = fns
        s0, s1 = s

        def inlined2(f):
            ctx, x, y = f[0], a(f), b(f)
            if ctx is None or ctx.explaining or holder.fn is not holder.plain:
                return holder.fn(ctx, x, y)
            f[s0] = x
            f[s1] = y
            return body(f)
        return inlined2
    a, b, c = fns
    s0, s1, s2 = s

    def inlined3(f):
        ctx, x, y, z = f[0], a(f), b(f), c(f)
        if ctx is None or ctx.explaining or holder.fn is not holder.plain:
            return holder.fn(ctx, x, y, z)
        f[s0] = x
        f[s1] = y
        f[s2] = z
        return body(f)
    return inlined3


def _inlined_locals(holder: Any, body, args: list[int], s: list[int]):
    """The same when every argument is a variable of the caller (slots *args*)."""
    if len(args) == 1:
        a0, = args
        s0, = s

        def inlined_local1(f):
            ctx = f[0]
            if ctx is None or ctx.explaining or holder.fn is not holder.plain:
                return holder.fn(ctx, f[a0])
            f[s0] = f[a0]
            return body(f)
        return inlined_local1
    if len(args) == 2:
        a0, a1 = args
        s0, s1 = s

        def inlined_local2(f):
            ctx = f[0]
            if ctx is None or ctx.explaining or holder.fn is not holder.plain:
                return holder.fn(ctx, f[a0], f[a1])
            f[s0], f[s1] = f[a0], f[a1]
            return body(f)
        return inlined_local2
    a0, a1, a2 = args
    s0, s1, s2 = s

    def inlined_local3(f):
        ctx = f[0]
        if ctx is None or ctx.explaining or holder.fn is not holder.plain:
            return holder.fn(ctx, f[a0], f[a1], f[a2])
        f[s0], f[s1], f[s2] = f[a0], f[a1], f[a2]
        return body(f)
    return inlined_local3


def _nodes(node: Any) -> int:
    """How many IR expression nodes *node* holds (itself included)."""
    if isinstance(node, tuple):
        return sum(_nodes(x) for x in node)
    if not is_dataclass(node) or isinstance(node, ir.Cite):
        return 0
    return 1 + sum(_nodes(getattr(node, f.name)) for f in fields(node) if f.name != "loc")
