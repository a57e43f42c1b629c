"""Calls of defs that go straight to the def's body when nothing is explained.

A def call costs the call site's closure, the def's ``evaluate`` (a Python
call packing the arguments, a check of whether to explain) and its frame —
often more than the def itself (``current_steps(u) = u.steps - u.step_loss``).
So when no explanation is being recorded and the def is evaluated directly
(its remembered results have not paid off, see ``shortcuts.remembered``), the
call site makes the def's frame itself and runs the def's compiled body on
it: the same closure ``evaluate`` would run, on the same frame.  While the
def's results are kept or remembered, the call goes to its keeper
(``Compiled.keeper``, a C call by arity); explaining, to the def as before,
so its explanation record and the reuse of its results are unchanged.  The
arguments are computed first, left to right, as for a call.
"""

from __future__ import annotations

from typing import Any

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.dsl.closures import slot_of
from kriegsspiel.dsl.runtime import Compiled, Context, Keeper


@cython.locals(holder=Compiled, i=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t)
def direct_call(holder: Any, fns: list):
    """The call of the def in *holder* with arguments *fns*, taking the
    shortcut above; None for more than three arguments."""
    if len(fns) > 3:
        return None
    body, pad = holder.body, holder.pad  # the def is compiled before its callers
    locals_ = [getattr(a, "local", None) for a in fns]
    if fns and None not in locals_:
        return _direct_locals(holder, body, pad, locals_)
    if len(fns) == 0:
        @cython.locals(ctx=Context, keeper=Keeper)
        def direct0(f):
            ctx = f[0]
            keeper = holder.keeper  # its answers kept: a C call by arity
            if keeper is not None:
                return keeper.call(ctx, ())
            if ctx is None or ctx.explaining or holder.fn is not holder.plain:
                return holder.fn(ctx)
            return body([ctx, *pad])
        return direct0
    if len(fns) == 1:
        a, = fns

        @cython.locals(ctx=Context, keeper=Keeper)
        def direct1(f):
            ctx, x = f[0], a(f)
            keeper = holder.keeper  # its answers kept: a C call by arity
            if keeper is not None:
                return keeper.call1(ctx, x)
            if ctx is None or ctx.explaining or holder.fn is not holder.plain:
                return holder.fn(ctx, x)
            return body([ctx, x, *pad] if pad else [ctx, x])
        return direct1
    # An argument that is a variable is read from its slot (-1: computed).
    i, j = slot_of(fns[0]), slot_of(fns[1])
    if len(fns) == 2:
        a, b = fns

        @cython.locals(ctx=Context, f=list, keeper=Keeper)
        def direct2(f):
            ctx = f[0]
            x = f[i] if i >= 0 else a(f)
            y = f[j] if j >= 0 else b(f)
            keeper = holder.keeper  # its answers kept: a C call by arity
            if keeper is not None:
                return keeper.call2(ctx, x, y)
            if ctx is None or ctx.explaining or holder.fn is not holder.plain:
                return holder.fn(ctx, x, y)
            return body([ctx, x, y, *pad] if pad else [ctx, x, y])
        return direct2
    a, b, c = fns
    k = slot_of(c)

    @cython.locals(ctx=Context, f=list, keeper=Keeper)
    def direct3(f):
        ctx = f[0]
        x = f[i] if i >= 0 else a(f)
        y = f[j] if j >= 0 else b(f)
        z = f[k] if k >= 0 else c(f)
        keeper = holder.keeper  # its answers kept: a C call by arity
        if keeper is not None:
            return keeper.call3(ctx, x, y, z)
        if ctx is None or ctx.explaining or holder.fn is not holder.plain:
            return holder.fn(ctx, x, y, z)
        return body([ctx, x, y, z, *pad] if pad else [ctx, x, y, z])
    return direct3


@cython.locals(holder=Compiled, i=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t)
def _direct_locals(holder: Any, body, pad: tuple, slots: list[int]):
    """The same when every argument is a variable of the caller (read from its slot)."""
    if len(slots) == 1:
        i, = slots

        @cython.locals(ctx=Context, f=list, keeper=Keeper)
        def direct_local1(f):
            ctx = f[0]
            keeper = holder.keeper  # its answers kept: a C call by arity
            if keeper is not None:
                return keeper.call1(ctx, f[i])
            if ctx is None or ctx.explaining or holder.fn is not holder.plain:
                return holder.fn(ctx, f[i])
            return body([ctx, f[i], *pad] if pad else [ctx, f[i]])
        return direct_local1
    if len(slots) == 2:
        i, j = slots

        @cython.locals(ctx=Context, f=list, keeper=Keeper)
        def direct_local2(f):
            ctx = f[0]
            keeper = holder.keeper  # its answers kept: a C call by arity
            if keeper is not None:
                return keeper.call2(ctx, f[i], f[j])
            if ctx is None or ctx.explaining or holder.fn is not holder.plain:
                return holder.fn(ctx, f[i], f[j])
            return body([ctx, f[i], f[j], *pad] if pad else [ctx, f[i], f[j]])
        return direct_local2
    i, j, k = slots

    @cython.locals(ctx=Context, f=list, keeper=Keeper)
    def direct_local3(f):
        ctx = f[0]
        keeper = holder.keeper  # its answers kept: a C call by arity
        if keeper is not None:
            return keeper.call3(ctx, f[i], f[j], f[k])
        if ctx is None or ctx.explaining or holder.fn is not holder.plain:
            return holder.fn(ctx, f[i], f[j], f[k])
        return body([ctx, f[i], f[j], f[k], *pad] if pad else [ctx, f[i], f[j], f[k]])
    return direct_local3
