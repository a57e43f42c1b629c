"""The shapes of the data files: games, units, terrain, maps and scenarios.

These models know no rule of any game system.  Where a ruleset needs its own
numbers (a counter's fire rating, a leader's command range, a division's
command rating) the model carries an open ``values``/``ratings`` mapping and
the ruleset validates it with a model of its own (see ``load_game``'s
``side_model``).  Everything else is generic hex-and-counter vocabulary.

Every model forbids unknown keys, so a typo in a data file is an error rather
than a silently ignored field, and every field has a description so the JSON
Schemas from :func:`kriegsspiel.core.loading.schemas` help in an editor.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Literal, Mapping

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, create_model, model_validator

from kriegsspiel.core.fields import (HexId, HexList, HexSpecList, HexsideId, Id, Notes, Provenance,
                                     RuleRef, Source)


class DataModel(BaseModel):
    """Base of every data-file model: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid")
    # Where this object was read from, (LocatedDoc, path); set by the loader so
    # cross-reference errors can point at the source line.
    _origin: Any = PrivateAttr(default=None)


class Item(DataModel):
    """Something with an id that other data refers to."""

    id: Id = Field(description="Unique id within its kind; what other files refer to.")
    name: str = Field("", description="Display name; defaults to the id.")
    tags: list[Id] = Field(default_factory=list,
                           description="Free labels a ruleset may test, e.g. 'greek', 'engineer'.")
    provenance: Provenance | None = Field(None, description="Overrides the file's provenance "
                                          "for this item.")
    source: Source = None
    notes: Notes = None

    @model_validator(mode="after")
    def _name_defaults_to_id(self) -> "Item":
        if not self.name:
            self.name = self.id
        return self


class DataFile(DataModel):
    """Fields every data file has at its top level."""

    provenance: Provenance = Field(description="'published': taken from the books; "
                                   "'provisional': invented because the books do not give it.")
    source: Source = None
    notes: Notes = None


# ------------------------------------------------------------------- counters


class Leader(Item):
    """A leader counter (not a unit)."""

    side: Id | None = Field(None, description="The side he fights for, when the ruleset does "
                            "not tell it from what he belongs to.")
    kind: Id | None = Field(None, description="Ruleset-specific kind, e.g. 'kampfgruppe'.")
    values: dict[str, Any] = Field(default_factory=dict, description="Printed values; validated "
                                   "by the ruleset's leader model.")


class CounterSide(DataModel):
    """One face of a counter."""

    values: dict[str, Any] = Field(description="Printed values; validated by the ruleset's "
                                   "counter-side model.")
    label: str | None = Field(None, description="What the side shows besides numbers, e.g. a "
                              "vehicle silhouette.")


class Unit(Item):
    """A unit counter."""

    side: Id | None = Field(None, description="The side it fights for, when the ruleset does "
                            "not tell it from what it belongs to.")
    unit_class: Id = Field(description="Ruleset-specific class, e.g. 'infantry', 'gun', 'vehicle'.")
    counter_set: Id | None = Field(None, description="Which printed counter set it belongs to, "
                                   "when a game has several for the same unit.")
    front: CounterSide = Field(description="The face it starts on.")
    back: CounterSide | None = Field(None, description="The flip side, if it has values.")
    back_kind: Literal["reduced", "transport"] | None = Field(
        None, description="What flipping means: losing a step, or mounting transport.")

    @model_validator(mode="after")
    def _back_has_kind(self) -> "Unit":
        if (self.back is None) != (self.back_kind is None):
            raise ValueError("give 'back' and 'back_kind' together (or neither)")
        return self


class UnitsFile(DataFile):
    """A file of unit counters (games/<game>/units/*.yaml)."""

    units: list[Unit] = Field(description="The counters.")


class TerrainType(Item):
    """A kind of terrain or map feature."""

    kind: Literal["hex", "hexside", "road", "feature", "overlay"] = Field(
        description="hex: fills a hex; hexside: lies on a hexside; road: connects hex centres; "
                    "feature: a named thing in a hex (port, exit); overlay: placed in play "
                    "over a hex (rubble).")
    values: dict[str, Any] = Field(default_factory=dict, description="Ruleset-specific values "
                                   "(effects tables belong in rule files).")


