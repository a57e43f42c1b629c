"""The TLD module's primitives: the hexes a supply route of limited length
reaches from a hex (tld:II.D), a bounded breadth-first search over the map
whose every hex the rules' own ``supply_route_open(hex, side)`` admits (the
rule of what blocks a route stays in rules/supply.ksr; this is only the walk);
and the hex a number of steps from a hex in one of the grid's six directions,
for the Drift Diagram (tld:V.B; which roll drifts where is invasion.ksr's)."""

from __future__ import annotations

import weakref
from typing import Any

from kriegsspiel.dsl.runtime import Context
from kriegsspiel.dsl.types import Function

OPEN_RULE = "supply_route_open"

# Routes found, per game, while it stands still (its version): a supply
# question asks for the same HQ's route for every unit it weighs.
_ROUTES: "weakref.WeakKeyDictionary[Any, tuple[int, dict]]" = weakref.WeakKeyDictionary()


def supply_route_hexes(ctx: Context, start: str, length: int, side: Any) -> list[str]:
    """Every hex within *length* steps of *start* by hexes the rules admit
    (the start itself always), in id order."""
    world = ctx.world
    if start is None or world.map is None:
        return []
    version, known = _ROUTES.get(world, (None, {}))
    if version != world.version:
        known = {}
        _ROUTES[world] = (world.version, known)
    key = (start, int(length), getattr(side, "id", side))
    if key in known:
        return known[key]
    scratch = Context(world, ctx.dice, ctx.decider, rules=ctx.rules, explaining=False)
    # only admitted hexes are reached, and only they carry the walk on
    reached = {start}
    frontier = [start]
    for _ in range(int(length)):
        following = []
        for here in frontier:
            for there in world.map.neighbours_of(here):
                if there not in reached and ctx.rules.call(OPEN_RULE, scratch, there, side):
                    reached.add(there)
                    following.append(there)
        frontier = following
    known[key] = sorted(reached)
    return known[key]


def hex_toward(ctx: Context, start: str, direction: int, steps: int) -> str | None:
    """The hex *steps* hexes from *start* across side *direction* (0-5, clockwise
    from the top), or none when that is off the map in play."""
    world = ctx.world
    if start is None or world.map is None:
        return None
    grid = world.map.grid
    here = grid.parse(start)
    for _ in range(int(steps)):
        here = grid.neighbour(here, int(direction))
    there = grid.format(here)
    return there if world.map.contains(there) else None


PRIMITIVES = (
    Function("supply_route_hexes", supply_route_hexes, 3, 3, "list",
             params=("str", "int", "side"),
             doc="the hexes a supply route of at most N hexes reaches from a hex, through "
                 "hexes the rules' supply_route_open(hex, side) admits (tld:II.D)"),
    Function("hex_toward", hex_toward, 3, 3, "any", params=("str", "int", "int"),
             doc="the hex N steps from a hex across one side (0-5, clockwise from the top), "
                 "or none off the map (tld:V.B's Drift Diagram)"),
)
