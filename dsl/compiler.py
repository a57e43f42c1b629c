"""Compile IR expressions and statements to Python closures, checking as we go.

Each ``expr`` call returns ``(fn, type)`` where ``fn(frame) -> value``.  Names
are resolved once, here, so running a rule never searches a namespace; a name
that resolves to nothing is a located error with a did-you-mean.  No Python
code is generated or evaluated: closures are built from fixed building blocks.
"""

from __future__ import annotations

import operator
from fractions import Fraction
from typing import Any, Callable

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.core.readers import Reader, attr_reader
from kriegsspiel.core.state import Ref
from kriegsspiel.dsl import ir
from kriegsspiel.dsl.closures import (_local, apply, attr_compare, bool_chain, choice, constant,
                                      constant_of, equality, membership, slot_of)
from kriegsspiel.dsl.drawn import draw_of, drawn_parts
from kriegsspiel.dsl.scope import Scope
from kriegsspiel.dsl.statements import StatementCompiler
from kriegsspiel.dsl.runtime import Context, Decision, Frame, RuleRuntimeError
from kriegsspiel.dsl.types import BUILTINS, DICE, article, is_boolean, is_numeric, join

Fn = Callable[[Frame], Any]

_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "%": operator.mod}
COMPARE = _COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
            ">": operator.gt, ">=": operator.ge}


def _distinct(values: list) -> list:
    """*values* without repeats, each where it first came (equal values are
    one: `distinct u in units: u.entry_hex` lists each hex once)."""
    out, seen = [], set()
    for v in values:
        try:
            if v in seen:
                continue
            seen.add(v)
        except TypeError:  # an unhashable value (a list): compared one by one
            if v in out:
                continue
        out.append(v)
    return out


_METHODS: dict[type, Callable] = {}  # IR node class → the ExprCompiler method compiling it


