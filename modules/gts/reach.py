"""Where can this Unit get to this Action?  A search primitive for bots and
displays, over the movement rules (rules/movement.ksr, movement_costs.ksr).

The rules decide every step — ``may_enter`` (enemy hexes, entry-hex
exclusion, Column stacking, Fire Zones under a Division chit) and
``half_point_cost`` (the Terrain Effects Chart, hexsides, roads) — and this
module only runs a least-cost search (``core.movegraph``) over their answers.
Costs depend on the map, the Unit's Movement Class, Column and Division and
on the game's state (barrages, road blocks, weather), so they are cached per
(program, map, class, column, division) only while the state's version is
unchanged; ``may_enter`` depends on where other Units are and is asked afresh
on every call.

It leaves out what needs a decision along the way (forced march, Opportunity
Fire, the one-hex move): it answers "reachable with the allowance as it is".
"""

from __future__ import annotations

import weakref
from typing import Any

from kriegsspiel.core.movegraph import reachable
from kriegsspiel.dsl.runtime import Context
from kriegsspiel.dsl.types import Function

_COSTS: "weakref.WeakKeyDictionary[Any, dict]" = weakref.WeakKeyDictionary()
_MISSING = object()


def reachable_hexes(ctx: Context, unit: Any, kind: str) -> list[str]:
    """Hex ids the Unit can reach this Action, nearest first (ties by id)."""
    return _reach(ctx, unit, kind, None)


def reachable_among(ctx: Context, unit: Any, kind: str, hexes: list[str]) -> list[str]:
    """Those of *hexes* the Unit can reach this Action, in reachable_hexes' order.
    The search stops once each of them is settled: a few hexes near the Unit
    cost a fraction of the whole allowance's search."""
    if not hexes:
        return []
    return _reach(ctx, unit, kind, hexes)


def can_reach_any(ctx: Context, unit: Any, kind: str, hexes: list[str]) -> bool:
    """Whether the Unit can reach at least one of *hexes* this Action: the
    search stops at the first of them it settles (a rule that only asks
    "is there somewhere to go?" need not know every way there)."""
    return bool(hexes) and bool(_reach(ctx, unit, kind, hexes, first=True))


def _reach(ctx: Context, unit: Any, kind: str, targets: list[str] | None,
           first: bool = False) -> list[str]:
    world, rules = ctx.world, ctx.rules
    start = world.attr(unit, "hex")
    if start is None or world.map is None:
        return []
    # A scratch context: these are pure questions, and their explanations must
    # not pile up on the next real change of the game — nor be made at all:
    # the search asks hundreds of them and nobody reads their records.
    scratch = Context(world, ctx.dice, ctx.decider, rules=rules, explaining=False)
    # It asks may_enter of many hexes: the rules' remembered results and scans
    # are the caller's (same game, same moment), or kept for this search.
    scratch.memo = ctx.memo if ctx.memo is not None else {}
    scratch.memo_version = ctx.memo_version if ctx.memo is not None else -1
    scratch.lasting = ctx.lasting if ctx.lasting is not None else {}
    allowance = 2 * int(rules.call("movement_allowance", scratch, unit))
    # Costs also read the game's state (barrages, road blocks and whose they
    # are, the weather — and whatever a module's override reads), so they are
    # kept only while the state is unchanged: the version moves with every event.
    key = (id(world.map), rules.call("mclass", scratch, unit), world.attr(unit, "column"),
           world.attr(unit, "division"))
    per_program = _COSTS.setdefault(rules, {})
    owner, version, costs = per_program.get(key, (None, None, None))
    # A new map (an id may be reused after another is freed) or a changed game.
    if owner is not world.map or version != world.version:
        costs = {}
        per_program[key] = (world.map, world.version, costs)
    grid, game_map = world.grid, world.map
    allowed: dict = {}  # Hex → may the Unit enter it (asked once per hex per call)
    names: dict = {}    # Hex → its id

    def name(h):
        text = names.get(h)
        if text is None:
            text = names[h] = grid.format(h)
        return text

    def cost(a, b):
        value = costs.get((a, b), _MISSING)
        if value is _MISSING:
            hb = name(b)
            value = costs[(a, b)] = (rules.call("half_point_cost", scratch, unit, name(a), hb)
                                     if game_map.contains(hb) else None)
        if value is None:
            return None
        ok = allowed.get(b)
        if ok is None:
            ok = allowed[b] = bool(rules.call("may_enter", scratch, unit, name(b), kind))
        return value if ok else None

    wanted = None if targets is None else {grid.parse(h) for h in targets}
    reach = reachable(grid, grid.parse(start), allowance, cost, targets=wanted,
                      first_target=first)
    found = sorted((c, grid.format(h)) for h, c in reach.items()
                   if grid.format(h) != start and (wanted is None or h in wanted))
    return [h for _, h in found]


REACH_PRIMITIVES = (
    Function("reachable_hexes", reachable_hexes, 2, 2, "list", params=("unit", "str"),
             doc="the hexes a Unit can reach this Action with its allowance, nearest first"),
    Function("reachable_among", reachable_among, 3, 3, "list", params=("unit", "str", "list"),
             doc="those of the given hexes a Unit can reach this Action, nearest first"),
    Function("can_reach_any", can_reach_any, 3, 3, "bool", params=("unit", "str", "list"),
             doc="whether a Unit can reach any of the given hexes this Action"),
)
