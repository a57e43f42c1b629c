"""Compile IR statements (procedure steps and trigger bodies) to closures.

A mixin of :class:`kriegsspiel.dsl.compiler.ExprCompiler`: statements are built
from its expressions (``self.expr``, ``self.cond``) and its program's
``compile_set``/``compile_emit``/``compile_call``.  ``stmt`` returns the
closure and the scope after the statement (a ``let`` adds a name).
"""

from __future__ import annotations

from typing import Any, Callable

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.core.errors import KsError
from kriegsspiel.dsl import ir
from kriegsspiel.dsl.runtime import BreakLoop, Frame, ReturnValue, StopProcedure
from kriegsspiel.dsl.scope import Scope
from kriegsspiel.dsl.types import article


class StatementCompiler:
    p: Any             # the Program (set by ExprCompiler)
    calls: dict        # caller → callees (the recursion check)
    current: str

    def block(self, stmts: tuple[ir.Stmt, ...], scope: Scope) -> Callable[[Frame], None]:
        return self.block_scoped(stmts, scope)[0]

    def block_scoped(self, stmts: tuple[ir.Stmt, ...], scope: Scope):
        """Compile a block; also return the scope after it (the names its lets
        define), so a procedure's later steps can see an earlier step's lets."""
        compiled = []
        for s in stmts:
            fn, scope = self.stmt(s, scope)
            compiled.append(fn)
        return _sequence(compiled), scope

    @cython.locals(slot=cython.Py_ssize_t, var=cython.Py_ssize_t)
    def stmt(self, s: ir.Stmt, scope: Scope):
        if isinstance(s, ir.Let):
            value, t = self.expr(s.expr, scope)
            after = scope.child(**{s.name: t})
            slot = after.slots[s.name]

            @cython.locals(f=list)
            def let(f: Frame):
                f[slot] = value(f)
            return let, after
        if isinstance(s, ir.SetStmt):
            return self.p.compile_set(s, scope), scope
        if isinstance(s, ir.If):
            branches = [(self.cond(c, scope, "the condition of 'if'"), self.block(b, scope))
                        for c, b in s.branches]
            other = self.block(s.other, scope) if s.other is not None else None
            if len(branches) == 1:  # `if c: ...` with or without an `else`: no list walked
                return _if_else(*branches[0], other), scope

            def if_(f: Frame):
                for c, b in branches:
                    if c(f):
                        return b(f)
                if other is not None:
                    other(f)
            return if_, scope
        if isinstance(s, ir.For):
            items, t = self.expr(s.iterable, scope)
            if t not in ("list", "any"):
                raise KsError(f"'for' iterates over a list, but this is {article(t)}", s.iterable.loc)
            inner = scope.child(**{s.var: "any"})
            inner.in_loop = True
            body, var = self.block(s.body, inner), inner.slots[s.var]
            if not _breaks(s.body):
                @cython.locals(f=list)
                def for_(f: Frame):
                    for item in list(items(f)):  # a snapshot: the body may change the game
                        f[var] = item
                        body(f)
                return for_, scope

            @cython.locals(f=list)
            def for_break(f: Frame):
                try:
                    for item in list(items(f)):
                        f[var] = item
                        body(f)
                except BreakLoop:
                    pass
            return for_break, scope
        if isinstance(s, ir.Emit):
            return self.p.compile_emit(s, scope), scope
        if isinstance(s, (ir.Run, ir.Do)):
            if isinstance(s, ir.Run):
                fn, _ = self.p.compile_call(ir.Call(s.procedure, s.args, s.loc),
                                            [self.expr(a, scope) for a in s.args], scope,
                                            must_be="procedure")
                self.calls.setdefault(self.current, set()).add(s.procedure)
            else:
                fn, _ = self.expr(s.expr, scope)
            return fn, scope  # its value is dropped: no runner reads a statement's
        if isinstance(s, ir.Return):
            value, _ = self.expr(s.expr, scope)

            def return_(f: Frame):
                raise ReturnValue(value(f))
            return return_, scope
        if isinstance(s, ir.Stop):
            def stop(f: Frame):
                raise StopProcedure()
            return stop, scope
        if isinstance(s, ir.Break):
            if not scope.in_loop:
                raise KsError(f"'break' outside a 'for' loop (in {scope.where}): it leaves "
                              "the innermost 'for' it is written in", s.loc)

            def break_(f: Frame):
                raise BreakLoop()
            return break_, scope
        text = s.text

        def note(f: Frame):
            f[0].explain({"what": "note", "text": text})
        return note, scope


def _sequence(compiled: list) -> Callable[[Frame], None]:
    """Run *compiled* statements in order: a lone statement is its own runner,
    two are called without walking a list (a runner's call is much of what a
    short statement costs)."""
    if len(compiled) == 1:
        return compiled[0]
    if len(compiled) == 2:
        a, b = compiled

        def run2(f: Frame) -> None:
            a(f)
            b(f)
        return run2

    def run(f: Frame) -> None:
        for c in compiled:
            c(f)
    return run


def _if_else(cond: Callable[[Frame], Any], then: Callable[[Frame], None],
             other: Callable[[Frame], None] | None) -> Callable[[Frame], None]:
    """``if``'s runner for a single condition, *other* its ``else`` block or None."""
    if other is None:
        def if_then(f: Frame):
            if cond(f):
                then(f)
        return if_then

    def if_then_else(f: Frame):
        if cond(f):
            then(f)
        else:
            other(f)
    return if_then_else


def _breaks(body: tuple) -> bool:
    """Whether a loop's *body* has a ``break`` of its own (not one of an inner ``for``)."""
    for s in body:
        if isinstance(s, ir.Break):
            return True
        if isinstance(s, ir.If):
            if any(_breaks(b) for _, b in s.branches) or (s.other is not None and _breaks(s.other)):
                return True
    return False
