"""Scenario data: set-up, reinforcements, command values, the mug, special
rules and victory conditions — everything a scenario YAML file holds."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from .models import DataFile, DataModel, Id, IdList, Notes, RuleRef, Source, TurnLabel
from .models import SheetHexId as HexId  # a scenario's hexes may name their sheet
from .models import SheetHexList as HexList


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
    artillery_park: str | None = Field(None, description="The units start in this Artillery "
                                       "Park, its name as printed ('2nd NZ Div Artillery Park "
                                       "A'), in their 'hex': what a Park is, is the ruleset's.")
    in_contact_with: Id | None = Field(None, description="A leader id: the units start In "
                                       "Contact with this Leader (e.g. 'In Contact with 5th NZ "
                                       "Brigade Leader').")
    map: Id | None = Field(None, description="The sheet its hexes are on, when the scenario "
                           "plays on separate sheets (an unqualified hex then means that "
                           "sheet's, or a sheet's joined to it; core.sheets).")
    only_with: RuleRef | None = Field(None, description="Used only when this optional rule is "
                                      "switched on, e.g. 'crete:O4.0'.")
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
        if (self.artillery_park or self.in_contact_with) and self.leader is not None:
            raise ValueError("'artillery_park' and 'in_contact_with' are for placing units")
        if self.artillery_park is not None and (self.hex is None or self.within is not None):
            raise ValueError("an 'artillery_park' is in one hex: give 'hex' (and no 'within')")
        if self.units is not None and self.one_per_hex and self.hexes is not None \
                and len(self.units) > len(self.hexes):
            raise ValueError(f"{len(self.units)} units cannot go one per hex "
                             f"into {len(self.hexes)} hexes")
        return self


class DropZone(DataModel):
    """A drop or landing zone (crete:4.2): 'DZ: 25.12' is {around: '25.12'}; 'within 1 hex of
    17.15 and/or 19.15' is {around: '17.15 19.15', within: 1}."""

    around: HexList = Field(min_length=1, description="The DZ hex, or the centres.")
    within: int = Field(0, ge=0, description="Every hex within this many hexes of a centre.")


class Reinforcement(DataModel):
    """Units (and leaders) arriving during play: at a hex, through an entry, by air into a
    drop zone ({arrival: parachute|glider, drop_zone, stick}), or airlanded in serials at a
    controlled airfield ({arrival: airlanding, serial, division}, no place: crete:S7.0)."""

    turn: TurnLabel
    units: IdList = Field(description="The arriving unit ids.")
    leaders: IdList = Field(default_factory=list, description="Arriving leader ids.")
    hex: HexId | None = Field(None, description="Arrival hex (or centre, with 'within').")
    within: int | None = Field(None, ge=0, description="Arrive within this many hexes of 'hex'.")
    entry: Id | None = Field(None, description="Arrival through an off-map box or overlay id.")
    arrival: Id | None = Field(None, description="Ruleset-specific manner, e.g. 'parachute' or "
                               "'glider' (these need a 'drop_zone').")
    drop: str | None = Field(None, description="The drop's name as printed, e.g. 'Drop One'.")
    stick: str | None = Field(None, description="The stick's name as printed, e.g. 'Stick One'.")
    drop_zone: DropZone | None = Field(None, description="Where the stick drops, one unit per "
                                       "hex (crete:4.2).")
    division: Id | None = Field(None, description="The division whose activation brings it "
                                "(printed with the drop, e.g. 'Drop One — Fallschirmjäger-"
                                "Regiment 2'); informative, checked against the units.")
    map: Id | None = Field(None, description="The sheet its hexes are on, when the scenario "
                           "plays on separate sheets (an unqualified hex then means that "
                           "sheet's; core.sheets).")
    serial: int | None = Field(None, ge=1, description="With 'arrival: airlanding': the serial's "
                               "number as printed ('Serial 3'); serials land in order, and "
                               "'turn' is the first turn this one may land (crete:S7.0).")
    only_with: RuleRef | None = Field(None, description="Used only when this optional rule is "
                                      "switched on, e.g. 'crete:O4.0' (the changed arrival).")
    not_with: RuleRef | None = Field(None, description="Left out when this optional rule is "
                                     "switched on (the arrival as printed that it changes).")
    source: Source = None
    notes: Notes = None

    @model_validator(mode="after")
    def _somewhere(self) -> "Reinforcement":
        given = [v for v in (self.hex, self.entry, self.drop_zone) if v is not None]
        if self.arrival == AIRLANDING:
            # The German player picks the airfield when the serial lands.
            if given:
                raise ValueError("an airlanding serial lands at a controlled airfield: give no "
                                 "'hex', 'entry' or 'drop_zone'")
            if self.serial is None or self.division is None:
                raise ValueError("'arrival: airlanding' needs its 'serial' number and the "
                                 "'division' whose Activation lands it")
            return self
        if self.serial is not None:
            raise ValueError("'serial' is only for 'arrival: airlanding'")
        if len(given) != 1:
            raise ValueError("give exactly one of 'hex', 'entry' or 'drop_zone'")
        if (self.drop_zone is not None) != (self.arrival in AIRBORNE):
            raise ValueError("a 'drop_zone' goes with 'arrival: parachute' or 'arrival: glider', "
                             "and they with it")
        return self


