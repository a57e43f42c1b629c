"""Layers: series < exclusive < errata < optional < scenario.

A higher layer changes a lower layer's definition only with ``override`` (or
switches it off with ``remove``), and only as finely as the kind allows: table
rows by key, modifier terms by name, procedure steps by name, everything else
whole.  These tests run both on isolated rule files (the linker directly) and
on the real GTS rules with Crete-style exclusive overrides on top.
"""

from __future__ import annotations

import copy
import functools

import pytest

from conftest import ChebyshevGrid

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.errors import KsError, KsErrors
from kriegsspiel.core.players import ScriptedPlayer, Table
from kriegsspiel.dsl import ir
from kriegsspiel.dsl.link import LAYERS, RuleFile, link
from kriegsspiel.dsl.parser import parse_text
from kriegsspiel.dsl.program import Program
from kriegsspiel.dsl.runtime import Context
from kriegsspiel.engine.kernel import KERNEL_ATTRIBUTES, KERNEL_PRIMITIVES
from kriegsspiel.engine.rulebook import ExtraRules, build_program
from kriegsspiel.engine.session import Session


# ---- helpers ---------------------------------------------------------------------

def files(*layers_and_texts: tuple[str, str]) -> list[RuleFile]:
    return [RuleFile(f"{layer}{i}.ksr", layer, layer, parse_text(text, f"{layer}{i}.ksr"))
            for i, (layer, text) in enumerate(layers_and_texts)]


def linked(*layers_and_texts: tuple[str, str]):
    out, errors = link(files(*layers_and_texts))
    assert errors == [], [e.render() for e in errors]
    return out


def program(*layers_and_texts: tuple[str, str]) -> Program:
    return Program(linked(*layers_and_texts), dict(KERNEL_PRIMITIVES), KERNEL_ATTRIBUTES).build()


def link_errors(*layers_and_texts: tuple[str, str]) -> list[str]:
    _, errors = link(files(*layers_and_texts))
    return [e.message for e in errors]


@functools.lru_cache(maxsize=None)
def gts_with(*layers_and_texts: tuple[str, str]) -> Program:
    return build_program(["gts"], extra=[ExtraRules(f"{layer}{i}.ksr", text, layer)
                                         for i, (layer, text) in enumerate(layers_and_texts)])


Grid = ChebyshevGrid


FACE = {"steps": 2, "troop_quality": 6, "fire_rating": 3, "assault_rating": 4, "defense": 0,
        "movement": 4, "movement_class": "leg"}
CATALOG = {
    "side": {"allies": {"name": "Allies"}},
    "division": {"d1": {"side": "allies", "command_rating": 3, "dispatch_rating": 4}},
    "formation": {"f1": {"side": "allies", "division": "d1", "leader": "L1"}},
    "leader": {"L1": {"side": "allies", "division": "d1", "formation": "f1",
                      "command_range": 2}},
    "unit": {
        "u1": {"side": "allies", "division": "d1", "formation": "f1", "back_kind": "reduced",
               "faces": {"front": FACE, "back": {**FACE, "steps": 1, "troop_quality": 5}}},
        # A red Troop Quality Rating: an Auto-Command unit (crete:8.0).
        "red": {"side": "allies", "division": "d1", "formation": "f1", "back_kind": None,
                "faces": {"front": {**FACE, "steps": 1, "auto_command": True}}},
    },
}


def session_for(prog: Program, rolls=(), answers=()) -> Session:
    return Session(prog, copy.deepcopy(CATALOG), Dice(0, script=list(rolls)),
                   Table({"allies": ScriptedPlayer(list(answers))}), grid=Grid())


TABLE = """
table t(roll: 0..9) @gts:19.1 {
  0..4 -> 1
  5..9 -> 2
}
"""


# ---- the order of layers ----------------------------------------------------------

def test_layer_order():
    assert LAYERS == ("series", "exclusive", "errata", "optional", "scenario")


