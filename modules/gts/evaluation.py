"""The GTS evaluation of a game for search players (hook ks_evaluate): how
good the game is for a side, as the chance that it wins (outlook.py)."""

from __future__ import annotations

import functools
from typing import Any

from kriegsspiel.core.state import Ref
from kriegsspiel.modules.gts.outlook import (Board, Weights, control_conditions,
                                              load_weights)

# The questions whose answers decide GTS games, searched by a search player
# (hook ks_search_questions): which Unit acts and what it does, whether and at
# what it fires, and an assault's course.  The rest (each step of a move,
# set-up, columns, points, stacking) it answers as the heuristic bot does: a
# search of every one spent most of its budget on answers that scored alike.
SEARCHED_QUESTIONS = ("next_unit", "action", "second_action", "opportunity_fire",
                      "opportunity_target", "fire_target", "assault_hex", "charge_or_fire",
                      "continue_assault", "stand_or_run")


# Where no control condition says what to hold, each side's losses are what
# the board tells of the outcome: the weight of the hand-made blend the fitted
# model replaced.
STEPS_WEIGHT = 0.3


def evaluate(session: Any, side: str) -> float:
    """How good the game is for *side*: 1 won, -1 lost; otherwise, for each of
    the scenario's control conditions, the chance that its side wins by the
    fitted model (outlook.py, evaluation_weights.yaml) as 2p - 1 for that side
    (1 - 2p for its enemies), averaged, within -0.95..0.95 so that a game won
    scores above any game still going on.  A scenario without a control
    condition (victory points, withdrawal levels) is scored by the steps lost:
    the enemies' share less the side's, times STEPS_WEIGHT."""
    state = session.state
    game = Ref("game", "game") if "game" in state.catalog.get("game", {}) else None
    winner = state.attr(game, "winner") if game is not None else None
    if winner is not None:
        return 1.0 if getattr(winner, "id", winner) == side else -1.0
    conditions = control_conditions(state.catalog)
    board = Board(session)
    if not conditions:
        own, enemies = board.lost(side)
        return max(-0.95, min(0.95, STEPS_WEIGHT * (enemies - own)))
    weights = fitted_weights()
    score = 0.0
    for cond in conditions:
        chance = weights.chance(board.features(cond))
        score += (2 * chance - 1) * (1 if cond.side == side else -1)
    return max(-0.95, min(0.95, score / len(conditions)))


@functools.lru_cache(maxsize=1)
def fitted_weights() -> Weights:
    return load_weights()