class TerrainFile(DataFile):
    """The terrain types of a game (games/<game>/terrain.yaml)."""

    terrain: list[TerrainType] = Field(description="Terrain types.")


class MarkerType(Item):
    """A kind of marker counter."""

    values: dict[str, Any] = Field(default_factory=dict, description="Ruleset-specific values.")


# --------------------------------------------------------------------------- maps


class GridSpec(DataModel):
    """The map's hex grid."""

    columns: tuple[int, int] = Field(description="[first, last] column numbers.")
    rows: tuple[int, int] = Field(description="[first, last] row numbers.")
    orientation: Literal["flat", "pointy"] = Field("flat", description="Flat-topped hexes in "
                                                   "columns, or pointy-topped hexes in rows.")
    offset: Literal["odd", "even"] = Field("odd", description="Which printed columns (flat) are "
                                           "drawn half a hex lower, or which rows (pointy) half "
                                           "a hex to the right.")
    id_digits: tuple[int, int] | None = Field(None, description="[column, row] digits of the "
                                              "printed hex ids, zero-padded: [2, 3] for a map "
                                              "that numbers its hexes '28.048'. Default: two "
                                              "each (wider only where a number needs it).")

    @model_validator(mode="after")
    def _ordered(self) -> "GridSpec":
        for label, (low, high) in (("columns", self.columns), ("rows", self.rows)):
            if not 0 <= low <= high <= 999:
                raise ValueError(f"{label} must be [first, last] with 0 <= first <= last <= 999")
        if self.id_digits is not None and not all(1 <= d <= 3 for d in self.id_digits):
            raise ValueError("id_digits must be [column digits, row digits], each 1 to 3")
        return self


class MapFeature(DataModel):
    """Something named in a hex: a port, an airfield, an exit, a place name."""

    hex: HexId
    kind: Id = Field(description="A terrain type of kind 'feature'.")
    name: str | None = Field(None, description="Its name on the map, e.g. 'Port of Kastelli'.")


class Hexside(DataModel):
    """A feature lying on one hexside (slope, stream, crest…)."""

    hexside: HexsideId
    feature: Id = Field(description="A terrain type of kind 'hexside'.")
    low_side: HexId | None = Field(None, description="For elevation hexsides: which of the two "
                                   "hexes is the lower ground.")


class Overlay(DataModel):
    """A named set of hexes drawn over the terrain (an airfield, a drop zone)."""

    id: Id
    name: str = Field("", description="Display name.")
    hexes: HexSpecList = Field(description="Hexes or ranges.")
    tags: list[Id] = Field(default_factory=list, description="Free labels, e.g. 'airfield'.")


class OffMapBox(DataModel):
    """A box on an off-map display that units reach through exit hexes."""

    id: Id
    name: str = Field("", description="Display name.")
    exits: HexList = Field(default_factory=list, description="Map hexes leading to this box.")
    connects_to: list[Id] = Field(default_factory=list, description="Other boxes reachable from it.")


