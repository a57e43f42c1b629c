"""What-if changes for `ks balance --set`: one table row, a constant or one
counter's value changed, everything else as the scenario has it.

    crt[SA,unarmored,5]=S            a row of a table, keyed as its dimensions are
    stacking_limit_steps=10          a constant
    counter:1./FJR1.fire_rating=5    a value of one counter (each face that has it)

A row or a constant becomes an override in a rule layer of its own over the
scenario's (layer 'optional', citing the rule of what it changes), so every
explanation names the changed row; a counter's value is changed in the game's
own copy of its catalog before play. Each change is checked against the rules
and the catalog first: an unknown name is an error with a did-you-mean."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.dsl.link import dims_text

ROW = re.compile(r"^(?P<name>[A-Za-z_]\w*)\[(?P<keys>[^\]]*)\]=(?P<value>[^\n]+)$")
CONST = re.compile(r"^(?P<name>[A-Za-z_]\w*)=(?P<value>[^\n]+)$")
COUNTER = re.compile(r"^counter:(?P<id>.+)\.(?P<field>[A-Za-z_]\w*)=(?P<value>[^\n]+)$")
NAME = re.compile(r"^[A-Za-z_]\w*$")
INT = re.compile(r"^-?\d+$")
RANGE = re.compile(r"^-?\d+\.\.(-?\d+)?$")
LAYER_PATH = "--set"


@dataclass(frozen=True)
class WhatIf:
    """One change as given (``text``) and how it is made: rule text for a row
    or a constant, or a counter's kind, id, field and new value."""

    text: str
    rules: str = ""  # a constant's override, or a table row's line in its table's:
    table: str = ""  # the override of the table it goes in, "{rows}" for its rows
    counter: tuple[str, str, str, Any] | None = None


def what_ifs(specs: Iterable[str], program: Any, catalog: dict) -> list[WhatIf]:
    """Each --set spec, checked against *program* (a compiled game's rules) and
    *catalog* (its pieces)."""
    return [_one(spec.strip(), program, catalog) for spec in specs]


def house_rules(changes: Iterable[WhatIf]) -> list[dict]:
    """The rule layer that makes the rows and constants changed (none if none)."""
    changes = list(changes)
    tables: dict[str, list[str]] = {}  # one override a table, all its rows in it
    for c in changes:
        if c.table:
            tables.setdefault(c.table, []).append(c.rules)
    text = "".join(c.rules for c in changes if c.rules and not c.table) + "".join(
        table.replace("{rows}", "".join(rows)) for table, rows in tables.items())
    return [{"path": LAYER_PATH, "text": text}] if text else []


def counter_changes(changes: Iterable[WhatIf]) -> list[tuple[str, str, str, Any]]:
    return [c.counter for c in changes if c.counter]


def apply_counters(state: Any, changes: Iterable[tuple[str, str, str, Any]]) -> None:
    """Change counters' values in *state*'s catalog: the entries changed are
    copied first, so a catalog shared by other games stays as it was."""
    changes = list(changes)
    if not changes:
        return
    catalog = dict(state.catalog)
    for kind, ident, field, value in changes:
        pieces = catalog[kind] = dict(catalog[kind])
        entry = pieces[ident] = dict(pieces[ident])
        faces = {name: dict(face) for name, face in entry.get("faces", {}).items()}
        held = [face for face in faces.values() if field in face]
        for face in held:
            face[field] = value
        if faces:
            entry["faces"] = faces
        if not held or field in entry:
            entry[field] = value
    state.catalog = catalog


def _one(spec: str, program: Any, catalog: dict) -> WhatIf:
    counter = COUNTER.match(spec)
    if counter:
        return _counter(spec, counter, catalog)
    row = ROW.match(spec)
    if row:
        return _row(spec, row, program)
    const = CONST.match(spec)
    if const:
        return _const(spec, const, program)
    raise KsError(f"--set {spec!r}: give table[key,...]=value, constant=value or "
                  "counter:ID.field=value")


