"""How the heuristic player (modules/gts/bot.py) answers the questions the Crete
rules ask (hook ks_bot_answers): question key → ``handler(bot, decision,
options)``, merged over the GTS answers; :data:`RANDOM_BY_DESIGN` are left to
the bot's seeded generator.  Every key is listed in docs/players.md."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.state import Ref
from kriegsspiel.modules.gts.bot import HeuristicPlayer


SHIP_GAIN = 8  # hexes nearer its goal that make a night's shipping worth a CP


def ship_port(bot: HeuristicPlayer, unit: Ref, options: list | None = None) -> Any:
    """Where shipping (crete:S2.0) should take the unit: away by sea when its
    side scores for steps shipped, else an open port SHIP_GAIN hexes nearer its
    goal; None: not worth it."""
    if options is None:
        options = list(bot.rule("ports_open_to", unit, default=[]) or [])
    hexes = bot.hexes_among(options)
    away = [o for o in options if isinstance(o, str) and o not in hexes]
    side = bot.side_of(unit)
    if away and any(line.get("per") == "step_shipped" and side in (line.get("sides") or [])
                    for line in bot.state.catalog.get("victory_points", {}).values()):
        return away[0]
    here, goal = bot.attr(unit, "hex"), bot.goal_of(unit)
    if goal is None or not hexes:
        return None
    best = min(hexes, key=lambda h: (bot.distance(h, goal), h))
    return best if bot.distance(best, goal) + SHIP_GAIN <= bot.distance(here, goal) else None


def _leaves_by_a_scored_exit(bot: HeuristicPlayer, decision: Any, options: list) -> bool:
    # Off the map through an exit its side's victory counts (crete:scenario:5).
    unit = decision.subject
    return bot.attr(unit, "hex") in bot.objectives("units_exited", bot.side_of(unit))


def _attached_battalion_unit(bot: HeuristicPlayer, division: Any) -> Ref | None:
    """A Unit of the Battalion *division* has attached (crete:S9.0), if any."""
    return next((u for u in bot.state.units() if bot.attr(u, "division") == division and
                 bot.attr(u, "battalion_with") is not None), None)


def _keep_battalion(bot: HeuristicPlayer, decision: Any, options: list) -> Any:
    # crete:S9.0: the bot has no plan to regroup brigades: the Battalion already
    # attached (a scenario's "attached to the 5th NZ Brigade") stays; else none.
    unit = _attached_battalion_unit(bot, decision.subject)
    name = bot.rule("battalion_of", unit) if unit is not None else None
    return name if name in options else "none"


def _keep_attachment_formation(bot: HeuristicPlayer, decision: Any, options: list) -> Any:
    unit = _attached_battalion_unit(bot, decision.subject)
    formation = bot.attr(unit, "battalion_with") if unit is not None else None
    return formation if formation in options else options[0]


def _drop_hex(bot: HeuristicPlayer, decision: Any, options: list) -> Any:
    """The drop hex nearest an objective; in a style of ``safe_drops``, among
    those the fewest enemy Fire Zones reach first: each is +1 on the Drop
    Table (crete:4.2.1; the rules' ``enemy_fire_zone_units``), whose high
    rolls cost steps or the Unit."""
    if not bot.style.safe_drops:
        return HeuristicPlayer.hex_nearest_goal(bot, decision, options)
    side = Ref("side", bot.side_of(decision.subject))
    zones = {h: len(bot.rule("enemy_fire_zone_units", h, side, default=[]) or [])
             for h in bot.hexes_among(options)}
    fewest = min(zones.values(), default=0)
    return HeuristicPlayer.hex_nearest_goal(bot, decision, [h for h in zones if zones[h] == fewest])


ANSWERS = {
    "setup_leader_with": HeuristicPlayer.host_nearest_goal,
    "airstrike_hex": HeuristicPlayer.strike_hex,
    "airstrike_target": HeuristicPlayer.strike_target,
    "setup_hex": HeuristicPlayer.hex_nearest_goal,
    "set_up_in_ip": HeuristicPlayer.yes,
    # set up ready to fight, as the scenario prints the counters
    "set_up_mounted": HeuristicPlayer.no,
    "set_up_in_column": HeuristicPlayer.no,
    # Crete Scenario 8: the first chit in play, among those offered; Scenario
    # 13: the chits for the cup and the serials due, in the printed order
    "first_chit": lambda bot, d, o: o[0],
    "chit_to_cup": lambda bot, d, o: o[0],
    "battalion_attachment": _keep_battalion,
    "attachment_formation": _keep_attachment_formation,
    "drop_hex": _drop_hex,
    "deploy_kampfgruppe": HeuristicPlayer.host_nearest_goal,
    # crete:S11.0: every counter left on the turn asked first (strike while it can)
    "plan_air_support": lambda bot, d, o: max(o),
    "leader_lands_with": HeuristicPlayer.host_nearest_goal,
    # Crete S7.0 airlanding: the airfield with a runway hex nearest an objective
    "airlanding_airfield": lambda bot, d, o: min(o, key=lambda a: (min(
        (bot.distance(h, g) for h in bot.attr(a, "hexes") for g in bot.objectives()),
        default=0), a.id)),
    "airlanding_hex": HeuristicPlayer.hex_nearest_goal,
    "airlanding_mounted": HeuristicPlayer.no,
    # Crete S1.0/S2.0: come back at once; ship to the first open port
    "return_from_off_map": lambda bot, d, o: next((h for h in o if h != "stay"), "stay"),
    # Crete S1.0 boxes: the first box the map offers; on the display, on to a map
    # box (from which it comes back), else the first connected box
    "off_map_box": lambda bot, d, o: o[0],
    "box_move": lambda bot, d, o: next(
        (b for b in o if b != "stay" and bot.attr(b, "exits")),
        next((b for b in o if b != "stay"), "stay")),
    # Crete S3.0: drop at once, on the Drop Zone nearest an objective
    "airdrop_zone": lambda bot, d, o: HeuristicPlayer.hex_nearest_goal(bot, d, o) or o[0],
    "airlanding_serial": lambda bot, d, o: o[0],
    "ship_to": lambda bot, d, o: ship_port(bot, d.subject, o) or o[0],
    # Options the series' action and move answers take when offered: ship when
    # a port is worth it (S2.0), leave by an exit that scores, withdraw at once
    # (S5.0: every Allied unit withdrawn raises the Withdrawal level).
    "action:ship": lambda bot, d, o: ship_port(bot, d.subject) is not None,
    # crete:4.2.2: under a glider/paradrop marker a Unit may do nothing else
    # (but Rally a Suppression): off with it at once, or it never moves
    "action:remove_drop_marker": HeuristicPlayer.yes,
    "move:leave_map": _leaves_by_a_scored_exit,
    "move:withdraw": lambda bot, d, o: True,
    "arrival_port": HeuristicPlayer.hex_nearest_goal,
    "replacement_leader": HeuristicPlayer.host_nearest_goal,
    "greek_rout": HeuristicPlayer.enemy_nearest_goal,
    "tanks_breakdown": HeuristicPlayer.enemy_nearest_goal,
    "partisan_attack": HeuristicPlayer.yes,
    "partisan_target": HeuristicPlayer.enemy_nearest_goal,
    "heroic": HeuristicPlayer.own_nearest_enemy,
    "event_unit": lambda bot, d, o: next(iter(bot.pieces(o)), None),
    "lost_fallschirmjager": HeuristicPlayer.yes,
    "command_confusion": lambda bot, d, o: max(  # the enemy division richest in CP
        (x for x in o if isinstance(x, Ref)), key=lambda x: (bot.attr(x, "cp") or 0, x.id)),
}

# Questions left to the bot's seeded generator: every answer is reasonable, or
# the choice needs a plan the bot does not have.
RANDOM_BY_DESIGN = ("intelligence", "event_formation", "out_of_ammo_map", "out_of_ammo",
                    "lost_fallschirmjager_unit", "lost_fallschirmjager_leader", "leader_loss",
                    "stick_independent")
ANSWERS.update({key: HeuristicPlayer.random for key in RANDOM_BY_DESIGN})

# The optional rules' (modules/crete/optional): O1.0 free drops, O2.0 the navy.
OPTIONAL_ANSWERS = {
    "drop_zone_target": HeuristicPlayer.hex_nearest_goal,
    "naval_action": lambda bot, d, o: next(a for a in ("fire", "rally", "none") if a in o),
    "naval_fire_target": HeuristicPlayer.enemy_nearest_goal,
    "naval_move": lambda bot, d, o: "remain" if "remain" in o else o[0],
    "naval_target_zone": HeuristicPlayer.hex_nearest_goal,
}
OPTIONAL_RANDOM = ("free_drop_independent", "free_drop_stick", "naval_destination")
OPTIONAL_ANSWERS.update({key: HeuristicPlayer.random for key in OPTIONAL_RANDOM})