AIRBORNE = ("parachute", "glider")
AIRLANDING = "airlanding"


class DivisionCommand(DataModel):
    """A division's ruleset-specific ratings and starting points for this scenario."""

    division: Id
    ratings: dict[Id, int | None] = Field(default_factory=dict, description="e.g. {command: 2, "
                                          "dispatch: null}; null means 'not used'.")
    points: dict[Id, int | None] = Field(default_factory=dict, description="Starting points, "
                                         "e.g. {command: 4}.")
    source: Source = None


class ChitRef(DataModel):
    """A chit: {kind: division, of: <division id>}, {kind: formation, of: <formation id>},
    {kind: direct_command, of: <side>}, {kind: event, of: <side>} (a Random Event chit)…"""

    kind: Id = Field(description="Ruleset-specific chit kind: direct_command, division, "
                     "formation, event.")
    of: Id = Field(description="The side, division or formation the chit belongs to.")


class RearguardPool(DataModel):
    """How many generic Rearguard counters a Division may have in play."""

    division: Id
    count: int = Field(ge=0, description="The absolute limit of counters (gts:24.5).")
    source: Source = None


class RoadBlockLimit(DataModel):
    """How many road blocks an Army (gts:23.1), or one Division of it (where a
    scenario gives them Division by Division), may have in play at once."""

    army: Id | None = Field(None, description="The Army the limit is for.")
    division: Id | None = Field(None, description="The Division the limit is for (its "
                                "Army's limit applies as well).")
    count: int = Field(ge=0, description="The limit (gts:23.1).")
    source: Source = None

    @model_validator(mode="after")
    def _one_owner(self) -> "RoadBlockLimit":
        if (self.army is None) == (self.division is None):
            raise ValueError("a road block limit names exactly one of 'army' or 'division'")
        return self


class Mug(DataModel):
    """What goes into the draw cup."""

    each_turn: list[ChitRef] = Field(default_factory=list, description="Chits placed in the "
                                     "cup every turn (instead of the series' step G).")
    at_start: list[ChitRef] = Field(default_factory=list, description="Chits in the cup when "
                                    "play starts, e.g. 'Place the German and Allied Direct "
                                    "Command ... chits in the cup'; later turns fill it as the "
                                    "rules (or each_turn) say.")
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
    steps: int | None = Field(None, ge=1, description="kind 'steps_eliminated': how many steps "
                              "of 'side' must have been eliminated.")
    connected: Literal[2] | None = Field(
        None, description="kind 'control' of 'hexes': instead of all of them, at least this many "
        "controlled and connected — two of them adjacent to each other ('at least two connected "
        "runway hexes', Crete Scenario 3; the only size the books print).")
    count: int | None = Field(None, ge=1, description="kind 'control' or 'fire_zone' of "
                              "'hexes': at least this many of them ('two of the three airfield "
                              "hexes', Crete Scenario 7); kind 'units_exited': how many Units.")
    before: TurnLabel | None = Field(None, description="The condition counts only at the end of "
                                     "a turn before this one ('before the 1300 23 May Game "
                                     "Turn', Crete Scenario 8).")
    at_start_of: TurnLabel | None = Field(None, description="Read once, at the start of this "
                                          "turn — the end of the turn before it ('at the start "
                                          "of the 0700, 26 May game turn', Crete Scenario 9).")
    negated: bool = Field(False, description="The condition is that this does NOT hold ('If "
                          "the Germans do not control Galatas ...').")
    formation: Id | None = Field(None, description="kind 'steps_in_columns': whose steps count "
                                 "(with any battalion attached to it).")
    columns: tuple[int, int] | None = Field(None, description="kind 'steps_in_columns': the "
                                            "inclusive range of hex columns ('east of the 33.XX "
                                            "hex column' is [34, 999]).")
    level: str | None = Field(None, description="Victory level, if the scenario grades wins.")
    provided: Id | None = Field(None, description="Another condition kind that must hold too, "
                                "read with no keys of its own ('If Allied Withdrawal is in "
                                "effect and the Germans control ...', Crete Scenario 11: "
                                "'allied_withdrawal').")
    levels: tuple[int, int] | None = Field(None, description="kind 'withdrawal_level': the "
                                           "inclusive range of the Allied Withdrawal Level "
                                           "('15 - 20', Crete Scenario 10; '30+' is [30, 9999]).")

    @model_validator(mode="after")
    def _fields_of_kind(self) -> "VictoryCondition":
        if self.before is not None and self.at_start_of is not None:
            raise ValueError("give 'before' or 'at_start_of', not both")
        if self.kind == "units_exited" and (self.count is None or not self.hexes):
            raise ValueError("'units_exited' needs the exit 'hexes' and a 'count' of Units")
        if self.kind == "steps_in_columns" and (self.steps is None or self.columns is None):
            raise ValueError("'steps_in_columns' needs 'steps' and 'columns'")
        if self.kind == "withdrawal_level" and self.levels is None:
            raise ValueError("'withdrawal_level' needs the 'levels' range")
        if self.count is not None and self.kind in ("control", "fire_zone") and \
                self.count > len(self.hexes):
            raise ValueError(f"'count' {self.count} is more than the {len(self.hexes)} 'hexes'")
        return self


