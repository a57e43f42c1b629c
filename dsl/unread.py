"""Variables given a value and never read: in a rule language whose `let`
both binds and assigns, a misspelt name in `let dnoe = true` is not an error
of its own — it quietly makes a new variable and leaves the intended one as it
was.  A `let` whose name nothing in its procedure or trigger reads is that
mistake (or dead rule text), so it is refused, with the names it may have
meant."""

from __future__ import annotations

import dataclasses

from kriegsspiel.core.errors import KsError, Location, did_you_mean
from kriegsspiel.dsl import ir


def unread_lets(decl: ir.Decl) -> list[KsError]:
    """One error per `let` in *decl*'s statements whose name is never read."""
    bodies = [s.body for s in getattr(decl, "steps", ()) if not s.removed] + \
        [getattr(decl, "body", ())]
    lets: list[ir.Let] = []
    read: set[str] = set()
    bound: set[str] = {p.name for p in getattr(decl, "params", ())}
    for body in bodies:
        _walk(body, lets, read, bound)
    errors = []
    for let in lets:
        if let.name not in read:
            others = sorted((read | bound | {x.name for x in lets}) - {let.name})
            errors.append(KsError(f"'{let.name}' is given a value here but never read in "
                                  f"{decl.kind} '{decl.name}' (a misspelt name?)", let.loc,
                                  did_you_mean(let.name, others)))
    return errors


def _walk(node, lets: list, read: set, bound: set) -> None:
    if isinstance(node, (tuple, list)):
        for item in node:
            _walk(item, lets, read, bound)
        return
    if not dataclasses.is_dataclass(node) or isinstance(node, Location):
        return
    if isinstance(node, ir.Name):
        read.add(node.name)
    elif isinstance(node, ir.Let):
        lets.append(node)
    elif isinstance(node, ir.SetStmt):
        read.add(node.target[0])
    elif isinstance(node, ir.For):
        bound.add(node.var)
    for f in dataclasses.fields(node):
        _walk(getattr(node, f.name), lets, read, bound)
