"""Operation Mercury: The Invasion of Crete — exclusive rules over GTS v2.0c.

"Any rule stated here takes precedence over a GTS Series rule. If it is not
directly addressed here, the GTS Series rule is in effect."  The rule files
override the series definitions from the exclusive layer, each override
citing its Crete section.
"""

from __future__ import annotations

from pathlib import Path

from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.modules.crete import scenario_schema
from kriegsspiel.engine.plugins import ModuleInfo

RULES = Path(__file__).with_name("rules")
RULE_FILES = ("special.ksr", "time.ksr", "terrain.ksr", "rubble.ksr", "terrain_los.ksr", "control.ksr",
              "victory.ksr", "command.ksr", "activation.ksr", "roadblocks.ksr", "air.ksr",
              # S11.0's strikes, like air.ksr's, fly before a chit's drops (its triggers first)
              "planned_air.ksr", "drops.ksr", "events.ksr",
              # the special rules S1.0-S11.0 (each gated by special.ksr's in_effect)
              "offmap.ksr", "boxes.ksr", "airdrops.ksr", "supply.ksr", "morale.ksr", "withdrawal.ksr",
              "airlanding.ksr", "attachments.ksr", "trucks.ksr",
              # Scenario 9's Force Reserves (crete:scenario:9)
              "reserves.ksr",
              # Scenario 6's sheets that wait for a chit, and its other schedules
              "schedule.ksr",
              # the campaign scenarios' own rules (crete:scenario:11-13)
              "campaign.ksr")


class _Plugin:
    @hookimpl
    def ks_module_info(self):
        return ModuleInfo(name="crete", layer="exclusive", ruleset="crete", requires=("gts",),
                          title="Operation Mercury: The Invasion of Crete",
                          description="Exclusive rules and scenarios (Part Two of the Crete book).")

    @hookimpl
    def ks_lay_out_catalog(self, catalog, game, scenario):
        # Airfields and airlanding serials (S7.0), Drop Zones (3.0): catalog.py.
        from kriegsspiel.modules.crete.catalog import lay_out
        lay_out(catalog, game, scenario)

    @hookimpl
    def ks_bot_answers(self):
        # The heuristic player's answers to the Crete rules' questions.
        from kriegsspiel.modules.crete.bot_answers import ANSWERS
        return ANSWERS

    @hookimpl
    def ks_board_look(self):
        # Counter backgrounds: tan for the Commonwealth, grey for the Germans
        # (the game's division notes); the map's terrain where its file has no colour.
        return {"side_colours": {"Allied": "#dcc48e", "Axis": "#aeb7bc"},
                "terrain_colours": {
                    "clear": "#ece6c8", "orchard": "#b9d48f", "scrub": "#cdbd8c",
                    "village": "#e0b07f", "town": "#c98f6e", "city": "#b3705c",
                    "fortified": "#9a9a9a", "no_dot": "#a8cbe3"}}

    @hookimpl
    def ks_entity_attributes(self):
        # What the Crete rules read from scenario data: the scenario rules'
        # effects (kriegsspiel/engine/starting.py lays them out), the maps in play, and the
        # Random Event counters' cups and events (crete:5.0).
        return {"effect": {"id": "str", "kind": "str", "rule": "str", "side": "side",
                           "leader": "leader", "unit_tag": "str", "map": "str", "count": "int",
                           "chit": "str", "chits": "list", "turn": "any", "ignore": "list", "events": "list",
                           "units": "list", "marker": "str",
                           # attachments.ksr / trucks.ksr (crete:S9.0, crete:S10.0)
                           "battalion": "str", "formation": "formation", "unit": "str",
                           "division": "division", "earned": "str",
                           # supply.ksr (crete:S4.0 supply_level, crete:S5.0 allied_morale)
                           "level": "any",
                           # airlanding.ksr: command_rating_on_serial (crete:S7.0)
                           "serial": "int", "change": "int",
                           # reserves.ksr: force_reserve (crete:scenario:9)
                           "hexes": "list", "within": "int", "release": "str",
                           # schedule.ksr: kept_away_from (crete:scenario:6)
                           "hex": "str",
                           # withdrawal.ksr: withdrawal_requirement (crete:scenario:10)
                           "exit": "str", "leaders": "int",
                           # control.ksr: first_chit_choice's other chits (Scenario 10)
                           "others": "str",
                           # reserves.ksr, campaign.ksr (crete:scenario:11, 12, 13)
                           "not_released_by": "list", "other": "str",
                           "morale_change": "int", "days": "list"},
                "game": {"maps": "list", "start_step": "any", "draw": "any"},
                # drops.ksr (crete:4.0-4.2) and control.ksr: the scenario's drops, the
                # set-up left to the owners, victory by steps, control at start
                "unit": {"arrival": "any", "drop_zone": "list", "drop_turn": "any",
                         "stick": "any", "drop_order": "any", "setup_area": "list",
                         "setup_group": "any", "setup_cover": "any", "setup_in_ip": "bool",
                         # airlanding.ksr (crete:S7.0): a serial's units and leaders
                         "serial": "any", "airlanding_turn": "any", "serial_division": "str"},
                "leader": {"drop_turn": "any", "serial": "any", "setup_with": "list",
                           "arrival_turn": "any"},
                "airfield": {"id": "str", "name": "str", "hexes": "list"},
                # boxes.ksr (crete:S1.0): the Off-Map Display's boxes
                "box": {"id": "str", "name": "str", "map": "str", "exits": "list",
                        "connects": "list"},
                "victory": {"steps": "any", "connected": "any", "count": "any",
                            "before": "any", "formation": "formation", "columns": "any",
                            "at_start_of": "any", "negated": "bool",
                            # withdrawal_level (crete:S5.0, Scenario 10)
                            "levels": "any",
                            # a condition that holds only with another (Scenario 11)
                            "provided": "any"},
                # victory.ksr: a victory-point schedule (Scenario 4)
                "victory_points": {"id": "str", "award": "int", "per": "str", "sides": "list",
                                   "name": "any", "hexes": "list"},
                "special_rule": {"id": "str", "name": "str"},
                "control": {"id": "str", "side": "side", "hexes": "list"},
                "chit": {"cup": "any", "event": "any",
                         # supply.ksr: a Supply marker's map (crete:S4.0)
                         "map": "str"}}

    @hookimpl
    def ks_describe_event(self, kind, data):
        # The turn log's lines for Crete's events whose rule file's `says` cannot
        # write them (a name cut from its id, words chosen by the data).
        if kind == "serial_landed":  # crete:S7.0
            return f"    Serial {data['serial']} airlands at {data['airfield'].split(':', 1)[-1]}"
        if kind == "unit_set_up_formed":  # the scenarios' General Comments
            how = " and ".join(w for w, on in (("mounted", data["mounted"]),
                                               ("in Column", data["column"])) if on)
            return f"    {data['unit']} sets up {how}"
        if kind == "victory_points_scored":  # Scenario 4
            return f"  {data['side'].split(':', 1)[-1]}: {data['points']} victory points"
        return None

    @hookimpl
    def ks_scenario_schema(self):
        return scenario_schema.SCHEMA

    @hookimpl
    def ks_check_scenario(self, check, scenario):
        scenario_schema.check_scenario(check, scenario)

    @hookimpl
    def ks_rule_files(self):
        return [RULES / name for name in RULE_FILES]


plugin = _Plugin()
