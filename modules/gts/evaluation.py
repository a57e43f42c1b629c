"""The GTS evaluation of a game for search players (hook ks_evaluate): how
good the game is for a side, read through the heuristic bot's measures."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.state import Ref
from kriegsspiel.modules.gts.bot import HeuristicPlayer

# The questions whose answers decide GTS games, searched by a search player
# (hook ks_search_questions): which Unit acts and what it does, whether and at
# what it fires, and an assault's course.  The rest (each step of a move,
# set-up, columns, points, stacking) it answers as the heuristic bot does: a
# search of every one spent most of its budget on answers that scored alike.
SEARCHED_QUESTIONS = ("next_unit", "action", "second_action", "opportunity_fire",
                      "opportunity_target", "fire_target", "assault_hex", "charge_or_fire",
                      "continue_assault", "stand_or_run")


def evaluate(session: Any, side: str) -> float:
    """How good the game is for *side*: 1 won, -1 lost; otherwise a blend of
    the objectives held and approached and the steps each side has lost."""
    state = session.state
    game = Ref("game", "game") if "game" in state.catalog.get("game", {}) else None
    winner = state.attr(game, "winner") if game is not None else None
    if winner is not None:
        return 1.0 if getattr(winner, "id", winner) == side else -1.0
    bot = HeuristicPlayer(session)
    score = 0.0
    for cond in state.catalog.get("victory", {}).values():
        if cond.get("kind") != "control":
            continue
        hexes = [cond["hex"]] if cond.get("hex") else list(cond.get("hexes") or [])
        sign = 1.0 if cond.get("side") == side else -1.0
        for h in hexes:
            holder = bot.rule("controller", h)
            holder = getattr(holder, "id", holder)
            if holder is None:
                holders = {bot.side_of(u) for u in state.units_at(h)}
                holder = holders.pop() if len(holders) == 1 else None
            if holder is not None:
                score += 0.3 * sign * (1 if holder == cond.get("side") else -1) / len(hexes)
            # Shaping: how near the side that needs the hex has come to it.
            near = min((bot.distance(state.attr(u, "hex"), h)
                        for u in bot.units(cond.get("side"))), default=20)
            score -= 0.01 * sign * min(near, 20) / len(hexes)
    own, enemy = _steps_lost(bot, side)
    return max(-0.95, min(0.95, score + 0.3 * (enemy - own)))


def _steps_lost(bot: HeuristicPlayer, side: str) -> tuple[float, float]:
    """The share of its steps each side has lost: (side's, the enemies')."""
    lost = {True: [0, 0], False: [0, 0]}
    for unit in bot.state.units():
        faces = bot.state.catalog["unit"][unit.id].get("faces", {})
        full = (faces.get("front") or {}).get("steps") or 0
        if unit.id in bot.state.eliminated:
            now = 0
        elif bot.attr(unit, "on_map"):
            now = bot.rule("current_steps", unit, default=full)
        else:
            now = full
        mine = bot.side_of(unit) == side
        lost[mine][0] += full - now
        lost[mine][1] += full
    return (lost[True][0] / max(1, lost[True][1]), lost[False][0] / max(1, lost[False][1]))
