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

import re
from typing import Annotated, Any, Literal

from pydantic import (BaseModel, BeforeValidator, ConfigDict, Field, PrivateAttr,
                      StringConstraints, WithJsonSchema, model_validator)

ID_PATTERN = r"^\S(.*\S)?$"
HEX_ID_PATTERN = r"^\d{2,3}\.\d{2,3}$"
HEX_RANGE_PATTERN = r"^\d{2,3}\.\d{2,3}(-\d{2,3}\.\d{2,3})?$"
HEXSIDE_PATTERN = r"^\d{2,3}\.\d{2,3}/\d{2,3}\.\d{2,3}$"
RULE_REF_PATTERN = r"^[a-z][a-z0-9-]*:[A-Za-z0-9_.:-]+$"
TURN_PATTERN = r"^\d{4}-\d{2}-\d{2} (\d{4}|night)$"
PATTERN_WORDS = {  # the patterns in words, for error messages
    ID_PATTERN: "an id without leading or trailing spaces",
    HEX_ID_PATTERN: "a hex id like '06.05'",
    HEX_RANGE_PATTERN: "a hex id like '06.05' or a range like '01.01-01.10'",
    HEXSIDE_PATTERN: "a hexside like '06.05/06.06'",
    RULE_REF_PATTERN: "a rule citation like 'gts:29.53' or 'crete:S6.0'",
    TURN_PATTERN: "a turn like '1941-05-24 0900' or '1941-05-24 night'",
}

Provenance = Literal["published", "provisional"]


def _reject_number(value: Any) -> Any:
    # YAML reads an unquoted 06.05 as the float 6.05 and the leading zero is
    # gone for good, so the only honest fix is to ask for quotes.
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        raise ValueError(f"write hex ids in quotes, e.g. '06.05' "
                         f"(unquoted, YAML reads them as the number {value})")
    return value


def _split_words(value: Any) -> Any:
    """'02.02 03.04, 04.05' → ['02.02', '03.04', '04.05'] (lists pass through)."""
    if isinstance(value, str):
        return [word for word in re.split(r"[\s,]+", value) if word]
    return value


def _one_or_many(value: Any) -> Any:
    return [value] if isinstance(value, str) else value


Id = Annotated[str, StringConstraints(min_length=1, max_length=200, pattern=ID_PATTERN),
               Field(description="An identifier: any text without leading/trailing spaces; "
                                 "printed names are used as-is, e.g. '1 A/1 Inf'.")]
HexId = Annotated[str, BeforeValidator(_reject_number), StringConstraints(pattern=HEX_ID_PATTERN),
                  Field(description="A hex id 'CC.RR' (column.row), quoted, e.g. '06.05'.")]
HexSpec = Annotated[str, BeforeValidator(_reject_number), StringConstraints(pattern=HEX_RANGE_PATTERN),
                    Field(description="A hex id, or a range 'CC.RR-CC.RR' meaning every hex in "
                                      "the rectangle between the two corners, inclusive.")]
_WORDS_SCHEMA = {"anyOf": [{"type": "array", "items": {"type": "string"}},
                           {"type": "string", "description": "whitespace- or comma-separated"}]}
HexList = Annotated[list[HexId], BeforeValidator(_split_words), WithJsonSchema(_WORDS_SCHEMA)]
HexSpecList = Annotated[list[HexSpec], BeforeValidator(_split_words), WithJsonSchema(_WORDS_SCHEMA)]
HexsideId = Annotated[str, StringConstraints(pattern=HEXSIDE_PATTERN),
                      Field(description="A hexside named by its two hexes, 'CC.RR/CC.RR'.")]
RuleRef = Annotated[str, StringConstraints(pattern=RULE_REF_PATTERN),
                    Field(description="A rule citation 'ruleset:section', e.g. 'gts:29.53', "
                                      "'crete:S6.0', 'crete:scenario:learning'.")]
TurnLabel = Annotated[str, StringConstraints(pattern=TURN_PATTERN),
                      Field(description="A game turn: 'YYYY-MM-DD HHMM' (24-hour clock) or "
                                        "'YYYY-MM-DD night', e.g. '1941-05-24 0900'.")]
IdList = Annotated[list[Id], BeforeValidator(_one_or_many),
                   WithJsonSchema({"anyOf": [{"type": "array", "items": {"type": "string"}},
                                             {"type": "string"}]})]


Notes = Annotated[str | None, Field(description="Free text for people; rules never read it.")]
Source = Annotated[RuleRef | None, Field(description="Where the book gives this, e.g. "
                                                     "'crete:scenario:learning'.")]


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


# ----------------------------------------------------------------- order of battle


class Army(Item):
    """A nation's forces (the largest grouping of units)."""

    side: Id = Field(description="Which side of the game this army fights on (one of the game's sides).")