class MapModel(DataFile):
    """One map sheet (games/<game>/maps/*.yaml)."""

    id: Id
    name: str = Field(description="The sheet's name.")
    grid: GridSpec = Field(description="Bounds and layout of the hex grid.")
    default_terrain: Id = Field(description="Terrain of every hex not listed under 'hexes'.")
    hexes: dict[Id, HexSpecList] = Field(default_factory=dict, description="Terrain id → the "
                                         "hexes (or ranges) of that terrain.")
    absent: HexSpecList = Field(default_factory=list, description="Hexes inside the grid bounds "
                                "that the printed map lacks.")
    features: list[MapFeature] = Field(default_factory=list, description="Named things in hexes.")
    hexsides: list[Hexside] = Field(default_factory=list, description="Hexside features.")
    roads: dict[Id, list[HexList]] = Field(default_factory=dict, description="Road terrain id → "
                                           "paths, each a list of adjacent hexes in order.")
    overlays: list[Overlay] = Field(default_factory=list, description="Named sets of hexes.")
    off_map_boxes: list[OffMapBox] = Field(default_factory=list, description="Off-map boxes "
                                           "reached through this sheet's exit hexes.")

    # Just enough geometry to validate data; play uses core.hexgrid.
    def in_bounds(self, hex_id: str) -> bool:
        col, row = parse_hex(hex_id)
        (c0, c1), (r0, r1) = self.grid.columns, self.grid.rows
        return c0 <= col <= c1 and r0 <= row <= r1

    def contains(self, hex_id: str) -> bool:
        """In the grid bounds and not one of the map's absent hexes."""
        absent = {parse_hex(h) for spec in self.absent for h in expand_hexes(spec)}
        return self.in_bounds(hex_id) and parse_hex(hex_id) not in absent

    def adjacent(self, a: str, b: str) -> bool:
        """Whether two hexes share a side, under the grid's orientation and offset."""
        (ac, ar), (bc, br) = parse_hex(a), parse_hex(b)
        if self.grid.orientation == "pointy":  # rows play the part columns play when flat
            ac, ar, bc, br = ar, ac, br, bc
        step, drift = bc - ac, br - ar
        if step == 0:
            return abs(drift) == 1
        shifted = ac % 2 == (1 if self.grid.offset == "odd" else 0)
        return abs(step) == 1 and drift in ((0, 1) if shifted else (-1, 0))


def parse_hex(hex_id: str) -> tuple[int, int]:
    """'06.05' → (6, 5)."""
    col, _, row = hex_id.partition(".")
    return int(col), int(row)


def expand_hexes(spec: str) -> list[str]:
    """'01.01-02.03' → every hex id in that rectangle; a single id → [id]."""
    first, _, last = spec.partition("-")
    if not last:
        return [first]
    (c0, r0), (c1, r1) = parse_hex(first), parse_hex(last)
    return [f"{c:02d}.{r:02d}" for c in range(min(c0, c1), max(c0, c1) + 1)
            for r in range(min(r0, r1), max(r0, r1) + 1)]


# ---------------------------------------------------------------------------- games


class TurnTrack(DataModel):
    """The game's daily sequence of turns (each scenario takes a stretch of it)."""

    daily: list[str] = Field(min_length=1, description="The turns of one day in order, as they "
                             "appear in turn labels, e.g. ['0700', '0900', …, '1900', 'night'].")
    tags: dict[str, list[Id]] = Field(default_factory=dict, description="Tags per daily turn for "
                                      "the rules, e.g. {'0700': [first_daylight], 'night': "
                                      "[night]}.")
    source: Source = None


class OptionalPlacement(DataModel):
    """A unit an optional rule brings into play when it is switched on: at a set-up hex
    ("Allied Coastal Artillery Setup ... Suda Map: 2 15 Coast RA (76.16)"), placed only when
    a map in play holds it; or, with no hex, off the map for the rule to bring on."""

    rule: RuleRef = Field(description="The optional rule that places it ('ruleset:section').")
    unit: Id = Field(description="The unit id.")
    hex: HexId | None = Field(None, description="Its set-up hex, as printed; none: off the map.")
    map: Id | None = Field(None, description="The map sheet the book prints the hex on.")
    source: Source = None
    notes: Notes = None

    @model_validator(mode="after")
    def _hex_with_map(self) -> "OptionalPlacement":
        if (self.hex is None) != (self.map is None):
            raise ValueError("give both 'hex' and 'map' (a set-up hex), or neither (off the map)")
        return self


from kriegsspiel.core.displays import Display  # noqa: E402 — it builds on the models above


