"""Why a choice is refused, in the rules' words (Session.refusal and a rule
file's `refused_<question>` definition): GTS's `refused_move` names the rule
that keeps a Unit out of a hex — gts:14.3#1 (adjacent hexes, Movement Points
left), gts:14.1#9 (enemy-occupied), gts:14.5#1 (the Terrain Effects Chart),
gts:14.6.2#1 (two Units in Column), gts:13.2#3 (a Division chit and an enemy
Fire Zone) — and nothing for a hex the move may enter; `refused_fire_target`
the rule that puts a hex out of a Direct Fire's reach — gts:15.5#11 (no enemy
Unit), #14 (Fire Range), #15 (Line of Sight); `ks serve` answers a click on a
hex or counter that is not highlighted with it."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_serve import answered_until

from kriegsspiel.tools.play import new_game
from kriegsspiel.tools.serve.host import GameHost
from kriegsspiel.tools.situation import build, load

# A wheeled Unit in 03.03 with 3 MP (6 half points) left: woods in 03.02 (no
# way in for wheels), scrub in 04.03 (4 MP), an enemy Unit in 02.03 whose Fire
# Zone covers 02.04, a friendly Unit in Column in 04.04.
SITUATION = """\
rules: [gts]
map:
  grid: {columns: [1, 6], rows: [1, 5]}
  hexes: {woods: ["03.02"], scrub: ["04.03"]}
units:
  - id: truck
    side: Allied
    hex: "03.03"
    markers: {half_points_left: 6, column: COLUMN}
    values: {steps: 1, troop_quality: 5, fire_rating: 1, weapon_class: SA, fire_range: 1,
             movement: 3, movement_class: wheeled, defense: 0}
  - id: convoy
    side: Allied
    hex: "04.04"
    markers: {column: 1}
    values: {steps: 1, troop_quality: 5, fire_rating: 1, weapon_class: SA, fire_range: 1,
             movement: 3, movement_class: wheeled, defense: 0}
  - id: enemy
    side: Axis
    hex: "02.03"
    values: {steps: 2, troop_quality: 5, fire_rating: 3, weapon_class: SA, fire_range: 2,
             movement: 4, movement_class: leg, defense: 0}
action: {do: move, group: [truck], kind: formation, path: [stop]}
"""


def session_with(tmp_path: Path, column: int):
    path = tmp_path / "situation.yaml"
    path.write_text(SITUATION.replace("COLUMN", str(column)), encoding="utf-8")
    return build(load(path)).session


@pytest.mark.parametrize("column, hex_id, rule", [
    (0, "03.05", "[gts:14.3#1]"),   # two hexes away
    (0, "02.03", "[gts:14.1#9]"),   # the enemy's hex
    (0, "03.02", "[gts:14.5#1]"),   # woods: no Wheeled movement
    (0, "04.03", "[gts:14.3#1]"),   # scrub: 8 half points, 6 left
    (0, "02.04", "[gts:13.2#3]"),   # the enemy's Fire Zone, under a Division chit
    (1, "04.04", "[gts:14.6.2#1]"),  # in Column, into the convoy's hex
    (0, "04.04", None),
    (0, "03.04", None),
])
def test_the_rule_that_keeps_a_unit_out_of_a_hex(tmp_path, column, hex_id, rule):
    session = session_with(tmp_path, column)
    reason = session.refusal("move", session.ref("unit", "truck"), hex_id)
    if rule is None:
        assert reason is None
    else:
        assert reason and reason.endswith(rule), reason


@pytest.mark.parametrize("column", [0, 1])
def test_a_reason_is_given_exactly_for_the_hexes_a_move_may_not_enter(tmp_path, column):
    """Under a Division chit (the strictest activation), refused_move says
    nothing of a hex exactly when gts:14.3's hex_choices offers it."""
    session = session_with(tmp_path, column)
    truck = session.ref("unit", "truck")
    offered = set(session.value("hex_choices", truck, 6, "division", False))
    assert offered  # some hex is open, and some is not
    for hex_id in session.state.map.terrain:
        refused = session.refusal("move", truck, hex_id)
        assert (refused is None) == (hex_id in offered), (hex_id, refused)


def test_a_question_without_a_reason_definition_has_none(tmp_path):
    session = session_with(tmp_path, 0)
    assert session.refusal("no_such_question", session.ref("unit", "truck"), "03.04") is None


