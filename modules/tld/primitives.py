"""The TLD module's one primitive: the hexes a supply route of limited length
reaches from a hex (tld:II.D), a bounded breadth-first search over the map
whose every hex the rules' own ``supply_route_open(hex, side)`` admits.  The
rule of what blocks a route stays in rules/supply.ksr; this is only the walk."""

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


PRIMITIVES = (
    Function("supply_route_hexes", supply_route_hexes, 3, 3, "list",
             params=("str", "int", "side"),
             doc="the hexes a supply route of at most N hexes reaches from a hex, through "
                 "hexes the rules' supply_route_open(hex, side) admits (tld:II.D)"),
)
