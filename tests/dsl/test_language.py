"""Semantics of the rule language: what compiled rules compute and do.

Pure expressions are checked on small isolated programs (parse → link →
Program); everything that touches a game runs through ``build_program`` on
top of the real GTS rules (modules/gts/rules/*.ksr) and a ``Session`` over a
small hand-made catalog.
"""

from __future__ import annotations

import copy
import functools
import json
from fractions import Fraction

import pytest

from conftest import ChebyshevGrid

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import ScriptedPlayer, Table
from kriegsspiel.dsl.link import RuleFile, link
from kriegsspiel.dsl.parser import parse_text
from kriegsspiel.dsl.program import Program
from kriegsspiel.dsl.runtime import CheckResult, Context, Explained, RuleRuntimeError
from kriegsspiel.engine.kernel import KERNEL_ATTRIBUTES, KERNEL_PRIMITIVES
from kriegsspiel.engine.rulebook import ExtraRules, build_program
from kriegsspiel.engine.session import Session


# ---- helpers ---------------------------------------------------------------------

def isolated(text: str) -> Program:
    """A program of *text* alone (no GTS rules, no citation check)."""
    linked, errors = link([RuleFile("t.ksr", "series", "test", parse_text(text, "t.ksr"))])
    assert errors == []
    return Program(linked, dict(KERNEL_PRIMITIVES), KERNEL_ATTRIBUTES).build()


def value_of(expr: str):
    return isolated(f"const x = {expr} @gts:1.0\n").const("x")


@functools.lru_cache(maxsize=None)
def gts_with(text: str = "") -> Program:
    """The GTS series rules plus *text* as a scenario-layer file."""
    extra = [ExtraRules("test.ksr", text, "scenario")] if text else []
    return build_program(["gts"], extra=extra)


Grid = ChebyshevGrid


FACE = {"steps": 2, "troop_quality": 6, "fire_rating": 3, "assault_rating": 4, "defense": 0,
        "movement": 4, "movement_class": "leg", "armored": False}

CATALOG = {
    "side": {"allies": {"name": "Allies"}, "axis": {"name": "Axis"}},
    "division": {"d1": {"name": "1st", "side": "allies", "command_rating": 3,
                        "dispatch_rating": 4},
                 "d2": {"name": "2nd", "side": "axis", "command_rating": 2,
                        "dispatch_rating": None}},
    "formation": {"f1": {"name": "1st Bn", "side": "allies", "division": "d1", "leader": "L1"},
                  "f2": {"name": "2nd Bn", "side": "axis", "division": "d2"}},
    "leader": {"L1": {"name": "Maj One", "side": "allies", "division": "d1", "formation": "f1",
                      "command_range": 2, "attachment_rating": 1}},
    "unit": {
        "u1": {"name": "A Coy", "side": "allies", "division": "d1", "formation": "f1",
               "back_kind": "reduced",
               "faces": {"front": FACE, "back": {**FACE, "steps": 1, "troop_quality": 5}}},
        "u2": {"name": "B Coy", "side": "allies", "division": "d1", "formation": "f1",
               "back_kind": "reduced",
               "faces": {"front": {**FACE, "troop_quality": 9},
                         "back": {**FACE, "steps": 1, "troop_quality": 8}}},
        "u3": {"name": "C Coy", "side": "allies", "division": "d1", "formation": "f1",
               "back_kind": None, "faces": {"front": {**FACE, "steps": 1, "troop_quality": 0}}},
        "x1": {"name": "Kp 1", "side": "axis", "division": "d2", "formation": "f2",
               "back_kind": None, "faces": {"front": FACE}},
    },
}


def make_session(program: Program | None = None, rolls=None, allies=(), axis=(),
                 placed=True) -> Session:
    players = Table({"allies": ScriptedPlayer(list(allies)), "axis": ScriptedPlayer(list(axis))})
    dice = Dice(0, script=list(rolls) if rolls is not None else [])
    session = Session(program or gts_with(), copy.deepcopy(CATALOG), dice, players, grid=Grid())
    if placed:  # u1, u2 and their leader together: In Command (gts:21.4)
        session.place("u1", "05.05")
        session.place("u2", "05.06")
        session.place("L1", "05.04", kind="leader")
    return session


def set_track(session: Session, kind: str, ident: str, track: str, value: int) -> None:
    session.state.tracks.setdefault(f"{kind}:{ident}", {})[track] = value


# ---- arithmetic and built-ins ----------------------------------------------------------

@pytest.mark.parametrize("expr, expected", [
    ("2 + 3 * 4", 14),
    ("(2 + 3) * 4", 20),
    ("10 - 2 - 3", 5),
    ("7 % 3", 1),
    ("-2 * 3", -6),
    ("2 - -3", 5),
    ("floor(7 / 2)", 3),
    ("ceil(7 / 2)", 4),
    ("floor(-7 / 2)", -4),
    ("ceil(-7 / 2)", -3),
    ("half(7)", 3),
    ("half(9)", 4),
    ("half(0)", 0),
    ("half(-3)", -2),
    ("min(3, 1, 2)", 1),
    ("max(3, 1, 2)", 3),
    ("min([4, 9, 2])", 2),
    ("max([4, 9, 2])", 9),
    ("abs(-4)", 4),
    ("abs(4)", 4),
    ("clamp(12, 0, 9)", 9),
    ("clamp(-1, 0, 9)", 0),
    ("clamp(5, 0, 9)", 5),
    ("len([1, 2, 3])", 3),
    ("len([])", 0),
])
def test_arithmetic_and_builtins(expr, expected):
    result = value_of(expr)
    assert result == expected
    assert type(result) in (int, Fraction)


