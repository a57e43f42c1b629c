"""A compiled rule set: every merged definition turned into callables.

Definitions are compiled lazily on first reference (so their order in the
files does not matter) and a definition met again while it is still being
compiled is a recursion error: rule programs terminate by construction —
there is no recursion, ``for`` and quantifiers only walk finite lists, and a
trigger never fires again while it is already running.
"""

from __future__ import annotations

from typing import Any

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.core.errors import KsError, KsErrors, Location, did_you_mean
from kriegsspiel.dsl import ir
from kriegsspiel.dsl import declarations, lasting
from kriegsspiel.dsl.declarations import KERNEL_EVENTS
from kriegsspiel.dsl.closures import apply_holder, constant
from kriegsspiel.dsl.compiler import ExprCompiler, Scope
from kriegsspiel.dsl.inline import def_call
from kriegsspiel.dsl.shortcuts import remembered
from kriegsspiel.dsl.trigger_guard import literal_guard
from kriegsspiel.dsl.unread import unread_lets
from kriegsspiel.dsl.link import Linked
from kriegsspiel.dsl.runtime import (Compiled, Context, Frame, Keeper, ReturnValue,
                                     RuleRuntimeError, StopProcedure)
from kriegsspiel.dsl.types import Function
from kriegsspiel.dsl import tables, checks

# What Program.call runs by name (besides primitives).
_CALLABLE = frozenset({"def", "modifiers", "check", "procedure"})


