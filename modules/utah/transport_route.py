"""Abandoned Transport's route (utah:15.0): the walk only.

"He must be able to trace a path from the Unit, traversable by its organic
transportation, to the nearest Road hex, then along a continuous path of at
least 10 Road hexes toward the friendly board edge ... or to a Beach
Reinforcement hex".  What a step may cross, what is a Road hex and what ends
the route are the rules' (rules/abandoned_transport.ksr), asked by name:

- ``transport_route_step(unit, a, b)``: the transport may go from a into b;
- ``transport_route_road_hex(h)``: h is a Road hex;
- ``transport_route_road_step(unit, a, b)``: a Road runs from a into b, open;
- ``transport_route_goal(unit, start, h, steps)``: the Road path from *start*
  (the nearest Road hex) reaching h in *steps* hexes is the route asked for.
"""

from __future__ import annotations

from typing import Any

from kriegsspiel.dsl.runtime import Context
from kriegsspiel.dsl.types import Function


def _walk(world, start: str, step) -> dict[str, int]:
    """Breadth-first from *start* through the steps allowed: hex -> steps."""
    reached = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for here in frontier:
            for there in world.map.neighbours_of(here):
                if there not in reached and step(here, there):
                    reached[there] = reached[here] + 1
                    following.append(there)
        frontier = following
    return reached


def transport_route_found(ctx: Context, unit: Any) -> bool:
    """Whether the route of utah:15.0 can be traced from the Unit's hex."""
    world, rules = ctx.world, ctx.rules
    start = world.attr(unit, "hex")
    if start is None or world.map is None:
        return False
    scratch = Context(world, ctx.dice, ctx.decider, rules=rules, explaining=False)

    def call(name, *args):
        return bool(rules.call(name, scratch, *args))

    to_road = _walk(world, start, lambda a, b: call("transport_route_step", unit, a, b))
    roads = [h for h in to_road if call("transport_route_road_hex", h)]
    if not roads:
        return False
    nearest = min(to_road[h] for h in roads)
    for road_start in sorted(h for h in roads if to_road[h] == nearest):
        along = _walk(world, road_start,
                      lambda a, b: call("transport_route_road_step", unit, a, b))
        if any(rules.call("transport_route_goal", scratch, unit, road_start, h, n)
               for h, n in sorted(along.items())):
            return True
    return False


def edge_distance(ctx: Context, hex_id: str, edge: str) -> int:
    """How many hexes *hex_id* lies from the map's north, south, west or east edge."""
    world = ctx.world
    grid = world.grid
    here = grid.parse(hex_id)
    cells = [grid.parse(h) for h in world.map.terrain]
    if edge == "north":
        return here.row - min(c.row for c in cells)
    if edge == "south":
        return max(c.row for c in cells) - here.row
    if edge == "west":
        return here.col - min(c.col for c in cells)
    return max(c.col for c in cells) - here.col


ROUTE_PRIMITIVES = (
    Function("transport_route_found", transport_route_found, 1, 1, "bool", params=("unit",),
             doc="whether the Abandoned Transport route can be traced from the Unit "
                 "(utah:15.0; the steps and the goal are the rules')"),
    Function("edge_distance", edge_distance, 2, 2, "int", params=("any", "str"),
             doc="hexes from a hex to the map's north, south, west or east edge"),
)
