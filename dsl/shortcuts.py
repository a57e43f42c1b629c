"""Shortcuts the rule program takes that change nothing but the time: pure
results remembered while the game stands still, and defs answered false at
their call site from a first test of their arguments.  Values, events, dice
and explanation records are exactly those of a plain evaluation (see
docs/performance.md).
"""

from __future__ import annotations

from typing import Any, Callable

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.core.readers import Reader, attr_reader
from kriegsspiel.core.state import Ref
from kriegsspiel.dsl import ir
from kriegsspiel.dsl.closures import bool_chain
from kriegsspiel.dsl.compiler import COMPARE
from kriegsspiel.dsl.runtime import Context, Keeper


def remembered(what: str, evaluate: Callable[..., Any], holder: Any) -> "Remembered":
    """``fn(ctx, *args)`` for a pure definition (a def, a modifier list): its
    Remembered keeper (below)."""
    return Remembered(what, evaluate, holder)


class Remembered(Keeper):
    """A pure definition's answers kept while the game stands still.

    Rules ask the same question many times while nothing changes — the Movement
    Class of the Unit being moved for every hex around it, the weather for
    every cost — so, inside one top-level :meth:`Program.call` (or a game's
    run of them, :meth:`Program.keeping`), the answer is kept per arguments
    until the game state's version moves on.  The
    explanation records the first evaluation wrote are kept with it and
    written again on each reuse, so the trace is exactly what evaluating
    afresh would have written.  Arguments are keyed with their classes too
    (``True == 1`` and ``Fraction(2) == 2`` are different arguments), and
    unhashable ones (a list of Units) are simply not remembered.

    The answers are a dict of the keeper's own in the call's memo (under the
    keeper itself), emptied with the memo when the state's version moves on,
    so that another context asking in between (a bot's reader) loses none of
    them; the keeper holds the last one it found with the memo and the version
    it is for, and finds it again without a look-up while both stand (both are
    held, so that neither can be another one at the same address).
    Remembering costs a little on every call, so it is on trial (``Keeper``).
    Either way the values and the explanation records are the same; only the
    time differs.
    """

    __slots__ = ("what", "memo", "version", "mine")

    def __init__(self, what: str, evaluate: Callable[..., Any], holder: Any) -> None:
        Keeper.__init__(self, evaluate, holder)
        self.what = what
        self.memo = self.version = self.mine = None

    @cython.locals(memo=dict, mine=dict)
    def answers(self, ctx: Any) -> dict | None:
        """This def's answers under *ctx*'s call and its world's version; None
        outside a top-level call (nothing is remembered)."""
        memo = ctx.memo if ctx is not None else None
        if memo is None:
            return None
        # The state's version object stands until a change (each is a new int):
        # identity says "unchanged" wherever equality does.
        version = ctx.world.version
        if memo is self.memo and version is self.version:
            return self.mine
        if version is not ctx.memo_version:
            memo.clear()
            ctx.memo_version = version
        mine = memo.get(self)
        if mine is None:
            mine = memo[self] = {}
        self.memo, self.version, self.mine = memo, version, mine
        return mine

    def call(self, ctx: Any, args: tuple) -> Any:
        mine = self.answers(ctx)
        if mine is None:
            return self.evaluate(ctx, *args)
        return self.answer(ctx, mine, answer_key(args), None, args)

    def call1(self, ctx: Any, a: Any) -> Any:
        mine = self.answers(ctx)
        if mine is None:
            return self.evaluate(ctx, a)
        key = one_key(a)
        return self.answer(ctx, mine, key, a, None)

    def call2(self, ctx: Any, a: Any, b: Any) -> Any:
        mine = self.answers(ctx)
        if mine is None:
            return self.evaluate(ctx, a, b)
        args = (a, b)
        return self.answer(ctx, mine, answer_key(args), None, args)

    def call3(self, ctx: Any, a: Any, b: Any, c: Any) -> Any:
        mine = self.answers(ctx)
        if mine is None:
            return self.evaluate(ctx, a, b, c)
        args = (a, b, c)
        return self.answer(ctx, mine, answer_key(args), None, args)

    @cython.locals(trace=list)
    def answer(self, ctx: Any, mine: dict, key: Any, a: Any, args: tuple | None) -> Any:
        """The answer to one argument *a* (*args* None) or *args*, filed under
        *key* among *mine*: remembered, or evaluated and remembered.  An answer
        worked out unexplained is filed as it is; explained, with its records
        (``_Recorded``), which a reuse while explaining writes again."""
        if key is None:  # a list argument (a group of Units): nothing to keep it under
            self.evaluated()
            return self.plain(ctx, a, args)
        try:
            value = mine.get(key, _MISSING)
        except TypeError:  # another unhashable argument
            return self.plain(ctx, a, args)
        if value is not _MISSING:
            if type(value) is _Recorded:
                value, records = value
                if ctx.explaining:
                    ctx.trace.extend(records)
            elif ctx.explaining:  # remembered while not explaining: evaluated
                value = _MISSING
            if value is not _MISSING:
                self.reused += 1
                return list(value) if type(value) is list else value
        self.evaluated()
        memo, version, trace = ctx.memo, self.version, ctx.trace
        start = len(trace)
        value = self.plain(ctx, a, args) if ctx.explaining else self.run(ctx, a, args)
        if ctx.memo is memo and ctx.world.version == version and ctx.trace is trace:
            mine[key] = _Recorded((value, trace[start:])) if ctx.explaining else value
            if type(value) is list:
                value = list(value)  # the caller's copy; the remembered one stays as it was
        return value


