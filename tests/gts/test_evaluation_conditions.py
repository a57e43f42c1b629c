"""ks_evaluate (modules/gts/evaluation.py) where a scenario names no hex to
hold: victory points or withdrawal levels.  The fitted model reads control
conditions only; such a game is scored by the steps each side has lost, so a
search player's rollouts still tell a bloody answer from a cheap one."""

from __future__ import annotations

import pytest

from kriegsspiel.modules.gts.evaluation import STEPS_WEIGHT, evaluate
from kriegsspiel.modules.gts.outlook import control_conditions
from kriegsspiel.tools.play import new_game


def side(session, unit) -> str:
    return str(getattr(session.attr(unit, "side"), "id", session.attr(unit, "side")))


@pytest.fixture(scope="module")
def piling_on():
    return new_game("crete/piling_on", 1, ["random", "random"]).session


def test_a_victory_points_scenario_is_scored_by_the_steps_lost(piling_on):
    session = piling_on
    assert control_conditions(session.state.catalog) == []
    assert evaluate(session, "Axis") == evaluate(session, "Allied") == 0.0
    allied = next(u for u in session.state.units()
                  if session.attr(u, "on_map") and side(session, u) == "Allied"
                  and u.id not in session.state.eliminated)
    session.perform("apply_result", allied, "E")
    assert session.attr(allied, "eliminated")
    axis, allies = evaluate(session, "Axis"), evaluate(session, "Allied")
    assert axis > 0 and allies == pytest.approx(-axis)
    steps = [(session.state.catalog["unit"][u.id].get("faces", {}).get("front") or {})
             .get("steps") or 0 for u in session.state.units()
             if side(session, u) == "Allied"]
    assert axis <= STEPS_WEIGHT * max(steps) / sum(steps) + 1e-9