class GameManifest(DataFile):
    """games/<game>/game.yaml: the game's sides, leaders and markers and its other
    files (a ruleset adds its own keys, such as its order of battle: game_models)."""

    id: Id
    title: str = Field(description="The game's title as printed.")
    rulesets: list[Id] = Field(description="Rule modules, general first, e.g. ['series', "
                               "'mygame'].")
    sides: list[Id] = Field(min_length=2, description="The sides, e.g. ['Blue', 'Red'].")
    leaders: list[Leader] = Field(default_factory=list, description="Leader counters.")
    markers: list[MarkerType] = Field(default_factory=list, description="Marker types.")
    unit_files: list[str] = Field(description="Unit files, relative to game.yaml.")
    terrain_file: str = Field(description="Terrain file, relative to game.yaml.")
    map_files: list[str] = Field(description="Map files, relative to game.yaml.")
    turn_track: TurnTrack | None = Field(None, description="The daily turn sequence.")
    optional_setup: list[OptionalPlacement] = Field(default_factory=list, description="Units "
                                                    "optional rules place at set-up, on any "
                                                    "scenario that plays their map.")
    displays: list[Display] = Field(default_factory=list, description="Off-map displays "
                                    "drawn beside the map: boxes of pieces and tracks the rules "
                                    "keep (docs/data.md).")


class Game(GameManifest):
    """A loaded game: the manifest plus the contents of its referenced files."""

    units: list[Unit] = Field(default_factory=list, description="From the unit files.")
    terrain: list[TerrainType] = Field(default_factory=list, description="From the terrain file.")
    maps: list[MapModel] = Field(default_factory=list, description="From the map files.")


@dataclass(frozen=True)
class GameModels:
    """The models a game's files are read with: the kernel's, or with its
    rulesets' keys (:func:`game_models`)."""

    manifest: type[GameManifest] = GameManifest
    units_file: type[UnitsFile] = UnitsFile
    game: type[Game] = Game


# The parts of a game a ruleset may add keys to (ks_game_schema).
GAME_PARTS = ("game", "unit", "leader")


def game_models(extensions: Iterable[Mapping[str, type[DataModel]]] = ()) -> GameModels:
    """The game models with the rulesets' own keys: each of *extensions* maps
    parts (GAME_PARTS) to a model whose fields and validators are added to
    that part's, lowest layer first."""
    return _game_models(*mixins_by_part(extensions, GAME_PARTS, "game"))


def mixins_by_part(extensions: Iterable[Mapping[str, type[DataModel]]], parts: tuple[str, ...],
                   what: str) -> tuple[tuple, ...]:
    """For each of *parts* in turn, the models *extensions* add to it (a
    ruleset's ks_*_schema answers, lowest layer first); a part that is not one
    of *parts* is an error."""
    extensions = list(extensions)
    unknown = {part for ext in extensions for part in ext} - set(parts)
    if unknown:
        raise ValueError(f"no {what} part {sorted(unknown)} (the parts: {', '.join(parts)})")
    return tuple(tuple(ext[part] for ext in extensions if part in ext) for part in parts)


@lru_cache(maxsize=None)
def _game_models(game: tuple, unit: tuple, leader: tuple) -> GameModels:
    if not (game or unit or leader):
        return GameModels()
    units = typed(UnitsFile, "units", list, compose(Unit, unit))
    leaders = typed(GameManifest, "leaders", list, compose(Leader, leader))
    return GameModels(compose(GameManifest, game, leaders=leaders),
                      compose(UnitsFile, (), units=units),
                      compose(Game, game, leaders=leaders, units=units))


def compose(base: type[DataModel], mixins: tuple, **fields: Any) -> Any:
    """*base* with the fields and validators of *mixins* (a ruleset's own keys)
    and *fields* re-typed; *base* itself when there is nothing to add."""
    if not mixins and not fields:
        return base
    # The mixins come first so that their methods extend the kernel's; the
    # kernel's validators run as well.
    return create_model(base.__name__, __base__=(*mixins, base), __module__=base.__module__,
                        **fields)


def typed(owner: type[DataModel], name: str, container: Any, model: Any) -> tuple:
    """Field *name* of *owner* as it is declared, holding *model* instead."""
    info = owner.model_fields[name]
    return (container[model] if container is not None else model), info


def item_model(data: Any, field: str) -> type[DataModel]:
    """The model of the items of the list *field* ('setup', say) of *data* (a
    model or an instance of one) as its rulesets compose it, for a new entry
    that reads like the file's."""
    model = data if isinstance(data, type) else type(data)
    return typing.get_args(model.model_fields[field].annotation)[0]


# ------------------------------------------------------------------------ scenarios