def test_the_highest_layer_wins_whatever_the_file_order():
    texts = [("scenario", "override const c = 5 @gts:1.0"),
             ("errata", "override const c = 3 @gts:1.0"),
             ("series", "const c = 1 @gts:1.0"),
             ("optional", "override const c = 4 @gts:1.0"),
             ("exclusive", "override const c = 2 @gts:1.0")]
    assert program(*texts).const("c") == 5
    for n in range(1, 5):  # drop the top layers one by one
        kept = sorted(texts, key=lambda t: LAYERS.index(t[0]))[:n]
        assert program(*kept).const("c") == n
    history = linked(*texts).history["c"]
    assert [d.layer for d in history] == list(LAYERS)


def test_an_override_below_the_original_is_an_error():
    """The errata define it; an exclusive-layer override comes first and has
    nothing to override."""
    messages = link_errors(("series", "const a = 1 @gts:1.0"),
                           ("errata", "const c = 1 @gts:1.0"),
                           ("exclusive", "override const c = 2 @gts:1.0"))
    assert messages == ["override of unknown const 'c'"]


def test_a_higher_layer_must_say_override():
    messages = link_errors(("series", "const c = 1 @gts:1.0"), ("optional", "const c = 2 @gts:1.0"))
    assert len(messages) == 1 and "a higher layer must say 'override const c'" in messages[0]


def test_override_in_the_same_layer_is_an_error():
    messages = link_errors(("exclusive", "const c = 1 @gts:1.0\noverride const c = 2 @gts:1.0"))
    assert messages == ["'c' overrides a definition of its own layer (exclusive); overrides "
                        "go in a higher layer"]


def test_unknown_layer():
    _, errors = link([RuleFile("x.ksr", "erata", "m", parse_text("const c = 1 @gts:1.0"))])
    assert errors[0].message == "unknown layer 'erata' for x.ksr"
    assert errors[0].hint == "did you mean 'errata'?"


# ---- consts, defs and other whole definitions ----------------------------------------

def test_override_replaces_a_const():
    """gts:10.0.3: the pre-night Dispatch Point bonus, changed by an errata file."""
    prog = gts_with(("errata", "override const pre_night_dispatch_bonus = 3 @gts:10.0.3"))
    assert prog.const("pre_night_dispatch_bonus") == 3
    assert gts_with().const("pre_night_dispatch_bonus") == 2


def test_override_replaces_a_def_and_its_users_see_it():
    prog = program(("series", "def f(x: int) = x + 1 @gts:1.0\ndef g(x: int) = f(x) * 10 @gts:1.0"),
                   ("exclusive", "override def f(x: int) = x + 2 @crete:8.0"))
    assert prog.call("g", None, 1) == 30
    assert [str(c) for c in prog.decls["f"].cites] == ["crete:8.0"]


def test_override_of_a_different_kind_is_an_error():
    assert link_errors(("series", "const c = 1 @gts:1.0"),
                       ("scenario", "override def c() = 2 @gts:1.0")) == ["'c' is a const, not a def"]


def test_remove_a_def_that_others_use_is_a_compile_error():
    with pytest.raises(KsErrors, match="unknown function 'f'"):
        program(("series", "def f(x: int) = x @gts:1.0\ndef g(x: int) = f(x) @gts:1.0"),
                ("scenario", "remove def f @gts:1.0"))


# ---- tables -------------------------------------------------------------------------

def test_override_replaces_a_row_with_the_same_keys():
    prog = program(("series", TABLE), ("exclusive", "override table t(roll: 0..9) @crete:2.1 {\n"
                                                    "  5..9 -> 3 @crete:2.1\n}"))
    assert [prog.lookup("t", r) for r in range(10)] == [1] * 5 + [3] * 5
    rows = prog.decls["t"].rows
    assert [(r.key_text, r.value, r.layer) for r in rows] == \
        [("0..4", 1, "series"), ("5..9", 3, "exclusive")]
    assert [str(c) for c in prog.decls["t"].cites] == ["gts:19.1", "crete:2.1"]


