"""What a GTS scenario says beyond the kernel's scenario data (ks_scenario_schema):
the mug (9.0), Rearguard counters (24.5), road-block limits (23.1), units set up
in an Artillery Park (16.2.1) or In Contact with a Leader (16.3), and "As per
Scenario N" — and the references these make (ks_check_scenario)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from kriegsspiel.core.fields import Id, Notes, Source, TurnLabel
from kriegsspiel.core.models import DataModel


class DivisionCommand(DataModel):
    """A division's ratings and starting points for this scenario (gts:10.0.3: its
    Command and Dispatch Ratings and Points; named by ks_data_vocabulary)."""

    division: Id
    ratings: dict[Id, int | None] = Field(default_factory=dict, description="e.g. {command: 2, "
                                          "dispatch: null}; null means 'not used'.")
    points: dict[Id, int | None] = Field(default_factory=dict, description="Starting points, "
                                         "e.g. {command: 4}.")
    source: Source = None


class ChitRef(DataModel):
    """A chit: {kind: division, of: <division id>}, {kind: formation, of: <formation id>},
    {kind: direct_command, of: <side>}, {kind: event, of: <side>} (a Random Event chit)…"""

    kind: Id = Field(description="The chit's kind: direct_command, division, formation, event.")
    of: Id = Field(description="The side, division or formation the chit belongs to.")


class Mug(DataModel):
    """What goes into the draw cup (9.0)."""

    each_turn: list[ChitRef] = Field(default_factory=list, description="Chits placed in the "
                                     "cup every turn (instead of the series' step G).")
    at_start: list[ChitRef] = Field(default_factory=list, description="Chits in the cup when "
                                    "play starts, e.g. 'Place the German and Allied Direct "
                                    "Command ... chits in the cup'; later turns fill it as the "
                                    "rules (or each_turn) say.")
    first_chit: ChitRef | None = Field(None, description="The chit in play at the start.")
    source: Source = None
    notes: Notes = None


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


class GtsScenario(DataModel):
    command_values: list[DivisionCommand] = Field(default_factory=list, description="Division "
                                                  "ratings and starting points.")
    as_per: list[AsPer] = Field(default_factory=list, description="Other scenarios' set-ups "
                                "and arrivals reused sheet by sheet (added to 'setup' and "
                                "'reinforcements' where listed, before them).")
    mug: Mug | None = Field(None, description="What goes into the draw cup.")
    rearguards: list[RearguardPool] = Field(default_factory=list, description="Rearguard "
                                            "counters available, per Division.")
    road_blocks: list[RoadBlockLimit] = Field(default_factory=list, description="Road block "
                                              "limits per Army (an Army not listed has none) "
                                              "and per Division (a Division not listed has "
                                              "only its Army's).")


    @model_validator(mode="after")
    def _won_by_data(self) -> "GtsScenario":
        # The GTS rules read the scenario's conditions or points (victory.ksr).
        victory = getattr(self, "victory", None)
        if victory is not None and not victory.conditions and not victory.points:
            raise ValueError("victory: give the 'conditions' or the victory 'points'")
        return self


class GtsPlacement(DataModel):
    artillery_park: str | None = Field(None, description="The units start in this Artillery "
                                       "Park, its name as printed ('2nd NZ Div Artillery Park "
                                       "A'), in their 'hex' (gts:16.2.1).")
    in_contact_with: Id | None = Field(None, description="A leader id: the units start In "
                                       "Contact with this Leader (e.g. 'In Contact with 5th NZ "
                                       "Brigade Leader').")

    @model_validator(mode="after")
    def _units_in_one_hex(self) -> "GtsPlacement":
        leader, hex_id, within = (getattr(self, key) for key in ("leader", "hex", "within"))
        if (self.artillery_park or self.in_contact_with) and leader is not None:
            raise ValueError("'artillery_park' and 'in_contact_with' are for placing units")
        if self.artillery_park is not None and (hex_id is None or within is not None):
            raise ValueError("an 'artillery_park' is in one hex: give 'hex' (and no 'within')")
        return self


SCHEMA = {"scenario": GtsScenario, "placement": GtsPlacement}


def check_scenario(check: Any, scenario: Any) -> None:
    """The references of the keys above (check: core.refcheck.References)."""
    for values in scenario.command_values:
        check.ref("division", values.division, values, "division")
    for p in scenario.setup:
        check.ref("leader", p.in_contact_with, p, "in_contact_with")
    for pool in scenario.rearguards:
        check.ref("division", pool.division, pool, "division")
    for limit in scenario.road_blocks:
        check.ref("army", limit.army, limit, "army")
        check.ref("division", limit.division, limit, "division")
    mug = scenario.mug
    if mug is not None:
        for key in ("each_turn", "at_start"):
            for index, chit in enumerate(getattr(mug, key)):
                check.ref("chit owner", chit.of, mug, key, index, "of")
        check.ref("chit owner", mug.first_chit and mug.first_chit.of, mug, "first_chit", "of")
    for effect in (e for rule in scenario.scenario_rules for e in rule.effects):
        chits = (effect.model_extra or {}).get("chits")
        for index, chit in enumerate(chits if isinstance(chits, list) else []):
            if not isinstance(chit, dict) or set(chit) != {"kind", "of"}:
                check.error(effect, ("chits", index), "a chit is {kind: ..., of: ...}")
            else:
                check.ref("chit owner", chit["of"], effect, "chits", index, "of")