class Division(Item):
    """A grouping of formations."""

    army: Id = Field(description="Army id.")
    ratings: dict[Id, int] = Field(default_factory=dict, description="Ruleset-specific standing "
                                   "numbers (scenarios may override them).")


class Formation(Item):
    """A grouping of units inside a division (regiment, brigade, battalion…)."""

    division: Id = Field(description="Division id.")
    leader: Id | None = Field(None, description="Id of the formation's own leader, if it has one.")
    kind: Id = Field("formation", description="Ruleset-specific kind, e.g. 'regiment', "
                     "'independent'.")


class Leader(Item):
    """A leader counter (not a unit)."""

    division: Id = Field(description="Division id.")
    formation: Id | None = Field(None, description="The formation he leads; none for leaders "
                                 "attached at division level.")
    kind: Id = Field("formation", description="Ruleset-specific kind, e.g. 'kampfgruppe'.")
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

    formation: Id = Field(description="Formation id.")
    division: Id | None = Field(None, description="Division id; must match the formation's.")
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

    @model_validator(mode="after")
    def _ordered(self) -> "GridSpec":
        for label, (low, high) in (("columns", self.columns), ("rows", self.rows)):
            if not 0 <= low <= high <= 999:
                raise ValueError(f"{label} must be [first, last] with 0 <= first <= last <= 999")
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


class GameManifest(DataFile):
    """games/<game>/game.yaml: the game's order of battle and its other files."""

    id: Id
    title: str = Field(description="The game's title as printed.")
    rulesets: list[Id] = Field(description="Rule modules, general first, e.g. ['gts', 'crete'].")
    sides: list[Id] = Field(min_length=2, description="The sides, e.g. ['Allied', 'Axis'].")
    armies: list[Army] = Field(description="Nations, each on a side.")
    divisions: list[Division] = Field(description="Divisions, each in an army.")
    formations: list[Formation] = Field(description="Formations, each in a division.")
    leaders: list[Leader] = Field(default_factory=list, description="Leader counters.")
    markers: list[MarkerType] = Field(default_factory=list, description="Marker types.")
    unit_files: list[str] = Field(description="Unit files, relative to game.yaml.")
    terrain_file: str = Field(description="Terrain file, relative to game.yaml.")
    map_files: list[str] = Field(description="Map files, relative to game.yaml.")


class Game(GameManifest):
    """A loaded game: the manifest plus the contents of its referenced files."""

    units: list[Unit] = Field(default_factory=list, description="From the unit files.")
    terrain: list[TerrainType] = Field(default_factory=list, description="From the terrain file.")
    maps: list[MapModel] = Field(default_factory=list, description="From the map files.")


# ------------------------------------------------------------------------ scenarios


class Placement(DataModel):
    """One setup instruction: {unit, hex}, {units, hex|hexes}, or {leader, hex|with}."""

    unit: Id | None = Field(None, description="One unit id.")
    units: IdList | None = Field(None, description="Several unit ids.")
    leader: Id | None = Field(None, description="A leader id.")
    hex: HexId | None = Field(None, description="Where (for 'within', the centre).")
    hexes: HexList | None = Field(None, description="The hexes the units may be placed in.")
    with_: IdList | None = Field(None, alias="with", description="Leader only: placed stacked "
                                 "with any one of these units.")
    within: int | None = Field(None, ge=0, description="Place within this many hexes of 'hex'.")
    one_per_hex: bool = Field(False, description="At most one of the units in each hex.")
    random: bool = Field(False, description="Which unit goes to which hex is random.")
    map: Id | None = Field(None, description="Map id; needed when the scenario uses several maps.")
    notes: Notes = None

    @model_validator(mode="after")
    def _one_form(self) -> "Placement":
        forms = [name for name in ("unit", "units", "leader") if getattr(self, name) is not None]
        if len(forms) != 1:
            raise ValueError("a placement names exactly one of 'unit', 'units' or 'leader'")
        if self.with_ is not None and self.leader is None:
            raise ValueError("'with' is only for placing a leader")
        where = [name for name, v in (("hex", self.hex), ("hexes", self.hexes),
                                      ("with", self.with_)) if v is not None]
        if len(where) != 1:
            raise ValueError("say where: exactly one of 'hex', 'hexes' or 'with'")
        if self.within is not None and self.hex is None:
            raise ValueError("'within' needs a centre 'hex'")
        if self.one_per_hex and self.units is None:
            raise ValueError("'one_per_hex' is for placing several 'units'")
        if self.units is not None and self.one_per_hex and self.hexes is not None \
                and len(self.units) > len(self.hexes):
            raise ValueError(f"{len(self.units)} units cannot go one per hex "
                             f"into {len(self.hexes)} hexes")
        return self


