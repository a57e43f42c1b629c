"""The Greatest Day: Utah Beach — the optional rules 18.1-18.10, at the
optional layer over the exclusive rules (and their errata).

A game selects this module only when one of its rules is switched on
(`ks play utah/night_drop --optional utah:18.7`, a scenario's special_rules,
or ``start(..., options=[...])``: kriegsspiel/engine/optional.py); each rule
file asks ``in_effect`` of its own section, so switching one rule on leaves
the others off.  Only the rules the engine plays are offered; docs/utah.md
lists those still to come (18.5, 18.6, 18.10).
"""

from __future__ import annotations

from pathlib import Path

from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.engine.plugins import ModuleInfo

HERE = Path(__file__).parent
RULE_FILES = ("optional.ksr", "decoy_mines.ksr", "historical_drops.ksr", "roaming.ksr", "marcouf.ksr",
              "procured_transport.ksr")

OPTIONAL_RULES = {
    "utah:16.6": "17.SS Procured Transportation",
    "utah:3.4.4": "More Historically Accurate Drops",
    "utah:18.1": "Command Point conversion limits",
    "utah:18.2": "Alternate Artillery Resolution",
    "utah:18.3": "Indirect Fire Scatter",
    "utah:18.4": "US Army Regimental towed anti-tank Units",
    "utah:18.5": "German Decoy Mines",
    "utah:18.6": "Roaming Units",
    "utah:18.7": "Airborne Leader Losses",
    "utah:18.8": "Assaults involving 0-Step Units",
    "utah:18.9": "Alone and Afraid",
    "utah:18.10": "Îles St. Marcouf Assault",
}


class _Plugin:
    @hookimpl
    def ks_module_info(self):
        return ModuleInfo(name="utah_optional", layer="optional", ruleset="utah",
                          requires=("utah",), title="The Greatest Day: Utah Beach: optional rules",
                          description="3.4.4, 16.6 and 18.1-18.10, each switched on by name.",
                          optional_rules=dict(OPTIONAL_RULES))

    @hookimpl
    def ks_entity_attributes(self):
        # 18.5: the scenario's number of German Decoy Mines (decoy_mines.ksr)
        return {"effect": {"count": "int"}}

    @hookimpl
    def ks_describe_event(self, kind, data):
        if kind == "minefield_probed":  # utah:18.5.2
            found = "a decoy: removed" if data["decoy"] else "a real Minefield"
            return f"      {data['unit']} probes the Minefield in {data['hex']}: {found}"
        if kind == "marcouf_ballot":  # utah:18.10
            return (f"    Îles St. Marcouf: the Germans {data['german']}, "
                    f"the Americans {data['american']}")
        if kind == "roaming_check":  # utah:18.6
            how = "may move freely" if data["passed"]["passed"] else "must close on its Leader"
            return f"      {data['unit']} far from its Leaders: Troop Quality check, {how}"
        if kind == "decoy_mines_laid":  # utah:18.5
            return f"      the Minefield in {data['hex']} is a decoy (hidden)"
        if kind == "airborne_leader_losses":  # utah:18.7
            lost = f"loses {data['lost']} Command Points" if data["lost"] else "no loss"
            return f"    Airborne Leader Losses: roll {data['roll']}, {lost}"
        if kind == "zero_step_units_set_aside":  # utah:18.8
            return f"      0-step Units set aside in {data['hex']}: {', '.join(map(str, data['units']))}"
        if kind == "zero_step_units_rejoin":  # utah:18.8
            fate = "rejoin" if data["survived"] else "surrender"
            return f"      the 0-step Units in {data['hex']} {fate}"
        if kind == "indirect_fire_scatter":  # utah:18.3
            return f"      the fire scatters: a Light Barrage in {data['hex'] or 'no hex'}"
        return None

    @hookimpl
    def ks_rule_files(self):
        return [HERE / name for name in RULE_FILES]


plugin = _Plugin()
