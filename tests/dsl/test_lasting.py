"""Answers of defs kept across changes that cannot change them (dsl.lasting):
the read sets the compiler works out, and whole games in which every kept
answer that is used again is what evaluating afresh gives."""

from __future__ import annotations

import pytest

from kriegsspiel.dsl import lasting
from kriegsspiel.dsl.link import RuleFile, link
from kriegsspiel.dsl.parser import parse_text
from kriegsspiel.dsl.program import Program
from kriegsspiel.engine.kernel import KERNEL_ATTRIBUTES, KERNEL_PRIMITIVES
from kriegsspiel.engine.rulebook import ExtraRules, build_program

RULES = '''
marker dug on unit 0..3 @gts:1.0
def deep(unit: unit) = unit.dug + unit.defense @gts:1.0
def deeper(unit: unit) = deep(unit) + 1 @gts:1.0
def where(unit: unit) = unit.hex @gts:1.0
def crowd(h) = len(units_at(h)) @gts:1.0
def mark(h) = hex_marker(h, "road_block") @gts:1.0
def named_mark(h, name: str) = hex_marker(h, name) @gts:1.0
def present(unit: unit) = unit.on_map and deep(unit) > 0 @gts:1.0
def late() = current_turn() > 3 @gts:1.0
def near(a, b) = distance(a, b) + len(neighbours(a)) @gts:1.0
def simple(unit: unit) = unit.defense @gts:1.0
def loops(units) = count u in units: u.dug > 0 @gts:1.0
def dug_ones() = len(units_with("dug")) @gts:1.0
def placed_ones() = len(units_with("hex")) @gts:1.0
def dug_hexes() = len(hexes_marked("dug")) @gts:1.0
def hex_only(unit: unit, h) = mark(h) + 1 @gts:1.0
def shadowed(unit: unit, u) = count u in units_with("dug"): u.dug > 0 @gts:1.0
def objective_at(h) = any c in all_of("objective"): c.hex == h or c.on_map @gts:1.0
def unit_at(h) = any c in all_of("unit"): c.hex == h @gts:1.0
def bound_twice(h) =
    (any c in all_of("objective"): c.hex == h) or (any c in units_at(h): c.hex == h) @gts:1.0
def parameter_too(c, h) = c.hex == h or (any c in all_of("objective"): c.hex == h) @gts:1.0
'''


@pytest.fixture(scope="module")
def program():
    from kriegsspiel.engine.los import PRIMITIVES as LOS_PRIMITIVES
    linked, errors = link([RuleFile("t.ksr", "series", "test", parse_text(RULES, "t.ksr"))])
    assert errors == []
    primitives = dict(KERNEL_PRIMITIVES)
    primitives.update({f.name: f for f in LOS_PRIMITIVES if f.name == "hex_marker"})
    return Program(linked, primitives, KERNEL_ATTRIBUTES)


@pytest.mark.parametrize("name, reads", [
    ("deep", {"dug", "defense"}),
    ("deeper", {"dug", "defense"}),             # a callee's reads are the caller's
    ("where", None),                            # where a piece is: every move changes it
    ("crowd", None),                            # units_at reads where pieces are
    ("mark", {"road_block"}),                   # a marker named by a literal
    ("named_mark", None),                       # ... or by a variable: unknown
    ("present", {"@entries", "dug", "defense"}),
    ("late", {"@turn"}),
    ("near", set()),                            # the map alone
    ("dug_ones", {"dug"}),                      # units_with: the attribute it names
    ("placed_ones", None),                      # ... where pieces are: unknown
    ("dug_hexes", {"dug"}),                     # hexes_marked: the marker it names
    ("objective_at", {"hex", "on_map"}),        # an entity never placed: its own data
    ("unit_at", None),                          # ... a piece: where it stands
    ("bound_twice", None),                      # ... a name bound twice: not told apart
    ("parameter_too", None),                    # ... or a parameter's name
])
def test_read_sets(program, name, reads):
    found = lasting.read_set(program, name)
    assert (None if found is None else set(found)) == reads