def test_override_adds_a_row():
    prog = program(("series", "table t(roll: 0..9) @gts:19.1 {\n  0..4 -> 1\n}"),
                   ("optional", "override table t(roll: 0..9) @gts:19.1 {\n  5..9 -> 2 @gts:19.1\n}"))
    assert [prog.lookup("t", r) for r in range(10)] == [1] * 5 + [2] * 5


def test_rows_of_a_higher_layer_win_over_overlapping_lower_rows():
    prog = program(("series", TABLE),
                   ("errata", "override table t(roll: 0..9) @gts:19.1 {\n  4..6 -> 7 @gts:19.1\n}"),
                   ("scenario", "override table t(roll: 0..9) @gts:19.1 {\n  6 -> 8 @gts:19.1\n}"))
    assert [prog.lookup("t", r) for r in range(10)] == [1, 1, 1, 1, 7, 7, 8, 2, 2, 2]
    ctx = Context(world=None, dice=None, decider=None)
    prog.compiled["t"].fn(ctx, 6)
    assert (ctx.trace[-1]["row"], ctx.trace[-1]["layer"]) == ("6", "scenario")


def test_overlapping_rows_are_only_an_error_within_one_layer():
    with pytest.raises(KsErrors, match="overlap"):
        program(("series", TABLE),
                ("errata", "override table t(roll: 0..9) @gts:19.1 {\n"
                           "  4..6 -> 7 @gts:19.1\n  6 -> 8 @gts:19.1\n}"))


def test_table_override_must_keep_the_dimensions():
    messages = link_errors(("series", TABLE),
                           ("scenario", "override table t(roll: 0..5) @gts:19.1 {\n  1 -> 3 @gts:19.1\n}"))
    assert messages == ["override of table 't' must keep its dimensions (roll: 0..9)"]


def test_table_override_rows_must_cite_their_rule():
    messages = link_errors(("series", TABLE),
                           ("scenario", "override table t(roll: 0..9) @gts:19.1 {\n  1 -> 3\n}"))
    assert messages == ["row '1' of an override of table 't' must cite the rule that changes it"]


def test_crete_style_table_row_override_in_build_program():
    """A table in a scenario-specific file overridden by an exclusive-rules file
    (crete:2.10 slopes) — the row replaced, the other rows untouched."""
    prog = gts_with(
        ("series", "enum slope { level up down } @gts:1.0\n"
                   "table slope_cost(s: slope) @gts:1.0 {\n  level -> 0\n  up -> 1\n  down -> 0\n}"),
        ("exclusive", "override table slope_cost(s: slope) @crete:2.10 {\n"
                      "  up -> 2 @crete:2.10\n}"))
    assert [prog.lookup("slope_cost", s) for s in ("level", "up", "down")] == [0, 2, 0]


# ---- modifiers ------------------------------------------------------------------------

AUTO_COMMAND = """
# crete:8.0: Auto-Command units "are always considered In Command".
override modifiers troop_quality(unit: unit) @crete:8.0 {
  out_of_command: -1 when not in_command(unit) and not unit.auto_command @crete:8.0
}
"""


def test_override_replaces_a_modifier_term():
    """gts:29.48 troop_quality; crete:8.0 replaces its out_of_command term."""
    prog = gts_with(("exclusive", AUTO_COMMAND))
    session = session_for(prog)  # nothing on the map: everyone Out of Command
    red, u1 = session.ref("unit", "red"), session.ref("unit", "u1")
    assert session.value("troop_quality", red) == 6
    tq = session.value("troop_quality", u1)
    assert tq == 5
    assert tq.terms == [{"name": "out_of_command", "amount": -1, "cites": ["crete:8.0"],
                         "layer": "exclusive"}]
    terms = prog.decls["troop_quality"].terms
    assert [t.name for t in terms] == ["out_of_command", "suppressed", "two_cohesion_hits",
                                       "step_loss_marker", "barrage", "improved_position",
                                       "entrenchment"]  # same place, same neighbours
    # Without the exclusive rules the series term applies to the red unit too.
    assert session_for(gts_with()).value("troop_quality", red) == 5