def test_division_is_exact():
    """'/' never rounds: it gives a fraction, and rounding is written out."""
    assert value_of("7 / 2") == Fraction(7, 2)
    assert isinstance(value_of("7 / 2"), Fraction)
    assert value_of("6 / 4 == 3 / 2") is True
    assert value_of("1 / 3 + 1 / 3 + 1 / 3 == 1") is True
    assert value_of("7 / 2 * 2") == 7


def test_types_of_arithmetic():
    p = isolated("const a = 1 + 2 @gts:1.0\nconst b = 1 / 2 @gts:1.0\nconst c = 1 / 2 + 1 @gts:1.0\n"
                 "const d = floor(1 / 2) @gts:1.0\nconst e = 1 < 2 @gts:1.0\n")
    assert {n: p.compiled[n].type for n in "abcde"} == \
        {"a": "int", "b": "num", "c": "num", "d": "int", "e": "bool"}


def test_half_is_gts_half_the_die_roll_rounded_down():
    """gts:10.0.3: "add half the die roll (rounding down)"."""
    assert [value_of(f"half({r})") for r in range(10)] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]


def test_division_by_zero_at_run_time_is_a_located_error():
    p = isolated("def f(x: int) = 10 / x @gts:1.0\n")
    assert p.call("f", None, 4) == Fraction(5, 2)
    with pytest.raises(RuleRuntimeError, match="divided by zero") as caught:
        p.call("f", None, 0)
    assert (caught.value.location.line, caught.value.location.column) == (1, 20)


# ---- comparisons and logic ---------------------------------------------------------

@pytest.mark.parametrize("expr, expected", [
    ("1 < 2", True), ("2 < 2", False), ("2 <= 2", True), ("3 > 4", False),
    ("3 >= 3", True), ("1 == 1", True), ("1 != 1", False), ('"S?" == "S?"', True),
    ('"S" != "S?"', True), ("none == none", True), ("1 == none", False),
    ("true and false", False), ("true and true", True), ("false or true", True),
    ("false or false", False), ("not true", False), ("not not true", True),
    ("not 1 == 2", True),                       # 'not' binds looser than '=='
    ("1 + 2 == 3 and not false", True),
    ("true or false and false", True),          # 'and' binds tighter than 'or'
    ("(true or false) and false", False),
    ("3 in [1, 2, 3]", True), ("4 in [1, 2, 3]", False), ('"C" in ["S", "C"]', True),
    ("1 + 1 in [2]", True),
])
def test_comparisons_and_logic(expr, expected):
    assert value_of(expr) is expected


def test_and_or_short_circuit():
    """The right side is not evaluated when the left decides: no division by zero."""
    assert value_of("true or 1 / 0 == 1") is True
    assert value_of("false and 1 / 0 == 1") is False
    with pytest.raises(KsError, match="divided by zero"):  # consts run when built
        value_of("false or 1 / 0 == 1")


def test_ternary():
    assert value_of("if 1 > 2 then 10 else 20") == 20
    assert value_of("if 2 > 1 then 10 else 20") == 10
    # The else branch extends as far as it can; the then branch is one or_expr.
    assert value_of("if 1 > 2 then 10 else 20 + 1") == 21
    assert value_of("if 2 > 1 then 10 else 20 + 1") == 10
    assert value_of("if false then 1 else if true then 2 else 3") == 2
    # Only the branch taken is evaluated.
    assert value_of("if true then 1 else 1 / 0") == 1


def test_enum_members_and_membership():
    p = isolated("enum weather { clear rain storm } @gts:1.0\n"
                 "const a = rain in weather @gts:1.0\n"
                 "const b = weather.storm @gts:1.0\n"
                 "const c = weather @gts:1.0\n"
                 "const d = clear == weather.clear @gts:1.0\n")
    assert p.const("a") is True
    assert p.const("b") == "storm"
    assert p.const("c") == ["clear", "rain", "storm"]
    assert p.const("d") is True


def test_a_member_of_two_enums_must_be_qualified():
    with pytest.raises(KsError, match="member of several enums"):
        isolated("enum a { x y } @gts:1.0\nenum b { y z } @gts:1.0\nconst c = y @gts:1.0\n")
    p = isolated("enum a { x y } @gts:1.0\nenum b { y z } @gts:1.0\nconst c = b.y @gts:1.0\n")
    assert p.const("c") == "y"


# ---- quantifiers -------------------------------------------------------------------

