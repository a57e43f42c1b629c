"""Operation Mercury: The Invasion of Crete — exclusive rules over GTS v2.0c.

"Any rule stated here takes precedence over a GTS Series rule. If it is not
directly addressed here, the GTS Series rule is in effect."  The rule files
override the series definitions from the exclusive layer, each override
citing its Crete section.
"""

from __future__ import annotations

from pathlib import Path

from kriegsspiel.hookspecs import hookimpl
from kriegsspiel.plugins import ModuleInfo

RULES = Path(__file__).with_name("rules")
RULE_FILES = ("time.ksr", "terrain.ksr", "terrain_los.ksr", "control.ksr", "command.ksr",
              "activation.ksr", "air.ksr", "drops.ksr", "events.ksr")


class _Plugin:
    @hookimpl
    def ks_module_info(self):
        return ModuleInfo(name="crete", layer="exclusive", ruleset="crete", requires=("gts",),
                          title="Operation Mercury: The Invasion of Crete",
                          description="Exclusive rules and scenarios (Part Two of the Crete book).")

    @hookimpl
    def ks_entity_attributes(self):
        # What the Crete rules read from scenario data: the scenario rules'
        # effects (app/setup.py lays them out), the maps in play, and the
        # Random Event counters' cups and events (crete:5.0).
        return {"effect": {"id": "str", "kind": "str", "rule": "str", "side": "side",
                           "leader": "leader", "unit_tag": "str", "map": "str", "count": "int",
                           "chit": "str", "turn": "any", "ignore": "list", "events": "list",
                           "units": "list", "marker": "str"},
                "game": {"maps": "list", "start_step": "any", "draw": "any"},
                # drops.ksr (crete:4.x) and control.ksr: the scenario's drops, the
                # set-up left to the owners, victory by steps, control at start
                "unit": {"arrival": "any", "drop_zone": "list", "drop_turn": "any",
                         "stick": "any", "drop_order": "any", "setup_area": "list",
                         "setup_group": "any", "setup_in_ip": "bool"},
                "leader": {"drop_turn": "any"},
                "victory": {"steps": "any", "connected": "any"},
                "control": {"id": "str", "side": "side", "hexes": "list"},
                "chit": {"cup": "any", "event": "any"}}

    @hookimpl
    def ks_rule_files(self):
        return [RULES / name for name in RULE_FILES]


plugin = _Plugin()
