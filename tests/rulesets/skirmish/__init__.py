"""Skirmish: a tiny second game system, a test ruleset only (no published game).

It is here to show that core/, dsl/ and the engine know no game system: it
loads without the GTS module, through the same hooks a third-party ruleset
would use, and plays on the kernel's primitives (hexes, pieces, markers,
links, dice, decisions).
"""

from pathlib import Path

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
