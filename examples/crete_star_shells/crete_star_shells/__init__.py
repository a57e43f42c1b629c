"""Star Shells: an example optional rule over the Crete rules, a separately
pip-installable package (started with `ks new option`, docs/authoring.md).

A game selects this module only when its rule is switched on by name:
`ks play SCENARIO --optional crete_star_shells:1.0` (`ks rules optional` lists it once
the package is installed, or with `--module crete_star_shells`).
"""

from pathlib import Path

from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.engine.plugins import ModuleInfo

HERE = Path(__file__).parent


@hookimpl
def ks_module_info():
    return ModuleInfo(name="crete_star_shells", layer="optional", ruleset="crete_star_shells",
                      requires=("crete",), title="Star Shells (an example variant)",
                      optional_rules={"crete_star_shells:1.0": "Star Shells"})


@hookimpl
def ks_rule_files():
    return sorted((HERE / "rules").glob("*.ksr"))


@hookimpl
def ks_rule_index():
    return [HERE / "rule_index.json"]
