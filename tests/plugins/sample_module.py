"""A third-party rule module, as a modder would write one: an optional rule
that makes Suppressed Units shakier, plus a primitive of its own."""

from pathlib import Path

from kriegsspiel.dsl.types import Function
from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.engine.plugins import ModuleInfo


@hookimpl
def ks_module_info():
    return ModuleInfo(name="shaky", layer="optional", ruleset="gts", requires=("gts",),
                      title="Shaky suppression (sample optional rule)")


@hookimpl
def ks_rule_files():
    return [Path(__file__).with_name("shaky.ksr")]


@hookimpl
def ks_primitives():
    return [Function("is_veteran", lambda ctx, unit: ctx.world.attr(unit, "veteran") is True,
                     1, 1, "bool", params=("unit",), doc="sample primitive")]


@hookimpl
def ks_entity_attributes():
    return {"unit": {"veteran": "bool"}}


@hookimpl
def ks_counter_values_model():
    return None
