"""The building blocks compiled rules are made of: small closures for the
shapes rules use most, each computing exactly what the generic one would.

Rules are small definitions calling each other, so a closure's own overhead
is most of the time a rule takes: the shapes below (a local variable, a
constant operand, calls of fixed arity, a def answered at its call site)
avoid the generic path's extra calls and list building.  See
docs/performance.md.
"""

from __future__ import annotations

import operator
from typing import Any, Callable

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.core.readers import Reader
from kriegsspiel.core.state import Ref
from kriegsspiel.dsl import ir
from kriegsspiel.dsl.runtime import Compiled, Context, Frame, Keeper

Fn = Callable[[Frame], Any]


def bool_chain(e: ir.BoolOp) -> list:
    """The operands of a chain of one boolean operator, left to right."""
    out, node = [], e
    while isinstance(node, ir.BoolOp) and node.op == e.op:
        out.append(node.right)
        node = node.left
    out.append(node)
    return out[::-1]


@cython.locals(slot=cython.Py_ssize_t)
def _local(slot: int) -> Fn:
    @cython.locals(f=list)
    def local(f: Frame):
        return f[slot]
    local.local = slot  # the slot it reads, for calls and the quantifiers' shortcut
    return local


def constant(value: Any) -> Fn:
    """A closure returning *value*, marked so operators can fold it in."""
    def const(f: Frame):
        return value
    const.constant = (value,)
    return const


def constant_of(fn: Fn) -> tuple | None:
    """``(value,)`` if *fn* always returns the same value, else None."""
    return getattr(fn, "constant", None)


def apply(impl: Callable, fns: list[Fn]) -> Fn:
    """``impl(ctx, *args)`` with each argument computed from the frame, in order."""
    if len(fns) == 0:
        return lambda f: impl(f[0])
    if len(fns) == 1:
        a, = fns
        if slot_of(a) >= 0:  # `units_at(h)`: the variable straight from the frame
            return _apply1_local(impl, slot_of(a))
        folded = constant_of(a)
        if folded is not None:  # `all_of("unit")`
            c = folded[0]
            return lambda f: impl(f[0], c)
        return lambda f: impl(f[0], a(f))
    if len(fns) == 2:
        return _apply2(impl, *fns)
    if len(fns) == 3:
        return _apply3(impl, *fns)
    if len(fns) == 4:
        a, b, c, d = fns
        return lambda f: impl(f[0], a(f), b(f), c(f), d(f))
    return lambda f: impl(f[0], *[a(f) for a in fns])


@cython.locals(x=cython.Py_ssize_t)
def _apply1_local(impl: Callable, x: int) -> Fn:
    """``impl(ctx, v)`` for a variable *v* in slot *x* (a C index, compiled)."""
    @cython.locals(f=list)
    def apply_local(f: Frame):
        return impl(f[0], f[x])
    return apply_local


def slot_of(fn: Fn) -> int:
    """The frame slot *fn* reads when it is a variable, else -1 (compiled,
    a C int the closures below test instead of calling *fn*)."""
    x = getattr(fn, "local", None)
    return -1 if x is None else x


@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t)
def _apply3(impl: Callable, a: Fn, b: Fn, c: Fn) -> Fn:
    """``impl(ctx, a, b, c)``, each argument that is a variable read from its slot."""
    i, j, k = slot_of(a), slot_of(b), slot_of(c)

    @cython.locals(f=list)
    def apply3(f: Frame):
        return impl(f[0], f[i] if i >= 0 else a(f), f[j] if j >= 0 else b(f),
                    f[k] if k >= 0 else c(f))
    return apply3


