"""Scenario data: set-up, reinforcements, special rules and victory conditions
— what every scenario YAML file holds.  A ruleset adds its
own keys (ks_scenario_schema): :func:`scenario_model` composes them in."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Literal, Mapping

from pydantic import ConfigDict, Field, model_validator

from .fields import Id, IdList, Notes, RuleRef, Source, TurnLabel
from .fields import SheetHexId as HexId  # a scenario's hexes may name their sheet
from .fields import SheetHexList as HexList
from .models import DataFile, DataModel, compose, mixins_by_part, typed


class Placement(DataModel):
    """One setup instruction: {unit, hex}, {units, hex|hexes}, {units, hex|around, within}
    or {leader, hex|with}."""

    unit: Id | None = Field(None, description="One unit id.")
    units: IdList | None = Field(None, description="Several unit ids.")
    leader: Id | None = Field(None, description="A leader id.")
    hex: HexId | None = Field(None, description="Where (for 'within', the centre).")
    hexes: HexList | None = Field(None, description="The hexes the units may be placed in.")
    around: HexList | None = Field(None, description="With 'within': several centres, e.g. "
                                   "'within two hexes of 24.14 or 29.14'.")
    with_: IdList | None = Field(None, alias="with", description="Leader only: placed stacked "
                                 "with any one of these units.")
    within: int | None = Field(None, ge=0, description="Place within this many hexes of 'hex' "
                               "(or of any of 'around'); the owning player decides where, at "
                               "the start of play.")
    one_per_hex: bool = Field(False, description="At most one of the units in each hex.")
    each_hex: bool = Field(False, description="With 'within': at least one of the units in "
                           "each hex of the area ('place in hexes ... — at least one unit per "
                           "hex').")
    random: bool = Field(False, description="Which unit goes to which of 'hexes' is random "
                         "(the game's dice, at set-up).")
    improved_position: bool = Field(False, description="'Units may be set up in IP': the owner "
                                    "decides, unit by unit, at the start of play.")
    map: Id | None = Field(None, description="The sheet its hexes are on, when the scenario "
                           "plays on separate sheets (an unqualified hex then means that "
                           "sheet's, or a sheet's joined to it; core.sheets).")
    only_with: RuleRef | None = Field(None, description="Used only when this optional rule is "
                                      "switched on ('<ruleset>:<section>').")
    not_with: RuleRef | None = Field(None, description="Left out when this optional rule is "
                                     "switched on (the entry it changes).")
    notes: Notes = None

    @model_validator(mode="after")
    def _one_form(self) -> "Placement":
        forms = [name for name in ("unit", "units", "leader") if getattr(self, name) is not None]
        if len(forms) != 1:
            raise ValueError("a placement names exactly one of 'unit', 'units' or 'leader'")
        if self.with_ is not None and self.leader is None:
            raise ValueError("'with' is only for placing a leader")
        where = [name for name, v in (("hex", self.hex), ("hexes", self.hexes),
                                      ("with", self.with_), ("around", self.around))
                 if v is not None]
        if len(where) != 1:
            raise ValueError("say where: exactly one of 'hex', 'hexes', 'around' or 'with'")
        if self.within is not None and self.hex is None and self.around is None:
            raise ValueError("'within' needs a centre 'hex' (or centres 'around')")
        if self.around is not None and self.within is None:
            raise ValueError("'around' is for 'within N hexes of' several centres: give 'within'")
        if self.within is not None and self.leader is not None:
            raise ValueError("'within' is for placing units")
        if self.random and self.hexes is None:
            raise ValueError("'random' shuffles the units over 'hexes'")
        if self.one_per_hex and self.units is None:
            raise ValueError("'one_per_hex' is for placing several 'units'")
        if self.each_hex and (self.units is None or self.within is None):
            raise ValueError("'each_hex' is for placing several 'units' 'within' an area")
        if self.units is not None and self.one_per_hex and self.hexes is not None \
                and len(self.units) > len(self.hexes):
            raise ValueError(f"{len(self.units)} units cannot go one per hex "
                             f"into {len(self.hexes)} hexes")
        return self


class Reinforcement(DataModel):
    """Units (and leaders) arriving during play: at a hex or through an entry (a
    ruleset may add other manners: :meth:`places`, :meth:`unplaced`)."""

    turn: TurnLabel
    units: IdList = Field(description="The arriving unit ids.")
    leaders: IdList = Field(default_factory=list, description="Arriving leader ids.")
    hex: HexId | None = Field(None, description="Arrival hex (or centre, with 'within').")
    within: int | None = Field(None, ge=0, description="Arrive within this many hexes of 'hex'.")
    entry: Id | None = Field(None, description="Arrival through an off-map box or overlay id.")
    arrival: Id | None = Field(None, description="Ruleset-specific manner of arrival.")
    map: Id | None = Field(None, description="The sheet its hexes are on, when the scenario "
                           "plays on separate sheets (an unqualified hex then means that "
                           "sheet's; core.sheets).")
    only_with: RuleRef | None = Field(None, description="Used only when this optional rule is "
                                      "switched on (the changed arrival).")
    not_with: RuleRef | None = Field(None, description="Left out when this optional rule is "
                                     "switched on (the arrival as printed that it changes).")
    source: Source = None
    notes: Notes = None

    def places(self) -> dict[str, Any]:
        """The keys that say where it arrives, by name: exactly one is given."""
        return {"hex": self.hex, "entry": self.entry}

    def unplaced(self) -> bool:
        """Whether it arrives where the rules decide during play, with no place given."""
        return False

    def waits_off_map(self) -> bool:
        """Whether it waits for its turn off the map, to arrive at its hex or entry."""
        return self.hex is not None or self.entry is not None

    @model_validator(mode="after")
    def _somewhere(self) -> "Reinforcement":
        places = self.places()
        given = [name for name, value in places.items() if value is not None]
        names = ", ".join(f"'{name}'" for name in places).rsplit(", ", 1)
        if self.unplaced():
            if given:
                raise ValueError(f"this arrival's place is decided in play: give no "
                                 f"{' or '.join(names)}")
            return self
        if len(given) != 1:
            raise ValueError(f"give exactly one of {' or '.join(names)}")
        return self


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
    steps: int | None = Field(None, ge=1, description="kind 'steps_eliminated': how many steps "
                              "of 'side' must have been eliminated.")
    connected: Literal[2] | None = Field(
        None, description="kind 'control' of 'hexes': instead of all of them, at least this many "
        "controlled and connected — two of them adjacent to each other ('at least two connected "
        "runway hexes'; the only size the books print).")
    count: int | None = Field(None, ge=1, description="kind 'control' or 'fire_zone' of "
                              "'hexes': at least this many of them ('two of the three airfield "
                              "hexes'); kind 'units_exited': how many Units.")
    before: TurnLabel | None = Field(None, description="The condition counts only at the end of "
                                     "a turn before this one ('before the 1300 23 May Game "
                                     "Turn').")
    at_start_of: TurnLabel | None = Field(None, description="Read once, at the start of this "
                                          "turn — the end of the turn before it ('at the start "
                                          "of the 0700, 26 May game turn').")
    negated: bool = Field(False, description="The condition is that this does NOT hold ('If "
                          "the Germans do not control Galatas ...').")
    level: str | None = Field(None, description="Victory level, if the scenario grades wins.")
    provided: Id | None = Field(None, description="Another condition kind that must hold too, "
                                "read with no keys of its own ('If <a state of play> is in "
                                "effect and the Germans control ...').")

    @model_validator(mode="after")
    def _fields_of_kind(self) -> "VictoryCondition":
        if self.before is not None and self.at_start_of is not None:
            raise ValueError("give 'before' or 'at_start_of', not both")
        if self.kind == "units_exited" and (self.count is None or not self.hexes):
            raise ValueError("'units_exited' needs the exit 'hexes' and a 'count' of Units")
        if self.count is not None and self.kind in ("control", "fire_zone") and \
                self.count > len(self.hexes):
            raise ValueError(f"'count' {self.count} is more than the {len(self.hexes)} 'hexes'")
        return self


class VictoryPoints(DataModel):
    """One line of a victory-point schedule ('Each side receives victory points at the end of
    the game as follows: ... 3VP Control of Apex Hill OP')."""

    award: int = Field(ge=1, description="Victory points per thing counted.")
    per: Literal["enemy_step_eliminated", "hex_controlled", "step_shipped", "step_exited"] = \
        Field(description="What is counted: each enemy step eliminated; each of 'hex'/'hexes' "
              "the side controls; each of the side's steps shipped away from a port; each of "
              "its steps that left the map through 'hexes'.")
    sides: IdList = Field(description="Who scores it ('Both Players' lists both sides).")
    hex: HexId | None = None
    hexes: HexList = Field(default_factory=list)
    name: str | None = Field(None, description="What the book calls it, e.g. 'Apex Hill OP'.")

    @model_validator(mode="after")
    def _where(self) -> "VictoryPoints":
        needs_hexes = self.per in ("hex_controlled", "step_exited")
        if needs_hexes != (self.hex is not None or bool(self.hexes)):
            raise ValueError(f"'{self.per}' " + ("needs 'hex' or 'hexes'" if needs_hexes
                                                 else "takes no hexes"))
        return self


class Victory(DataModel):
    conditions: list[VictoryCondition] = Field(default_factory=list,
                                               description="Ways to win, checked in order.")
    points: list[VictoryPoints] = Field(default_factory=list, description="Victory points "
                                        "scored at the end of the game; the side with more "
                                        "wins, equal points are a draw.")
    otherwise: Id | None = Field(None, description="The winner when no condition holds.")
    draw: Literal["both_or_neither", "otherwise"] | None = Field(
        None, description="'both_or_neither': each condition is its winner's objective, met once "
        "it holds at its 'when'; at the end one side alone with an objective met wins, "
        "otherwise the result is a draw.  'otherwise': the conditions decide as without "
        "'draw', and when none holds at the end the game is a draw ('Otherwise, it is a "
        "draw').")
    source: Source = None
    text: str | None = Field(None, description="The victory conditions as printed.")

    @model_validator(mode="after")
    def _draw_or_otherwise(self) -> "Victory":
        if self.draw is not None and self.otherwise is not None:
            raise ValueError("give 'draw' or 'otherwise', not both")
        if not self.conditions and not self.points and not self.text:
            raise ValueError("give the 'conditions', the victory 'points', or (where the "
                             "ruleset's rules decide the game) the 'text' as printed")
        if self.points and (self.conditions or self.otherwise or self.draw):
            raise ValueError("a victory-point scenario is won on points alone: no "
                             "'conditions', 'otherwise' or 'draw'")
        return self


class ControlAtStart(DataModel):
    """Who controls some hexes when play starts, e.g. 'The Allies control all Victory Hexes
    at the start.'"""

    side: Id
    hexes: HexList = Field(min_length=1)
    source: Source = None


class PlayArea(DataModel):
    """The part of the map in play ('Only the area west of hex column 35.XX and north of hex
    row XX.15 is in play'): inclusive ranges of hex columns and rows."""

    columns: tuple[int, int] | None = None
    rows: tuple[int, int] | None = None
    source: Source = None

    @model_validator(mode="after")
    def _some_bound(self) -> "PlayArea":
        if self.columns is None and self.rows is None:
            raise ValueError("give 'columns' and/or 'rows'")
        for label, pair in (("columns", self.columns), ("rows", self.rows)):
            if pair is not None and pair[0] > pair[1]:
                raise ValueError(f"'{label}' must be [first, last] with first <= last")
        return self


class ScenarioStart(DataModel):
    """Where in the sequence of play the first turn starts, and what it lacks."""

    step: Id | None = Field(None, description="Ruleset-specific step the first turn starts at, "
                            "e.g. 'activation' ('Start with step H Perform Activation "
                            "Phase').")
    source: Source = None


class Scenario(DataFile):
    """scenarios/<game>/*.yaml: one scenario."""

    id: Id
    title: str = Field(description="The scenario's title as printed.")
    game: Id = Field(description="The game id this scenario is played with.")
    rulesets: list[Id] = Field(description="Rule modules in force.")
    special_rules: list[RuleRef] = Field(default_factory=list, description="Optional/special "
                                         "rule sections in effect ('<ruleset>:<section>').")
    description: str | None = Field(None, description="The printed introduction.")
    counter_set: Id | None = Field(None, description="Which counters to use, when a game has several.")
    maps: list[Id] = Field(min_length=1, description="Map ids in play.")
    play_area: PlayArea | None = Field(None, description="Only this part of the map is in "
                                       "play; hexes outside it are off the map.")
    start_turn: TurnLabel
    end_turn: TurnLabel
    setup: list[Placement] = Field(default_factory=list, description="Set-up placements.")
    reinforcements: list[Reinforcement] = Field(default_factory=list, description="Arrivals.")
    scenario_rules: list[ScenarioRule] = Field(default_factory=list, description="Special "
                                               "scenario rules.")
    start: ScenarioStart | None = Field(None, description="Where the first turn starts (the "
                                        "whole sequence of play when absent).")
    control_at_start: list[ControlAtStart] = Field(default_factory=list, description="Who "
                                                   "controls which hexes at the start.")
    victory: Victory = Field(description="Victory conditions.")


# The parts of a scenario a ruleset may add keys to (ks_scenario_schema), and
# the Scenario fields that hold them.
PARTS = ("scenario", "placement", "reinforcement", "victory_condition")


def scenario_model(extensions: Iterable[Mapping[str, type[DataModel]]] = ()) -> type[Scenario]:
    """Scenario with the rulesets' own keys: each of *extensions* maps parts
    (PARTS) to a model whose fields and validators are added to that part's
    (lowest layer first).  Without extensions, the kernel's Scenario."""
    return _composed(*mixins_by_part(extensions, PARTS, "scenario"))


@lru_cache(maxsize=None)
def _composed(scenario: tuple, placement: tuple, reinforcement: tuple,
              condition: tuple) -> type[Scenario]:
    if not (scenario or placement or reinforcement or condition):
        return Scenario
    victory = compose(Victory, (), conditions=typed(Victory, "conditions", list,
                                                    compose(VictoryCondition, condition)))
    return compose(Scenario, scenario,
                   setup=typed(Scenario, "setup", list, compose(Placement, placement)),
                   reinforcements=typed(Scenario, "reinforcements", list,
                                        compose(Reinforcement, reinforcement)),
                   victory=typed(Scenario, "victory", None, victory))


def units_in_play(scenario: "Scenario") -> set[str]:
    """Every unit the scenario names: set-up, reinforcements and drops, and
    those its special rules name.  Counters it never names take no part in the
    game (and cost every rule that looks over all units)."""
    named: set[str] = set()
    for item in (*scenario.setup, *scenario.reinforcements):
        named.update([item.unit] if getattr(item, "unit", None) else [])
        named.update(getattr(item, "units", None) or [])
        named.update(getattr(item, "with_", None) or [])
    for effect in (e for rule in scenario.scenario_rules for e in rule.effects):
        extra = effect.model_extra or {}
        for key in ("unit", "units"):
            value = extra.get(key)
            named.update(value if isinstance(value, list) else [value] if value else [])
    return named


def turn_order(label: str) -> tuple[str, int]:
    """Sort key for a TurnLabel: the night follows every daytime turn of its date."""
    date, _, time = label.partition(" ")
    return date, (24 * 60 if time == "night" else int(time[:2]) * 60 + int(time[2:]))