@pytest.mark.parametrize("expr, expected", [
    ("any x in [1, 2, 3]: x > 2", True),
    ("any x in [1, 2, 3]: x > 3", False),
    ("all x in [1, 2, 3]: x > 0", True),
    ("all x in [1, 2, 3]: x > 1", False),
    ("count x in [1, 2, 3]: x >= 2", 2),
    ("sum x in [1, 2, 3]: x * x", 14),
    ("any x in []: true", False),
    ("all x in []: false", True),
    ("count x in []: true", 0),
    ("sum x in []: x", 0),
    ("sum x in [1, 2]: sum y in [10, 20]: x * y", 90),
    ("count x in [1, 2, 3, 4]: x % 2 == 0 and x > 2", 1),
    ("sum x in [1, 2]: x / 4", Fraction(3, 4)),
    ("distinct x in [3, 1, 3, 2, 1]: x", [3, 1, 2]),
    ("distinct x in [1, 2, 3, 4]: x % 2", [1, 0]),
    ("distinct x in []: x", []),
    ("distinct x in [1, 2]: [x % 1]", [[0]]),
])
def test_quantifiers(expr, expected):
    assert value_of(expr) == expected


def test_distinct_lists_each_value_once_where_it_first_came():
    """What gts:14.1's enemy entry hexes are made of: the entry hexes of many
    Units, each hex once, in the order of the Units."""
    program = gts_with(
        "def formation_hexes(f: formation) = distinct u in units_of(f): u.hex @gts:14.1\n")
    session = make_session(program)  # u1 at 05.05, u2 at 05.06, u3 off the map
    f1 = session.ref("formation", "f1")
    assert session.value("formation_hexes", f1) == ["05.05", "05.06", None]
    session.place("u3", "05.05")  # stacked with u1: its hex is listed once
    assert session.value("formation_hexes", f1) == ["05.05", "05.06"]


def test_quantifier_over_units_of_a_formation():
    """gts:21.4: a Leader covers the Units of his Formation within his Command Range."""
    program = gts_with(
        "def units_in_command(f: formation) = count u in units_of(f): in_command(u) @gts:21.4\n"
        "def all_in_command(f: formation) = all u in units_of(f): in_command(u) @gts:21.4\n")
    session = make_session(program)
    f1 = session.ref("formation", "f1")
    assert session.value("units_in_command", f1) == 2  # u3 is not on the map
    assert session.value("all_in_command", f1) is False
    session.place("u3", "06.04")
    assert session.value("units_in_command", f1) == 3
    assert session.value("all_in_command", f1) is True


# ---- attributes and linked entities --------------------------------------------------

ATTRS = """
def tq(unit: unit) = unit.troop_quality @gts:29.48
def division_rating(unit: unit) = unit.division.command_rating @gts:10.0.3
def division_cp(unit: unit) = unit.division.cp @gts:10.0.3
def leader_range(unit: unit) = unit.formation.leader.command_range @gts:21.4
def leader_division(leader: leader) = leader.division.name @gts:21.4
def side_name(unit: unit) = unit.division.side.name @gts:2.0
"""


def test_attributes_of_units_and_linked_entities():
    """gts:29.48, gts:10.0.3, gts:21.4: values printed on counters, division
    ratings and points, leaders — reached through the links of the catalog."""
    session = make_session(gts_with(ATTRS))
    u1, leader = session.ref("unit", "u1"), session.ref("leader", "L1")
    assert session.value("tq", u1) == 6
    assert session.value("division_rating", u1) == 3
    assert session.value("division_cp", u1) == 0  # a declared track reads 0 until set
    set_track(session, "division", "d1", "cp", 7)
    assert session.value("division_cp", u1) == 7
    assert session.value("leader_range", u1) == 2
    assert session.value("leader_division", leader) == "1st"
    assert session.value("side_name", u1) == "Allies"


def test_attributes_follow_the_face_that_is_up():
    """gts:19.2.4: a reduced Unit is flipped and uses the values on its back."""
    program = gts_with(ATTRS + "procedure turn_over(unit: unit) @gts:19.2.4 {\n"
                       "  step flip @gts:19.2.4 { do flip(unit) }\n}\n")
    session = make_session(program)
    u1 = session.ref("unit", "u1")
    session.perform("turn_over", u1)
    assert session.attr(u1, "face") == "back"
    assert session.value("tq", u1) == 5
    assert session.value("current_steps", u1) == 1


def test_attribute_of_none_is_a_runtime_error():
    """gts:21.4: formation f2 has no Leader."""
    session = make_session(gts_with(ATTRS))
    with pytest.raises(RuleRuntimeError, match="'command_range' of nothing"):
        session.value("leader_range", session.ref("unit", "x1"))


# A link kept on several kinds alike: a higher layer re-declares GTS's unit
# Formation link so that a leader's may change too (docs/dsl.md, `link`).
SHARED_LINK = """
override link formation on unit, leader to formation @gts:24.1
procedure regroup(leader: leader, unit: unit, formation: formation) @gts:21.2 {
  step regroup @gts:21.2 { set leader.formation = formation  set unit.formation = formation }
}
def leader_formation(leader: leader) = leader.formation.name @gts:21.2
"""


