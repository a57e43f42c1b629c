"""The Longest Day: a second game system on the kernel (its own series layer).

Daily turns on 2 km hexes, each player segment moving everything and then
resolving odds-based combat: no chits, no activations, nothing of the Grand
Tactical Series, which is not loaded with it.  Rules are in ``rules/*.ksr``
(citations ``tld:<module>.<section>``); this package tells the kernel where
they are, what a TLD counter prints (counters.py), what a TLD scenario says
beyond the kernel's (scenario_schema.py) and how its counters and log read
(describe.py).  The game's data are games/tld and scenarios/tld.
"""

from __future__ import annotations

from pathlib import Path

from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.engine.plugins import ModuleInfo
from kriegsspiel.modules.tld import scenario_schema
from kriegsspiel.modules.tld.counters import ATTRIBUTES, TldCounterSide
from kriegsspiel.modules.tld.describe import BOARD_LOOK, describe_event

RULES = Path(__file__).with_name("rules")
RULE_FILES = ("units.ksr", "terrain.ksr", "movement.ksr", "combat.ksr", "crt.ksr",
              "artillery.ksr", "supply.ksr", "disruption.ksr", "sequence.ksr", "victory.ksr",
              "scenario_rules.ksr", "combined_arms.ksr", "fortifications.ksr",
              "special_units.ksr", "air.ksr", "naval.ksr", "invasion.ksr",
              "normandy.ksr", "cherbourg.ksr", "weather.ksr", "air_power.ksr",
              "hq_capacity.ksr")


class _Plugin:
    """The hook implementations, as one object so it can be registered by name."""

    @hookimpl
    def ks_module_info(self):
        return ModuleInfo(name="tld", layer="series", ruleset="tld",
                          title="The Longest Day",
                          description="Its own game system: daily turns, odds-based combat, "
                                      "zones of control, HQ supply (Modules I-V).")

    @hookimpl
    def ks_rule_files(self):
        return [RULES / name for name in RULE_FILES]

    @hookimpl
    def ks_primitives(self):
        # The supply route's walk (primitives.py); what blocks it is rules/supply.ksr.
        from kriegsspiel.modules.tld.primitives import PRIMITIVES
        return list(PRIMITIVES)

    @hookimpl
    def ks_counter_values_model(self):
        return TldCounterSide

    @hookimpl
    def ks_entity_attributes(self):
        return {"unit": {**ATTRIBUTES, "entry_hexes": "list", "wave": "str"},
                "effect": {"id": "str", "kind": "str", "rule": "str", "side": "side",
                           "turn": "any", "hexes": "list", "division": "str",
                           "divisions": "list", "allowance": "int", "units": "list",
                           "needed": "int", "first_turn": "str"},
                "victory": {"count": "any"},
                "special_rule": {"id": "str", "name": "str"},
                "game": {"draw": "any"}}

    @hookimpl
    def ks_scenario_schema(self):
        return scenario_schema.SCHEMA

    @hookimpl
    def ks_check_scenario(self, check, scenario):
        scenario_schema.check_scenario(check, scenario)

    @hookimpl
    def ks_lay_out_catalog(self, catalog, game, scenario):
        # A reinforcement's entry hexes ("via road 'EE' or 'FF'"), for enter (movement.ksr),
        # and its wave on the Assault Landing Schedule (invasion.ksr).
        if scenario is None:
            return
        for r in scenario.reinforcements:
            hexes = list(getattr(r, "entry_hexes", None) or ([r.hex] if r.hex else []))
            for unit_id in r.units:
                if unit_id in catalog["unit"]:
                    catalog["unit"][unit_id]["entry_hexes"] = hexes
                    if getattr(r, "wave", None):
                        catalog["unit"][unit_id]["wave"] = r.wave

    @hookimpl
    def ks_set_up(self, session, scenario):
        # The rules' part of the set-up (fortifications.ksr: the printed
        # fortifications, tld:IV.B), as events like the engine's placements.
        session.program.call("set_up", session.ctx)
        session.ctx.trace.clear()

    @hookimpl
    def ks_describe_event(self, kind, data):
        return describe_event(kind, data)

    @hookimpl
    def ks_board_look(self):
        return BOARD_LOOK

    @hookimpl
    def ks_play_begins(self):
        # The set-up is over when the first player segment begins (tld:I.A).
        return ["segment_started"]

    @hookimpl
    def ks_settled_events(self):
        return ["segment_started", "attack_resolved", "game_won"]

    @hookimpl
    def ks_invariants(self):
        return [("invariant_no_enemies_in_one_hex", "settled")]

    @hookimpl
    def ks_player_kinds(self):
        from kriegsspiel.modules.tld.bot import heuristic_player
        return {"heuristic": heuristic_player}

    @hookimpl
    def ks_evaluate(self, session, side):
        from kriegsspiel.modules.tld.bot import evaluate
        return evaluate(session, side)


plugin = _Plugin()
