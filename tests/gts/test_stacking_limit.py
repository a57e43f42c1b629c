"""What counts towards the eight-Step stacking limit (gts:14.7), and a target
hex's mass with no upper end (gts:15.6): overstacking is permitted (gts:14.7#12),
so a hex may hold any number of Steps."""

from __future__ import annotations

import pytest
from test_movement import build_gts, game_map, session_on

PROGRAM = build_gts()


def steps(n: int) -> dict:
    return {"movement": 8, "steps": n}


def test_a_unit_in_column_counts_only_against_the_one_unit_limit():
    """gts:14.7#6: "Stacking limit: up to 8 steps in a hex when not in Column, and
    one Unit in Column (regardless of that Unit's step count)" — the Column Unit's
    Steps are not among the eight."""
    session = session_on(game_map(), {
        **{f"s{i}": ("04.03", steps(2), {}) for i in range(4)},          # 8 Steps
        "col": ("04.03", steps(2), {}),
    })
    session.state.tracks["unit:col"] = {"column": 1}
    assert session.value("stacked_steps_in", "04.03") == 8
    assert not session.value("overstacked", "04.03")
    session.state.tracks["unit:col"]["column"] = 0
    assert session.value("overstacked", "04.03")


def test_a_move_may_overstack_a_hex():
    """gts:14.7#12: "Overstacking is permitted for Units not in Column" — a Unit
    may move into a hex already holding eight Steps."""
    session = session_on(game_map(), {
        "mover": ("03.03", steps(2), {}),
        **{f"full{i}": ("04.03", steps(2), {}) for i in range(4)},
    })
    assert session.value("may_enter", session.ref("unit", "mover"), "04.03", "formation")


@pytest.mark.parametrize("n, modifier", [(2, 0), (3, 1), (7, 3), (8, 4), (115, 4), (1000, 4)])
def test_the_mass_modifier_has_no_upper_end(n, modifier):
    """gts:15.6: the target's mass counts every Step in its hex; the eight-or-more
    row reaches any number — crete/main_event's heuristic bots piled 115 Steps
    into the Port of Canea, and the table's old last row (8..99) had none for it."""
    assert PROGRAM.lookup("mass_modifier", n) == modifier
