"""How the heuristic player (modules/gts/bot.py) answers the questions the Utah
rules ask (hook ks_bot_answers), merged over the GTS answers.  Questions not
listed here are judged by their options' shape (bot_judgements.by_shape) or by
the bot's seeded generator.

A Unit on the Beach Overlay is held there until the Gaps open (utah:4.2.4)
and its way off is through the Beach Defenses: with no step nearer its goal,
it fires at them (utah:4.2.6) rather than passing."""

from __future__ import annotations

from typing import Any

from kriegsspiel.modules.gts.bot import HeuristicPlayer


def _held_on_the_beach(bot: HeuristicPlayer, decision: Any, options: list) -> bool:
    unit = decision.subject
    return bool(bot.rule("may_fire_at_beach_defenses", unit, default=False)) and \
        bot.step_toward(unit) is None


def _fire_at_beach_defenses(bot: HeuristicPlayer, decision: Any, options: list) -> Any:
    # A Unit that chose to fire for an easy target keeps its shot for it.
    wanted = bot.best_shot(decision.subject) < bot.style.good_shot
    return wanted if wanted in options else options[0]


ANSWERS = {
    "action:fire": _held_on_the_beach,
    "fire_at_beach_defenses": _fire_at_beach_defenses,
}