def test_a_link_kept_on_several_kinds():
    """gts:24.1, gts:21.2: one link, on units and leaders alike; each reads its
    catalog value until set, then the linked one."""
    session = make_session(gts_with(SHARED_LINK))
    leader, u1 = session.ref("leader", "L1"), session.ref("unit", "u1")
    assert session.value("leader_formation", leader) == "1st Bn"
    session.perform("regroup", leader, u1, session.ref("formation", "f2"))
    assert session.value("leader_formation", leader) == "2nd Bn"
    assert session.attr(u1, "formation") == session.ref("formation", "f2")
    assert [e.data["entity"] for e in session.events("link_changed")] == ["leader:L1", "unit:u1"]


def test_a_link_set_on_a_kind_it_is_not_kept_on_is_an_error():
    """gts:24.1: the series' Formation link is kept on units only."""
    text = ("procedure regroup(leader: leader, formation: formation) @gts:21.2 {\n"
            "  step regroup @gts:21.2 { set leader.formation = formation }\n}\n")
    with pytest.raises(KsError, match="'formation' is kept on a unit, but this is a leader"):
        gts_with(text).procedure("regroup")


def test_a_constant_the_books_do_not_print_is_marked_provisional():
    """A value the books do not print says so, as a table does; ks check lists it."""
    program = gts_with("const made_up = 3 @gts:10.0.3 provisional\n"
                       "def twice_made_up() = 2 * made_up @gts:10.0.3\n")
    assert program.decls["made_up"].provenance == "provisional"
    assert program.decls["command_points_per_dispatch_point"].provenance is None
    assert make_session(program).value("twice_made_up") == 6


def test_a_link_kept_on_one_kind_twice_is_an_error():
    """A link names each kind it is kept on once."""
    with pytest.raises(KsError, match="link 'formation' is kept on 'unit' twice"):
        gts_with("override link formation on unit, leader, unit to formation @gts:24.1\n")


def test_missing_rating_never_satisfies_an_inequality():
    """gts:10.0.3: a Division without a Dispatch Rating never gains by the rating."""
    session = make_session()
    d2 = session.ref("division", "d2")
    result = session.value("dispatch_points_gained", d2, 3)
    assert result == 0 and result.terms == []


# ---- tables ---------------------------------------------------------------------------

TABLE = """
enum weather { clear rain snow } @gts:3.0
table effect(roll: 0..9, weather: weather) @gts:19.1 {
  0..3, clear -> 1
  0..3, rain -> "S?" @gts:19.2.1
  0..3, snow -> none
  4..8, _ -> 2
  9, _ -> -1
}
table gappy(roll: 0..9) @gts:19.1 provisional {
  0..3 -> 1
}
def effect_of(roll: int, w) = effect[roll, w] @gts:19.1
"""


@pytest.mark.parametrize("roll, weather, expected", [
    (0, "clear", 1), (3, "clear", 1), (2, "rain", "S?"), (1, "snow", None),
    (4, "clear", 2), (8, "snow", 2), (9, "rain", -1),
])
def test_table_lookup_with_ranges_and_wildcards(roll, weather, expected):
    p = isolated(TABLE)
    assert p.lookup("effect", roll, weather) == expected
    assert p.call("effect_of", None, roll, weather) == expected


def test_table_lookup_explains_the_row():
    p = isolated(TABLE)
    assert p.lookup("effect", 2, "rain") == "S?"  # unexplained first: its value is kept...
    ctx = Context(world=None, dice=None, decider=None)
    p.call("effect_of", ctx, 2, "rain")           # ...and an explained look-up still says why
    row = next(r for r in ctx.trace if r["what"] == "table effect")
    assert row == {"what": "table effect", "keys": [2, "rain"], "row": "0..3, rain",
                   "value": "S?", "layer": "series", "cites": ["gts:19.2.1"],
                   "provenance": None}
    p.call("effect_of", ctx, 5, "rain")  # a row without its own citation cites the table
    assert ctx.trace[-2]["cites"] == ["gts:19.1"] and ctx.trace[-2]["row"] == "4..8, _"


def test_no_matching_row_is_a_located_runtime_error():
    p = isolated(TABLE)
    assert p.lookup("gappy", 2) == 1
    with pytest.raises(RuleRuntimeError, match=r"no row of table 'gappy' matches \(5\)") as caught:
        p.lookup("gappy", 5)
    assert caught.value.location.line == 10


def test_table_provenance_is_explained():
    p = isolated(TABLE)
    ctx = Context(world=None, dice=None, decider=None)
    p.compiled["gappy"].fn(ctx, 1)
    assert ctx.trace[-1]["provenance"] == "provisional"


# ---- modifiers ----------------------------------------------------------------------

