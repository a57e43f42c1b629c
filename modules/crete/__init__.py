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
RULE_FILES = ("time.ksr", "terrain.ksr", "terrain_los.ksr", "control.ksr", "command.ksr")


class _Plugin:
    @hookimpl
    def ks_module_info(self):
        return ModuleInfo(name="crete", layer="exclusive", ruleset="crete", requires=("gts",),
                          title="Operation Mercury: The Invasion of Crete",
                          description="Exclusive rules and scenarios (Part Two of the Crete book).")

    @hookimpl
    def ks_rule_files(self):
        return [RULES / name for name in RULE_FILES]


plugin = _Plugin()
