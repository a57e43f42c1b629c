"""Merge rule files from several layers into one set of definitions.

Layers, lowest first: series < exclusive < errata < optional < scenario.  A
name is defined once, in one layer; a higher layer changes it only with an
explicit ``override`` (or switches it off with ``remove``), and what it may
replace is fine-grained:

* const, enum, track, def, check, trigger, event — the whole definition;
* table — individual rows, matched by their key tuple (new keys are added);
* modifiers — individual terms by name (``remove NAME`` deletes one), and the
  base when the override gives one;
* procedure — individual steps by name (new steps go at the end, or
  ``before``/``after`` a named step; ``remove step NAME`` deletes one).

The merge never mutates the parsed IR: cached parses of lower layers stay
valid whatever a scenario overrides.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.dsl import ir

LAYERS = ("series", "exclusive", "errata", "optional", "scenario")


@dataclass
class RuleFile:
    """One parsed rule file and where it sits."""

    path: str
    layer: str
    module: str
    decls: list[ir.Decl]


@dataclass
class Linked:
    """The merged definitions: name → declaration (already merged)."""

    decls: dict[str, ir.Decl] = field(default_factory=dict)
    history: dict[str, list[ir.Decl]] = field(default_factory=dict)  # every layer's version

    def of_kind(self, kind: str) -> dict[str, ir.Decl]:
        return {n: d for n, d in self.decls.items() if d.kind == kind}


def layer_rank(layer: str) -> int:
    return LAYERS.index(layer)


def link(files: list[RuleFile]) -> tuple[Linked, list[KsError]]:
    """Merge *files* in layer order; returns the result and every error found."""
    errors: list[KsError] = []
    for f in files:
        if f.layer not in LAYERS:
            errors.append(KsError(f"unknown layer '{f.layer}' for {f.path}", None,
                                  did_you_mean(f.layer, LAYERS)))
    files = sorted((f for f in files if f.layer in LAYERS), key=lambda f: layer_rank(f.layer))
    out = Linked()
    for layer in LAYERS:
        seen: dict[str, ir.Decl] = {}
        for f in (f for f in files if f.layer == layer):
            for decl in f.decls:
                decl.layer, decl.module = f.layer, f.module
                first = seen.get(decl.name)
                # An 'override' of a plain definition of the same layer goes on
                # to _apply, whose error says what is wrong ("overrides a
                # definition of its own layer") better than "defined twice".
                same_layer_override = decl.override and first is not None and not first.override
                if first is not None and decl.kind != "remove" and not same_layer_override:
                    errors.append(KsError(
                        f"'{decl.name}' is defined twice in the {layer} layer "
                        f"(first at {first.loc})", decl.loc))
                    continue
                seen[decl.name] = decl
                try:
                    _apply(out, decl)
                except KsError as exc:
                    errors.append(exc)
    return out, errors


def _apply(out: Linked, decl: ir.Decl) -> None:
    existing = out.decls.get(decl.name if decl.kind != "remove" else decl.name)
    if decl.kind == "remove":
        # 'marker' declares a track (ir.Track.kind is "track"): 'remove marker x'
        # looks for a track named x.
        target_kind = "track" if decl.target_kind == "marker" else decl.target_kind
        if existing is None or existing.kind != target_kind:
            raise KsError(f"cannot remove {decl.target_kind} '{decl.name}': no such "
                          f"{decl.target_kind} in a lower layer", decl.loc,
                          did_you_mean(decl.name, [n for n, d in out.decls.items()
                                                   if d.kind == target_kind]))
        del out.decls[decl.name]
        out.history.setdefault(decl.name, []).append(decl)
        return
    if not decl.override:
        if existing is not None:
            raise KsError(f"'{decl.name}' is already defined as a {existing.kind} in the "
                          f"{existing.layer} layer at {existing.loc}; a higher layer must "
                          f"say 'override {decl.kind} {decl.name}'", decl.loc)
        out.decls[decl.name] = _fresh(decl)
        out.history.setdefault(decl.name, []).append(decl)
        return
    if existing is None:
        raise KsError(f"override of unknown {decl.kind} '{decl.name}'", decl.loc,
                      did_you_mean(decl.name, [n for n, d in out.decls.items()
                                               if d.kind == decl.kind]))
    if existing.kind != decl.kind:
        raise KsError(f"'{decl.name}' is a {existing.kind}, not a {decl.kind}", decl.loc)
    if existing.layer == decl.layer:
        raise KsError(f"'{decl.name}' overrides a definition of its own layer "
                      f"({decl.layer}); overrides go in a higher layer", decl.loc)
    merge = _MERGERS.get(decl.kind)
    out.decls[decl.name] = merge(existing, decl) if merge else _fresh(decl)
    out.history[decl.name].append(decl)


def _fresh(decl: ir.Decl, merged: bool = False) -> ir.Decl:
    """A shallow copy whose row/term/step lists the merge may change safely.

    With ``merged`` (the copy of an already merged definition that a further
    override is applied to) rows, terms and steps keep the layer they came from
    and are not checked again: a second override must neither re-stamp the
    series' rows/terms/steps with the first override's layer (they would then
    "overlap" its own) nor reject a step the first override placed
    ``before``/``after``.
    """
    new = copy.copy(decl)
    if isinstance(new, ir.Table):
        new.rows = [copy.copy(r) for r in new.rows]
        for r in new.rows:
            r.layer = r.layer if merged else decl.layer
    elif isinstance(new, ir.Modifiers):
        new.terms = [copy.copy(t) for t in new.terms]
        for t in new.terms:
            t.layer = t.layer if merged else decl.layer
        for t in new.terms:
            if t.removed and not merged:
                raise KsError(f"'remove {t.name}' only makes sense in an override", t.loc)
    elif isinstance(new, ir.Procedure):
        new.steps = [copy.copy(s) for s in new.steps]
        for s in new.steps:
            s.layer = s.layer if merged else decl.layer
            if (s.removed or s.before or s.after) and not merged:
                raise KsError(f"step '{s.name}': 'remove', 'before' and 'after' only make "
                              "sense in an override", s.loc)
    return new


def _merge_table(base: ir.Table, over: ir.Table) -> ir.Table:
    if [(d.name, d.enum, d.low, d.high) for d in base.dims] != \
            [(d.name, d.enum, d.low, d.high) for d in over.dims]:
        raise KsError(f"override of table '{base.name}' must keep its dimensions "
                      f"({dims_text(base)})", over.loc)
    merged = _fresh(base, merged=True)
    merged.layer, merged.cites = over.layer, base.cites + over.cites
    for row in over.rows:
        row = copy.copy(row)
        row.layer = over.layer
        if not row.cites:
            raise KsError(f"row '{row.key_text}' of an override of table '{base.name}' "
                          "must cite the rule that changes it", row.loc)
        for i, old in enumerate(merged.rows):
            if _same_keys(old.keys, row.keys):
                merged.rows[i] = row
                break
        else:
            merged.rows.append(row)
    # A chart is published once every row of it is: a designer replaces a
    # provisional table with the printed one by an override saying so.
    kinds = {r.provenance for r in merged.rows}
    merged.provenance = "provisional" if "provisional" in kinds else \
        "published" if kinds == {"published"} else base.provenance
    return merged


def _merge_modifiers(base: ir.Modifiers, over: ir.Modifiers) -> ir.Modifiers:
    merged = _fresh(base, merged=True)
    merged.layer, merged.cites = over.layer, base.cites + over.cites
    if over.base is not None:
        merged.base = over.base
    if over.params and [p.name for p in over.params] != [p.name for p in base.params]:
        raise KsError(f"override of modifiers '{base.name}' must keep its parameters "
                      f"({', '.join(p.name for p in base.params)})", over.loc)
    names = [t.name for t in merged.terms]
    for term in over.terms:
        term = copy.copy(term)
        term.layer = over.layer
        if term.name in names:
            i = names.index(term.name)
            if term.removed:
                del merged.terms[i]
                del names[i]
            else:
                merged.terms[i] = term
        elif term.removed:
            raise KsError(f"cannot remove term '{term.name}': modifiers '{base.name}' has "
                          "no such term", term.loc, did_you_mean(term.name, names))
        else:
            merged.terms.append(term)
            names.append(term.name)
    return merged


def _merge_procedure(base: ir.Procedure, over: ir.Procedure) -> ir.Procedure:
    merged = _fresh(base, merged=True)
    merged.layer, merged.cites = over.layer, base.cites + over.cites
    for step in over.steps:
        step = copy.copy(step)
        step.layer = over.layer
        names = [s.name for s in merged.steps]
        for anchor in (step.before, step.after):
            if anchor and anchor not in names:
                raise KsError(f"no step '{anchor}' in procedure '{base.name}'", step.loc,
                              did_you_mean(anchor, names))
        if step.name in names:
            i = names.index(step.name)
            if step.removed:
                del merged.steps[i]
                continue
            if not (step.before or step.after):
                merged.steps[i] = step
                continue
            del merged.steps[i]
            names.pop(i)
        elif step.removed:
            raise KsError(f"cannot remove step '{step.name}': procedure '{base.name}' has "
                          "no such step", step.loc, did_you_mean(step.name, names))
        if step.before:
            merged.steps.insert(names.index(step.before), step)
        elif step.after:
            merged.steps.insert(names.index(step.after) + 1, step)
        else:
            merged.steps.append(step)
    return merged


def _same_keys(a: tuple[ir.RowKey, ...], b: tuple[ir.RowKey, ...]) -> bool:
    return [(k.kind, k.value) for k in a] == [(k.kind, k.value) for k in b]


def dims_text(table: ir.Table) -> str:
    """A table's dimensions as its declaration writes them (``roll: 0..9``)."""
    def shown(d: ir.Dim) -> str:
        return d.enum or f"{d.low}..{'' if d.high is None else d.high}"
    return ", ".join(f"{d.name}: {shown(d)}" for d in table.dims)


_MERGERS = {"table": _merge_table, "modifiers": _merge_modifiers, "procedure": _merge_procedure}