class _Recorded(tuple):
    """(value, explanation records) of an answer remembered while explaining:
    a type of its own, which no value of the rules has."""

    __slots__ = ()


_MISSING = object()  # nothing remembered (None is an answer)


def answer_key(args: tuple) -> Any:
    """What a def's answer to *args* is filed under, kept (dsl/lasting.py) or
    remembered (``remembered``): the arguments themselves when each is an
    entity, a string or none; for a def of one parameter, that entity or
    string itself (never equal to a tuple key, and no tuple to hash and
    compare); else ``args_key``.  Compiled, a C call (shortcuts.pxd)."""
    for a in args:
        if type(a) is not Ref and type(a) is not str and a is not None:
            return args_key(args)
    if len(args) == 1 and args[0] is not None:
        return args[0]
    return args


def one_key(a: Any) -> Any:
    """``answer_key((a,))``, without the tuple when *a* is an entity or a
    string, its own key (compiled, a C call: shortcuts.pxd)."""
    return a if type(a) is Ref or type(a) is str else answer_key((a,))


def args_key(args: tuple) -> tuple | None:
    """What a definition's answer is kept under: its arguments with the class
    of each (``True == 1`` and ``Fraction(2) == 2`` are different arguments)
    — or, the common case and cheaper, the arguments themselves when each is
    an entity, a string or none, no two of which are equal across classes
    (such a tuple never equals one holding a tuple first).  None when one is
    a list (a group of Units: unhashable), said without raising the
    TypeError a look-up would (a playout passes some 1,600 such groups);
    such a call counts as an evaluation on trial, so a def always given
    one is soon evaluated directly."""
    for a in args:
        if type(a) is not Ref and type(a) is not str and a is not None:
            for b in args:
                if type(b) is list:
                    return None
            return (args, *[type(b) for b in args])
    return args


def call_site_guard(decl: ir.Def, enums) -> tuple[Callable[[Any, tuple], Any], Any] | None:
    """For a def whose answer a first test of its parameters' attributes can
    decide: ``(decides, value)`` — ``decides(ctx, args)`` true when those
    tests, read straight off the arguments, settle the def's answer as
    *value*, so the call site answers it without running the def.  Two shapes:

    - ``p.a and p.b == 0 and p.c == q and ...``: false once one of the
      leading tests is false;
    - ``if p.a == none or ... then 0 else ...``, a literal answer first:
      that literal once one of the condition's leading tests holds.

    Rules call such defs over every Unit of the game (``any e in ...:
    in_fire_zone(h, e)``), and most are off the map; or ask for a cost most
    Units do not pay (``road_switch_cost``, only after a road).  The tests
    are made at the call site when no explanation is being recorded
    (explaining, the def runs, so its record is written as always).  They
    cannot raise (an attribute of an entity, compared with ``==``/``!=`` or,
    none never satisfying it, an inequality), and run in order, stopping
    where the def would.  None when the def does not start so."""
    body = decl.expr
    if isinstance(body, ir.Ternary) and isinstance(body.then, ir.Lit) and \
            not (isinstance(body.cond, ir.BoolOp) and body.cond.op == "and"):
        found = _leading_tests(body.cond, "or", decl, enums)
        return None if found is None else (found, body.then.value)
    if isinstance(body, ir.BoolOp) and body.op == "and":
        found = _leading_tests(body, "and", decl, enums)
        return None if found is None else (found, False)
    return None


