"""The Grand Tactical Series v2.0c series rules: the base ruleset.

Rules are in ``rules/*.ksr``; this package only tells the kernel where they
are and what a GTS counter carries, so rule files are type-checked against
it.  Exclusive rulesets (Utah Beach, Crete) require this module and override
its definitions from a higher layer.
"""

from __future__ import annotations

import typing
from pathlib import Path

from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.modules.gts import game_schema, scenario_schema, situation_schema
from kriegsspiel.modules.gts.catalog import VOCABULARY, chit_id, lay_out, starting_points
from kriegsspiel.modules.gts.describe import BOARD_LOOK, describe_event
from kriegsspiel.modules.gts.counters import GtsCounterSide, GtsLeaderValues
from kriegsspiel.engine.plugins import ModuleInfo

RULES = Path(__file__).with_name("rules")
# Load order inside the layer does not matter to the linker; a fixed order
# keeps error listings stable.
RULE_FILES = ("command.ksr", "quality.ksr", "results.ksr", "turn.ksr", "dispatch.ksr",
              "actions.ksr", "activation.ksr", "rally.ksr", "movement_costs.ksr",
              "movement.ksr", "transport.ksr", "los.ksr", "fire.ksr", "indirect.ksr",
              "artillery.ksr", "assault.ksr", "engineering.ksr", "rearguards.ksr",
              "invariants.ksr")


# What every Unit and Leader belongs to (game_schema.py).
_COMMANDED = {"division": "division", "formation": "formation"}


def _attribute_types(model) -> dict[str, str]:
    """Rule-language types of a pydantic model's fields."""
    out = {}
    for name, field in model.model_fields.items():
        annotation = field.annotation
        args = set(typing.get_args(annotation)) - {type(None)}
        if annotation is int or args == {int}:
            out[name] = "int"
        elif annotation is bool:
            out[name] = "bool"
        else:
            out[name] = "any"
    return out