def test_override_removes_a_modifier_term():
    """gts:19.2.2: a scenario in which Suppression does not lower Troop Quality."""
    prog = gts_with(("scenario", "override modifiers troop_quality(unit: unit) @gts:19.2.2 {\n"
                                 "  remove suppressed @gts:19.2.2\n}"))
    session = session_for(prog)
    session.state.tracks["unit:red"] = {"suppressed": 1}
    assert session.value("troop_quality", session.ref("unit", "red")) == 5  # only Out of Command
    assert "suppressed" not in [t.name for t in prog.decls["troop_quality"].terms]


def test_override_adds_a_term_and_replaces_the_base():
    prog = program(("series", "modifiers m(x: int) base 10 @gts:1.0 {\n  a: -1 @gts:1.0\n}"),
                   ("optional", "override modifiers m(x: int) @gts:1.0 {\n  b: x @gts:1.0\n}"),
                   ("scenario", "override modifiers m(x: int) base 20 @gts:1.0 {\n}"))
    result = prog.call("m", None, 3)
    assert result == 20 - 1 + 3
    assert [(t["name"], t["layer"]) for t in result.terms] == [("a", "series"), ("b", "optional")]


def test_modifier_override_must_keep_the_parameters():
    messages = link_errors(("series", "modifiers m(x: int) @gts:1.0 {\n  a: 1 @gts:1.0\n}"),
                           ("scenario", "override modifiers m(y: int) @gts:1.0 {\n  a: 2 @gts:1.0\n}"))
    assert messages == ["override of modifiers 'm' must keep its parameters (x)"]


def test_remove_is_only_for_overrides():
    messages = link_errors(("series", "modifiers m(x: int) @gts:1.0 {\n  remove a @gts:1.0\n}"))
    assert messages == ["'remove a' only makes sense in an override"]


# ---- procedures ------------------------------------------------------------------------

PROC = """
procedure p() @gts:1.0 {
  step a @gts:1.0 { explain "a" }
  step b @gts:1.0 { explain "b" }
  step c @gts:1.0 { explain "c" }
}
"""


def steps_run(prog: Program) -> list[str]:
    ctx = Context(world=None, dice=None, decider=None)
    prog.call("p", ctx)
    return [r["text"] for r in ctx.trace if r["what"] == "note"]


@pytest.mark.parametrize("override, order", [
    ('step b @crete:3.1 { explain "B" }', ["a", "B", "c"]),
    ('step x before a @crete:3.1 { explain "x" }', ["x", "a", "b", "c"]),
    ('step x before c @crete:3.1 { explain "x" }', ["a", "b", "x", "c"]),
    ('step x after c @crete:3.1 { explain "x" }', ["a", "b", "c", "x"]),
    ('step x after a @crete:3.1 { explain "x" }', ["a", "x", "b", "c"]),
    ('step x @crete:3.1 { explain "x" }', ["a", "b", "c", "x"]),
    ("remove step b @crete:3.1", ["a", "c"]),
    ('step a after c @crete:3.1 { explain "A" }', ["b", "c", "A"]),
    ('remove step a @crete:3.1\nstep y before b @crete:3.1 { explain "y" }', ["y", "b", "c"]),
])
def test_procedure_step_overrides(override, order):
    prog = program(("series", PROC),
                   ("exclusive", f"override procedure p() @crete:3.1 {{\n  {override}\n}}"))
    assert steps_run(prog) == order


def test_replaced_step_keeps_its_layer_and_citation():
    prog = program(("series", PROC),
                   ("exclusive", 'override procedure p() @crete:3.1 {\n'
                                 '  step b @crete:3.1 { explain "B" }\n}'))
    ctx = Context(world=None, dice=None, decider=None)
    prog.call("p", ctx)
    records = [r for r in ctx.trace if r["what"] == "step"]
    assert [(r["step"], r["layer"], r["cites"]) for r in records] == \
        [("a", "series", ["gts:1.0"]), ("b", "exclusive", ["crete:3.1"]),
         ("c", "series", ["gts:1.0"])]


