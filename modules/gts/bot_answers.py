"""How the heuristic player (bot.py) answers each question the series rules
ask: :data:`HANDLERS`, question key → ``handler(bot, decision, options)``;
other modules add their own questions' answers (hook ks_bot_answers).
Every key is listed in docs/players.md; :data:`RANDOM_BY_DESIGN` are the
questions left to the bot's seeded generator (tests/test_bots.py checks
that every question the shipped rules ask has an answer)."""

from __future__ import annotations

from typing import Any, Callable

from kriegsspiel.modules.gts.bot import HeuristicPlayer

Handler = Callable[[HeuristicPlayer, Any, list], Any]

# Every question of the series rules (docs/players.md), and how it is judged.
HANDLERS: dict[str, Handler] = {
    "action": HeuristicPlayer.action,
    "move": HeuristicPlayer.move,
    "fire_kind": lambda bot, d, o: "direct",
    "fire_target": HeuristicPlayer.fire_target,
    "opportunity_fire": HeuristicPlayer.yes,
    # gts:17.2: before or after a Transport Mode change — at once, before the
    # target can get its other side's values
    "opportunity_fire_timing": lambda bot, d, o: "before",
    "opportunity_target": HeuristicPlayer.opportunity_target,
    "assault_fire_target": HeuristicPlayer.fire_target,
    "assault_hex": lambda bot, d, o: bot.assault_hex(d, o) or sorted(o)[0],
    "stand_or_run": HeuristicPlayer.stand_or_run,
    "run_away_to": HeuristicPlayer.run_away_to,
    "charge_or_fire": HeuristicPlayer.charge_or_fire,
    "charge_check_unit": HeuristicPlayer.charge_check_unit,
    "continue_assault": HeuristicPlayer.continue_assault,
    "convert_suppression": HeuristicPlayer.convert_suppression,
    "buy:": HeuristicPlayer.buy_check,           # any check bought with points
    "buy:tq_check": HeuristicPlayer.buy_check,
    "second_action": HeuristicPlayer.second_action,
    "next_unit": HeuristicPlayer.next_unit,
    "stack_with": HeuristicPlayer.stack_with,
    "direct_command_unit": HeuristicPlayer.direct_command_unit,
    "convert_command_points": HeuristicPlayer.convert_command_points,
    "buy_formation_chit": HeuristicPlayer.buy_formation_chit,
    "transfer_leader": HeuristicPlayer.transfer_leader,
    # gts:21.2: stay with the Unit of his Formation that stays (he transfers later)
    "leader_goes_with": HeuristicPlayer.no,
    "engineer_work": lambda bot, d, o: "improved_position",
    "reinforcement_column": HeuristicPlayer.no,
    "column_after_dismount": HeuristicPlayer.no,
    "column_after_mount": HeuristicPlayer.no,
    "column_after_park": HeuristicPlayer.no,
    "leave_column_by_cohesion_hit": HeuristicPlayer.no,
    "create_rearguard": HeuristicPlayer.no,
    "give_up_contact": HeuristicPlayer.no,
}

# Questions the bot leaves to its seeded generator: every answer is
# reasonable, or the choice needs a plan the bot does not have.
RANDOM_BY_DESIGN = ("drop_off", "active_artillery", "attach", "leader_nearest_unit",
                    "create_artillery_park", "join_artillery_park", "disband_artillery_park",
                    "contact_leader", "improved_position_for", "entrench_unit", "rearguard_hex",
                    "barrage_hex")
HANDLERS.update({key: HeuristicPlayer.random for key in RANDOM_BY_DESIGN})