class ExprCompiler(StatementCompiler):
    """Expression and statement compilation against a Program's namespace."""

    def __init__(self, program) -> None:
        self.p = program  # dsl.program.Program: resolves global names
        self.calls: dict[str, set[str]] = {}  # caller → callees, for the recursion check
        self.current = ""

    # ---- expressions ----------------------------------------------------
    def expr(self, e: ir.Expr, scope: Scope) -> tuple[Fn, str]:
        method = _METHODS.get(type(e))
        if method is None:  # first of its kind: `_binop` for ir.BinOp, and so on
            method = _METHODS[type(e)] = getattr(ExprCompiler, "_" + type(e).__name__.lower())
        return method(self, e, scope)

    def cond(self, e: ir.Expr, scope: Scope, what: str) -> Fn:
        fn, t = self.expr(e, scope)
        if not is_boolean(t):
            raise KsError(f"{what} must be true or false, but this is {article(t)}", e.loc)
        return fn

    def number(self, e: ir.Expr, scope: Scope, what: str) -> Fn:
        fn, t = self.expr(e, scope)
        if not is_numeric(t):
            raise KsError(f"{what} must be a number, but this is {article(t)}", e.loc)
        return fn

    def _lit(self, e: ir.Lit, scope: Scope):
        value = e.value
        t = {bool: "bool", int: "int", str: "str", type(None): "none"}[type(value)]
        return constant(value), t

    def _name(self, e: ir.Name, scope: Scope):
        name = e.name
        if name in scope.names:
            return _local(scope.slots[name]), scope.names[name]
        if name in DICE:
            return constant(name), "die"
        found = self.p.global_value(name, e.loc)
        if found is not None:
            return found
        candidates = list(scope.names) + self.p.visible_names()
        # Reported with the definition's other problems (every misspelt name at
        # once); the name reads as a value of any type so compiling goes on.
        self.p.defer(KsError(f"unknown name '{name}' in {scope.where}", e.loc,
                             did_you_mean(name, candidates)))
        return constant(None), "any"

    @cython.locals(slot=cython.Py_ssize_t, read=Reader)  # read.read: a C call, compiled
    def _attr(self, e: ir.Attr, scope: Scope):
        enum_member = self.p.enum_member(e)
        if enum_member is not None:
            return constant(enum_member), "str"
        obj, t = self.expr(e.obj, scope)
        try:
            attr_type = self.p.attribute_type(t, e.name, e.loc)
        except KsError as exc:  # reported with the definition's other problems
            self.p.defer(exc)
            attr_type = "any"
        name, world_attr = e.name, self.p.world_attr
        if isinstance(e.obj, ir.Name) and e.obj.name in scope.names:
            slot = scope.slots[e.obj.name]  # `unit.hex`: the commonest shape, read straight from the frame
            read = attr_reader(name)  # the state's attr, for this one name

            @cython.locals(ctx=Context, f=list)
            def get_local(f: Frame):
                target = f[slot]
                if type(target) is Ref:
                    ctx = f[0]
                    return read.read(ctx.world, target)
                if target is None:
                    raise RuleRuntimeError(f"'{name}' of nothing (the value is none)", e.loc)
                return world_attr(f, target, name)
            get_local.reads = (slot, read)  # for comparisons (_compare)
            return get_local, attr_type
        read = attr_reader(name)

        @cython.locals(ctx=Context)
        def get(f: Frame):
            target = obj(f)
            if type(target) is Ref:          # the common case, straight to the state
                ctx = f[0]
                return read.read(ctx.world, target)
            if target is None:
                raise RuleRuntimeError(f"'{name}' of nothing (the value is none)", e.loc)
            return world_attr(f, target, name)
        return get, attr_type

    def _listexpr(self, e: ir.ListExpr, scope: Scope):
        items = [self.expr(i, scope)[0] for i in e.items]
        fn = lambda f: [i(f) for i in items]  # noqa: E731 — a fresh list each time
        folded = [constant_of(i) for i in items]
        if all(c is not None for c in folded):
            fn.members = tuple(c[0] for c in folded)  # for `x in [...]`
        return fn, "list"

    def _binop(self, e: ir.BinOp, scope: Scope):
        left, lt = self.expr(e.left, scope)
        right, rt = self.expr(e.right, scope)
        if e.op == "+" and "list" in (lt, rt) and {lt, rt} <= {"list", "any"}:
            return (lambda f: list(left(f)) + list(right(f))), "list"  # [a] + [b]
        for side, t in ((e.left, lt), (e.right, rt)):
            if not is_numeric(t):
                raise KsError(f"'{e.op}' needs numbers, but this is {article(t)}", side.loc)
        if e.op == "/":
            def divide(f: Frame):
                d = right(f)
                if d == 0:
                    raise RuleRuntimeError("divided by zero", e.loc)
                return Fraction(left(f), d)
            return divide, "num"
        op = _ARITH[e.op]
        folded = constant_of(right)
        if folded is not None and folded[0] is not None:
            b = folded[0]

            def arith_constant(f: Frame):
                a = left(f)
                if a is None:
                    raise RuleRuntimeError(f"'{e.op}' on a missing value (none)", e.loc)
                return op(a, b)
            return arith_constant, ("int" if lt == rt == "int" else join(lt, rt))

        folded = constant_of(left)
        if folded is not None and folded[0] is not None:
            a = folded[0]

            def constant_arith(f: Frame):  # `1 + x`
                b = right(f)
                if b is None:
                    raise RuleRuntimeError(f"'{e.op}' on a missing value (none)", e.loc)
                return op(a, b)
            return constant_arith, ("int" if lt == rt == "int" else join(lt, rt))

        def arith(f: Frame):
            a, b = left(f), right(f)
            if a is None or b is None:
                raise RuleRuntimeError(f"'{e.op}' on a missing value (none)", e.loc)
            return op(a, b)
        return arith, ("int" if lt == rt == "int" else join(lt, rt))

    def _compare(self, e: ir.Compare, scope: Scope):
        left, lt = self.expr(e.left, scope)
        right, rt = self.expr(e.right, scope)
        if e.op == "in":
            if rt not in ("list", "any"):
                raise KsError(f"'in' needs a list on its right, but this is {article(rt)}", e.right.loc)
            members = getattr(right, "members", None)
            if members is not None:  # a list written out, or an enum: the same every time
                return membership(left, constant(members)), "bool"
            return membership(left, right), "bool"
        if e.op in ("<", "<=", ">", ">="):
            for side, t in ((e.left, lt), (e.right, rt)):
                if not is_numeric(t):
                    raise KsError(f"'{e.op}' compares numbers, but this is {article(t)}", side.loc)
            op = _COMPARE[e.op]
            folded = constant_of(right)
            fused = attr_compare(left, e.op, right)
            if fused is not None:
                return fused, "bool"
            if folded is not None and folded[0] is not None:
                b = folded[0]

                def ordered_constant(f: Frame):
                    a = left(f)
                    if a is None:
                        return False  # a missing rating never satisfies an inequality
                    return op(a, b)
                return ordered_constant, "bool"

            def ordered(f: Frame):
                a, b = left(f), right(f)
                if a is None or b is None:
                    return False  # a missing rating never satisfies an inequality
                return op(a, b)
            return ordered, "bool"
        return equality(left, e.op, right), "bool"

    def _boolop(self, e: ir.BoolOp, scope: Scope):
        # `a and b and c` parses as ((a and b) and c): one closure over the
        # flattened chain, not one per 'and'.  Operands are still compiled
        # (and checked) left to right, and run left to right until one decides.
        conds = [self.cond(x, scope, f"each side of '{e.op}'") for x in bool_chain(e)]
        if e.op == "and":
            if len(conds) == 2:
                a, b = conds
                return (lambda f: True if a(f) and b(f) else False), "bool"
            if len(conds) == 3:
                a, b, c = conds
                return (lambda f: True if a(f) and b(f) and c(f) else False), "bool"

            def every(f: Frame):
                for c in conds:
                    if not c(f):
                        return False
                return True
            return every, "bool"
        if len(conds) == 2:
            a, b = conds
            return (lambda f: True if a(f) or b(f) else False), "bool"

        def some(f: Frame):
            for c in conds:
                if c(f):
                    return True
            return False
        return some, "bool"

    @cython.locals(x=cython.Py_ssize_t)
    def _not(self, e: ir.Not, scope: Scope):
        inner = self.cond(e.operand, scope, "the operand of 'not'")
        x = slot_of(inner)  # `not flag`: the variable read from its slot

        @cython.locals(f=list)
        def negation(f: Frame):
            return not (f[x] if x >= 0 else inner(f))
        return negation, "bool"

    def _neg(self, e: ir.Neg, scope: Scope):
        inner, t = self.expr(e.operand, scope)
        if not is_numeric(t):
            raise KsError(f"'-' needs a number, but this is {article(t)}", e.operand.loc)
        return (lambda f: -inner(f)), t

    def _ternary(self, e: ir.Ternary, scope: Scope):
        c = self.cond(e.cond, scope, "the condition of 'if'")
        a, at = self.expr(e.then, scope)
        b, bt = self.expr(e.other, scope)
        return choice(c, a, b), join(at, bt)

    def quant_pieces(self, e: ir.Quant, scope: Scope):
        """A quantifier's parts: its items, its body, the variable's slot and
        the items the body is run over (``select`` and ``any`` skip those it
        is sure to be false for)."""
        items, t = self.expr(e.iterable, scope)
        if t not in ("list", "any"):
            raise KsError(f"'{e.kind}' iterates over a list, but this is {article(t)}", e.iterable.loc)
        inner = scope.bound(e.var, "any")
        var = inner.slots[e.var]  # the variable's own slot (Scope.bound)
        if e.kind in ("sum", "least", "most"):
            body = self.number(e.body, inner, f"the body of '{e.kind}'")
        elif e.kind == "distinct":
            body, _ = self.expr(e.body, inner)
        else:
            body = self.cond(e.body, inner, f"the body of '{e.kind}'")
        having = self._having(body, var) if e.kind in ("select", "any") else None

        def each(f: Frame):
            """The items — without those the body is sure to be false for, when
            nothing is explained and the body is a def starting `x.a and ...`
            of the variable: `any e in units: in_fire_zone(h, e)` over the many
            Units off the map reads only their 'on_map'."""
            if having is not None:
                ctx = f[0]
                if ctx is not None and not ctx.explaining:
                    keep = getattr(ctx.world, "having", None)
                    if keep is not None:
                        return keep(items(f), having)
            return items(f)
        source = each if having is not None else items  # (each(f) is items(f) then)
        return items, body, var, source

    @cython.locals(var=cython.Py_ssize_t)
    def _quant(self, e: ir.Quant, scope: Scope):
        items, body, var, source = self.quant_pieces(e, scope)
        kind = e.kind

        # The body runs in the caller's frame with the variable in its own slot
        # (a quantifier's body is an expression: it defines no names, so
        # nothing else can leak out, and no outer variable is touched).
        if kind == "select":
            @cython.locals(f=list)
            def select(f: Frame):
                found = []
                for item in source(f):
                    f[var] = item
                    if body(f):
                        found.append(item)
                return found
            return select, "list"
        if kind in ("any", "all"):
            want = kind == "any"  # the body value that decides the answer

            @cython.locals(f=list)
            def decide(f: Frame):
                for item in (source(f) if want else items(f)):
                    f[var] = item
                    if (True if body(f) else False) is want:
                        return want
                return not want
            return decide, "bool"

        @cython.locals(f=list)
        def values(f: Frame) -> list:
            out = []
            for item in items(f):
                f[var] = item
                out.append(body(f))
            return out
        if kind == "distinct":
            return (lambda f: _distinct(values(f))), "list"
        if kind == "count":
            return (lambda f: sum(1 for v in values(f) if v)), "int"
        if kind in ("least", "most"):
            pick = min if kind == "least" else max

            def extreme(f: Frame):
                found = values(f)
                return pick(found) if found else None  # over nothing: none
            return extreme, "num"
        return (lambda f: sum(values(f))), "num"

    @staticmethod
    def _having(body: Fn, var: int) -> str | None:
        """The attribute an item must have (truthy) for *body* to be anything but
        false: when the body is a guarded def call (``guarded_call``) whose
        guard reads the loop variable, and whose other arguments are variables
        or constants (so skipping them cannot skip an error)."""
        guard = getattr(body, "guard", None)
        if guard is None:
            return None
        fns, index, attribute = guard
        if getattr(fns[index], "local", None) != var:
            return None
        for j, a in enumerate(fns):
            if j != index and getattr(a, "local", None) is None and constant_of(a) is None:
                return None
        return attribute

    def _lookup(self, e: ir.Lookup, scope: Scope):
        if not isinstance(e.table, ir.Name):
            raise KsError("only a table can be looked up with [...]", e.loc)
        self.calls.setdefault(self.current, set()).add(e.table.name)
        return self.p.compile_lookup(e, [self.expr(a, scope) for a in e.args], scope)

    def _call(self, e: ir.Call, scope: Scope):
        args = [self.expr(a, scope) for a in e.args]
        if e.fn == "ask":
            return self._ask(e, args, scope)
        if e.fn == "choose":
            return self._choose(e, args, scope)
        self.calls.setdefault(self.current, set()).add(e.fn)
        fn = BUILTINS.get(e.fn) or self.p.primitive(e.fn)
        if fn is not None:
            n = len(args)
            if n < fn.min_args or (fn.max_args is not None and n > fn.max_args):
                want = fn.min_args if fn.max_args == fn.min_args else f"{fn.min_args} or more"
                raise KsError(f"{e.fn}() takes {want} argument(s), {n} given", e.loc)
            if not fn.pure and not scope.effects:
                raise KsError(f"{e.fn}() changes the game or rolls dice; it can only be used "
                              f"in a procedure or trigger, not in {scope.where}", e.loc)
            for (arg, t), want_t, node in zip(args, fn.params, e.args):
                if want_t in ("int", "num") and not is_numeric(t) or \
                        want_t not in ("int", "num", "any") and t not in (want_t, "any"):
                    raise KsError(f"argument of {e.fn}() must be {article(want_t)}, but this is {article(t)}",
                                  node.loc)
            return apply(fn.impl, [a for a, _ in args]), fn.returns
        return self.p.compile_call(e, args, scope)

    def _question(self, e: ir.Call, args, scope: Scope, min_args: int, usage: str):
        """What ask() and choose() share: effects only, a player and a quoted key."""
        if not scope.effects:
            raise KsError(f"{e.fn}() puts a question to a player; it can only be used in a "
                          f"procedure or trigger, not in {scope.where}", e.loc)
        if not min_args <= len(args) <= min_args + 1 or not isinstance(e.args[1], ir.Lit) \
                or not isinstance(e.args[1].value, str):
            raise KsError(usage, e.loc)
        subject = args[min_args][0] if len(args) > min_args else (lambda f: None)
        return args[0][0], e.args[1].value, subject

    def _ask(self, e: ir.Call, args, scope: Scope):
        """ask(player, "question", subject?) → true or false."""
        player, key, subject = self._question(
            e, args, scope, 2, 'ask(player, "question", subject) takes a player, a quoted '
            "question key and optionally what it is about")

        def ask(f: Frame):
            return f[0].ask(Decision(player(f), key, subject(f), (False, True)))
        return ask, "bool"

    def _choose(self, e: ir.Call, args, scope: Scope):
        """choose(player, "question", options, subject?) → one of the options."""
        player, key, subject = self._question(
            e, args, scope, 3, 'choose(player, "question", options, subject) takes a player, a '
            "quoted question key, a list of options and optionally what it is about")
        if args[2][1] not in ("list", "any"):
            raise KsError(f"the options of choose() must be a list, but this is "
                          f"{article(args[2][1])}", e.args[2].loc)
        options = args[2][0]
        parts = drawn_parts(self, e.args[2], scope)

        def choose(f: Frame):
            return f[0].ask(Decision(player(f), key, subject(f), tuple(options(f))))
        if parts is None:
            return choose, "any"

        def choose_drawn(f: Frame):
            ctx, who = f[0], player(f)
            if ctx.draws(who):
                return ctx.ask_drawn(draw_of(parts, who, key, subject(f), f))
            return ctx.ask(Decision(who, key, subject(f), tuple(options(f))))
        return choose_drawn, "any"
