"""What a The Longest Day scenario says beyond the kernel's (ks_scenario_schema).
Each scenario is a complete, self-contained game (tld:VI): its own map sections,
length, set-up, schedules, special rules and victory conditions, and nothing
read from another scenario's file.  Beyond the kernel's, a scenario says
a reinforcement's choice of entry hexes ("West edge, via road 'EE' or 'FF'",
tld:VI.B), its wave on the Assault Landing Schedule (tld:V.C), and the
references it makes (ks_check_scenario)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from kriegsspiel.core.models import DataModel
from kriegsspiel.core.fields import SheetHexList as HexList


class TldReinforcement(DataModel):
    """Where a reinforcement may come on: its ``hex`` or any of ``entry_hexes``."""

    entry_hexes: HexList = Field(default_factory=list, description="Every mapboard edge hex "
                                 "the unit may enter through, as the schedule prints them "
                                 "(road 'EE' or 'FF'); 'hex' is the first of them.")
    enter_via: str | None = Field(None, description="The schedule's 'Enter Via' column, "
                                  "verbatim.")
    wave: Literal["assault", "follow_up", "build_up"] | None = Field(
        None, description="The Assault Landing Schedule's wave the units land with on the "
        "invasion turn (tld:V.A, tld:V.C): assault waves in their exact landing box "
        "(entry_hexes), the others at a beachhead box of their beach.")


SCHEMA = {"reinforcement": TldReinforcement}


# The words an effect's field may be, where the rules test for one of them.
EFFECT_WORDS = {("weather_cycle", "first_turn"): ("fair", "roll")}


def check_scenario(check: Any, scenario: Any) -> None:
    """Each entry hex is on the map in play, and an effect's word is one the
    rules know (check: core.refcheck.References)."""
    for r in scenario.reinforcements:
        for index, hex_id in enumerate(getattr(r, "entry_hexes", None) or []):
            check.hex(hex_id, check.sheets_of(r), r, "entry_hexes", index)
    check.effect_words(scenario, EFFECT_WORDS)
