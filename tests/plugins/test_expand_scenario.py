"""ks_expand_scenario: a module writes out its scenario conventions."""

from __future__ import annotations

from pathlib import Path

from kriegsspiel.engine.plugins import load_registry

ROOT = Path(__file__).resolve().parents[2]



def test_a_module_may_write_out_its_scenario_conventions(tmp_path):
    """ks_expand_scenario: each selected module, lowest layer first, is given the
    scenario before its references are checked; GTS writes out "As per
    Scenario N" (Scenario 6 sets Rethymnon up as Scenario 1 does), and a module
    of one's own may add to it: here a house module that starts every game a
    turn later, its set-up checked like the rest."""
    (tmp_path / "later.py").write_text('''
from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.engine.plugins import ModuleInfo


@hookimpl
def ks_module_info():
    return ModuleInfo(name="later", layer="optional", ruleset="gts", requires=("gts",))


@hookimpl
def ks_expand_scenario(scenario, path, game):
    return scenario.model_copy(update={"start_turn": "1941-05-24 1100"})
''', encoding="utf-8")
    from kriegsspiel.core.players import KeyedPlayer, Table
    from kriegsspiel.engine.starting import load, start
    registry = load_registry(extra_paths=[tmp_path / "later.py"])
    jump = load("crete/jump", registry)
    assert not jump.scenario.as_per  # written out ...
    assert any(p.map == "rethymnon" for p in jump.scenario.setup)  # ... as Scenario 1's
    text = (ROOT / "scenarios/crete/learning.yaml").read_text(encoding="utf-8")
    scenario = tmp_path / "learning.yaml"
    scenario.write_text(text.replace("rulesets: [gts, crete]", "rulesets: [gts, crete, later]"),
                        encoding="utf-8")
    session = start(str(scenario), Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                    registry=registry)
    assert session.state.catalog["game"]["game"]["turns"][0]["label"] == "1941-05-24 1100"