def _leading_tests(chain: ir.Expr, op: str, decl: ir.Def, enums):
    """``decides(ctx, args)`` for the simple tests *chain* (an ``op`` chain, or
    one test) starts with: one false (``and``) or one true (``or``) decides
    it; None when it starts with none."""
    params = [p.name for p in decl.params]
    tests = []
    links = bool_chain(chain) if isinstance(chain, ir.BoolOp) else [chain]
    for link in links:
        test = _simple_test(link, params, enums, op == "or")
        if test is None:
            break
        tests.append(test)
    if not tests:
        return None
    if op == "and":
        if len(tests) == 1:
            return tests[0]  # its `reads`, if any, for the quantifiers' shortcut

        def fails(ctx, args):
            for test in tests:
                failed = test(ctx, args)
                if failed:
                    return True
                if failed is None:  # not an entity: the def runs (and says what is wrong)
                    return False
            return False
        reads = getattr(tests[0], "reads", None)
        if reads is not None:
            fails.reads = reads
        return fails

    def holds(ctx, args):
        for test in tests:
            failed = test(ctx, args)
            if failed is None:  # not an entity: the def runs
                return False
            if not failed:
                return True
        return False
    return holds


@cython.locals(reader=Reader)  # reader.read: a C call, compiled
def _simple_test(x: ir.Expr, params: list[str], enums, none_ok: bool = False):
    """``failed(ctx, args)`` for one test of call_site_guard — true, false, or
    None when the argument is not an entity — or None if *x* is no such test.
    *none_ok*: a test for none (``p.a == none``) is one too (a literal answer's
    guard: ``if p.a == none or ... then 0``)."""
    def param_attr(x):  # `p.a` for a parameter p (not an enum member): (index, a)
        if isinstance(x, ir.Attr) and isinstance(x.obj, ir.Name) and \
                x.obj.name in params and x.obj.name not in enums:
            return params.index(x.obj.name), x.name
        return None
    read = param_attr(x)
    if read is not None:
        i, name = read
        reader = attr_reader(name)

        @cython.locals(ctx=Context)
        def attr_false(ctx, args):
            t = args[i]
            return None if type(t) is not Ref else not reader.read(ctx.world, t)
        attr_false.reads = (i, name)
        return attr_false
    if not isinstance(x, ir.Compare) or x.op == "in":
        return None
    read = param_attr(x.left)
    if read is None:
        return None
    i, name = read
    reader = attr_reader(name)
    op = COMPARE[x.op]
    if isinstance(x.right, ir.Lit) and (x.right.value is not None or none_ok and
                                        x.op in ("==", "!=")):
        b = x.right.value
        if x.op in ("==", "!="):
            @cython.locals(ctx=Context)
            def compare_false(ctx, args):
                t = args[i]
                return None if type(t) is not Ref else not op(reader.read(ctx.world, t), b)
            return compare_false

        @cython.locals(ctx=Context)
        def ordered_false(ctx, args):
            t = args[i]
            if type(t) is not Ref:
                return None
            a = reader.read(ctx.world, t)
            return a is None or not op(a, b)  # none never satisfies an inequality
        return ordered_false
    if isinstance(x.right, ir.Name) and x.right.name in params and x.op in ("==", "!="):
        j = params.index(x.right.name)

        @cython.locals(ctx=Context)
        def compare_param_false(ctx, args):
            t = args[i]
            return None if type(t) is not Ref \
                else not op(reader.read(ctx.world, t), args[j])
        return compare_param_false
    return None
