"""What a The Longest Day counter prints, as a model for ``values``.

The counter layout (tld "Game Scale", tld "The Unit Counters"): the stacking
value in the lower left corner, attack strength (bracketed for an
artillery-function unit), defense strength and movement allowance (underlined
for a unit that moves in the mechanized movement phase, tld:I.C), and for
artillery its range.  The inverted side carries the half-strength values; the
remnant ('REM') step's values are given on that side too (``remnant_*``),
because the book replaces the inverted counter by a generic remnant counter
(tld:I.I).  Every number in games/tld is provisional: the counter sheet is not
in the text.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class TldCounterSide(BaseModel):
    """The printed values of one side of a TLD counter."""

    model_config = ConfigDict(extra="forbid")

    stacking: int = Field(ge=0, description="Stacking value, lower left (tld:I.F).")
    attack: int = Field(ge=0, description="Attack strength (tld:I.I).")
    defense: int = Field(ge=0, description="Defense strength (tld:I.I).")
    movement: int = Field(ge=0, description="Movement allowance in movement points (tld:I.B).")
    mech: bool = Field(False, description="Underlined movement allowance: moves in the "
                       "mechanized movement phase too (tld:I.C).")
    transport: Literal["foot", "motorized", "tracked"] = Field(
        "foot", description="Unit Classification Chart's transport mode: non-motorized, "
        "motorized (wheeled), tracked (full- and half-tracked).")
    artillery_range: int | None = Field(None, ge=1, description="Artillery-function units: range "
                                        "in hexes (tld:II.B).")
    size: Literal["company", "battalion", "battery", "regiment", "group", "division", "corps",
                  "brigade"] = Field("battalion", description="Size symbol.")
    remnant_attack: int | None = Field(None, ge=0, description="The remnant step's attack "
                                       "strength, on the inverted side (tld:I.I).")
    remnant_defense: int | None = Field(None, ge=0, description="The remnant step's defense.")
    remnant_movement: int | None = Field(None, ge=0, description="The remnant step's movement.")


ATTRIBUTES = {"stacking": "int", "attack": "int", "defense": "int", "movement": "int",
              "mech": "bool", "transport": "str", "artillery_range": "any", "size": "str",
              "remnant_attack": "any", "remnant_defense": "any", "remnant_movement": "any"}