def test_modifiers_give_an_explained_int():
    """gts:29.48: Troop Quality is modified by Out of Command, Suppression, two
    Cohesion Hits and a Step Loss marker; each applied term says why."""
    session = make_session(placed=False)  # off the map: Out of Command (gts:21.7#2)
    u1 = session.ref("unit", "u1")
    set_track(session, "unit", "u1", "suppressed", 1)
    set_track(session, "unit", "u1", "cohesion_hits", 2)
    tq = session.value("troop_quality", u1)
    assert isinstance(tq, Explained) and isinstance(tq, int)
    assert tq == 6 - 1 - 1 - 1
    assert tq.base == 6
    assert [(t["name"], t["amount"]) for t in tq.terms] == \
        [("out_of_command", -1), ("suppressed", -1), ("two_cohesion_hits", -1)]
    assert tq.terms[0]["cites"] == ["gts:21.7", "gts:29.39"]
    assert tq.terms[1]["cites"] == ["gts:19.2.2"]
    assert all(t["layer"] == "series" for t in tq.terms)
    assert tq.explain() == {"what": "modifiers troop_quality", "value": 3, "base": 6,
                            "terms": tq.terms}


def test_modifiers_that_stack():
    """gts:10.0.3: the Dispatch Point results stack (zero, within the rating,
    below the current points)."""
    session = make_session()
    d1 = session.ref("division", "d1")
    set_track(session, "division", "d1", "dp", 2)
    gained = session.value("dispatch_points_gained", d1, 0)
    assert gained == 3
    assert gained.base is None
    assert [t["name"] for t in gained.terms] == ["zero", "within_rating", "below_current"]
    assert session.value("dispatch_points_gained", d1, 9) == -1


def test_terms_worth_nothing_are_left_out():
    p = isolated("modifiers m(x: int) base 10 @gts:1.0 {\n"
                 "  a: x @gts:1.0\n  b: 2 when x > 5 @gts:1.0\n  c: -1 @gts:1.0\n}\n")
    zero = p.call("m", None, 0)
    assert zero == 9 and [t["name"] for t in zero.terms] == ["c"]
    six = p.call("m", None, 6)
    assert six == 17 and [t["name"] for t in six.terms] == ["a", "b", "c"]


def test_modifiers_are_written_to_the_trace():
    """gts:19.2.3: one Cohesion Hit costs one Fire Rating point."""
    session = make_session()
    set_track(session, "unit", "u1", "cohesion_hits", 1)
    session.ctx.trace.clear()
    unit = session.ref("unit", "u1")
    rating = session.program.call("fire_rating_after_results", session.ctx, unit)
    assert rating == 2
    assert session.ctx.trace[-1] == rating.explain()
    assert rating.terms[0]["cites"] == ["gts:19.2.3"]
    # Session.value keeps the explanation on the value and leaves nothing pending
    # to be attached to the next, unrelated state change.
    session.ctx.trace.clear()
    assert session.value("fire_rating_after_results", unit).explain() == rating.explain()
    assert session.ctx.trace == []


# ---- checks -----------------------------------------------------------------------------

@pytest.mark.parametrize("roll, passed", [(0, True), (3, True), (6, True), (7, False), (9, False)])
def test_check_passes_on_a_roll_equal_to_or_under_the_target(roll, passed):
    """gts:29.47: pass on a roll equal to or less than the Troop Quality Rating (6)."""
    session = make_session(rolls=[roll])
    result = session.perform("tq_check", session.ref("unit", "u1"))
    assert isinstance(result, CheckResult)
    assert (result.passed, result.roll, result.target, result.bought) == (passed, roll, 6, False)
    assert bool(result) is passed


def test_zero_always_passes_whatever_the_target():
    """gts:29.47: "a zero always succeeds" — even against a target of -1 (TQ 0,
    Out of Command)."""
    session = make_session(rolls=[0, 1], placed=False)
    u3 = session.ref("unit", "u3")
    assert session.value("troop_quality", u3) == -1
    zero = session.perform("tq_check", u3)
    assert zero.passed and zero.reason == "a 0 always passes"
    assert not session.perform("tq_check", u3).passed


def test_nine_always_fails_whatever_the_target():
    """gts:29.47: "a nine always fails" — even with Troop Quality 9."""
    session = make_session(rolls=[9, 8])
    u2 = session.ref("unit", "u2")
    nine = session.perform("tq_check", u2)
    assert not nine.passed and nine.target == 9 and nine.reason == "a 9 always fails"
    assert session.perform("tq_check", u2).passed


def test_buying_a_check_spends_a_point_and_never_rolls():
    """gts:29.47: an In Command Unit may spend a Command Point instead of rolling."""
    session = make_session(rolls=[9], allies=[("buy:tq_check", True)])
    u1, d1 = session.ref("unit", "u1"), session.ref("division", "d1")
    set_track(session, "division", "d1", "cp", 2)
    result = session.perform("tq_check", u1)
    assert (result.passed, result.bought, result.roll) == (True, True, None)
    assert session.attr(d1, "cp") == 1
    assert session.dice.count == 0 and session.dice.remaining() == [9]
    asked = session.players.players["allies"].asked
    assert [d.key for d in asked] == ["buy:tq_check"] and asked[0].subject == u1
    spend = session.events("track_changed")[-1]
    assert spend.data == {"entity": "division:d1", "track": "cp", "old": 2, "new": 1}
    # The spend is explained by the check it bought (and what the check computed).
    bought = [c for c in spend.cause if c["what"] == "check tq_check"]
    assert bought and bought[0]["bought"] is True and bought[0]["cites"] == ["gts:29.47"]
    decision = session.events("decision")[-1]
    assert decision.data["key"] == "buy:tq_check" and decision.data["answer"] is True