def test_step_placement_only_in_overrides():
    messages = link_errors(("series", 'procedure p() @gts:1.0 {\n'
                                      '  step a @gts:1.0 { stop }\n'
                                      '  step b before a @gts:1.0 { stop }\n}'))
    assert messages == ["step 'b': 'remove', 'before' and 'after' only make sense in an override"]


def test_real_procedure_step_inserted_and_removed():
    """gts:10.0.3: roll_division_points — an optional rule adds a point after the
    Command Point roll and a scenario drops the report step."""
    prog = gts_with(("optional", "override procedure roll_division_points(division: division)"
                                 " @gts:10.0.3 {\n"
                                 "  step bonus after command_points @gts:10.0.3 {\n"
                                 "    set division.cp += 1\n  }\n}"),
                    ("scenario", "override procedure roll_division_points(division: division)"
                                 " @gts:10.0.3 {\n  remove step report @gts:10.0.3\n}"))
    assert [s.name for s in prog.decls["roll_division_points"].steps] == \
        ["command_points", "bonus", "dispatch_points", "pre_night_bonus"]
    session = session_for(prog, rolls=[4, 5])
    d1 = session.ref("division", "d1")
    session.perform("roll_division_points", d1)
    assert session.attr(d1, "cp") == 3 + 2 + 1
    assert session.events("division_points_rolled") == []
    plain = session_for(gts_with(), rolls=[4, 5])
    plain.perform("roll_division_points", d1)
    assert plain.attr(d1, "cp") == 5 and len(plain.events("division_points_rolled")) == 1


# ---- triggers ---------------------------------------------------------------------------

def test_remove_trigger():
    """gts:16.3.1: without lose_contact_when_flipped a flip leaves radio contact."""
    prog = gts_with(("scenario", "remove trigger lose_contact_when_flipped @gts:16.3.1"))
    assert "lose_contact_when_flipped" not in prog.decls
    session = session_for(prog)
    u1 = session.ref("unit", "u1")
    session.state.tracks["unit:u1"] = {"in_contact": 1}
    session.perform("apply_result", u1, "1")  # a Step Loss: the counter is flipped
    assert session.attr(u1, "face") == "back" and session.attr(u1, "in_contact") == 1
    with_trigger = session_for(gts_with())
    with_trigger.state.tracks["unit:u1"] = {"in_contact": 1}
    with_trigger.perform("apply_result", u1, "1")
    assert with_trigger.attr(u1, "in_contact") == 0


def test_override_replaces_a_trigger():
    """gts:16.3.1: a variant in which a flip only ends contact for a unit with
    two Cohesion Hits."""
    prog = gts_with(("optional", "override trigger lose_contact_when_flipped on unit_flipped(unit)\n"
                                 "    when unit.in_contact > 0 and unit.cohesion_hits == 2"
                                 " @gts:16.3.1 {\n  set unit.in_contact = 0\n}"))
    assert len(prog.triggers["unit_flipped"]) == 1
    session = session_for(prog)
    u1 = session.ref("unit", "u1")
    session.state.tracks["unit:u1"] = {"in_contact": 1}
    session.perform("apply_result", u1, "1")
    assert session.attr(u1, "in_contact") == 1
    session.state.tracks["unit:u1"].update({"cohesion_hits": 2})
    session.perform("apply_result", u1, "1")  # one step left: eliminated, no flip
    assert session.attr(u1, "eliminated")


@pytest.mark.parametrize("kind", ["marker", "track"])
def test_remove_a_marker_by_either_name(kind):
    """gts:20.0: a house rule's marker, switched off again by a scenario."""
    prog = gts_with(("optional", "marker house_rallying on unit @gts:20.0"),
                    ("scenario", f"remove {kind} house_rallying @gts:20.0"))
    assert "house_rallying" not in prog.tracks and "men_rallying" in prog.tracks


