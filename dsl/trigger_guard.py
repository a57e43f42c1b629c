"""The values an event's field must have for a trigger's condition to hold.

Many triggers listen for a common event but care about a few of its values:
``on track_changed(entity, track, new) when track == "step_loss" and ...``.
When the condition is a conjunction (``and``, at any nesting) one of whose
operands tests a field against text literals (``track == "a"``, ``"a" ==
track``, an enum member, a text constant, or a parenthesised ``or`` of such
tests of the same field), the trigger cannot apply to an event whose field is
other text, and :meth:`Program.fire` passes over it without making its frame.

Only operands that can neither roll dice, call a definition (which records
itself when the game is explained) nor walk a list may come before the
guard: passing over the trigger then skips nothing the condition would have
done.  When the field is one of the values, or not text at all, the whole
condition runs as before.
"""

from __future__ import annotations

from kriegsspiel.dsl import ir
from kriegsspiel.dsl.closures import constant_of
from kriegsspiel.dsl.types import DICE

# What an operand before the guard may be made of: reads, literals and operators.
_PLAIN = (ir.Lit, ir.Name, ir.Attr, ir.Compare, ir.BoolOp, ir.Not, ir.Neg, ir.BinOp,
          ir.Ternary, ir.ListExpr)


def literal_guard(program, decl: ir.Trigger) -> tuple[str, frozenset] | None:
    """``(field, values)`` for *decl*'s condition, or None when it has no such guard."""
    if decl.when is None:
        return None
    params = {p.name for p in decl.params}
    for operand in _conjuncts(decl.when):
        found = _field_values(program, operand, params)
        if found is not None:
            return found
        if not _plain(operand):
            return None  # what follows may run only after this has run
    return None


def _conjuncts(e: ir.Expr) -> list:
    """The operands of an ``and`` (nested ones flattened), in the order they run."""
    if isinstance(e, ir.BoolOp) and e.op == "and":
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


def _disjuncts(e: ir.Expr) -> list:
    if isinstance(e, ir.BoolOp) and e.op == "or":
        return _disjuncts(e.left) + _disjuncts(e.right)
    return [e]


def _field_values(program, e: ir.Expr, params: set) -> tuple[str, frozenset] | None:
    """``(field, values)`` when *e* is ``field == text`` or an ``or`` of them on one field."""
    field, values = None, set()
    for test in _disjuncts(e):
        if not isinstance(test, ir.Compare) or test.op != "==":
            return None
        for named, other in ((test.left, test.right), (test.right, test.left)):
            if isinstance(named, ir.Name) and named.name in params:
                text = _text(program, other, params)
                if text is not None:
                    break
        else:
            return None
        if field is not None and named.name != field:
            return None
        field = named.name
        values.add(text)
    return field, frozenset(values)


def _text(program, e: ir.Expr, params: set) -> str | None:
    """The text *e* always is (a literal, an enum member, a constant), else None."""
    if isinstance(e, ir.Lit):
        value = e.value
    elif isinstance(e, ir.Attr):
        value = program.enum_member(e)
    elif isinstance(e, ir.Name) and e.name not in params and e.name not in DICE:
        found = program.global_value(e.name, e.loc)
        folded = constant_of(found[0]) if found is not None else None
        value = folded[0] if folded is not None else None
    else:
        return None
    return value if type(value) is str else None


def _plain(e) -> bool:
    if isinstance(e, ir.Name):
        return True
    if not isinstance(e, _PLAIN):
        return False
    if isinstance(e, ir.Attr):
        return _plain(e.obj)
    if isinstance(e, ir.ListExpr):
        return all(_plain(i) for i in e.items)
    if isinstance(e, ir.Ternary):
        return _plain(e.cond) and _plain(e.then) and _plain(e.other)
    if isinstance(e, (ir.Not, ir.Neg)):
        return _plain(e.operand)
    if isinstance(e, ir.Lit):
        return True
    return _plain(e.left) and _plain(e.right)
