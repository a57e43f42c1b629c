"""The Greatest Day: Utah Beach — the publisher's Errata & Clarifications v2.3,
a layer of its own (``errata``) above the printed exclusive rules.

"It supersedes the printed rules wherever the two differ": each override here
replaces one printed row, term or definition and cites its errata entry
(``utah:errata:2.1.2``).  The Utah scenarios list this module among their
rulesets, so it is on by default; ``ks play … --as-printed`` (or
``start(..., options=["as-printed"])``) leaves it out and plays the rules as
printed.  ``ks rules diff --ruleset utah --errata`` lists what it changes,
``ks rules show NAME`` which layer won.
"""

from __future__ import annotations

from pathlib import Path

from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.engine.plugins import ModuleInfo

HERE = Path(__file__).parent
RULE_FILES = ("errata.ksr", "transport_and_parks.ksr", "deployment_90th.ksr",
              "naval_errata.ksr")


class _Plugin:
    @hookimpl
    def ks_module_info(self):
        return ModuleInfo(name="utah-errata", layer="errata", ruleset="utah",
                          requires=("utah",),
                          title="The Greatest Day: Utah Beach — Errata & Clarifications v2.3",
                          description="The errata sheet over the printed exclusive rules; on "
                                      "by default, off with --as-printed.")

    @hookimpl
    def ks_rule_files(self):
        return [HERE / name for name in RULE_FILES]


plugin = _Plugin()