def _declared(spec: str, name: str, kind: str, program: Any) -> Any:
    compiled = program.compiled.get(name)
    if compiled is None or compiled.decl.kind != kind:
        known = [n for n, c in program.compiled.items() if c.decl.kind == kind]
        raise KsError(f"--set {spec!r}: no {'table' if kind == 'table' else 'constant'} "
                      f"'{name}' in these rules", None, did_you_mean(name, known))
    return compiled.decl


def _row(spec: str, match: re.Match, program: Any) -> WhatIf:
    table = _declared(spec, match["name"], "table", program)
    keys = [k.strip() for k in match["keys"].split(",")]
    if len(keys) != len(table.dims):
        dims = ", ".join(d.name for d in table.dims)
        raise KsError(f"--set {spec!r}: table '{table.name}' has {len(table.dims)} "
                      f"dimensions ({dims}), not {len(keys)}")
    for key, dim in zip(keys, table.dims):
        if dim.enum is not None:
            members = program.compiled[dim.enum].decl.members
            if key != "_" and key not in members:
                raise KsError(f"--set {spec!r}: '{key}' is not a {dim.enum} "
                              f"(dimension {dim.name})", None, did_you_mean(key, members))
        elif key != "_" and not (INT.match(key) or RANGE.match(key)):
            raise KsError(f"--set {spec!r}: dimension {dim.name} is keyed by numbers, "
                          f"not '{key}'")
    value = _literal(spec, match["value"].strip())
    held = sorted({str(r.value) for r in table.rows if r.value is not None})
    numbers = all(INT.match(v) for v in held)
    if value != "none" and (not INT.match(value) if numbers else value.strip('"') not in held):
        raise KsError(f"--set {spec!r}: table '{table.name}' holds "
                      + ("numbers" if numbers else "one of " + ", ".join(held)) + " (or none)",
                      None, None if numbers else did_you_mean(value, held))
    cite = _cite(table)
    return WhatIf(spec, rules=f"  {', '.join(keys)} -> {value} {cite}\n",
                  table=f"override table {table.name}({dims_text(table)}) {cite} "
                        "{\n{rows}}\n")


def _const(spec: str, match: re.Match, program: Any) -> WhatIf:
    const = _declared(spec, match["name"], "const", program)
    value = _literal(spec, match["value"].strip())
    return WhatIf(spec, rules=f"override const {const.name} = {value} {_cite(const)}\n")


def _counter(spec: str, match: re.Match, catalog: dict) -> WhatIf:
    ident, field = match["id"], match["field"]
    kind = next((k for k in ("unit", "leader") if ident in catalog.get(k, {})), None)
    if kind is None:
        known = [i for k in ("unit", "leader") for i in catalog.get(k, {})]
        raise KsError(f"--set {spec!r}: no counter '{ident}' in this scenario", None,
                      did_you_mean(ident, known))
    entry = catalog[kind][ident]
    fields = set(entry) | {f for face in entry.get("faces", {}).values() for f in face}
    if field not in fields:
        raise KsError(f"--set {spec!r}: counter '{ident}' has no value '{field}'", None,
                      did_you_mean(field, sorted(fields)))
    return WhatIf(spec, counter=(kind, ident, field, _value(match["value"].strip())))


def _literal(spec: str, value: str) -> str:
    """A value as rule text: a number, none, true/false, a name, or a string."""
    if INT.match(value) or value in ("none", "true", "false") or NAME.match(value):
        return value
    if '"' in value:
        raise KsError(f"--set {spec!r}: a value holds no double quote")
    return f'"{value}"'


def _value(value: str) -> Any:
    """A counter's value as the catalog holds it."""
    if INT.match(value):
        return int(value)
    return {"none": None, "true": True, "false": False}.get(value, value)


def _cite(decl: Any) -> str:
    if not decl.cites:
        raise KsError(f"'{decl.name}' cites no rule, so a change to it has none to cite")
    return f"@{decl.cites[0]}"


__all__ = ["WhatIf", "what_ifs", "house_rules", "counter_changes", "apply_counters"]
