"""Checks (a die against a target number), changes to tracked state, events
emitted, and what the compiler checks of a call's arguments and of attributes.

A check's fields:

``target``       the number to roll equal to or under (usually a modifier list)
``die``          the die, ``d10`` unless said otherwise
``always_pass``  a roll that passes whatever the target (GTS: 0)
``always_fail``  a roll that fails whatever the target (GTS: 9)
``buy_with``     a track a point may be spent from to pass without rolling,
                 ``when`` a condition holds (GTS: a Command Point, In Command)
``buy_cost``     how many points that costs, 1 unless said otherwise

Spending the point is the owning player's decision, asked before the die is
rolled — a player may not roll and then pay (GTS 29.47).
"""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.errors import KsError, Location, did_you_mean
from kriegsspiel.dsl import ir
from kriegsspiel.dsl.types import article
from kriegsspiel.dsl.compiler import Scope
from kriegsspiel.dsl.runtime import CheckResult, Decision, Frame, RuleRuntimeError

FIELDS = ("target", "die", "always_pass", "always_fail", "buy_with", "buy_cost")
__all__ = ["CheckResult", "compile_check", "compile_set"]


def compile_check(program, decl: ir.Check):
    scope: Scope = program._scope(decl.params, False, f"check '{decl.name}'")
    for name, fld in decl.fields.items():
        if name not in FIELDS:
            raise KsError(f"check '{decl.name}' has no field '{name}' (fields: "
                          f"{', '.join(FIELDS)})", fld.loc, did_you_mean(name, FIELDS))
        if fld.when is not None and name != "buy_with":
            raise KsError("only 'buy_with' takes a 'when' condition", fld.when.loc)
    if "target" not in decl.fields:
        raise KsError(f"check '{decl.name}' needs a 'target'", decl.loc)
    compiler = program.compiler
    target = compiler.number(decl.fields["target"].expr, scope, "a check's target")
    die = _die(decl)
    always_pass = _fixed_roll(decl, "always_pass")
    always_fail = _fixed_roll(decl, "always_fail")
    buy = None
    if "buy_with" in decl.fields:
        fld = decl.fields["buy_with"]
        pool, track = _track_path(program, fld.expr, scope)
        when = compiler.cond(fld.when, scope, "the condition of 'buy_with'") if fld.when else None
        cost = compiler.number(decl.fields["buy_cost"].expr, scope, "'buy_cost'") \
            if "buy_cost" in decl.fields else (lambda f: 1)
        buy = (pool, track, when, cost)
    name, pad = decl.name, scope.padding(len(decl.params))
    cites = [str(c) for c in decl.cites]

    def run(ctx, *args: Any) -> CheckResult:
        frame = [ctx, *args, *pad]
        goal = target(frame)
        if buy is not None:
            result = _try_buy(ctx, frame, buy, name, args, cites)
            if result is not None:
                return result
        roll = ctx.roll(die, why=name)
        if roll == always_pass:
            result = CheckResult(name, True, roll, int(goal), reason=f"a {roll} always passes")
        elif roll == always_fail:
            result = CheckResult(name, False, roll, int(goal), reason=f"a {roll} always fails")
        else:
            passed = roll <= goal
            result = CheckResult(name, passed, roll, int(goal),
                                 reason=f"{roll} {'≤' if passed else '>'} {int(goal)}")
        ctx.explain({**result.explain(), "cites": cites})
        return result
    return run


def _try_buy(ctx, frame: Frame, buy, name: str, args, cites: list[str]) -> CheckResult | None:
    pool_fn, track, when, cost_fn = buy
    if when is not None and not when(frame):
        return None
    pool = pool_fn(frame)
    cost = int(cost_fn(frame))
    if pool is None or (ctx.world.attr(pool, track) or 0) < cost:
        return None
    subject = args[0] if args else None
    player = ctx.world.owner(subject) if subject is not None else None
    if not ctx.ask(Decision(player, f"buy:{name}", subject, (False, True),
                            about=f"spend {cost} {track} to pass {name} without rolling")):
        return None
    result = CheckResult(name, True, None, None, bought=True, reason=f"spent {cost} {track}")
    # Explained before the spend, so the spend's track_changed event carries the
    # check it bought as its cause.
    ctx.explain({**result.explain(), "cites": cites})
    ctx.set_track(pool, track, ctx.world.attr(pool, track) - cost)
    return result


def _die(decl: ir.Check) -> str:
    fld = decl.fields.get("die")
    if fld is None:
        return "d10"
    if not isinstance(fld.expr, ir.Name) or fld.expr.name not in ("d10", "d6"):
        raise KsError("a check's die is d10 or d6", fld.expr.loc)
    return fld.expr.name


def _fixed_roll(decl: ir.Check, field: str) -> int | None:
    fld = decl.fields.get(field)
    if fld is None:
        return None
    e = fld.expr
    if isinstance(e, ir.Lit) and (e.value is None or type(e.value) is int):
        return e.value
    raise KsError(f"'{field}' is a die roll number (or none)", e.loc)