def test_declining_to_buy_rolls_and_keeps_the_point():
    """gts:29.47: the player may decline and roll; never roll and then pay."""
    session = make_session(rolls=[7], allies=[("buy:tq_check", False)])
    u1, d1 = session.ref("unit", "u1"), session.ref("division", "d1")
    set_track(session, "division", "d1", "cp", 2)
    result = session.perform("tq_check", u1)
    assert (result.passed, result.bought, result.roll) == (False, False, 7)
    assert session.attr(d1, "cp") == 2
    assert len(session.players.players["allies"].asked) == 1  # asked once, before the roll


def test_no_purchase_offered_out_of_command():
    """gts:29.47: only an In Command Unit may spend a Command Point."""
    session = make_session(rolls=[4], placed=False)
    set_track(session, "division", "d1", "cp", 5)
    result = session.perform("tq_check", session.ref("unit", "u1"))
    assert result.roll == 4 and result.passed and not result.bought
    assert session.players.players["allies"].asked == []
    assert session.attr(session.ref("division", "d1"), "cp") == 5


def test_no_purchase_offered_with_an_empty_pool():
    """gts:29.47: no Command Point left, nothing to spend."""
    session = make_session(rolls=[4])
    result = session.perform("tq_check", session.ref("unit", "u1"))
    assert result.roll == 4 and not result.bought
    assert session.players.players["allies"].asked == []


def test_a_check_without_buy_with_is_never_bought():
    """gts:29.19: no Command Point may buy the Company Bonus check."""
    session = make_session(rolls=[8])
    set_track(session, "division", "d1", "cp", 5)
    result = session.perform("unbought_tq_check", session.ref("unit", "u1"))
    assert result.roll == 8 and not result.passed
    assert session.players.players["allies"].asked == []


def test_check_fields_die_and_buy_cost():
    program = gts_with("""
check d6_check(unit: unit) @gts:29.47 {
  target: 3
  die: d6
  always_pass: none
  buy_with: unit.division.cp
  buy_cost: 2
}
""")
    session = make_session(program, rolls=[4], allies=[True])
    u1 = session.ref("unit", "u1")
    set_track(session, "division", "d1", "cp", 1)  # one point: not enough to buy
    result = session.perform("d6_check", u1)
    assert (result.roll, result.passed) == (4, False)
    assert session.players.players["allies"].asked == []
    set_track(session, "division", "d1", "cp", 3)
    assert session.perform("d6_check", u1).bought
    assert session.attr(session.ref("division", "d1"), "cp") == 1
    with pytest.raises(KsError, match="not a d6 result"):  # a d6 reads 1-6
        make_session(program, rolls=[0]).perform("d6_check", u1)


# ---- procedures --------------------------------------------------------------------------

PROCS = """
marker tally on unit 0..5 @gts:19.2
marker other on unit @gts:19.2
event tallied(unit, value) @gts:19.2

procedure count_up(unit: unit, n: int) @gts:19.2 {
  step first @gts:19.2 {
    let twice = n * 2
    set unit.tally += twice
  }
  step second @gts:19.2 {
    if unit.tally >= 5 {
      emit tallied(unit = unit, value = unit.tally)
      stop
    } elif unit.tally >= 2 {
      set unit.tally -= 1
    } else {
      set unit.tally = 0
    }
    return unit.tally
  }
  step never @gts:19.2 { set unit.tally = 4 }
}

procedure outer(unit: unit) @gts:19.2 {
  step call @gts:19.2 {
    let got = count_up(unit, 1)
    set unit.other = got + 10
    run count_up(unit, 0)
  }
}

procedure drain(unit: unit, n: int) @gts:19.2 {
  step go @gts:19.2 { set unit.tally -= n }
}

procedure loop(unit: unit) @gts:19.2 {
  step over_list @gts:19.2 {
    for x in [1, 2, 3] { set unit.other += x }
  }
  step over_units @gts:19.2 {
    for u in units_of(unit.formation) {
      if u != unit { set u.tally += 1 }
    }
  }
  step note @gts:19.2 { explain "loops done" }
}
"""


def test_let_set_clamps_to_the_track_range_and_stop_ends_the_procedure():
    session = make_session(gts_with(PROCS))
    u1 = session.ref("unit", "u1")
    assert session.perform("count_up", u1, 3) is None  # 6 → clamped to 5, then stop
    assert session.attr(u1, "tally") == 5
    assert [e.data for e in session.events("tallied")] == [{"unit": "u1", "value": 5}]
    steps = [c["step"] for e in session.state.log for c in e.cause if c["what"] == "step"]
    assert "never" not in steps