def test_a_primitive_asking_the_rules_reads_what_they_read():
    """los_unblocked asks the los_* defs (what blocks a line): a def asking it
    reads what they read and the turn, so has_los keeps its answers while no
    barrage is fired, instead of being evaluated afresh after every event."""
    program = build_program(["gts"])
    reads = lasting.read_set(program, "has_los")
    assert reads is not None and "@turn" in reads
    assert lasting.read_set(program, "los_hex_obstacle") <= reads
    assert "barrage" in reads


def test_a_def_reached_again_through_a_primitive_reads_what_is_not_known():
    """A Line of Sight rule asking for a Line of Sight reaches itself through
    los_unblocked's @def: token, which the compiler's own check of recursion
    cannot see: its reads are not known (worked out, they would go round for
    ever), and the program still builds — the rules' guard refuses it in play."""
    layer = ExtraRules("loop.ksr", "override def los_hex_obstacle(hex_id) = "
                                   "if has_los(hex_id, hex_id, \"direct\") then \"blocking\" "
                                   "else none @gts:15.4\n", "scenario")
    program = build_program(["gts"], extra=(layer,))
    assert lasting.read_set(program, "has_los") is None
    assert lasting.read_set(program, "los_hex_obstacle") is None


def test_the_read_sets_follow_a_layer_s_line_of_sight_rules():
    """With Crete's layer, has_los reads what Crete's los_* rules read too
    (destroyed works), so a kept answer is dropped when they change."""
    assert "works_destroyed" in lasting.read_set(build_program(["gts", "crete"]), "has_los")


@pytest.mark.parametrize("name, used", [
    ("hex_only", (1,)),    # the Unit is not read: an answer serves every Unit
    ("deeper", None),      # every parameter named
    ("shadowed", (1,)),    # a quantifier's variable of a parameter's name counts as it
    ("late", None),        # no parameters
])
def test_kept_answers_are_filed_under_the_parameters_the_body_names(program, name, used):
    assert lasting.used_params(program.decls[name]) == used


def test_a_kept_answer_filed_under_the_read_arguments_serves_other_arguments(program):
    """hex_only's answer for one hex is reused for another Unit, not evaluated
    again; a different hex is evaluated."""
    evaluated = []

    def evaluate(ctx, unit, h):
        evaluated.append((unit, h))
        return len(evaluated)
    fn = lasting.lasting("def hex_only", evaluate, frozenset({"road_block"}), None,
                         lasting.used_params(program.decls["hex_only"]))
    from kriegsspiel.core.state import GameState
    from kriegsspiel.dsl.runtime import Context
    ctx = Context(GameState({}), None, None, explaining=False, memo={}, lasting={})
    assert [fn(ctx, "u1", "0101"), fn(ctx, "u2", "0101"), fn(ctx, "u1", "0102")] == [1, 1, 2]
    assert evaluated == [("u1", "0101"), ("u1", "0102")]


def test_only_defs_that_loop_or_call_a_def_or_a_primitive_are_kept(program):
    decls = program.decls
    assert lasting.worth_keeping(decls["deeper"], program)
    assert lasting.worth_keeping(decls["loops"], program)
    assert lasting.worth_keeping(decls["mark"], program)    # hex_marker, a primitive
    assert lasting.worth_keeping(decls["near"], program)
    assert not lasting.worth_keeping(decls["simple"], program)


PROBE = ExtraRules("probe.ksr", '''
event probe_seen(value) @gts:17.3
procedure probe(unit: unit) @gts:17.3 {
  step look @gts:17.3 {
    emit probe_seen(value = projects_fire_zone(unit))
    emit probe_seen(value = projects_fire_zone(unit))
    set unit.suppressed = 1
    emit probe_seen(value = projects_fire_zone(unit))
    do place(unit, none)
    set unit.suppressed = 0
    emit probe_seen(value = projects_fire_zone(unit))
  }
}
''', layer="scenario")


