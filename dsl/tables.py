"""Tables and modifier lists: the two ways rulebooks write numbers down.

A table maps a tuple of keys (enum members, die-roll numbers or ranges, ``_``
for any) to a value; a modifier list sums a base and the terms whose
condition holds.  Both explain what they produced: which row (and which layer
and rule it came from), which terms applied and by how much.
"""

from __future__ import annotations

from typing import Any

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.dsl import ir
from kriegsspiel.dsl.closures import apply_holder, constant_of
from kriegsspiel.dsl.compiler import Scope
from kriegsspiel.dsl.shortcuts import remembered
from kriegsspiel.dsl.link import layer_rank
from kriegsspiel.dsl.runtime import Context, Explained, RuleRuntimeError
from kriegsspiel.dsl.types import article, is_numeric, join


def compile_table(program, decl: ir.Table):
    """Validate a table's rows; return ``(lookup(ctx, *keys), value_type)``."""
    for dim in decl.dims:
        if dim.enum is not None and dim.enum not in program.enums:
            raise KsError(f"table '{decl.name}': dimension '{dim.name}' is keyed by unknown "
                          f"enum '{dim.enum}'", dim.loc,
                          did_you_mean(dim.enum, program.enums))
    value_type = None
    for row in decl.rows:
        _check_row(program, decl, row)
        t = {int: "int", str: "str", type(None): "none"}[type(row.value)]
        value_type = t if value_type is None else join(value_type, t)
    _check_overlaps(decl)
    # Higher layers first, so an override's row wins over a lower row it overlaps.
    rows = sorted(decl.rows, key=lambda r: -layer_rank(r.layer or "series"))
    cache: dict[tuple, ir.Row] = {}
    name = decl.name

    def find(keys: tuple) -> ir.Row:
        row = cache.get(keys)
        if row is None:
            row = next((r for r in rows if all(k.matches(a) for k, a in zip(r.keys, keys))), None)
            if row is None:
                shown = ", ".join(str(k) for k in keys)
                raise RuleRuntimeError(f"no row of table '{name}' matches ({shown})", decl.loc)
            cache[keys] = row
        return row

    what, provenance = f"table {name}", decl.provenance
    # What every explanation of a row says, worked out once per row.
    row_facts = {id(r): (r.key_text, r.layer, [str(c) for c in (r.cites or decl.cites)])
                 for r in rows}

    values: dict[tuple, Any] = {}  # keys → their row's value, as cache has the row

    @cython.locals(ctx=Context)
    def lookup(ctx, *keys: Any):
        # Keys are looked up as given first: an Explained key equals (and hashes
        # as) its plain int, so it finds the row cached under that int.
        explaining = ctx is not None and ctx.explaining
        if not explaining:
            value = values.get(keys, values)  # (the dict itself: no row's value)
            if value is not values:
                return value
        row = cache.get(keys)
        if row is None or explaining:
            keys = _plain_keys(keys)
            if row is None:
                row = find(keys)
        if not explaining:
            values[keys] = row.value
        if explaining:
            key_text, layer, cites = row_facts[id(row)]
            ctx.trace.append({"what": what, "keys": list(keys), "row": key_text, "value": row.value,
                         "layer": layer, "cites": cites, "provenance": provenance})
        return row.value
    return lookup, value_type or "any"


def _plain_keys(keys: tuple) -> tuple:
    """The keys with every integer (an Explained one, say) a plain int — bools
    and everything else as they are; the same tuple when nothing changes."""
    for k in keys:
        cls = type(k)
        if cls is not int and cls is not str and cls is not bool and isinstance(k, int):
            return tuple(int(k) if isinstance(k, int) and not isinstance(k, bool) else k
                         for k in keys)
    return keys


def _check_row(program, decl: ir.Table, row: ir.Row) -> None:
    if len(row.keys) != len(decl.dims):
        raise KsError(f"row of table '{decl.name}' has {len(row.keys)} key(s); the table has "
                      f"{len(decl.dims)} dimension(s)", row.loc)
    for key, dim in zip(row.keys, decl.dims):
        if key.kind == "any":
            continue
        if dim.enum is not None:
            members = program.enums[dim.enum].members
            if key.kind != "name" or key.value not in members:
                raise KsError(f"'{key}' is not a member of enum '{dim.enum}' (dimension "
                              f"'{dim.name}' of table '{decl.name}')", key.loc,
                              did_you_mean(str(key.value), members))
        else:
            if key.kind == "name":
                raise KsError(f"dimension '{dim.name}' of table '{decl.name}' is a number "
                              f"range {dim.low}..{dim.high}; '{key.value}' is a name", key.loc)
            low, high = _bounds(key)
            if low > high or low < dim.low or high > _bounds_of_dim(dim):
                shown = f"{dim.low}..{'' if dim.high is None else dim.high}"
                raise KsError(f"'{key}' is outside dimension '{dim.name}' "
                              f"({shown}) of table '{decl.name}'", key.loc)