def test_elif_and_return():
    session = make_session(gts_with(PROCS))
    u1 = session.ref("unit", "u1")
    assert session.perform("count_up", u1, 1) == 1  # 2, elif: -1, return 1
    assert session.attr(u1, "tally") == 1
    assert session.perform("count_up", u1, 0) == 0  # 1, else: = 0
    assert session.attr(u1, "tally") == 0


def test_set_clamps_at_the_bottom_of_the_range_and_unbounded_markers_do_not():
    session = make_session(gts_with(PROCS))
    u1 = session.ref("unit", "u1")
    set_track(session, "unit", "u1", "tally", 3)
    session.perform("drain", u1, 10)
    assert session.attr(u1, "tally") == 0
    session.perform("loop", u1)
    assert session.attr(u1, "other") == 6  # 'other' has no range


def test_a_set_that_changes_nothing_records_nothing():
    session = make_session(gts_with(PROCS))
    u1 = session.ref("unit", "u1")
    session.perform("drain", u1, 1)  # already 0
    assert session.events("track_changed") == []


def test_procedures_call_procedures_and_use_their_value():
    session = make_session(gts_with(PROCS))
    u1 = session.ref("unit", "u1")
    session.perform("outer", u1)
    assert session.attr(u1, "other") == 11
    assert session.attr(u1, "tally") == 0


def test_for_over_lists_and_units():
    session = make_session(gts_with(PROCS))
    u1 = session.ref("unit", "u1")
    session.perform("loop", u1)
    assert session.attr(u1, "other") == 1 + 2 + 3
    assert session.attr(u1, "tally") == 0
    assert session.attr(session.ref("unit", "u2"), "tally") == 1
    assert session.attr(session.ref("unit", "u3"), "tally") == 1
    assert session.attr(session.ref("unit", "x1"), "tally") == 0


def test_steps_are_explained_with_their_layer_and_citations():
    session = make_session(gts_with(PROCS))
    session.perform("count_up", session.ref("unit", "u1"), 1)
    first = session.events("track_changed")[0]
    assert {"what": "step", "procedure": "count_up", "step": "first", "layer": "scenario",
            "cites": ["gts:19.2"]} in first.cause


def test_explain_notes_land_in_the_log():
    session = make_session(gts_with(PROCS))
    session.perform("loop", session.ref("unit", "u1"))
    session.ctx.emit("checkpoint", {})  # the note is explanation for what comes next
    notes = [c for e in session.state.log for c in e.cause if c["what"] == "note"]
    assert notes == [{"what": "note", "text": "loops done"}]


def test_ask_in_a_procedure_goes_to_the_owner():
    """gts:19.2.2: the owner may try to convert a Suppression into a Cohesion
    Hit with a Troop Quality Check."""
    session = make_session(rolls=[3], allies=[("convert_suppression", True)])
    u1 = session.ref("unit", "u1")
    session.perform("take_suppression", u1, True)
    assert session.attr(u1, "cohesion_hits") == 1 and session.attr(u1, "suppressed") == 0
    refused = make_session(rolls=[], allies=[("convert_suppression", False)])
    refused.perform("take_suppression", u1, True)
    assert refused.attr(u1, "suppressed") == 1 and refused.attr(u1, "cohesion_hits") == 0
    assert [e.data for e in refused.events("unit_suppressed")] == [{"unit": "u1"}]


def test_exact_fractions_in_a_real_rule():
    """gts:10.0.3 / gts:4.0 step D: two Command Points buy one Dispatch Point;
    floor(cp / 2) — five points buy two."""
    session = make_session()
    d1 = session.ref("division", "d1")
    set_track(session, "division", "d1", "cp", 5)
    assert session.perform("convert_command_points", d1, 5) == 2
    assert (session.attr(d1, "cp"), session.attr(d1, "dp")) == (1, 2)


def test_run_time_errors_undo_the_whole_procedure():
    program = gts_with(PROCS + TABLE.split("def effect_of")[0]
                       + "procedure broken(unit: unit) @gts:19.2 {\n"
                         "  step a @gts:19.2 { set unit.tally = 3 }\n"
                         "  step b @gts:19.2 { set unit.tally = gappy[7] }\n}\n")
    session = make_session(program)
    u1 = session.ref("unit", "u1")
    before = (session.state.digest(), len(session.state.log))
    with pytest.raises(RuleRuntimeError, match="no row of table 'gappy'"):
        session.perform("broken", u1)
    assert (session.state.digest(), len(session.state.log)) == before


# ---- triggers ------------------------------------------------------------------------------

TRIGGERS = PROCS + """
marker seen on unit @gts:19.2
event ping(n) @gts:19.2
event pong(n) @gts:19.2

trigger note_tally on tallied(unit, value) when value >= 5 @gts:19.2 {
  set unit.seen = value
}

trigger bump on track_changed(entity, track, new) when track == "other" @gts:19.2 {
  set entity.other += 100
}

trigger on_ping on ping(n) @gts:19.2 { emit pong(n = n + 1) }
trigger on_pong on pong(n) @gts:19.2 { emit ping(n = n + 1) }

procedure start_ping() @gts:19.2 {
  step go @gts:19.2 { emit ping(n = 0) }
}
procedure touch(unit: unit) @gts:19.2 {
  step go @gts:19.2 { set unit.other = 1 }
}
"""