class Program:
    def __init__(self, linked: Linked, primitives: dict[str, Function] | None = None,
                 entity_attrs: dict[str, dict[str, str]] | None = None) -> None:
        self.linked = linked
        self.decls = linked.decls
        self.primitives = dict(primitives or {})
        self.entity_attrs = {k: dict(v) for k, v in (entity_attrs or {}).items()}
        self.compiler = ExprCompiler(self)
        self.compiled: dict[str, Compiled] = {}
        self.in_progress: list[str] = []
        # Problems that do not stop a definition compiling (an unknown attribute,
        # a call to a broken definition): the rest of it, and of the definitions
        # using it, is still read, so one build reports every problem at once.
        self.deferred: list[KsError] = []
        self._compiled_now: list[str] = []
        self.tracks = {n: d for n, d in self.decls.items() if d.kind == "track"}
        self.links = {n: d for n, d in self.decls.items() if d.kind == "link"}
        self.enums = {n: d for n, d in self.decls.items() if d.kind == "enum"}
        self.members: dict[str, list[str]] = {}
        for enum in self.enums.values():
            for m in enum.members:
                self.members.setdefault(m, []).append(enum.name)
        self.events = dict(KERNEL_EVENTS)
        self.events.update({n: tuple(p.name for p in d.params)
                            for n, d in self.decls.items() if d.kind == "event"})
        self.triggers: dict[str, list[ir.Trigger]] = {}
        # event → (trigger, field, values) in the order they fire: values the
        # field must have for the trigger to apply, or None (dsl.trigger_guard).
        self.listening: dict[str, tuple] = {}
        self.read_sets: dict[str, frozenset | None] = {}  # def → what it reads (dsl.lasting)

    # ---- building -------------------------------------------------------
    def build(self) -> "Program":
        """Compile everything; raise KsErrors listing every problem found."""
        errors: list[KsError] = []
        for name, decl in self.decls.items():
            try:
                self._ensure(name, decl.loc)
            except KsError as exc:
                errors += exc.each()
        for trig in (d for d in self.decls.values() if d.kind == "trigger"):
            self.triggers.setdefault(trig.event, []).append(trig)
        for decl in self.decls.values():
            if decl.kind in ("procedure", "trigger"):
                errors += unread_lets(decl)
        if errors:
            raise KsErrors(_dedupe(errors))
        self.listening = {event: tuple((t.name, *(literal_guard(self, t) or (None, None)))
                                       for t in trigs)
                          for event, trigs in self.triggers.items()}
        return self

    def _ensure(self, name: str, loc: Location) -> Compiled:
        done = self.compiled.get(name)
        if done is not None and (done.fn is not None or name not in self.in_progress):
            return done
        decl = self.decls[name]
        if name in self.in_progress:
            # A name is met again while it compiles only when the calls form a
            # cycle: procedures included, since a recursive one would run until
            # Python's RecursionError.
            chain = " → ".join(self.in_progress[self.in_progress.index(name):] + [name])
            raise KsError(f"recursive definition: {chain} (rules must terminate, so a "
                          "definition may not use itself)", loc)
        holder = self.compiled[name] = Compiled(decl)
        self.in_progress.append(name)
        self._compiled_now.append(name)
        previous, self.compiler.current = self.compiler.current, name
        try:
            build = getattr(self, "_build_" + decl.kind, None)
            if build is not None:
                build(decl, holder)
            else:
                declarations.BUILDERS[decl.kind](self, decl, holder)
        except KsError as exc:
            del self.compiled[name]
            self._compiled_now.remove(name)
            if self.in_progress[:-1]:
                raise
            failed = exc
        else:
            failed = None
        finally:
            self.in_progress.pop()
            self.compiler.current = previous
        if self.in_progress:
            return holder
        # The outermost definition: all it needed is compiled, or it is refused
        # with every problem noted on the way.
        done_now, self._compiled_now = self._compiled_now, []
        found, self.deferred = self.deferred, []
        if not found:
            if failed is not None:
                raise failed
            return holder
        for broken in done_now:  # none of them may be called
            self.compiled.pop(broken, None)
        raise KsErrors(_dedupe(found + (failed.each() if failed is not None else [])))

    @property
    def entity_kinds(self) -> tuple[str, ...]:
        """The kinds of game entity: the kernel's and the modules' (those with attributes)."""
        return tuple(self.entity_attrs)

    @property
    def link_kinds(self) -> dict[str, str]:
        """Attribute name -> the kind of entity its catalog value names: those
        declared with an entity kind as their type (``"side": "side"``)."""
        kinds = self.entity_attrs
        return {name: t for attrs in kinds.values() for name, t in attrs.items() if t in kinds}

    def param_kind(self, param: ir.Param) -> str | None:
        """A parameter's type: as written, or that of the entity kind it is named
        after ('unit'), or None (any)."""
        return param.type or (param.name if param.name in self.entity_attrs else None)

    def defer(self, exc: KsError) -> None:
        """Note a problem and go on compiling (see ``deferred``)."""
        self.deferred += exc.each()

    def _scope(self, params: tuple[ir.Param, ...], effects: bool, where: str) -> Scope:
        names = {}
        for p in params:
            if p.name in names:  # each parameter has a slot of its own in the frame
                raise KsError(f"parameter '{p.name}' is named twice", p.loc)
            kind = self.param_kind(p)
            if p.type and p.type not in self.entity_kinds + ("int", "bool", "str", "any"):
                raise KsError(f"unknown parameter type '{p.type}'", p.loc,
                              did_you_mean(p.type, self.entity_kinds))
            names[p.name] = kind or "any"
        return Scope(names, effects, where)

    def def_scope(self, decl: ir.Def) -> Scope:
        """A def's own scope: its parameters in their slots, no effects."""
        return self._scope(decl.params, False, f"def '{decl.name}'")

    def _build_def(self, decl: ir.Def, holder: Compiled) -> None:
        scope = self.def_scope(decl)
        body, holder.type = self.compiler.expr(decl.expr, scope)
        pad = scope.padding(len(decl.params))  # the slots of its quantifiers' variables

        what = f"def {decl.name}"
        cites = [str(c) for c in decl.cites]

        # A padded frame is a copy of a blank one of its size, its first slots
        # then set: one list made, not one grown by the padding.
        blank = [None] * (1 + len(decl.params) + len(pad)) if pad else None

        @cython.locals(ctx=Context, frame=list, i=cython.Py_ssize_t)
        def evaluate(ctx, *args):
            if blank is None:
                frame = [ctx, *args]
            else:
                frame = blank[:]
                frame[0] = ctx
                for i in range(len(args)):
                    frame[i + 1] = args[i]
            value = body(frame)
            if ctx is not None and ctx.explaining:
                # Raw values: made JSON-friendly only when the record is written out.
                ctx.trace.append({"what": what, "args": args, "value": value,
                                  "cites": cites})
            return value
        holder.plain, holder.body, holder.pad = evaluate, body, pad
        # A program with problems is refused whole: what a definition reads is
        # not worked out over calls that may stand for broken (or cyclic) ones.
        reads = lasting.read_set(self, decl.name) \
            if not self.deferred and lasting.worth_keeping(decl, self) else None
        holder.fn = (lasting.lasting(what, evaluate, reads, holder, lasting.used_params(decl))
                     if reads is not None else remembered(what, evaluate, holder))
        holder.keeper = holder.fn if isinstance(holder.fn, Keeper) else None

    def _build_modifiers(self, decl: ir.Modifiers, holder: Compiled) -> None:
        holder.fn = tables.compile_modifiers(self, decl, holder)
        holder.keeper = holder.fn if isinstance(holder.fn, Keeper) else None
        holder.type = "int"

    def _build_table(self, decl: ir.Table, holder: Compiled) -> None:
        holder.fn, holder.type = tables.compile_table(self, decl)

    def _build_check(self, decl: ir.Check, holder: Compiled) -> None:
        holder.fn = checks.compile_check(self, decl)
        holder.type = "check"

    def _build_procedure(self, decl: ir.Procedure, holder: Compiled) -> None:
        scope = self._scope(decl.params, True, f"procedure '{decl.name}'")
        steps = []
        for step in decl.steps:
            # A step sees the names earlier steps define (they share one frame);
            # an override that drops such a name makes the later step a located error.
            scope = scope.child()
            scope.where = f"step '{step.name}' of procedure '{decl.name}'"
            record = {"what": "step", "procedure": decl.name, "step": step.name,
                      "layer": step.layer, "cites": [str(c) for c in step.cites]}
            body, scope = self.compiler.block_scoped(step.body, scope)
            steps.append((record, body))
        pad = scope.padding(len(decl.params))  # every step's variables

        @cython.locals(ctx=Context)
        def run(ctx, *args):
            frame = [ctx, *args, *pad]
            try:
                for record, body in steps:
                    if ctx.explaining:  # ctx.explain(record), without the call
                        ctx.trace.append(record)
                    body(frame)
            except StopProcedure:
                return None
            except ReturnValue as ret:
                return ret.value
            return None
        holder.fn = run

    def _build_trigger(self, decl: ir.Trigger, holder: Compiled) -> None:
        fields = self.events.get(decl.event)
        if fields is None:
            raise KsError(f"trigger '{decl.name}' listens for unknown event '{decl.event}'",
                          decl.loc, did_you_mean(decl.event, self.events))
        for p in decl.params:
            if p.name not in fields:
                raise KsError(f"event '{decl.event}' has no field '{p.name}' "
                              f"(it has: {', '.join(fields)})", p.loc, did_you_mean(p.name, fields))
        scope = self._scope(decl.params, True, f"trigger '{decl.name}'")
        when = self.compiler.cond(decl.when, scope, "a trigger's condition") if decl.when else None
        body = self.compiler.block(decl.body, scope)
        names = tuple(p.name for p in decl.params)
        pad = scope.padding(len(names))
        record = {"what": "trigger", "trigger": decl.name, "on": decl.event,
                  "cites": [str(c) for c in decl.cites]}

        @cython.locals(ctx=Context, data=dict, frame=list)
        def run(ctx, data):
            frame = [ctx]  # and the event's fields, then the variables' slots
            for n in names:
                frame.append(data.get(n))
            if pad:
                frame.extend(pad)
            if when is None or when(frame):
                if ctx.explaining:  # ctx.explain(record), without the method call
                    ctx.trace.append(record)
                try:
                    body(frame)
                except (StopProcedure, ReturnValue):
                    pass
        holder.fn = run

    # ---- name resolution used by the expression compiler ---------------
    def global_value(self, name: str, loc: Location):
        decl = self.decls.get(name)
        if decl is not None and decl.kind == "const":
            holder = self._ensure(name, loc)
            return constant(holder.fn()), holder.type  # a const is computed once, when built
        if decl is not None and decl.kind == "enum":
            members = lambda f: list(decl.members)  # noqa: E731 — a fresh list each time
            members.members = tuple(decl.members)  # for `x in enum_name`
            return members, "list"
        owners = self.members.get(name)
        if owners:
            if len(owners) > 1:
                raise KsError(f"'{name}' is a member of several enums ({', '.join(owners)}); "
                              f"write {owners[0]}.{name}", loc)
            return constant(name), "str"
        return None

    def visible_names(self) -> list[str]:
        return list(self.decls) + list(self.members) + list(self.primitives)

    def enum_member(self, e: ir.Attr) -> str | None:
        if isinstance(e.obj, ir.Name) and e.obj.name in self.enums:
            enum = self.enums[e.obj.name]
            if e.name not in enum.members:
                raise KsError(f"enum '{enum.name}' has no member '{e.name}'", e.loc,
                              did_you_mean(e.name, enum.members))
            return e.name
        return None

    def attribute_type(self, t: str, name: str, loc: Location) -> str:
        return checks.attribute_type(self, t, name, loc)

    @staticmethod
    def world_attr(frame: Frame, target: Any, name: str) -> Any:
        if isinstance(target, checks.CheckResult):
            return getattr(target, name)
        return frame[0].world.attr(target, name)

    def primitive(self, name: str) -> Function | None:
        return self.primitives.get(name)

    def compile_lookup(self, e: ir.Lookup, args, scope: Scope):
        decl = self.decls.get(e.table.name)
        if decl is None or decl.kind != "table":
            raise KsError(f"unknown table '{e.table.name}'", e.table.loc,
                          did_you_mean(e.table.name, self.linked.of_kind("table")))
        holder = self._ensure(decl.name, e.loc)
        return tables.compile_lookup_call(decl, holder, e, args)

    def compile_call(self, e: ir.Call, args, scope: Scope, must_be: str | None = None):
        decl = self.decls.get(e.fn)
        kinds = ("def", "modifiers", "check", "procedure")
        if decl is None or decl.kind not in kinds or (must_be and decl.kind != must_be):
            pool = [n for n, d in self.decls.items() if d.kind in ((must_be,) if must_be else kinds)]
            what = must_be or "function"
            raise KsError(f"unknown {what} '{e.fn}'", e.loc,
                          did_you_mean(e.fn, pool + ([] if must_be else list(self.primitives))))
        if len(args) != len(decl.params):
            raise KsError(f"{decl.kind} '{e.fn}' takes {len(decl.params)} argument(s), "
                          f"{len(args)} given", e.loc)
        if decl.kind in ("check", "procedure") and not scope.effects:
            raise KsError(f"{decl.kind} '{e.fn}' rolls dice or changes the game; it can only "
                          f"be used in a procedure or trigger, not in {scope.where}", e.loc)
        checks.check_arguments(self, e, decl, args)
        try:
            holder = self._ensure(e.fn, e.loc)
        except KsError as exc:  # reported once; what uses it is read on
            self.defer(exc)
            return (lambda frame: None), "any"
        fns = [a for a, _ in args]
        if decl.kind == "def":
            return def_call(self, decl, holder, fns, scope), holder.type
        return apply_holder(holder, fns), holder.type

    def compile_set(self, s: ir.SetStmt, scope: Scope):
        return checks.compile_set(self, s, scope)

    def compile_emit(self, s: ir.Emit, scope: Scope):
        return checks.compile_emit(self, s, scope)

    # ---- running ---------------------------------------------------------
    @cython.locals(ctx=Context, data=dict, active=set, listening=dict, compiled=dict,
                   holder=Compiled, values=frozenset)
    def fire(self, event: str, data: dict, ctx: Context) -> None:
        listening, compiled = self.listening, self.compiled
        for name, field, values in listening.get(event, ()):
            if values is not None:
                value = data.get(field)
                if type(value) is str and value not in values:
                    continue  # its condition wants other text in this field: it cannot hold
            active = ctx.active_triggers
            if name in active:
                continue  # non-reentrant: a trigger cannot set itself off again
            active.add(name)
            try:
                holder = compiled[name]  # compiled, its fn a field read, not a method call
                fn = holder.fn
                fn(ctx, data)
            finally:
                active.discard(name)

    def call(self, name: str, ctx: Context, *args: Any) -> Any:
        """Call a def, modifiers list, check or procedure — or a primitive — by name.

        While the outermost such call runs, pure results are remembered for as
        long as the game does not change (see :func:`remembered`); nothing is
        kept between calls, so a caller may change the state or the catalog
        directly between them (tests do) — unless it holds :meth:`keeping`."""
        compiled = self.compiled.get(name)
        if compiled is None or compiled.decl.kind not in _CALLABLE:
            if compiled is None and name in self.primitives:
                fn = self.primitives[name].impl
            else:
                raise KsError(f"no callable definition '{name}'", None,
                              did_you_mean(name, [n for n, c in self.compiled.items()
                                                  if c.decl.kind in _CALLABLE]))
        else:
            fn = compiled.fn
        if ctx is not None and ctx.memo is None and getattr(ctx.world, "version", None) is not None:
            ctx.memo, ctx.memo_version, ctx.lasting = {}, -1, {}
            kept = ctx.world.keep_reads(True)
            try:
                return fn(ctx, *args)
            finally:
                ctx.memo = ctx.lasting = None
                ctx.world.keep_reads(kept)
        return fn(ctx, *args)

    def keeping(self, ctx: Context) -> "KeptAnswers":
        """``with program.keeping(ctx):`` the top-level calls made inside keep
        the answers and reads of the calls before them, as one call keeps its
        own (see :meth:`call`): for a game's run, where nothing but the rules'
        own events — each moving the state's version and the counts the kept
        answers are stamped with — changes the state between its turns.  A
        caller that changes the state or the catalog by hand between calls must
        not hold it.  Inside a call already (or an outer ``keeping``) it leaves
        the answers kept as they are."""
        return KeptAnswers(ctx)

    def const(self, name: str) -> Any:
        compiled = self.compiled.get(name)
        if compiled is None or compiled.decl.kind != "const":
            raise KsError(f"no constant '{name}'", None,
                          did_you_mean(name, self.linked.of_kind("const")))
        return compiled.fn()

    def lookup(self, table: str, *keys: Any) -> Any:
        compiled = self.compiled.get(table)
        if compiled is None or compiled.decl.kind != "table":
            raise KsError(f"no table '{table}'", None,
                          did_you_mean(table, self.linked.of_kind("table")))
        return compiled.fn(None, *keys)


class KeptAnswers:
    """The answers and reads of the top-level calls made while it is held kept
    from one call to the next (:meth:`Program.keeping`); dropped when it is left."""

    __slots__ = ("ctx", "outer", "reads")

    def __init__(self, ctx: Context) -> None:
        self.ctx, self.outer, self.reads = ctx, False, False

    def __enter__(self) -> "KeptAnswers":
        ctx = self.ctx
        self.outer = ctx is not None and ctx.memo is None and \
            getattr(ctx.world, "version", None) is not None
        if self.outer:
            ctx.memo, ctx.memo_version, ctx.lasting = {}, -1, {}
            self.reads = ctx.world.keep_reads(True)
        return self

    def __exit__(self, *exc: Any) -> bool:
        if self.outer:
            ctx = self.ctx
            ctx.memo = ctx.lasting = None
            ctx.world.keep_reads(self.reads)
            self.outer = False
        return False


def _dedupe(errors: list[KsError]) -> list[KsError]:
    seen, out = set(), []
    for e in errors:
        key = (str(e.location), e.message)
        if key not in seen:
            seen.add(key)
            out.append(e)
    return out


__all__ = ["Program", "RuleRuntimeError"]
