"""How far the heuristic bot's hexes are from the enemy (a mixin of
HeuristicPlayer, bot.py): the enemies' hexes of each side, kept until an
event could move one (Keeping.moved_since), and each hex's distance to the
nearest of them, kept with them. Every decision weighs its options against
the enemy, hex after hex, so these are the bot's most asked questions."""

from __future__ import annotations

import itertools
from typing import Any, NamedTuple

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.state import Ref

OFF = 99  # the distance of a hex from nothing, or from a box off the map
_MISSING = object()


class EnemySet(NamedTuple):
    """A side's enemies as last found standing."""
    hexes: frozenset            # their hexes, one entry per hex (None: off the map)
    measured: dict              # {hex: its distance to the nearest of them}
    version: int | None         # the state's version they were found standing at
    on_map: tuple               # those of the hexes on the map
    some_off: bool              # whether any of them is not on the map
    # (the measured distances of the set before these, its hexes on the map no
    #  longer held, the hexes on the map newly held) — nearest_since; or None
    before: tuple | None = None
    by_plane: dict | None = None  # {plane: the hexes on the map on it} (Distances.plane)


def enemies_after(before: EnemySet | None, hexes: frozenset, on_map: tuple,
                  by_plane: dict | None = None) -> EnemySet:
    """The EnemySet of *hexes* (*on_map*: those on the map), nothing measured
    yet. An enemy's step changes a hex or two of dozens: the distances
    measured to the set *before* are kept beside it to be worked on from
    (Distances.nearest_since), unless as many hexes changed as are held."""
    earlier = None
    if before is not None:
        gone, new = set(before.on_map) - set(on_map), set(on_map) - set(before.on_map)
        if len(gone) + len(new) < len(on_map):
            earlier = (before.measured, tuple(gone), tuple(new))
    return EnemySet(hexes, {}, None, on_map, len(on_map) < len(hexes), earlier, by_plane)