def test_remove_trigger_of_the_wrong_kind():
    messages = link_errors(("series", "const t = 1 @gts:1.0"),
                           ("scenario", "remove trigger t @gts:1.0"))
    assert messages == ["cannot remove trigger 't': no such trigger in a lower layer"]


# ---- merges never change the parsed files ------------------------------------------------

def _snapshot(decls: list[ir.Decl]) -> str:
    return repr([(d.name, getattr(d, "rows", None), getattr(d, "terms", None),
                  getattr(d, "steps", None), getattr(d, "cites", None)) for d in decls])


def test_link_does_not_mutate_the_lower_layer_ir():
    base = parse_text(TABLE + PROC + "modifiers m(x: int) @gts:1.0 {\n  a: 1 @gts:1.0\n}\n",
                      "series.ksr")
    over = parse_text("override table t(roll: 0..9) @gts:1.0 {\n  0..4 -> 9 @gts:1.0\n}\n"
                      "override procedure p() @gts:1.0 {\n  remove step a @gts:1.0\n"
                      "  step z before b @gts:1.0 { stop }\n}\n"
                      "override modifiers m(x: int) @gts:1.0 {\n  remove a @gts:1.0\n}\n",
                      "scenario.ksr")
    before = _snapshot(base)
    merged, errors = link([RuleFile("series.ksr", "series", "g", base),
                           RuleFile("scenario.ksr", "scenario", "s", over)])
    assert errors == []
    assert merged.decls["t"].rows[0].value == 9 and merged.decls["m"].terms == []
    assert _snapshot(base) == before
    alone, _ = link([RuleFile("series.ksr", "series", "g", base)])
    assert alone.decls["t"].rows[0].value == 1
    assert [s.name for s in alone.decls["p"].steps] == ["a", "b", "c"]
    assert [t.name for t in alone.decls["m"].terms] == ["a"]


def test_a_program_with_an_override_leaves_later_programs_unaffected():
    """gts:29.48 / crete:8.0: building with the Auto-Command override, then
    without it, gives the series troop_quality back (parses are cached and shared)."""
    with_override = build_program(["gts"], extra=[ExtraRules("crete.ksr", AUTO_COMMAND, "exclusive")])
    without = build_program(["gts"])
    over_term = with_override.decls["troop_quality"].terms[0]
    base_term = without.decls["troop_quality"].terms[0]
    assert (over_term.layer, [str(c) for c in over_term.cites]) == ("exclusive", ["crete:8.0"])
    assert (base_term.layer, [str(c) for c in base_term.cites]) == \
        ("series", ["gts:21.7", "gts:29.39"])
    assert [str(c) for c in without.decls["troop_quality"].cites] == ["gts:29.48"]
    red = session_for(without).ref("unit", "red")
    assert session_for(without).value("troop_quality", red) == 5
    assert session_for(with_override).value("troop_quality", red) == 6


def test_parsed_declarations_are_handed_out_fresh():
    """Two builds share cached parses; the linker's layer stamps stay per build."""
    first = build_program(["gts"], extra=[ExtraRules("x.ksr", "const extra_c = 1 @gts:1.0",
                                                     "optional")])
    second = build_program(["gts"], extra=[ExtraRules("x.ksr", "const extra_c = 1 @gts:1.0",
                                                      "scenario")])
    assert first.decls["extra_c"].layer == "optional"
    assert second.decls["extra_c"].layer == "scenario"
    assert first.decls["extra_c"] is not second.decls["extra_c"]


def test_errors_in_several_layers_are_all_reported():
    with pytest.raises(KsErrors) as caught:
        gts_with(("exclusive", "override const no_such_const = 1 @crete:8.0"),
                 ("scenario", "override modifiers troop_quality(unit: unit) @gts:29.48 {\n"
                              "  remove no_such_term @gts:29.48\n}"))
    messages = [e.message for e in caught.value.errors]
    assert "override of unknown const 'no_such_const'" in messages
    assert any("cannot remove term 'no_such_term'" in m for m in messages)
    assert all(isinstance(e, KsError) and e.location is not None for e in caught.value.errors)
