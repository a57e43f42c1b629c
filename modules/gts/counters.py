"""What a Grand Tactical Series counter prints, as a model for ``values``.

The kernel stores a counter side's numbers as an open mapping; this module is
how the GTS ruleset says which numbers a side must have and what they mean
(rule 2.0 "How to read the counters" and the glossary 29.x).  Pass the models
to :func:`kriegsspiel.core.loading.load_game`::

    load_game(path, side_model=GtsCounterSide, leader_model=GtsLeaderValues)

Citations are 'gts:<section>' (see rule_index/gts-series.json) and
'crete:<section>' for the Operation Mercury exclusive rules.
"""

from __future__ import annotations

from enum import Enum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class WeaponClass(str, Enum):
    """The colour of the Fire/Assault Rating box (gts:29.53)."""

    DP = "DP"              # white: dual purpose (AP and HE), direct fire only
    SA = "SA"              # pink: small arms, direct fire only
    AP = "AP"              # blue: armour piercing, direct fire only
    LM = "LM"              # purple: light mortars, direct fire only
    MORTAR = "MORTAR"      # green: HE mortar, indirect only, no opportunity fire
    IHE = "IHE"            # orange: indirect HE artillery (yellow when firing direct)
    DHE = "DHE"            # yellow: direct HE
    EMPLACED = "EMPLACED"  # black: emplaced artillery
    ORGANIC = "ORGANIC"    # brown: organic artillery


class MovementClass(str, Enum):
    """The colour of the Movement Allowance (gts:29.35)."""

    WHEELED = "wheeled"    # black number
    TRACKED = "tracked"    # red number
    LEG = "leg"            # white number (also 'star' guns, gts:14.11)
    IMMOBILE = "immobile"  # no movement allowance


class GtsCounterSide(BaseModel):
    """The printed values of one side of a GTS unit counter (gts:2.0)."""

    model_config = ConfigDict(extra="forbid", use_enum_values=False)

    steps: int = Field(ge=0, le=2, description="Step dots: 0, 1 or 2 (gts:29.44).")
    organic_transport: bool = Field(False, description="Black box around the step dots: the "
                                    "flip side is its Transport Mode side (gts:29.38, gts:29.44).")
    troop_quality: int = Field(ge=0, le=9, description="Troop Quality Rating, checked against a "
                               "d10 (gts:29.47, gts:29.48).")
    auto_command: bool = Field(False, description="Red Fire Range (gts:2.0) — in Crete a red "
                               "Troop Quality Rating (crete:8.0): always In Command, activates on "
                               "Direct Command only.")
    fire_rating: int | None = Field(description="Fire Rating; null for a printed 'No': the unit "
                                    "cannot fire (gts:29.28).")
    weapon_class: WeaponClass | None = Field(None, description="Colour of the Fire Rating box "
                                             "(gts:29.53); required when the unit can fire.")
    fire_range: int = Field(1, ge=1, description="Fire Range in hexes; 1 when none is printed "
                            "(gts:29.27).")
    assault_rating: int | None = Field(None, description="Assault Rating; null when blank: the "
                                       "unit cannot Assault or Assault Fire (gts:29.10).")
    assault_colored: bool = Field(False, description="Assault Rating in a coloured (not white "
                                  "or black) box: used twice when defending (gts:29.10).")
    movement: int | Literal["star"] | None = Field(description="Movement Allowance; 'star' for "
                                                   "guns that may only retire by prolonge "
                                                   "(gts:14.11); null when none is printed.")
    movement_class: MovementClass = Field(description="gts:29.35.")
    defense: int = Field(description="Defense Rating; added to the Fire Rating of units firing "
                         "at it (gts:29.20).")
    armored: bool = Field(False, description="Defense Rating in a black box (gts:29.4, gts:29.20).")
    air_defense: int | None = Field(None, ge=0, description="Air Defense value, when printed "
                                    "(gts:2.0).")
    engineer: bool = Field(False, description="Engineer symbol — the only symbol with a game "
                           "effect in Crete (crete Counter Symbols; gts:25.0).")
    contact_pending: int | None = Field(None, ge=0, le=9, description="Orange and black "
                                        "artillery: the Contact Pending number on its Contact "
                                        "marker (gts:16.3).")
    contact_in: int | None = Field(None, ge=0, le=9, description="The In Contact number on "
                                   "the marker's other side (gts:16.3, 16.3.2).")
    stripe: Literal["white", "black"] | None = Field(None, description="Independent unit's "
                                                     "stripe around its name (gts:21.6).")

    @model_validator(mode="after")
    def _consistent(self) -> "GtsCounterSide":
        if self.fire_rating is not None and self.weapon_class is None:
            raise ValueError("a unit with a Fire Rating needs its weapon_class (gts:29.53)")
        if self.fire_rating is None and self.fire_range != 1:
            raise ValueError("a unit with a 'No' Fire Rating has no Fire Range")
        immobile = self.movement_class is MovementClass.IMMOBILE
        if immobile != (self.movement is None):
            raise ValueError("movement is null exactly when movement_class is 'immobile' (gts:29.35)")
        if self.movement == "star" and self.movement_class is not MovementClass.LEG:
            raise ValueError("'star' movement counts as Leg (gts:14.11)")
        if self.assault_colored and self.assault_rating is None:
            raise ValueError("assault_colored needs an assault_rating")
        return self


class GtsLeaderValues(BaseModel):
    """The printed values of a GTS leader counter (gts:2.0, gts:21.0)."""

    model_config = ConfigDict(extra="forbid")

    command_range: int = Field(ge=0, description="Hexes a unit may be from him and be In "
                               "Command (gts:29.17).")
    attachment_rating: int = Field(ge=0, description="White-striped independent units he may "
                                   "activate with his formation (gts:29.11, gts:21.5).")