def test_reading_a_reason_leaves_the_game_as_it_was(tmp_path):
    session = session_with(tmp_path, 0)
    before = (len(session.state.log), session.dice.state(), list(session.ctx.trace))
    session.refusal("move", session.ref("unit", "truck"), "02.03")
    assert (len(session.state.log), session.dice.state(), list(session.ctx.trace)) == before


def test_a_click_on_a_hex_not_highlighted_is_refused_with_the_rule():
    """`ks serve`: the Learning Scenario's first move question, answered with a
    hex two hexes off — refused with gts:14.3#1, the game unchanged."""
    game = new_game("crete/learning", 1, ["random", "heuristic"])
    host = GameHost(game, ["Allied"])
    host.start()
    try:
        token = host.tokens["Allied"]
        snap = answered_until(host, token, "hexes", 200)
        q, state = snap["question"], game.session.state
        here = state.attr(host.pending[1].subject, "hex")  # the moving Unit's
        far = next(h for h in state.map.terrain if state.distance(here, h) == 2)
        events = len(state.log)
        refused = host.answer(token, None, q["id"], hex_id=far)
        assert refused == f"{far} is not one of the choices of 'move': " \
                          "Units move from hex to adjacent hex [gts:14.3#1]"
        assert len(state.log) == events and host.wait(-1, 0)["question"] == q
        assert host.answer(token, None, q["id"], hex_id=next(iter(q["hexes"]))) is None
    finally:
        host.stop()


# A Small Arms Unit in 03.03 with a Fire Range of 2: one enemy Unit two hexes
# off in 03.05, one three off in 06.03.
FIRE = """\
rules: [gts]
map:
  grid: {columns: [1, 7], rows: [1, 6]}
units:
  - id: rifles
    side: Allied
    hex: "03.03"
    values: {steps: 2, troop_quality: 5, fire_rating: 3, weapon_class: WEAPON, fire_range: 2,
             movement: 4, movement_class: leg, defense: 0}
  - id: near
    side: Axis
    hex: "03.05"
    values: {steps: 2, troop_quality: 5, fire_rating: 3, weapon_class: SA, fire_range: 2,
             movement: 4, movement_class: leg, defense: 0}
  - id: far
    side: Axis
    hex: "06.03"
    values: {steps: 2, troop_quality: 5, fire_rating: 3, weapon_class: SA, fire_range: 2,
             movement: 4, movement_class: leg, defense: 0}
action: {do: move, group: [rifles], kind: formation, path: [stop]}
"""


def firing(tmp_path: Path, weapon: str = "SA"):
    path = tmp_path / "fire.yaml"
    path.write_text(FIRE.replace("WEAPON", weapon), encoding="utf-8")
    session = build(load(path)).session
    return session, session.ref("unit", "rifles")


@pytest.mark.parametrize("hex_id, rule", [
    ("04.03", "[gts:15.5#11]"),  # nobody there
    ("06.03", "[gts:15.5#14]"),  # three hexes off, Fire Range 2
    ("03.05", None),
])
def test_the_rule_that_puts_a_hex_out_of_a_direct_fires_reach(tmp_path, hex_id, rule):
    session, rifles = firing(tmp_path)
    reason = session.refusal("fire_target", rifles, hex_id)
    if rule is None:
        assert reason is None
    else:
        assert reason and reason.endswith(rule), reason


def test_a_fire_reason_is_given_exactly_for_the_hexes_without_a_target(tmp_path):
    session, rifles = firing(tmp_path)
    state = session.state
    targets = {state.attr(t, "hex") for t in session.value("direct_fire_targets", rifles)}
    assert targets == {"03.05"}
    for hex_id in state.map.terrain:
        refused = session.refusal("fire_target", rifles, hex_id)
        assert (refused is None) == (hex_id in targets), (hex_id, refused)


def test_a_unit_that_may_fire_indirectly_is_given_no_direct_fire_reason(tmp_path):
    """gts:16.5: a mortar's targets are Indirect Fire's (a spotter's sight), so
    the Direct Fire rules say nothing of them."""
    session, mortar = firing(tmp_path, "MORTAR")
    assert session.refusal("fire_target", mortar, "06.03") is None