@cython.locals(x=cython.Py_ssize_t, y=cython.Py_ssize_t)
def _apply2(impl: Callable, a: Fn, b: Fn) -> Fn:
    """``impl(ctx, a, b)``, reading a variable or a constant argument (the
    commonest: ``distance(unit.hex, h)``, ``hex_marker(h, "barrage")``)
    without a closure call of its own."""
    x, y = slot_of(a), slot_of(b)
    folded = constant_of(b)
    if folded is not None:
        c = folded[0]

        @cython.locals(f=list)
        def apply2_constant(f: Frame):
            return impl(f[0], f[x] if x >= 0 else a(f), c)
        return apply2_constant

    @cython.locals(f=list)
    def apply2(f: Frame):
        return impl(f[0], f[x] if x >= 0 else a(f), f[y] if y >= 0 else b(f))
    return apply2


@cython.locals(holder=Compiled, i=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t)
def apply_holder(holder: Any, fns: list[Fn]) -> Fn:
    """Like :func:`apply` for a definition that may still be compiling: its
    function is read from its holder when called (compiled, a field of the
    typed holder).  An argument that is a variable is read straight from its
    slot (`f(unit, target)`)."""
    if len(fns) == 0:
        @cython.locals(f=list, keeper=Keeper)
        def call0(f: Frame):
            keeper = holder.keeper  # a def's answers kept: a C call by arity
            if keeper is not None:
                return keeper.call(f[0], ())
            return holder.fn(f[0])
        return call0
    if len(fns) == 1:
        a, = fns
        i = slot_of(a)

        @cython.locals(f=list, keeper=Keeper)
        def call1(f: Frame):
            x = f[i] if i >= 0 else a(f)
            keeper = holder.keeper
            if keeper is not None:
                return keeper.call1(f[0], x)
            return holder.fn(f[0], x)
        return call1
    if len(fns) == 2:
        a, b = fns
        i, j = slot_of(a), slot_of(b)

        @cython.locals(f=list, keeper=Keeper)
        def call2(f: Frame):
            x = f[i] if i >= 0 else a(f)
            y = f[j] if j >= 0 else b(f)
            keeper = holder.keeper
            if keeper is not None:
                return keeper.call2(f[0], x, y)
            return holder.fn(f[0], x, y)
        return call2
    if len(fns) == 3:
        a, b, c = fns
        i, j, k = slot_of(a), slot_of(b), slot_of(c)

        @cython.locals(f=list, keeper=Keeper)
        def call3(f: Frame):
            x = f[i] if i >= 0 else a(f)
            y = f[j] if j >= 0 else b(f)
            z = f[k] if k >= 0 else c(f)
            keeper = holder.keeper
            if keeper is not None:
                return keeper.call3(f[0], x, y, z)
            return holder.fn(f[0], x, y, z)
        return call3

    # Each argument: its slot when a variable (an int), else its closure.
    parts = [slot_of(a) if slot_of(a) >= 0 else a for a in fns]

    @cython.locals(f=list, args=list, i=cython.Py_ssize_t, keeper=Keeper)
    def call_many(f: Frame):
        args = []
        for a in parts:
            if type(a) is int:
                i = a
                args.append(f[i])
            else:
                args.append(a(f))
        keeper = holder.keeper
        if keeper is not None:
            return keeper.call(f[0], tuple(args))
        # Held in a local: compiled, a star call would pass the field itself
        # without a reference of its own, and a remembered def's trial may
        # replace holder.fn (freeing the running function) during the call.
        fn = holder.fn
        return fn(f[0], *args)
    return call_many


def guarded_call(holder: Any, fns: list[Fn], fails: Callable[[Any, tuple], bool],
                 value: Any = False) -> Fn:
    """A call of a def whose first tests ``fails(ctx, args)`` can read off the
    arguments (shortcuts.call_site_guard): when they decide it and nothing is
    being explained, the def's value (false for ``p.a and ...``) without
    running the def."""
    call = _guarded_call(holder, fns, fails, value)
    reads = getattr(fails, "reads", None)  # (argument index, attribute) of a `p.a and ...` def
    if reads is not None and value is False:
        call.guard = (fns, *reads)
    return call


