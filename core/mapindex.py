"""A map in play: fast answers about terrain, hexsides and roads by hex id.

Built once from a map file (``core.models.MapModel``) and the game's terrain
types; rules ask it through kernel primitives (``terrain(h)``,
``hexside_features(a, b)``, ``road_between(a, b)``...).  It knows what is
printed where — never what it costs or whether it blocks: that is the rules'.
"""

from __future__ import annotations

from dataclasses import dataclass, field

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.models import MapModel, TerrainType, expand_hexes
from kriegsspiel.core.sheets import SheetedGrid


@dataclass
class MapIndex:
    grid: HexGrid
    terrain: dict[str, str] = field(default_factory=dict)  # hex id → terrain id
    tags: dict[str, frozenset[str]] = field(default_factory=dict)  # terrain id → tags
    features: dict[str, list[dict]] = field(default_factory=dict)  # hex id → features
    hexsides: dict[frozenset, list[dict]] = field(default_factory=dict)  # {a, b} → features
    roads: dict[frozenset, set[str]] = field(default_factory=dict)  # {a, b} → road types
    # hex id → for each road path through it: (its neighbours along the path,
    # whether the path ends there) — to tell roads that cross from a junction
    road_paths: dict[str, list[tuple[frozenset, bool]]] = field(default_factory=dict)
    overlays: dict[str, set[str]] = field(default_factory=dict)  # hex id → overlay tags/ids
    sheets: dict[str, str] = field(default_factory=dict)  # hex id → the id of its map sheet
    # hex id → the ids of its neighbours on this map (on its own grid), made
    # once: rules ask for a moving Unit's neighbours at every step.
    neighbour_ids: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False,
                                                      compare=False)
    # a → b → frozenset({a, b}): the key of a pair asked, made once (rules ask
    # the same hexsides again and again).  Only the key is kept, never what
    # the tables hold under it, so a table edited by hand is read afresh.
    pair_keys: dict[str, dict[str, frozenset]] = field(default_factory=dict, repr=False,
                                                       compare=False)

    @classmethod
    def build(cls, sheets: MapModel | list[MapModel], terrain_types: list[TerrainType],
              grid: HexGrid) -> "MapIndex":
        """The index of one map sheet, or of several sheets sharing one coordinate
        system (each hex id belongs to one of them), on *grid*."""
        index = cls(grid)
        index.tags = {t.id: frozenset(t.tags) for t in terrain_types}
        for game_map in sheets if isinstance(sheets, list) else [sheets]:
            index._add_sheet(game_map, grid)
        return index

    def _add_sheet(self, game_map: MapModel, grid: HexGrid) -> None:
        index = self
        absent = {h for spec in game_map.absent for h in expand_hexes(spec)}
        # On a grid of separate sheets (core.sheets) the map file's ids are its own
        # sheet's: qualify them with its id.
        prefix = f"{game_map.id}:" if isinstance(grid, SheetedGrid) else ""

        def canon(hid: str) -> str:
            return _canon(grid, prefix + hid)

        if prefix:
            (c0, c1), (r0, r1) = game_map.grid.columns, game_map.grid.rows
            printed = [f"{c:02d}.{r:02d}" for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]
            for hid in printed:
                if hid not in absent:
                    index.terrain[canon(hid)] = game_map.default_terrain
                    index.sheets[canon(hid)] = game_map.id
        for h in [] if prefix else grid.hexes():
            hid = grid.format(h)
            if hid not in absent and game_map.in_bounds(hid):
                index.terrain[hid] = game_map.default_terrain
                index.sheets[hid] = game_map.id
        for terrain_id, specs in game_map.hexes.items():
            for spec in specs:
                for hid in expand_hexes(spec):
                    # A grid cut down to a scenario's play area leaves the rest out.
                    if grid.contains(grid.parse(prefix + hid, on_map=False)):
                        index.terrain[canon(hid)] = terrain_id
        for feature in game_map.features:
            index.features.setdefault(canon(feature.hex), []).append(
                {"kind": feature.kind, "name": feature.name})
        for side in game_map.hexsides:
            a, b = side.hexside.split("/")
            key = frozenset((canon(a), canon(b)))
            index.hexsides.setdefault(key, []).append(
                {"feature": side.feature,
                 "low_side": canon(side.low_side) if side.low_side else None})
        for road_type, paths in game_map.roads.items():
            for path in paths:
                hexes = [canon(h) for h in path]
                for a, b in zip(hexes, hexes[1:]):
                    index.roads.setdefault(frozenset((a, b)), set()).add(road_type)
                for i, b in enumerate(hexes):
                    along = frozenset(hexes[j] for j in (i - 1, i + 1) if 0 <= j < len(hexes))
                    if along:
                        index.road_paths.setdefault(b, []).append(
                            (along, i == 0 or i == len(hexes) - 1))
        for overlay in game_map.overlays:
            for spec in overlay.hexes:
                for hid in expand_hexes(spec):
                    index.overlays.setdefault(canon(hid), set()).update(
                        {overlay.id, *overlay.tags})

    def contains(self, hex_id: str) -> bool:
        return hex_id in self.terrain

    def neighbours_of(self, hex_id: str) -> tuple[str, ...]:
        """The ids of the hexes of this map adjacent to *hex_id*, in direction order."""
        known = self.neighbour_ids.get(hex_id)
        if known is None:
            grid = self.grid
            known = tuple(i for i in (grid.format(n) for n in grid.neighbours(grid.parse(hex_id)))
                          if i in self.terrain)
            self.neighbour_ids[hex_id] = known
        return known

    def terrain_of(self, hex_id: str) -> str:
        try:
            return self.terrain[hex_id]
        except KeyError:
            raise KsError(f"hex {hex_id} is not on the map", None,
                          did_you_mean(hex_id, self.terrain)) from None

    def has_tag(self, hex_id: str, tag: str) -> bool:
        return tag in self.tags.get(self.terrain_of(hex_id), ())

    def features_at(self, hex_id: str) -> list[str]:
        return [f["kind"] for f in self.features.get(hex_id, [])]

    @cython.locals(sides=dict, keys=dict, of_a=dict)
    def hexside_features(self, a: str, b: str) -> list[str]:
        # Most hexsides carry nothing: a direct look-up (typed locals) by the
        # pair's kept key, and no list made for the default.
        keys = self.pair_keys
        of_a = keys.get(a)
        if of_a is None:
            of_a = keys[a] = {}
        key = of_a.get(b)
        if key is None:
            key = of_a[b] = frozenset((a, b))
        sides = self.hexsides
        found = sides.get(key)
        return [] if found is None else [f["feature"] for f in found]

    def low_side(self, a: str, b: str, feature: str) -> str | None:
        for f in self.hexsides.get(frozenset((a, b)), []):
            if f["feature"] == feature:
                return f["low_side"]
        return None

    def roads_between(self, a: str, b: str) -> set[str]:
        return self.roads.get(frozenset((a, b)), set())

    def roads_connect(self, a: str, b: str, c: str) -> bool:
        """Whether a road from *a* into *b* goes on to *c*: one path runs a-b-c;
        or the roads meet at *b* — a path ends there (a junction), or the two
        paths share a stretch out of *b* (one merges into the other).  Two
        paths that only have the hex *b* in common cross without connecting."""
        if not (self.roads_between(a, b) and self.roads_between(b, c)):
            return False
        paths = self.road_paths.get(b, [])
        into = [p for p in paths if a in p[0]]
        onto = [p for p in paths if c in p[0]]
        return (any(end for _, end in into + onto) or any(c in along for along, _ in into)
                or any(p[0] & q[0] for p in into for q in onto))


def _canon(grid: HexGrid, hex_id: str) -> str:
    """The grid's own spelling of a hex id ('6.5' and '06.05' are one hex)."""
    return grid.format(grid.parse(hex_id, on_map=False))