def test_a_kept_answer_is_dropped_when_what_it_read_changes(make_session):
    """gts:17.3's "Suppressed Units do not project any Fire Zones", asked
    again within one rule call after the Unit is Suppressed, and after it
    leaves the map: each change of what the def reads gives a new answer."""
    program = build_program(["gts"], extra=[PROBE])
    assert lasting.read_set(program, "projects_fire_zone") >= {"suppressed", "@entries"}
    session = make_session(program=program)
    session.perform("probe", session.ref("unit", "pi1"))
    assert [e.data["value"] for e in session.events("probe_seen")] == [True, True, False, False]


@pytest.mark.parametrize("scenario, turns", [("crete/learning", None), ("crete/snafu", 3)])
def test_every_kept_answer_reused_is_what_evaluating_afresh_gives(monkeypatch, scenario, turns):
    """A whole game (and three turns of a bigger one) with each reuse of a kept
    answer checked against a fresh evaluation of the def: a read the analysis
    missed would show as a difference."""
    checked = {"reuses": 0}

    class Checking(lasting.Lasting):
        """The keeper, each answer it gives checked: the call sites call it by
        arity (call1..call3), others with an argument tuple (call)."""

        def check(self, ctx, args, value):
            if ctx is not None and ctx.lasting is not None and not ctx.explaining:
                fresh = self.evaluate(ctx, *args)
                assert fresh == value, (self.what, args, value, fresh)
                checked["reuses"] += 1
            return value

        def call(self, ctx, args):
            return self.check(ctx, args, super().call(ctx, args))

        def call1(self, ctx, a):
            return self.check(ctx, (a,), super().call1(ctx, a))

        def call2(self, ctx, a, b):
            return self.check(ctx, (a, b), super().call2(ctx, a, b))

        def call3(self, ctx, a, b, c):
            return self.check(ctx, (a, b, c), super().call3(ctx, a, b, c))

    monkeypatch.setattr(lasting, "lasting", Checking)
    from kriegsspiel.tools.play import new_game
    game = new_game(scenario, 2, ["random"])
    game.run(turns)
    assert checked["reuses"] > 1000
    assert game.session.events("turn_advanced")


def test_answers_kept_across_top_level_calls_only_while_keeping(make_session):
    """Program.keeping (a game's run): a kept answer of one top-level call
    serves the next, a change made by an event between them is seen, and
    once it is left each call starts afresh again, as without it."""
    program = build_program(["gts"])
    session = make_session(program=program)
    ctx, pi1 = session.ctx, session.ref("unit", "pi1")
    ctx.explaining = False  # as bulk play runs: explained, nothing is kept
    holder, evaluated = program.compiled["projects_fire_zone"], []

    def evaluate(ctx, unit):
        evaluated.append(unit)
        return holder.plain(ctx, unit)
    holder.fn = lasting.lasting("def projects_fire_zone", evaluate,
                                lasting.read_set(program, "projects_fire_zone"), holder)

    def asked_twice():
        before = len(evaluated)
        answers = [program.call("projects_fire_zone", ctx, pi1) for _ in range(2)]
        return answers, len(evaluated) - before

    assert asked_twice() == ([True, True], 2)  # two calls: nothing kept between them
    with program.keeping(ctx):
        assert asked_twice() == ([True, True], 1)
        with program.keeping(ctx):  # an inner one leaves the outer one's answers be
            assert program.call("projects_fire_zone", ctx, pi1) is True
        assert ctx.lasting is not None and len(evaluated) == 3
        session.state.set_track(pi1, "suppressed", 1, [])  # 19.2.2: no zone
        assert asked_twice() == ([False, False], 1)
    assert ctx.memo is None and ctx.lasting is None
    assert asked_twice() == ([False, False], 2)