def _track_path(program, e: ir.Expr, scope: Scope):
    """Compile ``x.y.track``: returns (fn giving the entity, track name)."""
    if not isinstance(e, ir.Attr):
        raise KsError("expected a tracked value such as unit.hits or side.points", e.loc)
    track = program.tracks.get(e.name)
    if track is None:
        raise KsError(f"'{e.name}' is not a track or marker (declare it with 'track' or "
                      "'marker')", e.loc, did_you_mean(e.name, program.tracks))
    obj, t = program.compiler.expr(e.obj, scope)
    if t not in (track.on, "any"):
        raise KsError(f"'{e.name}' is kept on a {track.on}, but this is {article(t)}", e.obj.loc)
    return obj, e.name


def compile_set(program, s: ir.SetStmt, scope: Scope):
    """``set unit.cohesion_hits += 1``: change a track, clamped to its declared range."""
    path = s.target
    expr: ir.Expr = ir.Name(path[0], s.loc)
    for part in path[1:]:
        expr = ir.Attr(expr, part, s.loc)
    if path[-1] in program.links:
        return _compile_link_set(program, s, expr, scope)
    entity_fn, track_name = _track_path(program, expr, scope)
    track = program.tracks[track_name]
    value = program.compiler.number(s.expr, scope, f"the value set on '{track_name}'")
    low, high, op = track.low, track.high, s.op

    def set_(f: Frame) -> None:
        entity = entity_fn(f)
        if entity is None:
            raise RuleRuntimeError(f"cannot set '{track_name}' of nothing", s.loc)
        new = int(value(f))
        if op != "=":
            old = f[0].world.attr(entity, track_name) or 0
            new = old + new if op == "+=" else old - new
        if low is not None:
            new = max(low, min(high, new))
        f[0].set_track(entity, track_name, new)
    return set_


def _compile_link_set(program, s: ir.SetStmt, expr: ir.Attr, scope: Scope):
    """``set unit.contact = leader`` (or ``= none``): change a link."""
    link = program.links[expr.name]
    if s.op != "=":
        raise KsError(f"'{link.name}' links to a {link.to}: it can only be set with '='", s.loc)
    obj, t = program.compiler.expr(expr.obj, scope)
    if t not in (*link.kinds, "any"):
        raise KsError(f"'{link.name}' is kept on {' or '.join(article(k) for k in link.kinds)}, "
                      f"but this is {article(t)}", expr.obj.loc)
    value, vt = program.compiler.expr(s.expr, scope)
    if vt not in (link.to, "any", "none"):
        raise KsError(f"'{link.name}' links to {article(link.to)}, but this is {article(vt)}",
                      s.expr.loc)
    name = link.name

    def set_link(f: Frame) -> None:
        entity = obj(f)
        if entity is None:
            raise RuleRuntimeError(f"cannot set '{name}' of nothing", s.loc)
        f[0].set_link(entity, name, value(f))
    return set_link


def check_arguments(program, e: ir.Call, decl: Any, args: list) -> None:
    """Each argument of a call is of the kind its parameter wants (by its type,
    or the entity kind it is named after)."""
    for (_, t), p, node in zip(args, decl.params, e.args):
        want = program.param_kind(p)
        if want and t not in (want, "any") and not (want == "int" and t == "num"):
            raise KsError(f"argument '{p.name}' of {e.fn} must be {article(want)}, but this is "
                          f"{article(t)}", node.loc)


def compile_emit(program, s: ir.Emit, scope: Scope):
    """``emit event(field = value, ...)``: the fields its declaration lists, each once."""
    fields = program.events.get(s.event)
    if fields is None:
        raise KsError(f"unknown event '{s.event}'; declare it with 'event {s.event}(...)'",
                      s.loc, did_you_mean(s.event, program.events))
    given = [k for k, _ in s.kwargs]
    missing = [f for f in fields if f not in given]
    extra = [k for k in given if k not in fields]
    if missing or extra:
        raise KsError(f"event '{s.event}' has fields ({', '.join(fields)}); "
                      + (f"missing {', '.join(missing)}" if missing else
                         f"no field {', '.join(extra)}"), s.loc)
    values = [(k, program.compiler.expr(v, scope)[0]) for k, v in s.kwargs]
    name = s.event

    def emit(f: Frame):
        f[0].emit(name, {k: v(f) for k, v in values}, s.loc)
    return emit


def attribute_type(program, t: str, name: str, loc: Location) -> str:
    """The type of ``x.name`` for an *x* of type *t*: a link's, a track's, a
    declared attribute's; an attribute nothing has is an error with a hint."""
    link = program.links.get(name)
    if link is not None and t in (*link.kinds, "any"):
        return link.to
    track = program.tracks.get(name)
    if t in program.entity_kinds:
        attrs = program.entity_attrs.get(t)
        if track is not None and track.on == t:
            return "int"
        if attrs is None or name in attrs:
            return (attrs or {}).get(name, "any")
        known = list(attrs) + [n for n, d in program.tracks.items() if d.on == t] + \
            [n for n, d in program.links.items() if t in d.kinds]
        raise KsError(f"{article(t)} has no attribute '{name}'", loc, did_you_mean(name, known))
    if t == "any":
        if track is not None:
            return "int"
        every = {a for attrs in program.entity_attrs.values() for a in attrs}
        if program.entity_attrs and name not in every and name not in ("passed", "roll"):
            raise KsError(f"nothing has an attribute '{name}'", loc,
                          did_you_mean(name, list(every) + list(program.tracks)))
        return "any"
    if t == "check" and name in ("passed", "roll", "target", "bought"):
        return "bool" if name in ("passed", "bought") else "int"
    raise KsError(f"{article(t)} has no attributes (asked for '{name}')", loc)
