"""Citations: every definition names the rule it implements.

``@gts:15.6`` must name a section that exists in the rule index of ruleset
``gts``; an unknown ruleset or section is a located error with a suggestion.
The same walk tells ``ks rules coverage`` where each section is implemented.
"""

from __future__ import annotations

from typing import Iterator

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.dsl import ir


def iter_cites(decl: ir.Decl) -> Iterator[tuple[ir.Cite, str]]:
    """Every citation inside *decl*, with a label of what it is attached to."""
    for c in decl.cites:
        yield c, f"{decl.kind} {decl.name}"
    if isinstance(decl, ir.Table):
        for row in decl.rows:
            for c in row.cites:
                yield c, f"table {decl.name} row {row.key_text}"
    elif isinstance(decl, ir.Modifiers):
        for term in decl.terms:
            for c in term.cites:
                yield c, f"modifiers {decl.name} term {term.name}"
    elif isinstance(decl, ir.Procedure):
        for step in decl.steps:
            for c in step.cites:
                yield c, f"procedure {decl.name} step {step.name}"


def check_cites(decls: list[ir.Decl], index: dict[str, dict[str, dict]]) -> list[KsError]:
    errors = []
    for decl in decls:
        for cite, _ in iter_cites(decl):
            entries = index.get(cite.ruleset)
            if entries is None:
                errors.append(KsError(f"unknown ruleset '{cite.ruleset}' in citation @{cite}",
                                      cite.loc, did_you_mean(cite.ruleset, index)))
            elif cite.id not in entries:
                errors.append(KsError(f"no section {cite.id} in the {cite.ruleset} rule index",
                                      cite.loc, did_you_mean(cite.id, entries)))
    return errors
