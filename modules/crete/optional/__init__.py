"""Operation Mercury: the optional rules O1.0-O4.0 ("may be used if both players
agree to them", Crete book 10.0), at the optional layer over the exclusive rules.

A game selects this module only when one of its rules is switched on
(`ks play crete/snafu --optional crete:O3.0`, a scenario's special_rules, or
``start(..., options=[...])``: kriegsspiel/engine/optional.py); each rule file asks
``in_effect`` of its own section, so switching one rule on leaves the others off.
O4.0 Table Space changes arrivals (data: the scenarios' entries ``only_with`` /
``not_with: crete:O4.0``) and the Heraklion withdrawal hex (table_space.ksr).
"""

from __future__ import annotations

from pathlib import Path

from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.engine.plugins import ModuleInfo

HERE = Path(__file__).parent
RULE_FILES = ("coastal.ksr", "free_drops.ksr", "naval.ksr", "naval_fire.ksr",
              # Scenario 13's drop schedule of Battalion Sticks (crete:scenario:13)
              "free_drop_schedule.ksr",
              # O4.0's withdrawal hex on the Heraklion sheet
              "table_space.ksr")

OPTIONAL_RULES = {
    "crete:O1.0": "German Free Drops",
    "crete:O2.0": "Allied Naval Support",
    "crete:O3.0": "Allied Coastal Artillery",
    "crete:O4.0": "Table Space",
}


class _Plugin:
    @hookimpl
    def ks_module_info(self):
        return ModuleInfo(name="crete_optional", layer="optional", ruleset="crete",
                          requires=("crete",), title="Operation Mercury: optional rules",
                          description="O1.0-O4.0, each switched on by name.",
                          optional_rules=dict(OPTIONAL_RULES))

    @hookimpl
    def ks_primitives(self):
        # crete:O1.0: Drop Zone Target hexes and scatter.
        from kriegsspiel.modules.crete.optional.scatter import SCATTER_PRIMITIVES
        return list(SCATTER_PRIMITIVES)

    @hookimpl
    def ks_bot_answers(self):
        # O1.0 free drops, O2.0 the navy: modules/crete/bot_answers.py.
        from kriegsspiel.modules.crete.bot_answers import OPTIONAL_ANSWERS
        return OPTIONAL_ANSWERS

    @hookimpl
    def ks_describe_event(self, kind, data):
        # The turn log's lines for the optional rules' own events.
        if kind == "drop_target_chosen":  # crete:O1.0
            scatters = "scatters" if data["scatters"] else "on target"
            return (f"    Stick {data['stick']}: Drop Zone Target {data['hex']}, scatter roll "
                    f"{data['roll']}+{data['modifier']} -> {scatters}")
        if kind == "unit_scattered":  # crete:O1.0
            return (f"      {data['unit']} scatters {data['distance']} toward side "
                    f"{data['direction']} from {data['origin']} to {data['hex'] or 'off the map'}")
        if kind == "free_drop_stick_picked":  # crete:scenario:13
            return f"    {data['side']} picks Battalion Stick {data['stick']}"
        if kind == "free_drop_unavailable":  # crete:O1.0
            return f"    {data['unit']} is not available to a free drop"
        if kind == "naval_units_arrived":  # crete:O2.1
            return f"    Naval Box: {', '.join(data['units'])} arrive"
        if kind == "naval_target_zone_moved":  # crete:O2.7
            return f"    Naval Target Zone marker to {data['hex']}"
        if kind == "naval_fleet_sailed":  # crete:O2.6
            return (f"    {', '.join(data['units'])} sail from the Naval Box of "
                    f"{data['from_map']} to that of {data['to_map']}")
        if kind == "naval_unit_withdrawn":  # crete:O2.6
            forced = " (Allied Withdrawal)" if data["forced"] else ""
            return f"    {data['unit']} withdraws to Egypt{forced}"
        return None

    @hookimpl
    def ks_rule_files(self):
        return [HERE / name for name in RULE_FILES]


plugin = _Plugin()
