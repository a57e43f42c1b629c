"""Airborne Drift (utah:3.3.1): where a Rearguard lands.

"The d6 determines direction from the hex the Unit is in; 1 being north (up
the hexrow) moving clockwise, and 4 being south (down the hexrow). The d10
determines the distance": the die's face is a side of the flat-topped grid,
1 the top side, on clockwise; the Rearguard goes that many hexes in a
straight line.  What it lands on is the rules' (paradrops.ksr).
"""

from __future__ import annotations

from kriegsspiel.dsl.types import Function


def hex_drifted(ctx, hex_id: str, direction: int, distance: int) -> str | None:
    """The hex *distance* hexes from *hex_id* toward side *direction* (1-6), or
    none when that is off the map in play."""
    grid, game_map = ctx.world.grid, ctx.world.map
    here = grid.parse(hex_id)
    for _ in range(int(distance)):
        here = grid.neighbour(here, int(direction) - 1)
    found = grid.format(here) if grid.contains(here) else None
    return found if found is not None and game_map is not None and game_map.contains(found) \
        else None


DRIFT_PRIMITIVES = (
    Function("hex_drifted", hex_drifted, 3, 3, "any", params=("any", "int", "int"),
             doc="the hex N hexes toward grid side D (1-6, 1 north, clockwise), or none "
                 "off the map (utah:3.3.1 Airborne Drift)"),
)
