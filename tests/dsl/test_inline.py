"""Small defs compiled into their callers (dsl.inline) and defs answered by a
first test at their call site (shortcuts.call_site_guard): the same answers
and, while explaining, the same explanation records as a program that calls
every def through its frame."""

from __future__ import annotations

import pytest

from test_language import make_session, set_track

from kriegsspiel.dsl import inline
from kriegsspiel.engine.rulebook import ExtraRules, build_program

RULES = """
marker dug on unit 0..3 @gts:1.0
def crowded(unit: unit) = any u in units_at(unit.hex): u.troop_quality > 8 @gts:1.0
def quick(unit: unit, n: int) = unit.troop_quality > n or crowded(unit) @gts:1.0
def shifted(unit: unit, n: int) = quick(unit, n + 1) and unit.dug >= 0 @gts:1.0
def counted(n: int) = count u in all_of("unit"): quick(u, n) @gts:1.0
def doubled(unit: unit) = 2 * unit.troop_quality + unit.dug @gts:1.0
def both(unit: unit, other: unit) = doubled(unit) + doubled(other) @gts:1.0
def twice(unit: unit, n: int) = max(doubled(unit), n) + doubled(unit) @gts:1.0
def eager(unit: unit) = crowded(unit) and unit.troop_quality > 0 @gts:1.0
def switch_cost(unit: unit, n: int) =
    if unit.dug == 0 or n > 5 then 0 else n * unit.dug + doubled(unit) @gts:1.0
def asks_switch(unit: unit, n: int) = switch_cost(unit, n) + 1 @gts:1.0
"""

ASKED = [("quick", "u1", 3), ("quick", "u1", 7), ("quick", "u3", 7), ("shifted", "u1", 5),
         ("shifted", "u2", 8), ("counted", None, 5), ("doubled", "u2", None),
         ("both", "u1", "u2"), ("twice", "u1", 30), ("twice", "x1", 1), ("eager", "u2", None),
         ("asks_switch", "u1", 2), ("asks_switch", "u1", 9), ("switch_cost", "u2", 1)]


def _program(monkeypatch, framed: bool):
    """The GTS rules and RULES; *framed*: every def called through its frame
    (nothing inlined, no first test at the call site)."""
    with monkeypatch.context() as m:
        if framed:
            m.setattr(inline, "MAX_NODES", 0)
            m.setattr(inline, "call_site_guard", lambda decl, enums: None)
        return build_program(["gts"], extra=[ExtraRules("test.ksr", RULES, "scenario")])


def _answers(program, dug: int, explaining: bool) -> list:
    """Each question's answer and, explaining, the explanation records it wrote."""
    session = make_session(program)
    for unit in ("u1", "u2"):
        set_track(session, "unit", unit, "dug", dug)
    session.ctx.explaining = explaining
    out = []
    for name, a, b in ASKED:
        args = [session.ref("unit", x) if x in ("u1", "u2", "u3", "x1") else x
                for x in (a, b) if x is not None]
        session.ctx.trace.clear()
        value = session.program.call(name, session.ctx, *args)
        out.append((name, value, [_plain(r) for r in session.ctx.trace]))
    return out


def _plain(record: dict) -> dict:
    return {k: (tuple(str(a) for a in v) if k == "args" else v) for k, v in record.items()}


@pytest.mark.parametrize("dug", [0, 2])  # 0: switch_cost's first test answers it; 2: it does not
@pytest.mark.parametrize("explaining", [False, True])
def test_inlined_and_guarded_calls_answer_and_explain_as_framed_ones(monkeypatch, dug, explaining):
    inlined = _answers(_program(monkeypatch, framed=False), dug, explaining)
    framed = _answers(_program(monkeypatch, framed=True), dug, explaining)
    assert inlined == framed
    if explaining:  # every def call recorded, the inlined ones too
        records = [r["what"] for _, _, trace in inlined for r in trace]
        assert records.count("def doubled") >= 6 and "def quick" in records
        assert "def switch_cost" in records
    else:
        assert all(trace == [] for _, _, trace in inlined)


def test_which_defs_are_small(monkeypatch):
    program = _program(monkeypatch, framed=False)
    small = {name for name in ("crowded", "quick", "shifted", "counted", "doubled", "both",
                               "twice", "eager", "switch_cost", "asks_switch")
             if inline.is_small(program.decls[name])}
    # A quantifier (crowded, counted) or a call made whatever the first test
    # says (shifted, both, twice, eager, asks_switch: its callees' answers are
    # remembered) keeps the def's frame; calls behind a test are inlined.
    assert small == {"quick", "doubled", "switch_cost"}


def test_an_inlined_call_reads_its_own_slots(monkeypatch):
    """An argument worked out (``n + 1``) is put in a slot of the caller's own
    frame, and a quantifier's variable is read from its slot: the values are
    those of the framed calls for every Unit and bound."""
    program = _program(monkeypatch, framed=False)
    framed = _program(monkeypatch, framed=True)
    for n in range(0, 11):
        got = [make_session(p).value("counted", n) for p in (program, framed)]
        assert got[0] == got[1]
    assert make_session(program).value("counted", 5) == 3  # troop quality 6, 9 and the enemy's 6