class Reinforcement(DataModel):
    """Units (and leaders) arriving during play."""

    turn: TurnLabel
    units: IdList = Field(description="The arriving unit ids.")
    leaders: IdList = Field(default_factory=list, description="Arriving leader ids.")
    hex: HexId | None = Field(None, description="Arrival hex (or centre, with 'within').")
    within: int | None = Field(None, ge=0, description="Arrive within this many hexes of 'hex'.")
    entry: Id | None = Field(None, description="Arrival through an off-map box or overlay id.")
    arrival: Id | None = Field(None, description="Ruleset-specific manner, e.g. 'parachute'.")
    map: Id | None = Field(None, description="Map id; needed when the scenario uses several maps.")
    source: Source = None
    notes: Notes = None

    @model_validator(mode="after")
    def _somewhere(self) -> "Reinforcement":
        if (self.hex is None) == (self.entry is None):
            raise ValueError("give exactly one of 'hex' or 'entry'")
        return self


class DivisionCommand(DataModel):
    """A division's ruleset-specific ratings and starting points for this scenario."""

    division: Id
    ratings: dict[Id, int | None] = Field(default_factory=dict, description="e.g. {command: 2, "
                                          "dispatch: null}; null means 'not used'.")
    points: dict[Id, int | None] = Field(default_factory=dict, description="Starting points, "
                                         "e.g. {command: 4}.")
    source: Source = None


class ChitRef(DataModel):
    """An activation chit: {kind: division, of: <division id>}, {kind: direct_command, of: <side>}…"""

    kind: Id = Field(description="Ruleset-specific chit kind.")
    of: Id = Field(description="The side, division or formation the chit belongs to.")


class Mug(DataModel):
    """What goes into the draw cup."""

    each_turn: list[ChitRef] = Field(description="Chits placed in the cup every turn.")
    first_chit: ChitRef | None = Field(None, description="The chit in play at the start.")
    source: Source = None
    notes: Notes = None


class Effect(DataModel):
    """A machine-readable effect of a scenario rule; its kind's ruleset reads the rest.

    Extra keys are allowed here (the kind decides them).  Keys named unit(s),
    leader(s), division, formation, map, marker, side and hex(es) are checked
    against the game like any other reference.
    """

    model_config = ConfigDict(extra="allow")
    kind: Id


class ScenarioRule(DataModel):
    """A special scenario rule: the printed text plus what can be said as data."""

    id: Id
    source: RuleRef
    text: str = Field(description="The rule as printed.")
    effects: list[Effect] = Field(default_factory=list, description="What can be said as data.")


class VictoryCondition(DataModel):
    """One way to win."""

    kind: Id = Field(description="Ruleset-specific, e.g. 'control'.")
    winner: Id = Field(description="The side that wins when this holds.")
    side: Id | None = Field(None, description="The side the condition is about.")
    hex: HexId | None = Field(None, description="The hex the condition is about.")
    hexes: HexList = Field(default_factory=list, description="The hexes it is about.")
    when: Id | None = Field(None, description="e.g. 'end_of_any_turn', 'end_of_game'.")
    level: str | None = Field(None, description="Victory level, if the scenario grades wins.")


class Victory(DataModel):
    conditions: list[VictoryCondition] = Field(description="Ways to win, checked in order.")
    otherwise: Id | None = Field(None, description="The winner when no condition holds.")
    source: Source = None
    text: str | None = Field(None, description="The victory conditions as printed.")


class Scenario(DataFile):
    """scenarios/<game>/*.yaml: one scenario."""

    id: Id
    title: str = Field(description="The scenario's title as printed.")
    game: Id = Field(description="The game id this scenario is played with.")
    rulesets: list[Id] = Field(description="Rule modules in force.")
    special_rules: list[RuleRef] = Field(default_factory=list, description="Optional/special "
                                         "rule sections in effect, e.g. 'crete:S6.0'.")
    description: str | None = Field(None, description="The printed introduction.")
    counter_set: Id | None = Field(None, description="Which counters to use, when a game has several.")
    maps: list[Id] = Field(min_length=1, description="Map ids in play.")
    start_turn: TurnLabel
    end_turn: TurnLabel
    end_when: Id | None = Field(None, description="Ruleset-specific end trigger on the last "
                                "turn, e.g. 'last_chit_drawn'.")
    setup: list[Placement] = Field(default_factory=list, description="Set-up placements.")
    reinforcements: list[Reinforcement] = Field(default_factory=list, description="Arrivals.")
    command_values: list[DivisionCommand] = Field(default_factory=list, description="Division "
                                                  "ratings and starting points.")
    mug: Mug | None = Field(None, description="What goes into the draw cup.")
    scenario_rules: list[ScenarioRule] = Field(default_factory=list, description="Special "
                                               "scenario rules.")
    victory: Victory = Field(description="Victory conditions.")


def turn_order(label: str) -> tuple[str, int]:
    """Sort key for a TurnLabel: the night follows every daytime turn of its date."""
    date, _, time = label.partition(" ")
    return date, (24 * 60 if time == "night" else int(time[:2]) * 60 + int(time[2:]))
