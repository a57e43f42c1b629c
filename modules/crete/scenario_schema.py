"""What a Crete scenario says beyond GTS's (ks_scenario_schema): drops into a
drop zone (4.2), airlanding serials (S7.0) and the victory conditions on steps
east of a hex column (Scenario 8) and on the Allied Withdrawal Level (S5.0) —
and the references these make (ks_check_scenario)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from kriegsspiel.core.models import DataModel, Id
from kriegsspiel.core.fields import SheetHexList as HexList

AIRBORNE = ("parachute", "glider")
AIRLANDING = "airlanding"


class DropZone(DataModel):
    """A drop or landing zone (crete:4.2): 'DZ: 25.12' is {around: '25.12'}; 'within 1 hex of
    17.15 and/or 19.15' is {around: '17.15 19.15', within: 1}."""

    around: HexList = Field(min_length=1, description="The DZ hex, or the centres.")
    within: int = Field(0, ge=0, description="Every hex within this many hexes of a centre.")


class CreteReinforcement(DataModel):
    """By air into a drop zone ({arrival: parachute|glider, drop_zone, stick}), or
    airlanded in serials at a controlled airfield ({arrival: airlanding, serial,
    division}, no place: crete:S7.0)."""

    drop: str | None = Field(None, description="The drop's name as printed, e.g. 'Drop One'.")
    stick: str | None = Field(None, description="The stick's name as printed, e.g. 'Stick One'.")
    drop_zone: DropZone | None = Field(None, description="Where the stick drops, one unit per "
                                       "hex (crete:4.2).")
    division: Id | None = Field(None, description="The division whose activation brings it "
                                "(printed with the drop, e.g. 'Drop One — Fallschirmjäger-"
                                "Regiment 2'); informative, checked against the units.")
    serial: int | None = Field(None, ge=1, description="With 'arrival: airlanding': the serial's "
                               "number as printed ('Serial 3'); serials land in order, and "
                               "'turn' is the first turn this one may land (crete:S7.0).")

    def places(self) -> dict[str, Any]:
        return {**super().places(), "drop_zone": self.drop_zone}  # type: ignore[misc]

    def unplaced(self) -> bool:
        # The German player picks the airfield when the serial lands.
        return getattr(self, "arrival", None) == AIRLANDING

    @model_validator(mode="after")
    def _by_air(self) -> "CreteReinforcement":
        arrival = getattr(self, "arrival", None)
        if arrival == AIRLANDING:
            if self.serial is None or self.division is None:
                raise ValueError("'arrival: airlanding' needs its 'serial' number and the "
                                 "'division' whose Activation lands it")
            return self
        if self.serial is not None:
            raise ValueError("'serial' is only for 'arrival: airlanding'")
        if (self.drop_zone is not None) != (arrival in AIRBORNE):
            raise ValueError("a 'drop_zone' goes with 'arrival: parachute' or 'arrival: glider', "
                             "and they with it")
        return self


class CreteVictoryCondition(DataModel):
    formation: Id | None = Field(None, description="kind 'steps_in_columns': whose steps count "
                                 "(with any battalion attached to it).")
    columns: tuple[int, int] | None = Field(None, description="kind 'steps_in_columns': the "
                                            "inclusive range of hex columns ('east of the 33.XX "
                                            "hex column' is [34, 999]).")
    levels: tuple[int, int] | None = Field(None, description="kind 'withdrawal_level': the "
                                           "inclusive range of the Allied Withdrawal Level "
                                           "('15 - 20', Crete Scenario 10; '30+' is [30, 9999]).")

    @model_validator(mode="after")
    def _kinds_of_crete(self) -> "CreteVictoryCondition":
        kind = getattr(self, "kind", None)
        if kind == "steps_in_columns" and (getattr(self, "steps", None) is None or
                                           self.columns is None):
            raise ValueError("'steps_in_columns' needs 'steps' and 'columns'")
        if kind == "withdrawal_level" and self.levels is None:
            raise ValueError("'withdrawal_level' needs the 'levels' range")
        return self


SCHEMA = {"reinforcement": CreteReinforcement, "victory_condition": CreteVictoryCondition}


def check_scenario(check: Any, scenario: Any) -> None:
    """The references of the keys above (check: core.refcheck.References)."""
    for r in scenario.reinforcements:
        check.ref("division", r.division, r, "division")
        for index, hex_id in enumerate(r.drop_zone.around if r.drop_zone is not None else []):
            check.hex(hex_id, check.sheets_of(r), r.drop_zone, "around", index)
    for condition in scenario.victory.conditions:
        check.ref("formation", condition.formation, condition, "formation")