@cython.locals(holder=Compiled, i=cython.Py_ssize_t)
def _guarded_call(holder: Any, fns: list[Fn], fails: Callable[[Any, tuple], bool],
                  value: Any) -> Fn:
    slots = [getattr(a, "local", None) for a in fns]
    if None not in slots and len(slots) in (2, 3):  # `in_fire_zone(h, e)`: read the frame
        return _guarded_locals(holder, slots, fails, value)
    if len(fns) == 1:
        a, = fns
        i = slot_of(a)

        @cython.locals(ctx=Context, f=list, keeper=Keeper)
        def call1(f: Frame):
            ctx, x = f[0], f[i] if i >= 0 else a(f)
            if ctx is not None and not ctx.explaining and fails(ctx, (x,)):
                return value
            keeper = holder.keeper
            if keeper is not None:
                return keeper.call1(ctx, x)
            return holder.fn(ctx, x)
        return call1
    if len(fns) == 2:
        a, b = fns

        @cython.locals(ctx=Context, f=list, keeper=Keeper)
        def call2(f: Frame):
            ctx, x, y = f[0], a(f), b(f)
            if ctx is not None and not ctx.explaining and fails(ctx, (x, y)):
                return value
            keeper = holder.keeper
            if keeper is not None:
                return keeper.call2(ctx, x, y)
            return holder.fn(ctx, x, y)
        return call2
    a, b, c = fns

    @cython.locals(ctx=Context, f=list, keeper=Keeper)
    def call3(f: Frame):
        ctx, x, y, z = f[0], a(f), b(f), c(f)
        if ctx is not None and not ctx.explaining and fails(ctx, (x, y, z)):
            return value
        keeper = holder.keeper
        if keeper is not None:
            return keeper.call3(ctx, x, y, z)
        return holder.fn(ctx, x, y, z)
    return call3


_OPS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
        ">": operator.gt, ">=": operator.ge}


@cython.locals(read=Reader, read2=Reader,  # read.read: a C call, compiled
               slot=cython.Py_ssize_t, slot2=cython.Py_ssize_t)
def attr_compare(left: Fn, op: str, right: Fn) -> Fn | None:
    """``unit.column == 0``, ``u.side != unit.side``, ``unit.suppressed > 0``:
    one closure reading the attribute(s) of local variables straight from the
    state, or None when *left* is not such a read (``get_local.reads``) or
    *right* neither a constant nor one.  Anything but an entity goes the
    general way (*left*/*right* themselves), so errors are as before;
    inequalities are false for none, as ``_compare`` makes them."""
    reads = getattr(left, "reads", None)
    if reads is None:
        return None
    slot, read = reads
    folded = constant_of(right)
    ordered = op not in ("==", "!=")
    if folded is not None:
        b = folded[0]
        if ordered and b is None:
            return None
        if op == "==":
            @cython.locals(ctx=Context, f=list)
            def attr_eq(f: Frame):
                t, ctx = f[slot], f[0]
                return (read.read(ctx.world, t) if type(t) is Ref else left(f)) == b
            return attr_eq
        if op == "!=":
            @cython.locals(ctx=Context, f=list)
            def attr_ne(f: Frame):
                t, ctx = f[slot], f[0]
                return (read.read(ctx.world, t) if type(t) is Ref else left(f)) != b
            return attr_ne
        compare = _OPS[op]

        @cython.locals(ctx=Context, f=list)
        def attr_ordered(f: Frame):
            t, ctx = f[slot], f[0]
            a = read.read(ctx.world, t) if type(t) is Ref else left(f)
            return False if a is None else compare(a, b)
        return attr_ordered
    other = getattr(right, "reads", None)
    if other is None or ordered:
        return None
    slot2, read2 = other
    equal = op == "=="

    @cython.locals(ctx=Context, f=list)
    def attrs_compare(f: Frame):  # `u.side != unit.side`
        t, u, ctx = f[slot], f[slot2], f[0]
        a = read.read(ctx.world, t) if type(t) is Ref else left(f)
        b = read2.read(ctx.world, u) if type(u) is Ref else right(f)
        return (a == b) if equal else (a != b)
    return attrs_compare


