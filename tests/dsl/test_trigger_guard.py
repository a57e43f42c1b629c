"""Triggers passed over by their event's text fields (dsl.trigger_guard).

A trigger whose condition is an ``and`` with a test ``field == "text"`` (or an
``or`` of such tests of one field) cannot apply to an event whose field is
other text: Program.fire passes over it without running its condition.  The
condition's def call ``seen(n)``, recorded while explaining, shows whether
the condition ran.
"""

from __future__ import annotations

import pytest

from kriegsspiel.dsl.link import RuleFile, link
from kriegsspiel.dsl.parser import parse_text
from kriegsspiel.dsl.program import Program
from kriegsspiel.dsl.runtime import Context, RuleRuntimeError
from kriegsspiel.engine.kernel import KERNEL_ATTRIBUTES, KERNEL_PRIMITIVES

RULES = """
enum kinds { a b c } @gts:1.0
const also = "b" @gts:1.0
event ev(kind, n) @gts:1.0
def seen(n) = n >= 0 @gts:1.0

trigger left on ev(kind, n) when kind == "a" and seen(n) @gts:1.0 { explain "left" }
trigger always on ev(kind, n) when seen(n) @gts:1.0 { explain "always" }
trigger right on ev(kind, n) when ("a" == kind or kind == also) and seen(n) @gts:1.0 {
  explain "right"
}
trigger inside on ev(kind, n)
    when n >= 0 and (n < 100 and (kinds.b == kind or kind == c)) and seen(n) @gts:1.0 {
  explain "inside"
}
trigger bare on ev(kind, n) @gts:1.0 { explain "bare" }
"""


def program(text: str = RULES) -> Program:
    linked, errors = link([RuleFile("t.ksr", "series", "test", parse_text(text, "t.ksr"))])
    assert errors == []
    return Program(linked, dict(KERNEL_PRIMITIVES), KERNEL_ATTRIBUTES).build()


def fired(prog: Program, **data) -> tuple[list[str], int]:
    """The notes of the triggers that ran, in order, and how many conditions called seen()."""
    ctx = Context(world=None, dice=None, decider=None, rules=prog)
    prog.fire("ev", data, ctx)
    notes = [r["text"] for r in ctx.trace if r["what"] == "note"]
    seen = sum(1 for r in ctx.trace if r["what"] == "def seen")
    return notes, seen


def test_the_values_each_trigger_wants():
    guards = {name: (field, values) for name, field, values in program().listening["ev"]}
    assert guards == {"left": ("kind", frozenset({"a"})), "always": (None, None),
                      "right": ("kind", frozenset({"a", "b"})),
                      "inside": ("kind", frozenset({"b", "c"})), "bare": (None, None)}


@pytest.mark.parametrize("kind, notes", [
    ("a", ["left", "always", "right", "bare"]),
    ("b", ["always", "right", "inside", "bare"]),
    ("c", ["always", "inside", "bare"]),
    ("z", ["always", "bare"]),
])
def test_guarded_triggers_run_only_for_their_values_in_their_order(kind, notes):
    assert fired(program(), kind=kind, n=1) == (notes, len(notes) - 1)


def test_a_guarded_condition_still_runs_whole_for_its_values():
    """n < 0: seen() is false, so no trigger but the bare one runs, yet the
    conditions of those whose field matched ran (and were explained)."""
    assert fired(program(), kind="a", n=-1) == (["bare"], 3)  # left, always, right
    assert fired(program(), kind="z", n=-1) == (["bare"], 1)  # always alone


def test_other_text_passes_over_the_condition_a_value_not_text_runs_it():
    """`n + 1` on none stops with an error: only a condition that runs meets it.
    Other text than "a" passes the trigger over before its first operand runs."""
    prog = program("event ev(kind, n) @gts:1.0\n"
                   'trigger t on ev(kind, n) when n + 1 > 0 and kind == "a" @gts:1.0 { explain "t" }')
    assert fired(prog, kind="z", n=None) == ([], 0)
    with pytest.raises(RuleRuntimeError, match="missing value"):
        fired(prog, kind=1, n=None)
    with pytest.raises(RuleRuntimeError, match="missing value"):
        fired(prog, kind="a", n=None)


def test_no_guard_after_what_may_call_roll_or_record():
    text = RULES + """
trigger late on ev(kind, n) when seen(n) and kind == "a" @gts:1.0 { explain "late" }
trigger shadowed on ev(kind, n) when any kind in kinds: kind == "a" @gts:1.0 { explain "q" }
trigger plain_first on ev(kind, n) when n > 0 and not (n == 5) and kind == "a" @gts:1.0 {
  explain "plain"
}
"""
    guards = {name: values for name, _, values in program(text).listening["ev"]}
    assert guards["late"] is None and guards["shadowed"] is None
    assert guards["plain_first"] == frozenset({"a"})
    assert fired(program(text), kind="z", n=1) == (["always", "bare", "q"], 2)


def test_an_or_over_two_fields_or_another_test_is_no_guard():
    text = RULES.replace('"a" == kind or kind == also', 'kind == "a" or n == 1') \
                .replace('kinds.b == kind or kind == c', 'kind == "b" or kind != "c"')
    guards = {name: values for name, _, values in program(text).listening["ev"]}
    assert guards["right"] is None and guards["inside"] is None and guards["left"] == {"a"}


def test_a_running_trigger_is_still_not_set_off_again():
    prog = program()
    ctx = Context(world=None, dice=None, decider=None, rules=prog, active_triggers={"left"})
    prog.fire("ev", {"kind": "a", "n": 1}, ctx)
    assert [r["text"] for r in ctx.trace if r["what"] == "note"] == ["always", "right", "bare"]
    assert ctx.active_triggers == {"left"}