def _bounds(key: ir.RowKey) -> tuple[float, float]:
    """A number key's lowest and highest match (an open range reaches infinity)."""
    low, high = (key.value, key.value) if key.kind == "int" else key.value
    return low, float("inf") if high is None else high


def _bounds_of_dim(dim: ir.Dim) -> float:
    return float("inf") if dim.high is None else dim.high


def _check_overlaps(decl: ir.Table) -> None:
    """Two rows of one layer that could both match the same keys are a mistake."""
    by_layer: dict[str, list[ir.Row]] = {}
    for row in decl.rows:
        by_layer.setdefault(row.layer, []).append(row)
    for rows in by_layer.values():
        for i, a in enumerate(rows):
            for b in rows[i + 1:]:
                if all(_keys_overlap(x, y) for x, y in zip(a.keys, b.keys)):
                    raise KsError(f"rows '{a.key_text}' and '{b.key_text}' of table "
                                  f"'{decl.name}' overlap (first at line {a.loc.line})", b.loc)


def _keys_overlap(a: ir.RowKey, b: ir.RowKey) -> bool:
    if "any" in (a.kind, b.kind):
        return True
    if a.kind == "name" or b.kind == "name":
        return a.value == b.value
    (al, ah), (bl, bh) = _bounds(a), _bounds(b)
    return al <= bh and bl <= ah


def compile_lookup_call(decl: ir.Table, holder, e: ir.Lookup, args):
    if len(args) != len(decl.dims):
        raise KsError(f"table '{decl.name}' has {len(decl.dims)} dimension(s) "
                      f"({', '.join(d.name for d in decl.dims)}); {len(args)} key(s) given", e.loc)
    for (_, t), dim, node in zip(args, decl.dims, e.args):
        if dim.enum is None and not is_numeric(t):
            raise KsError(f"dimension '{dim.name}' of table '{decl.name}' takes a number, but "
                          f"this is {article(t)}", node.loc)
        if dim.enum is not None and t not in ("str", "any"):
            raise KsError(f"dimension '{dim.name}' of table '{decl.name}' takes a member of "
                          f"'{dim.enum}', but this is {article(t)}", node.loc)
    return apply_holder(holder, [a for a, _ in args]), holder.type


def _number(value: Any, what: str, decl: ir.Modifiers) -> int:
    if value is None:
        # e.g. the Fire Rating of a counter that prints "No": the rules must not
        # modify what does not exist.
        raise RuleRuntimeError(f"{what} of modifiers '{decl.name}' has no value (none)", decl.loc)
    return int(value)


def compile_modifiers(program, decl: ir.Modifiers, holder):
    """``fn(ctx, *args) -> Explained``: base plus every term whose condition holds."""
    scope: Scope = program._scope(decl.params, False, f"modifiers '{decl.name}'")
    base = program.compiler.number(decl.base, scope, "the base") if decl.base else None
    terms = []
    for term in decl.terms:
        if not term.cites:
            raise KsError(f"term '{term.name}' must cite its rule", term.loc)
        amount = program.compiler.number(term.expr, scope, f"term '{term.name}'")
        when = program.compiler.cond(term.when, scope, f"the condition of term '{term.name}'") \
            if term.when is not None else None
        # A constant whole-number amount (`-1 when ...`) is kept as the number
        # itself, so the term costs only its condition.
        folded = constant_of(amount)
        if folded is not None and type(folded[0]) is int:
            amount = folded[0]
        terms.append((term.name, amount, when, [str(c) for c in term.cites], term.layer,
                      f"term '{term.name}'"))
    what, pad = f"modifiers {decl.name}", scope.padding(len(decl.params))

    def evaluate(ctx, *args):
        frame = [ctx, *args, *pad] if pad else [ctx, *args]
        start = _number(base(frame), "the base", decl) if base is not None else 0
        total, applied = start, []
        explaining = ctx is None or ctx.explaining
        for name, amount, when, cites, layer, label in terms:
            if when is None or when(frame):
                value = amount if type(amount) is int else amount(frame)
                if type(value) is not int:
                    value = _number(value, label, decl)
                if value:
                    total += value
                    if explaining:
                        applied.append({"name": name, "amount": value, "cites": cites,
                                        "layer": layer})
        if not explaining:
            return total
        result = Explained(total, what, start if base is not None else None, applied)
        if ctx is not None:
            ctx.trace.append(result.explain())
        return result
    return remembered(what, evaluate, holder)
