"""Primitives for O1.0 German Free Drops (crete:O1.0): the hexes a Drop Zone
Target may be, and where a scattered Unit lands.

"roll 1D6 to determine direction and 1D10/3 (round fractions up) for
distance": the die's face is a direction of the hex grid, 1 the top side and
on clockwise (the book prints no compass rose: a reading); the Unit goes that
many hexes in a straight line.  Which hexes are Water, City or Town, and what
follows, is the rules' (free_drops.ksr).
"""

from __future__ import annotations

from kriegsspiel.dsl.types import Function


def _map(ctx):
    game_map = ctx.world.map
    if game_map is None:
        from kriegsspiel.core.errors import KsError
        raise KsError("this game has no map in play")
    return game_map


def hex_toward(ctx, hex_id: str, direction: int, distance: int) -> str | None:
    """The hex *distance* hexes from *hex_id* toward grid side *direction* (1-6,
    1 at the top, clockwise), or none when that is off the map in play."""
    grid = ctx.world.grid
    here = grid.parse(hex_id)
    for _ in range(int(distance)):
        here = grid.neighbour(here, int(direction) - 1)
    found = grid.format(here) if grid.contains(here) else None
    return found if found is not None and _map(ctx).contains(found) else None


SCATTER_PRIMITIVES = (
    Function("hex_toward", hex_toward, 3, 3, "any", params=("any", "int", "int"),
             doc="the hex N hexes toward grid side D (1-6, 1 at the top, clockwise), "
                 "or none off the map"),
)
