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


@cython.locals(holder=Compiled, i=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t,
               blank=list)
def direct_call(holder: Any, fns: list):
    """The call of the def in *holder* with arguments *fns*, taking the
    shortcut above; None for more than three arguments."""
    if len(fns) > 3:
        return None
    body, pad = holder.body, holder.pad  # the def is compiled before its callers
    locals_ = [getattr(a, "local", None) for a in fns]
    if fns and None not in locals_:
        return _direct_locals(holder, body, pad, locals_)
    # A padded frame is a copy of a blank one of its size, its first slots
    # then set: one list made, not one grown by the padding.
    blank = [None] * (1 + len(fns) + len(pad)) if pad else None
    if len(fns) == 0:
        @cython.locals(ctx=Context, keeper=Keeper, frame=list)
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

        @cython.locals(ctx=Context, keeper=Keeper, frame=list)
        def direct1(f):
            ctx, x = f[0], a(f)
            keeper = holder.keeper  # its answers kept: a C call by arity
            if keeper is not None:
                return keeper.call1(ctx, x)
            if ctx is None or ctx.explaining or holder.fn is not holder.plain:
                return holder.fn(ctx, x)
            if blank is None:
                return body([ctx, x])
            frame = blank[:]
            frame[0], frame[1] = ctx, x
            return body(frame)
        return direct1
    # An argument that is a variable is read from its slot (-1: computed).
    i, j = slot_of(fns[0]), slot_of(fns[1])
    if len(fns) == 2:
        a, b = fns

        @cython.locals(ctx=Context, f=list, keeper=Keeper, frame=list)
        def direct2(f):
            ctx = f[0]
            x = f[i] if i >= 0 else a(f)
            y = f[j] if j >= 0 else b(f)
            keeper = holder.keeper  # its answers kept: a C call by arity
            if keeper is not None:
                return keeper.call2(ctx, x, y)
            if ctx is None or ctx.explaining or holder.fn is not holder.plain:
                return holder.fn(ctx, x, y)
            if blank is None:
                return body([ctx, x, y])
            frame = blank[:]
            frame[0], frame[1], frame[2] = ctx, x, y
            return body(frame)
        return direct2
    a, b, c = fns
    k = slot_of(c)

    @cython.locals(ctx=Context, f=list, keeper=Keeper, frame=list)
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
        if blank is None:
            return body([ctx, x, y, z])
        frame = blank[:]
        frame[0], frame[1], frame[2], frame[3] = ctx, x, y, z
        return body(frame)
    return direct3


@cython.locals(holder=Compiled, i=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t,
               blank=list)
def _direct_locals(holder: Any, body, pad: tuple, slots: list[int]):
    """The same when every argument is a variable of the caller (read from its slot)."""
    blank = [None] * (1 + len(slots) + len(pad)) if pad else None
    if len(slots) == 1:
        i, = slots

        @cython.locals(ctx=Context, f=list, keeper=Keeper, frame=list)
        def direct_local1(f):
            ctx = f[0]
            keeper = holder.keeper  # its answers kept: a C call by arity
            if keeper is not None:
                return keeper.call1(ctx, f[i])
            if ctx is None or ctx.explaining or holder.fn is not holder.plain:
                return holder.fn(ctx, f[i])
            if blank is None:
                return body([ctx, f[i]])
            frame = blank[:]
            frame[0], frame[1] = ctx, f[i]
            return body(frame)
        return direct_local1
    if len(slots) == 2:
        i, j = slots

        @cython.locals(ctx=Context, f=list, keeper=Keeper, frame=list)
        def direct_local2(f):
            ctx = f[0]
            keeper = holder.keeper  # its answers kept: a C call by arity
            if keeper is not None:
                return keeper.call2(ctx, f[i], f[j])
            if ctx is None or ctx.explaining or holder.fn is not holder.plain:
                return holder.fn(ctx, f[i], f[j])
            if blank is None:
                return body([ctx, f[i], f[j]])
            frame = blank[:]
            frame[0], frame[1], frame[2] = ctx, f[i], f[j]
            return body(frame)
        return direct_local2
    i, j, k = slots

    @cython.locals(ctx=Context, f=list, keeper=Keeper, frame=list)
    def direct_local3(f):
        ctx = f[0]
        keeper = holder.keeper  # its answers kept: a C call by arity
        if keeper is not None:
            return keeper.call3(ctx, f[i], f[j], f[k])
        if ctx is None or ctx.explaining or holder.fn is not holder.plain:
            return holder.fn(ctx, f[i], f[j], f[k])
        if blank is None:
            return body([ctx, f[i], f[j], f[k]])
        frame = blank[:]
        frame[0], frame[1], frame[2], frame[3] = ctx, f[i], f[j], f[k]
        return body(frame)
    return direct_local3


@cython.locals(s=cython.Py_ssize_t, t=cython.Py_ssize_t)
def inlined(framed, body, stores: list):
    """A small def's call compiled into its caller (dsl/inline.py): *body*, the
    def's expression compiled on the caller's frame, run after each argument
    that is not a variable is put in its slot (``stores``: (slot, closure), in
    the arguments' order).  While explaining, or without a context, the call
    *framed* instead, as it is compiled for any def, so the def's record is
    written as always."""
    if not stores:
        @cython.locals(ctx=Context)
        def inline_read(f):
            ctx = f[0]
            if ctx is None or ctx.explaining:
                return framed(f)
            return body(f)
        return inline_read
    if len(stores) == 1:
        (s, a), = stores

        @cython.locals(ctx=Context, f=list)
        def inline_put(f):
            ctx = f[0]
            if ctx is None or ctx.explaining:
                return framed(f)
            f[s] = a(f)
            return body(f)
        return inline_put
    if len(stores) == 2:
        (s, a), (t, b) = stores

        @cython.locals(ctx=Context, f=list)
        def inline_put2(f):
            ctx = f[0]
            if ctx is None or ctx.explaining:
                return framed(f)
            f[s] = a(f)
            f[t] = b(f)
            return body(f)
        return inline_put2

    @cython.locals(ctx=Context, f=list, slot=cython.Py_ssize_t)
    def inline_puts(f):
        ctx = f[0]
        if ctx is None or ctx.explaining:
            return framed(f)
        for slot, fn in stores:
            f[slot] = fn(f)
        return body(f)
    return inline_puts