def test_trigger_fires_on_an_emitted_event():
    session = make_session(gts_with(TRIGGERS))
    u1 = session.ref("unit", "u1")
    session.perform("count_up", u1, 3)
    assert session.attr(u1, "seen") == 5
    change = [e for e in session.events("track_changed") if e.data["track"] == "seen"][0]
    assert {"what": "trigger", "trigger": "note_tally", "on": "tallied",
            "cites": ["gts:19.2"]} in change.cause


def test_trigger_condition_is_respected():
    session = make_session(gts_with(TRIGGERS))
    u1 = session.ref("unit", "u1")
    session.ctx.emit("tallied", {"unit": u1, "value": 4})
    assert session.attr(u1, "seen") == 0
    session.ctx.emit("tallied", {"unit": u1, "value": 5})
    assert session.attr(u1, "seen") == 5


def test_a_trigger_that_would_refire_itself_runs_once():
    """set other = 1 → bump adds 100 → that change would fire bump again, but a
    trigger never fires while it is already running."""
    session = make_session(gts_with(TRIGGERS))
    u1 = session.ref("unit", "u1")
    session.perform("touch", u1)
    assert session.attr(u1, "other") == 101
    assert [e.data["new"] for e in session.events("track_changed")] == [1, 101]
    session.perform("touch", u1)  # fires again on a new change: 1, then +100
    assert session.attr(u1, "other") == 101


def test_triggers_that_set_each_other_off_terminate():
    session = make_session(gts_with(TRIGGERS))
    session.perform("start_ping")
    assert [(e.kind, e.data["n"]) for e in session.state.log if e.kind in ("ping", "pong")] == \
        [("ping", 0), ("pong", 1), ("ping", 2)]


def test_trigger_on_track_changed_in_real_rules():
    """gts:16.3.1 / gts:19.2.3: an Indirect Fire Unit loses radio contact when it
    takes a Cohesion Hit."""
    session = make_session()
    u1 = session.ref("unit", "u1")
    set_track(session, "unit", "u1", "in_contact", 1)
    session.perform("apply_result", u1, "C")
    assert session.attr(u1, "cohesion_hits") == 1
    assert session.attr(u1, "in_contact") == 0
    lost = [e for e in session.events("track_changed") if e.data["track"] == "in_contact"][0]
    assert any(c.get("trigger") == "lose_contact_when_hit" for c in lost.cause)


def test_trigger_on_a_kernel_event_in_real_rules():
    """gts:19.2.4 / gts:16.3.1: a Step Loss flips the counter; the flip ends radio contact."""
    session = make_session()
    u1 = session.ref("unit", "u1")
    set_track(session, "unit", "u1", "in_contact", 1)
    session.perform("apply_result", u1, "1")
    assert session.attr(u1, "face") == "back"
    assert session.attr(u1, "in_contact") == 0
    kinds = [e.kind for e in session.state.log if e.kind in ("unit_flipped", "track_changed")]
    assert kinds == ["unit_flipped", "track_changed"]


# ---- the event log -------------------------------------------------------------------------

def test_every_change_is_an_event_with_its_explanation():
    """gts:10.0.3: drawing the Division Activation Chit rolls for Command Points
    (3 + half of 5 = 5) and for Dispatch Points (a zero: +1, within the rating
    4: +1); each change is in the log with the rolls, steps and values behind it."""
    session = make_session(rolls=[5, 0])
    d1 = session.ref("division", "d1")
    start = len(session.state.log)
    session.perform("roll_division_points", d1)
    changes = [e for e in session.state.log[start:] if e.kind == "track_changed"]
    assert [(e.data["track"], e.data["old"], e.data["new"]) for e in changes] == \
        [("cp", 0, 5), ("dp", 0, 2)]
    cp, dp = changes
    assert {"what": "roll d10", "value": 5, "for": ""} in cp.cause
    assert any(c["what"] == "def command_points_gained" and c["value"] == 5
               and c["cites"] == ["gts:10.0.3"] for c in cp.cause)
    assert any(c["what"] == "step" and c["step"] == "command_points" for c in cp.cause)
    assert {"what": "roll d10", "value": 0, "for": ""} in dp.cause
    assert any(c["what"] == "modifiers dispatch_points_gained" and c["value"] == 2
               for c in dp.cause)
    assert not any(c["what"] == "def command_points_gained" for c in dp.cause)
    reported = session.events("division_points_rolled")[-1]
    assert reported.data == {"division": "d1", "command_points": 5, "dispatch_points": 2}
    assert any(c["what"] == "step" and c["step"] == "report" for c in reported.cause)


def test_log_seq_numbers_and_json():
    """gts:10.0.3: the log of a Division's point rolls is numbered and plain data."""
    session = make_session(rolls=[5, 0])
    session.perform("roll_division_points", session.ref("division", "d1"))
    log = session.state.log
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert json.loads(json.dumps([e.to_json() for e in log])) == [e.to_json() for e in log]