class Distances:
    """Reads with what HeuristicPlayer (bot.py) reads: state, attr, side_of,
    side_of_id, units, moved_since, _read_on."""

    def is_hex(self, text: str) -> bool:
        known = self._is_hex.get(text)
        if known is None:
            try:
                known = self.state.grid is not None and self.state.grid.parse(text) is not None
            except KsError:
                known = False
            self._is_hex[text] = known
        return known

    def distance(self, a: str | None, b: str | None) -> int:
        try:
            return OFF if a is None or b is None else self.state.distance(a, b)
        except KsError:
            return OFF  # an off-map box

    def enemy_hexes(self, side: str | None) -> frozenset[str | None]:
        """The hexes the enemies of *side* stand in, one entry per hex."""
        return self.enemy_set(side).hexes

    def enemy_set(self, side: str | None) -> EnemySet:
        """The enemies of *side* as they stand. A decision weighs every option
        against them, so they are kept until an event moves, places,
        eliminates or flips one of them (moved_since); the same record while
        their hexes are the same, so that the distances measured to them
        stand. While the state's version stands (nothing has changed at all)
        the log is not even read on."""
        before = self._enemy_sets.get(side)
        version = self.state.version
        if before is not None and (before.version == version or
                                   not self.moved_since(("enemies of", side), side, False)):
            if before.version != version:
                before = self._enemy_sets[side] = before._replace(version=version)
            return before
        self._read_on(("enemies of", side))  # read from now on
        hexes = frozenset(self.attr(e, "hex") for e in self.units(enemy_of=side))
        if before is None or before.hexes != hexes:
            on_map = tuple(h for h in hexes if h is not None and self.is_hex(h))
            by_plane: dict = {}
            for h in on_map:
                by_plane.setdefault(self.plane(h), []).append(h)
            before = enemies_after(before, hexes, on_map, by_plane)
        found = self._enemy_sets[side] = before._replace(version=version)
        return found

    def enemy_distance(self, unit: Ref) -> int:
        return self.hex_enemy_distance(self.attr(unit, "hex"), self.unit_side(unit))

    def unit_side(self, unit: Ref) -> Any:
        """side_of(unit), for a Unit kept as units() keeps it."""
        return self.side_of_id(unit.id) if unit.kind == "unit" else self.side_of(unit)

    def hex_enemy_distance(self, here: str | None, side: str | None) -> int:
        """How far *here* is from the nearest enemy of *side* (OFF: none)."""
        return self.distance_from(self.enemy_set(side), here)

    def distance_from(self, enemies: EnemySet, here: str | None) -> int:
        """How far *here* is from the nearest of *enemies*, measured once."""
        found = enemies.measured.get(here)
        if found is None:
            found = enemies.measured[here] = self.nearest_since(here, enemies)
        return found

    def nearest_since(self, here: str | None, enemies: EnemySet) -> int:
        """nearest_distance of *here* to *enemies*, from its distance to the set
        before them when that was measured: the least distance stands unless
        a hex no longer held was that near (then measured afresh), and the
        hexes newly held are measured alone. A distance of OFF or more (the
        set's boxes cap it there) is measured afresh."""
        before = enemies.before
        was = before[0].get(here) if before is not None else None
        if was is None or was >= OFF or not enemies.on_map:
            return self.nearest_now(here, enemies)
        distance = self.state.distance
        if any(distance(here, h) == was for h in before[1]):
            return self.nearest_now(here, enemies)
        near = min(was, min(map(distance, itertools.repeat(here, len(before[2])), before[2]),
                            default=was))
        return min(near, OFF) if enemies.some_off else near

    def nearest_now(self, here: str | None, enemies: EnemySet) -> int:
        """nearest_distance of *here* to *enemies*: to those on its own plane
        when there are any (core.sheets: the other planes are SEPARATE away,
        farther than any hex of its own), else to all of them."""
        if enemies.by_plane and here is not None:
            plane = self.plane(here)
            same = enemies.by_plane.get(plane) if plane is not None else None
            if same:
                return self.nearest_distance(here, same, enemies.some_off)
        return self.nearest_distance(here, enemies.on_map, enemies.some_off)

    def plane(self, hex_id: str) -> Any:
        """The plane of a hex of the map (core.sheets.SheetedGrid.plane_of);
        None for a box, or on a grid without planes. Read once a hex."""
        grid = self.state.grid
        if self._planes[0] is not grid:
            self._planes = (grid, {})
        known = self._planes[1].get(hex_id, _MISSING)
        if known is _MISSING:
            plane_of = getattr(grid, "plane_of", None)
            try:
                known = plane_of(grid.parse(hex_id)) if plane_of is not None else None
            except KsError:
                known = None
            self._planes[1][hex_id] = known
        return known

    def nearest_distance(self, here: str | None, on_map: tuple, some_off: bool) -> int:
        """min(distance(here, h)) over the hexes *on_map* and, when *some_off*,
        some not on the map (None, a box: OFF away, as distance() says), OFF
        for none. The state measures each pair itself: distance() would
        catch the error an off-map *here* raises once for every enemy."""
        if here is None or not on_map:
            return OFF
        try:
            near = min(map(self.state.distance, itertools.repeat(here, len(on_map)), on_map))
        except KsError:  # *here* is not on the map: OFF from every hex
            return OFF
        return min(near, OFF) if some_off else near

    def nearest_the_enemy(self, units: list[Ref]) -> Ref | None:
        """Of *units*, the one nearest the enemy (enemy_distance), the first by
        id of those as near. Each side's enemies are found once a call:
        nothing changes while a question is answered."""
        attr, sides = self.attr, {}

        def nearness(unit: Ref) -> tuple:
            side = self.unit_side(unit)
            enemies = sides.get(side)
            if enemies is None:
                enemies = sides[side] = self.enemy_set(side)
            return self.distance_from(enemies, attr(unit, "hex")), unit.id
        return min(units, key=nearness, default=None)
