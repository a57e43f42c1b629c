"""The Greatest Day: Utah Beach — exclusive rules over GTS v2.0c.

"Any rule stated here takes precedence over any rule in the GTS Series
rules, but if it is not directly addressed here, the GTS Series rule is in
effect" (Utah, Part Two).  The rule files override the series definitions
from the exclusive layer, each override citing its Utah section.  The
publisher's errata v2.3 are a module of their own at the errata layer,
``utah-errata`` (modules/utah/errata), which the Utah scenarios play by
default; ``ks play … --as-printed`` plays the rules as printed
(kriegsspiel/engine/optional.py).
"""

from __future__ import annotations

from pathlib import Path

from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.engine.plugins import ModuleInfo

RULES = Path(__file__).with_name("rules")
RULE_FILES = ("night_weather.ksr", "in_hex.ksr", "roads.ksr", "sight.ksr", "fire_terms.ksr",
              "demo_victory.ksr")


class _Plugin:
    @hookimpl
    def ks_module_info(self):
        return ModuleInfo(name="utah", layer="exclusive", ruleset="utah", requires=("gts",),
                          title="The Greatest Day: Utah Beach",
                          description="Exclusive rules (Part Two of the Utah book; the Naval "
                                      "Invasion System 4.x not yet) and demonstration "
                                      "scenarios.")

    @hookimpl
    def ks_board_look(self):
        # Counter backgrounds: olive for the US Army, grey for the Germans; the
        # map's terrain by its centre dot's colour (utah:2.1).
        return {"side_colours": {"Allied": "#b5b88a", "Axis": "#aeb7bc"},
                "terrain_colours": {
                    "clear": "#ece6c8", "woods": "#8fb27a", "village": "#e0c08f",
                    "town": "#c98f6e", "city": "#9a6a5a", "fortified": "#8a8a8a",
                    "marsh": "#9fc3c9", "beach": "#f0d9a0", "hedgerow": "#c9d89a",
                    "hills": "#c2a878", "flooded": "#bfe0ee", "orchard": "#d7e39a",
                    "sand_dunes": "#f3e3b5", "impassable": "#a0a0a0"}}

    @hookimpl
    def ks_describe_event(self, kind, data):
        # The turn log's lines for the Utah rules' own events.
        if kind == "weather_determined":  # utah:1.2
            return f"  Weather for the day: {data['weather']} (roll {data['roll']})"
        return None

    @hookimpl
    def ks_rule_files(self):
        return [RULES / name for name in RULE_FILES]


plugin = _Plugin()