@cython.locals(holder=Compiled, i=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t)
def _guarded_locals(holder: Any, slots: list[int], fails: Callable[[Any, tuple], bool],
                    value: Any) -> Fn:
    """``_guarded_call`` when every argument is a variable (its slot read directly)."""
    if len(slots) == 2:
        i, j = slots

        @cython.locals(ctx=Context, f=list, keeper=Keeper)
        def call_locals2(f: Frame):
            ctx, x, y = f[0], f[i], f[j]
            if ctx is not None and not ctx.explaining and fails(ctx, (x, y)):
                return value
            keeper = holder.keeper
            if keeper is not None:
                return keeper.call2(ctx, x, y)
            return holder.fn(ctx, x, y)
        return call_locals2
    i, j, k = slots

    @cython.locals(ctx=Context, f=list, keeper=Keeper)
    def call_locals3(f: Frame):
        ctx, x, y, z = f[0], f[i], f[j], f[k]
        if ctx is not None and not ctx.explaining and fails(ctx, (x, y, z)):
            return value
        keeper = holder.keeper
        if keeper is not None:
            return keeper.call3(ctx, x, y, z)
        return holder.fn(ctx, x, y, z)
    return call_locals3


@cython.locals(read=Reader, x=cython.Py_ssize_t, y=cython.Py_ssize_t, slot=cython.Py_ssize_t)
def equality(left: Fn, op: str, right: Fn) -> Fn:
    """``a == b``/``a != b``, reading a variable, a constant or an attribute of
    a variable (``unit.hex == h``) without a closure call of its own; both
    sides are computed, left first, as the general closure computes them."""
    fused = attr_compare(left, op, right)
    if fused is not None:
        return fused
    equal = op == "=="
    folded = constant_of(right)
    x, y = slot_of(left), slot_of(right)
    if folded is not None:
        b = folded[0]

        @cython.locals(f=list)
        def equal_constant(f: Frame):
            a = f[x] if x >= 0 else left(f)
            return (a == b) if equal else (a != b)
        return equal_constant
    reads = getattr(left, "reads", None)
    slot = -1 if reads is None or y < 0 else reads[0]
    read = None if slot < 0 else reads[1]

    @cython.locals(ctx=Context, f=list)
    def equal_general(f: Frame):
        if x >= 0:
            a = f[x]
        elif slot >= 0:  # `unit.hex == h`: the attribute read straight from the state
            t, ctx = f[slot], f[0]
            a = read.read(ctx.world, t) if type(t) is Ref else left(f)
        else:
            a = left(f)
        b = f[y] if y >= 0 else right(f)
        return (a == b) if equal else (a != b)
    return equal_general


@cython.locals(x=cython.Py_ssize_t)
def membership(left: Fn, right: Fn) -> Fn:
    """``a in b`` when *b* is not a list written out (those fold to their
    members): a constant or a variable on either side read without a call."""
    x = slot_of(left)
    folded = constant_of(right)
    if folded is not None:
        c = folded[0]

        @cython.locals(f=list)
        def member_of_constant(f: Frame):
            return (f[x] if x >= 0 else left(f)) in c
        return member_of_constant

    @cython.locals(f=list)
    def member(f: Frame):
        return (f[x] if x >= 0 else left(f)) in right(f)
    return member


def choice(cond: Fn, a: Fn, b: Fn) -> Fn:
    """``a if cond else b``, a constant branch returned without a call."""
    fa, fb = constant_of(a), constant_of(b)
    if fa is not None and fb is not None:
        va, vb = fa[0], fb[0]
        return lambda f: va if cond(f) else vb
    if fa is not None:
        va = fa[0]
        return lambda f: va if cond(f) else b(f)
    if fb is not None:
        vb = fb[0]
        return lambda f: a(f) if cond(f) else vb
    return lambda f: a(f) if cond(f) else b(f)
