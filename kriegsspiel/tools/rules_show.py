"""`ks rules show SECTION` and `ks rules diff`: the rules as a designer reads
them — a rulebook section's text beside every definition, row, term and step
that implements or amends it, and what one module's layer changes in the one
below it.  Both read the linker's history (the definitions as each layer
wrote them), not the merged program, so each line names the layer and module
it comes from."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.dsl import ir
from kriegsspiel.dsl.citations import iter_cites
from kriegsspiel.rule_index import load_index, load_sentences


def section_ref(name: str, index: dict | None = None) -> tuple[str, str] | None:
    """('gts', '15.6') for 'gts:15.6', when the ruleset is one of *index*'s
    (default: the shipped rule index)."""
    ruleset, colon, section = name.partition(":")
    return (ruleset, section) if colon and ruleset in (index or load_index()) else None


def section_lines(program: Any, ruleset: str, section: str,
                  index: dict | None = None) -> list[str]:
    """The section's title and sentences (a module's own index: its entries'
    text), then each place of the rules in play citing it: layer, module, what
    it is, where."""
    entries = (index or load_index())[ruleset]
    if section not in entries:
        raise KsError(f"no section {section} in the {ruleset} rule index", None,
                      did_you_mean(section, entries))
    lines = [f"{ruleset}:{section} {entries[section].get('title', '')}".rstrip()]
    sentences = [f"  #{s['n']} {s['text']}" for s in load_sentences().get(ruleset, {}).values()
                 if s["section"] == section]
    text = entries[section].get("text")
    lines += sentences or ([f"  {text}"] if text else [])
    found = []
    for name, history in program.linked.history.items():
        for i, decl in enumerate(history):
            for cite, label in iter_cites(decl):
                if (cite.ruleset, cite.id) == (ruleset, section):
                    over = f", overriding {history[i - 1].module}'s" if decl.override and i \
                        else ""
                    found.append(f"  {decl.layer:10} {decl.module:10} {label}{over} "
                                 f"({decl.loc.path}:{decl.loc.line})")
    lines.append("implemented or amended by:" if found else
                 "implemented or amended by: nothing in these rules")
    return lines + list(dict.fromkeys(found))


def diff_lines(program: Any, module: str) -> list[str]:
    """What *module*'s rule files change relative to the layers below it: the
    definitions it adds, and for each it overrides, which rows, terms and steps
    it adds, replaces or removes (or the whole definition)."""
    lines = []
    for name, history in program.linked.history.items():
        for i, decl in enumerate(history):
            if decl.module != module:
                continue
            where = f"({decl.loc.path}:{decl.loc.line})"
            cites = " ".join(f"@{c}" for c in decl.cites)
            if isinstance(decl, ir.Remove) or decl.kind == "remove":
                lines.append(f"removes {name} {cites} {where}")
            elif not decl.override or i == 0:
                lines.append(f"adds {decl.kind} {name} {cites} {where}")
            else:
                below = history[:i]
                parts = _changed_parts(decl, below)
                lines.append(f"overrides {decl.kind} {name} of {below[-1].module}"
                             f"{': ' + '; '.join(parts) if parts else ' (the whole definition)'}"
                             f" {cites} {where}")
    return lines


def _changed_parts(decl: Any, below: list[Any]) -> list[str]:
    """The rows, terms or steps an override gives, each added or replaced
    (by what the lower layers have) or removed."""
    if isinstance(decl, ir.Table):
        known = {r.key_text for d in below for r in getattr(d, "rows", ())}
        return [f"row {r.key_text} {'replaced' if r.key_text in known else 'added'}"
                for r in decl.rows]
    if isinstance(decl, ir.Modifiers):
        known = {t.name for d in below for t in getattr(d, "terms", ())}
        return [f"term {t.name} " + ("removed" if t.removed else
                                     "replaced" if t.name in known else "added")
                for t in decl.terms]
    if isinstance(decl, ir.Procedure):
        known = {s.name for d in below for s in getattr(d, "steps", ())}
        return [f"step {s.name} " + ("removed" if s.removed else
                                     ("replaced" if s.name in known else "added")
                                     + _placed(s)) for s in decl.steps]
    return []


def _placed(step: Any) -> str:
    return f" before {step.before}" if step.before else \
        f" after {step.after}" if step.after else ""


__all__ = ["section_ref", "section_lines", "diff_lines"]
