"""The stacking limit binds movement (gts:14.7, gts:14.6), and the invariant
checker catches a move that breaks it; the mass modifier takes any number of
Steps (gts:15.6), since placements may overstack a hex without limit."""

from __future__ import annotations

import pytest
from test_movement import build_gts, game_map, hex_choices, session_on

from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.invariants import InvariantBroken, InvariantChecker


def stacking_checker(session) -> InvariantChecker:
    # The kernel's invariants and this one (the test maps leave a Leader alone).
    return InvariantChecker(session, rules=[
        ("invariant_moved_within_stacking_limit", "after unit_entered_hex")]).attach()


def steps(n: int) -> dict:
    return {"movement": 8, "steps": n}


def test_no_move_into_a_hex_beyond_eight_steps():
    """gts:14.7#6: "Stacking limit: up to 8 steps in a hex when not in Column,
    and one Unit in Column (regardless of that Unit's step count)"; gts:14.7#7:
    "Stacking limits are in effect at all times during a turn" — a Unit may not
    move into (nor through) a hex it would take past eight Steps."""
    session = session_on(game_map(), {
        "mover": ("03.03", steps(2), {}),
        "six_a": ("04.03", steps(2), {}), "six_b": ("04.03", steps(2), {}),
        "six_c": ("04.03", steps(2), {}),
        "seven_a": ("03.02", steps(2), {}), "seven_b": ("03.02", steps(2), {}),
        "seven_c": ("03.02", steps(2), {}), "seven_d": ("03.02", steps(1), {}),
    })
    mover = session.ref("unit", "mover")
    choices = hex_choices(session, mover, 16, "formation")
    assert "04.03" in choices      # 6 + 2 = 8: at the limit
    assert "03.02" not in choices  # 7 + 2 = 9: beyond it


def test_a_stack_counts_all_its_steps_and_column_units_their_own_limit():
    """gts:14.7#6: a moving stack needs room for all its Steps together; a Unit
    in Column is held to the one-Unit-in-Column limit, not the eight Steps, and
    a Unit in Column in the hex does not count towards the eight."""
    session = session_on(game_map(), {
        "a": ("03.03", steps(2), {}), "b": ("03.03", steps(2), {}),
        "five_a": ("04.03", steps(2), {}), "five_b": ("04.03", steps(2), {}),
        "five_c": ("04.03", steps(1), {}),
        "col_there": ("04.03", steps(2), {}),
    })
    a, b = session.ref("unit", "a"), session.ref("unit", "b")
    session.state.tracks["unit:col_there"] = {"column": 1}
    for u in ("a", "b"):
        session.state.tracks.setdefault(f"unit:{u}", {})["half_points_left"] = 16
    assert "04.03" in hex_choices(session, a, 16, "formation")  # 5 + 2 (Column ignored)
    group = [c for c in session.value("move_choices", [a, b], "formation", False, False)
             if "." in c]
    assert "04.03" not in group                                   # 5 + 4 = 9
    session.state.tracks["unit:col_there"]["column"] = 0          # now 7 in the hex
    assert "04.03" not in hex_choices(session, a, 16, "formation")
    session.state.tracks["unit:col_there"]["column"] = 1
    session.state.tracks["unit:a"]["column"] = 1                  # two in Column: never
    assert "04.03" not in hex_choices(session, a, 16, "formation")


def test_reinforcements_waiting_in_their_entry_hex_do_not_count():
    """gts:8.0: "Entry hexes have unlimited stacking limits for Units" — those
    still waiting there are no bar to a Unit moving in."""
    session = session_on(game_map(), {
        "mover": ("03.03", steps(2), {}),
        **{f"waiting{i}": ("04.03", steps(2), {}) for i in range(5)},
    })
    for i in range(5):
        session.state.tracks[f"unit:waiting{i}"] = {"in_entry_hex": 1}
    assert "04.03" in hex_choices(session, session.ref("unit", "mover"), 16, "formation")


def test_the_invariant_checker_catches_a_move_past_the_limit():
    """gts:14.7#7: a move that leaves a hex overstacked breaks the invariant
    (checked after each unit_entered_hex); a hex a rule filled overstacked (a
    placement) does not break it by itself."""
    session = session_on(game_map(), {
        "mover": ("03.03", steps(2), {}),
        **{f"full{i}": ("04.03", steps(2), {}) for i in range(4)},  # 8 Steps
    })
    checker = stacking_checker(session)
    session.place("mover", "04.03")                     # placed: 10 Steps, allowed
    assert checker.violations == []
    with pytest.raises(InvariantBroken, match="invariant_moved_within_stacking_limit") as e:
        session.ctx.emit("unit_entered_hex", {"unit": session.ref("unit", "mover"),
                                              "hex": "04.03", "half_points_left": 0})
    assert e.value.violation.offenders == ["mover"]


def test_a_move_within_the_limit_keeps_the_invariant():
    """gts:14.7#6: eight Steps exactly is within the limit — the move is made and
    the checker is content."""
    session = session_on(game_map(), {
        "mover": ("03.03", steps(2), {}),
        **{f"six{i}": ("04.03", steps(2), {}) for i in range(3)},
    }, axis=KeyedPlayer({"move": ["04.03", "stop"]}))
    checker = stacking_checker(session)
    session.perform("move", [session.ref("unit", "mover")], "formation")
    assert session.attr(session.ref("unit", "mover"), "hex") == "04.03"
    assert checker.violations == []


@pytest.mark.parametrize("n, modifier", [(2, 0), (3, 1), (7, 3), (8, 4), (115, 4), (1000, 4)])
def test_the_mass_modifier_has_no_upper_end(n, modifier):
    """gts:15.6: the target's mass counts every Step in its hex; the eight-or-more
    row reaches any number (a hex of arrivals may hold a hundred Steps)."""
    assert PROGRAM.lookup("mass_modifier", n) == modifier


PROGRAM = build_gts()