class VictoryPoints(DataModel):
    """One line of a victory-point schedule ('Each side receives victory points at the end of
    the game as follows: ... 3VP Control of Apex Hill OP', Crete Scenario 4)."""

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
        "draw', Crete Scenario 9).")
    source: Source = None
    text: str | None = Field(None, description="The victory conditions as printed.")

    @model_validator(mode="after")
    def _draw_or_otherwise(self) -> "Victory":
        if self.draw is not None and self.otherwise is not None:
            raise ValueError("give 'draw' or 'otherwise', not both")
        if not self.conditions and not self.points:
            raise ValueError("give the 'conditions' or the victory 'points'")
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
    row XX.15 is in play', Crete Scenario 8): inclusive ranges of hex columns and rows."""

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
                            "e.g. 'activation' (GTS step H, 'Start with step H Perform "
                            "Activation Phase').")
    source: Source = None


class AsPer(DataModel):
    """Part of another scenario's set-up reused on one sheet ("Rethymnon Map: As per
    Scenario 1", Crete Scenario 6): its placements and/or the arrivals of one of its
    turns, on sheet 'map' (their hexes are that sheet's), with this scenario's
    counters of the same printed names (modules/gts/as_per.py)."""

    scenario: Id = Field(description="The other scenario, as 'ks play' names it, e.g. "
                         "'crete/snafu'.")
    map: Id = Field(description="The sheet the other scenario's hexes are on.")
    setup: bool = Field(False, description="Take its whole set-up.")
    turn: TurnLabel | None = Field(None, description="Take its arrivals (drops, reinforcements) "
                                   "of this turn.")
    drop: str | None = Field(None, description="What this scenario calls those arrivals' "
                             "drop ('1500: Drop Two — As per Scenario 1').")
    source: Source = None
    notes: Notes = None

    @model_validator(mode="after")
    def _something(self) -> "AsPer":
        if not self.setup and self.turn is None:
            raise ValueError("take its 'setup', the arrivals of a 'turn', or both")
        return self


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
    play_area: PlayArea | None = Field(None, description="Only this part of the map is in "
                                       "play; hexes outside it are off the map.")
    start_turn: TurnLabel
    end_turn: TurnLabel
    as_per: list[AsPer] = Field(default_factory=list, description="Other scenarios' set-ups "
                                "and arrivals reused sheet by sheet (added to 'setup' and "
                                "'reinforcements' where listed, before them).")
    setup: list[Placement] = Field(default_factory=list, description="Set-up placements.")
    reinforcements: list[Reinforcement] = Field(default_factory=list, description="Arrivals.")
    command_values: list[DivisionCommand] = Field(default_factory=list, description="Division "
                                                  "ratings and starting points.")
    mug: Mug | None = Field(None, description="What goes into the draw cup.")
    rearguards: list[RearguardPool] = Field(default_factory=list, description="Rearguard "
                                            "counters available, per Division.")
    road_blocks: list[RoadBlockLimit] = Field(default_factory=list, description="Road block "
                                              "limits per Army (an Army not listed has none) "
                                              "and per Division (a Division not listed has "
                                              "only its Army's).")
    scenario_rules: list[ScenarioRule] = Field(default_factory=list, description="Special "
                                               "scenario rules.")
    start: ScenarioStart | None = Field(None, description="Where the first turn starts (the "
                                        "whole sequence of play when absent).")
    control_at_start: list[ControlAtStart] = Field(default_factory=list, description="Who "
                                                   "controls which hexes at the start.")
    victory: Victory = Field(description="Victory conditions.")


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
