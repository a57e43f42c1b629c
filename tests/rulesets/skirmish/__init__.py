"""Skirmish: a tiny second game system, a test ruleset only (no published game).

It is here to show that core/, dsl/ and the engine know no game system: it
loads without the GTS module, through the same hooks a third-party ruleset
would use, and plays on the kernel's primitives (hexes, pieces, markers,
links, dice, decisions).
"""

from pathlib import Path

from pydantic import Field

from kriegsspiel.core.fields import SheetHexId
from kriegsspiel.core.models import DataModel
from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.engine.plugins import ModuleInfo

HERE = Path(__file__).parent


@hookimpl
def ks_module_info():
    return ModuleInfo(name="skirmish", layer="series", ruleset="skirmish",
                      title="Skirmish (a test game system)")


@hookimpl
def ks_rule_files():
    return [HERE / "skirmish.ksr"]


@hookimpl
def ks_rule_index():
    return [HERE / "rule_index.json"]


@hookimpl
def ks_entity_attributes():
    return {"unit": {"attack": "int", "defense": "int", "movement": "int"},
            "game": {"objective": "str"}}


class SkirmishScenario(DataModel):
    """What a skirmish scenario says beyond the kernel's: the objective hex (skirmish:7)."""

    objective: SheetHexId = Field(description="The hex a side must hold at the end (skirmish:7).")


@hookimpl
def ks_describe_event(kind, data):
    # The turn log's result line (skirmish:7), as `ks play` prints it.
    if kind == "game_won":
        return f"RESULT: {data['winner'].split(':', 1)[-1]} wins ({data['reason']})"
    if kind == "game_drawn":
        return f"RESULT: a draw ({data['reason']})"
    return None


@hookimpl
def ks_content_roots():
    return [HERE / "games", HERE / "scenarios"]


@hookimpl
def ks_scenario_schema():
    return {"scenario": SkirmishScenario}


@hookimpl
def ks_check_scenario(check, scenario):
    check.hex(scenario.objective, check.sheets, scenario, "objective")


@hookimpl
def ks_lay_out_catalog(catalog, game, scenario):
    if scenario is not None:
        catalog["game"]["game"]["objective"] = scenario.objective