class _Plugin:
    """The hook implementations, as one object so it can be registered by name."""

    @hookimpl
    def ks_module_info(self):
        return ModuleInfo(name="gts", layer="series", ruleset="gts",
                          title="Grand Tactical Series rules v2.0c",
                          description="The series rules both GTS rulebooks share (Part One).")

    @hookimpl
    def ks_rule_files(self):
        return [RULES / name for name in RULE_FILES]

    @hookimpl
    def ks_primitives(self):
        # The order of battle's queries (game_schema.py); Line of Sight and the
        # reach search are the kernel's, asking rules/los.ksr and movement_costs.ksr.
        return list(game_schema.PRIMITIVES)

    @hookimpl
    def ks_entity_attributes(self):
        # The order of battle (game_schema.py), setup_park / setup_contact (a
        # scenario's Units that start in an Artillery Park or In Contact,
        # rules/artillery.ksr), the Activation Chits and road-block limits: all
        # laid out by catalog.py.
        return {"unit": {**_attribute_types(GtsCounterSide), **_COMMANDED, "army": "army",
                         "setup_park": "any", "setup_contact": "any"},
                "leader": {**_attribute_types(GtsLeaderValues), **_COMMANDED},
                "formation": {"id": "str", "name": "str", "side": "side",
                              "division": "division", "leader": "leader", "kind": "str",
                              "tags": "list"},
                "division": {"id": "str", "name": "str", "side": "side", "army": "army",
                             "command_rating": "int", "dispatch_rating": "int",
                             "road_block_limit": "any"},
                "army": {"id": "str", "name": "str", "side": "side", "road_block_limit": "any"},
                "chit": {"id": "str", "name": "str", "kind": "str", "side": "side",
                         "division": "division", "formation": "formation", "each_turn": "bool"}}

    @hookimpl
    def ks_data_vocabulary(self):
        # 10.0.3: "Command Rating", "Dispatch Rating"; the points live on the
        # cp/dp tracks of rules/command.ksr.
        return VOCABULARY

    @hookimpl
    def ks_game_schema(self):
        return game_schema.SCHEMA

    @hookimpl
    def ks_check_game(self, check, game):
        game_schema.check_game(check, game)

    @hookimpl
    def ks_situation_schema(self):
        return situation_schema.SCHEMA

    @hookimpl
    def ks_lay_out_situation(self, catalog, situation, problems):
        situation_schema.lay_out_situation(catalog, situation, problems)

    @hookimpl
    def ks_scenario_schema(self):
        return scenario_schema.SCHEMA

    @hookimpl
    def ks_check_scenario(self, check, scenario):
        scenario_schema.check_scenario(check, scenario)

    @hookimpl
    def ks_expand_scenario(self, scenario, path, game):
        # "As per Scenario N": another scenario's set-up and arrivals, sheet by sheet.
        from kriegsspiel.modules.gts.as_per import expand_as_per
        return expand_as_per(scenario, path, game) if scenario.as_per else None

    @hookimpl
    def ks_lay_out_catalog(self, catalog, game, scenario):
        # The Activation Chits (7.1, 9.0), Rearguards (24.1), road-block limits (23.1).
        lay_out(catalog, game, scenario)

    @hookimpl
    def ks_set_up(self, session, scenario):
        starting_points(session, scenario)
        # 9.0: "On the first turn, the scenario rules tell you what goes into the mug".
        mug = scenario.mug
        if mug and mug.first_chit:
            session.ctx.emit("pool_added", {"pool": "carry", "entity": session.ref(
                "chit", chit_id(mug.first_chit.kind, mug.first_chit.of)).key})
        for ref in (mug.at_start if mug else []):
            session.ctx.emit("pool_added", {"pool": "mug", "entity": session.ref(
                "chit", chit_id(ref.kind, ref.of)).key})

    @hookimpl
    def ks_counter_values_model(self):
        return GtsCounterSide

    @hookimpl
    def ks_leader_values_model(self):
        return GtsLeaderValues

    @hookimpl
    def ks_invariants(self):
        # rules/invariants.ksr; the Leader and enemy-hex rules hold once the
        # rule step that moved a piece is over, so they are checked when settled.
        return ["invariant_points_on_the_track", "invariant_one_column_per_hex",
                "invariant_boxed_units_off_the_map", "invariant_column_markers_on_the_map",
                ("invariant_no_enemies_in_one_hex", "settled"),
                ("invariant_leaders_with_their_formation", "settled")]

    @hookimpl
    def ks_describe_event(self, kind, data):
        return describe_event(kind, data)

    @hookimpl
    def ks_board_look(self):
        return BOARD_LOOK

    @hookimpl
    def ks_play_begins(self):
        # The set-up is over when the first chit is played (gts:10.0): placements
        # before it (a scenario's drops and arrivals laid out) are set-up.
        return ["activation_started"]

    @hookimpl
    def ks_settled_events(self):
        # Between activations (10.0.1, 10.0.6) and once the game is won (12.0).
        return ["activation_started", "activation_ended", "game_won"]

    @hookimpl
    def ks_player_kinds(self):
        # A bot that knows GTS (modules/gts/bot.py): objective- and threat-aware.
        from kriegsspiel.modules.gts.bot import heuristic_player
        return {"heuristic": heuristic_player}

    @hookimpl
    def ks_evaluate(self, session, side):
        from kriegsspiel.modules.gts.evaluation import evaluate
        return evaluate(session, side)

    @hookimpl
    def ks_search_questions(self):
        from kriegsspiel.modules.gts.evaluation import SEARCHED_QUESTIONS
        return list(SEARCHED_QUESTIONS)

    @hookimpl
    def ks_search_policies(self):
        # The heuristic bot in its styles (bot_style.py), its own play first.
        from kriegsspiel.modules.gts.bot import styled_players
        return styled_players()


plugin = _Plugin()
