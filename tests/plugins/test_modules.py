"""The plugin system: built-in and third-party modules, layers, disabling."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from kriegsspiel.engine import hookspecs, plugins
from kriegsspiel.core.errors import KsError, KsErrors
from kriegsspiel.engine.plugins import load_registry
from kriegsspiel.engine.rulebook import build_program

SAMPLE = Path(__file__).with_name("sample_module.py")
ROOT = Path(__file__).resolve().parents[2]


def test_builtin_gts_module_is_registered_by_default():
    registry = load_registry()
    assert "gts" in registry.names()
    info = registry.info("gts")
    assert (info.layer, info.ruleset) == ("series", "gts")


def test_third_party_module_from_explicit_path_overrides_a_term(make_session):
    """ks_module_info, ks_rule_files, ks_primitives, ks_entity_attributes: a
    modder's optional rule replaces the gts:19.2.2 term of troop_quality and adds
    one that calls the module's own primitive."""
    registry = load_registry(extra_paths=[SAMPLE])
    assert registry.select(["shaky"]) == ["gts", "shaky"]
    program = build_program(["shaky"], registry)
    session = make_session(program=program)
    session.state.catalog["unit"]["pi1"]["veteran"] = True
    session.state.tracks["unit:pi1"] = {"suppressed": 1}
    value = session.value("troop_quality", session.ref("unit", "pi1"))
    assert value == 6 - 2 + 1
    assert [(t["name"], t["layer"]) for t in value.terms] == [("suppressed", "optional"),
                                                              ("veteran", "optional")]
    base = build_program(["gts"], registry)  # the series rules are untouched
    plain = make_session(program=base)
    plain.state.tracks["unit:pi1"] = {"suppressed": 1}
    assert plain.value("troop_quality", plain.ref("unit", "pi1")) == 5



CLASHING = """
from kriegsspiel.dsl.types import Function
from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.engine.plugins import ModuleInfo


@hookimpl
def ks_module_info():
    return ModuleInfo(name="clash", layer="optional", ruleset="gts", requires=("shaky",))


def mine(ctx, *args):
    return 0


@hookimpl
def ks_primitives():
    return [Function("distance", mine, 2, 2, "int"), Function("is_veteran", mine, 1, 1, "bool")]
"""


def test_a_primitive_name_is_registered_once(tmp_path):
    """ks_primitives: a module's primitive named as the kernel's (distance) or as
    another module's (the sample's is_veteran) is a load error at the function,
    never a silent shadow."""
    clash = tmp_path / "clash_module.py"
    clash.write_text(CLASHING, encoding="utf-8")
    registry = load_registry(extra_paths=[SAMPLE, clash])
    with pytest.raises(KsErrors) as info:
        build_program(["clash"], registry)
    found = [(str(e.location), e.message) for e in info.value.errors]
    assert [(where.rsplit("/", 1)[-1], message.split(":")[0]) for where, message in found] == [
        ("clash_module.py:12:1", "primitive 'distance' of module 'clash' is already given by "
                                 "the kernel"),
        ("clash_module.py:12:1", "primitive 'is_veteran' of module 'clash' is already given by "
                                 "module 'shaky'")]


TINY = """
from pathlib import Path

from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.engine.plugins import ModuleInfo


@hookimpl
def ks_module_info():
    return ModuleInfo(name="tiny", layer="series", ruleset="tiny")


@hookimpl
def ks_rule_files():
    return [Path(__file__).with_name("tiny.ksr")]


@hookimpl
def ks_rule_index():
    return [Path(__file__).with_name("tiny.json")]
"""


def test_a_ruleset_without_the_engines_rules_is_refused_at_load(tmp_path):
    """The ruleset contract (docs/architecture.md): a ruleset that does not define
    procedure play_turn(), or defines game_decided otherwise than as a def of no
    parameters, is a load error naming each, not a failure in the first game."""
    (tmp_path / "tiny_module.py").write_text(TINY, encoding="utf-8")
    (tmp_path / "tiny.json").write_text(json.dumps(
        {"ruleset": "tiny", "title": "Tiny", "entries": [{"id": "1.0", "title": "Play"}]}),
        encoding="utf-8")
    (tmp_path / "tiny.ksr").write_text(
        "procedure game_decided(side) @tiny:1.0 {\n  step look @tiny:1.0 { explain \"no\" }\n}\n",
        encoding="utf-8")
    registry = load_registry(extra_paths=[tmp_path / "tiny_module.py"])
    with pytest.raises(KsErrors) as info:
        build_program(["tiny"], registry)
    messages = [e.message for e in info.value.errors]
    assert [m.split(" — ")[0] for m in messages] == [
        "the ruleset does not define procedure play_turn()",
        f"the ruleset declares it as procedure with 1 parameter(s) at {tmp_path}/tiny.ksr:1:1; "
        "the engine needs def game_decided()"]
    (tmp_path / "tiny.ksr").write_text(
        "def game_decided() = true @tiny:1.0\n"
        "procedure play_turn() @tiny:1.0 {\n  step turn @tiny:1.0 { explain \"a turn\" }\n}\n",
        encoding="utf-8")
    assert build_program(["tiny"], registry).call("game_decided", None) is True


def test_the_contract_is_listed_with_where_the_rules_define_it():
    """`ks rules contract`: each rule the engine calls, what for, and the
    module and line defining it."""
    from typer.testing import CliRunner

    from kriegsspiel.tools.cli import app
    result = CliRunner().invoke(app, ["rules", "contract", "--on", "crete"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("procedure play_turn()") and "one game turn" in lines[0]
    assert re.fullmatch(r"\s+defined by gts \(.*modules/gts/rules/turn\.ksr:\d+\)", lines[1])
    assert lines[2].startswith("def game_decided()")


def test_with_one_series_installed_it_is_what_a_rule_file_builds_on(tmp_path):
    """`ks check my.ksr` without --on builds on the series its citations name
    (gts and tld are both installed); with no citation to tell them apart, or
    a module's series that none names, the registry asks which."""
    from typer.testing import CliRunner

    from kriegsspiel.tools.cli import app
    mine = tmp_path / "mine.ksr"
    mine.write_text("const my_bonus = 1 @gts:1.0\n", encoding="utf-8")
    assert CliRunner().invoke(app, ["check", str(mine)]).exit_code == 0
    mine.write_text("const my_bonus = max_cohesoin_hits @gts:1.0\n", encoding="utf-8")
    assert "max_cohesoin_hits" in CliRunner().invoke(app, ["check", str(mine)]).output
    (tmp_path / "tiny_module.py").write_text(TINY, encoding="utf-8")
    registry = load_registry(extra_paths=[tmp_path / "tiny_module.py"])
    assert registry.series() == ["gts", "tld", "tiny"]
    assert registry.base_of(["tiny"], "x") == ["tiny"]
    assert registry.base_of([], "x", among=registry.series_citing(["tiny"])) == ["tiny"]
    assert registry.series_citing(["crete"]) == ["gts"]
    with pytest.raises(KsError, match=r"say which modules a rule file builds on: --on gts or "
                                      r"--on tld or --on tiny"):
        registry.base_of([], "a rule file")


def test_the_gts_module_lays_out_its_own_pieces():
    """ks_lay_out_catalog: the engine's catalog of the Learning Scenario has no
    chits until the GTS module adds its Activation Chits (gts:7.1: one per
    Division, a Direct Command Chit per side; the mug's every-turn ones marked);
    ks_set_up: the scenario's first chit goes to the cup played first (gts:9.0)."""
    from kriegsspiel.core.players import Table
    from kriegsspiel.engine.starting import catalog, load, start
    registry = load_registry()
    loaded = load("crete/learning", registry)
    names = registry.select(loaded.scenario.rulesets)
    cat = catalog(loaded.game, loaded.scenario)
    assert "chit" not in cat and "division" not in cat  # the order of battle is GTS's too
    registry.call("ks_lay_out_catalog", names, catalog=cat, game=loaded.game,
                  scenario=loaded.scenario)
    every_turn = {c for c, v in cat["chit"].items() if v.get("each_turn")}
    assert every_turn == {"direct:Allied", "direct:Axis", "division:5. Gebirgs Division",
                          "division:2nd New Zealand Division"}
    session = start("crete/learning", Table({}))
    assert session.state.pools["carry"] == ["direct:Axis"]

def test_counter_values_model_hook_answers_from_the_most_specific_module():
    """ks_counter_values_model: the sample module answers None, so GTS's model
    wins; ks_leader_values_model: the Leader card's, GTS's too."""
    registry = load_registry(extra_paths=[SAMPLE])
    from kriegsspiel.modules.gts.counters import GtsCounterSide, GtsLeaderValues
    assert registry.first("ks_counter_values_model", registry.select(["shaky"])) is GtsCounterSide
    assert registry.first("ks_leader_values_model", registry.select(["shaky"])) is GtsLeaderValues


def test_a_modules_hook_is_made_again_once_another_module_is_registered():
    """Registry.call keeps each module's restricted hook caller; a module
    registered after a call must not answer for the modules before it."""
    import types
    from kriegsspiel.engine.hookspecs import hookimpl
    from kriegsspiel.engine.plugins import ModuleInfo
    registry = load_registry()
    before = registry.call("ks_rule_files", ["gts"])
    extra = types.ModuleType("late")  # a module as a modder's plugin is one
    extra.ks_module_info = hookimpl(lambda: ModuleInfo(
        name="late", layer="optional", ruleset="gts", requires=("gts",), title="late"))
    extra.ks_rule_files = hookimpl(lambda: [Path("late.ksr")])
    registry.manager.register(extra, name="late")
    registry.modules["late"] = (extra.ks_module_info(), extra)
    assert registry.call("ks_rule_files", ["gts"]) == before
    assert registry.call("ks_rule_files", ["late"]) == [("late", [Path("late.ksr")])]


def test_disable_by_name_and_unknown_names():
    registry = load_registry(disabled=["shaky"], extra_paths=[SAMPLE])
    assert "shaky" not in registry.names()
    with pytest.raises(KsError, match="unknown module 'shaky'"):
        registry.select(["shaky"])
    with pytest.raises(KsError) as info:
        load_registry(disabled=["gst"])
    assert info.value.hint == "did you mean 'gts'?"


def test_entry_points_are_discovered(monkeypatch):
    """Third-party modules register under the entry-point group kriegsspiel.modules."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("sample_ep_module", SAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    class FakeEntryPoint:
        name = "shaky"

        def load(self):
            return module
    monkeypatch.setattr(plugins, "entry_points",
                        lambda group: [FakeEntryPoint()] if group == plugins.ENTRY_POINT_GROUP
                        else [])
    assert "shaky" in load_registry().names()


def test_every_hook_is_documented_and_tested():
    """Meta-test: each ks_ hook in hookspecs has a section in docs/hooks.md and is
    named in at least one test."""
    tree = ast.parse(Path(hookspecs.__file__).read_text(encoding="utf-8"))
    hooks = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
    assert hooks and all(h.startswith("ks_") for h in hooks)
    docs = (ROOT / "docs" / "hooks.md").read_text(encoding="utf-8")
    tests_text = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py")
                           if p.name != "test_modules.py")
    own = Path(__file__).read_text(encoding="utf-8").split("def test_every_hook")[0]
    for hook in hooks:
        assert re.search(rf"^#+ `?{hook}", docs, re.M), f"{hook} is not documented in docs/hooks.md"
        assert hook in tests_text or hook in own, f"no test exercises {hook}"



def test_a_rulebook_section_is_shown_beside_what_implements_it():
    """`ks rules show gts:18.7`: the section's sentences as the book prints them
    (#22 the chart's In Column row) and every definition, row, term or step
    citing it; Crete's crete:2.9 Rubble shows which series definitions its
    layer overrides. A section the index lacks gets a did-you-mean."""
    from typer.testing import CliRunner

    from kriegsspiel.tools.cli import app
    runner = CliRunner()
    chart = runner.invoke(app, ["rules", "show", "gts:18.7"])
    assert chart.exit_code == 0, chart.output
    lines = chart.output.splitlines()
    assert lines[0] == "gts:18.7 How do I Assault?"
    assert "  #22 In Column +2 Yes Yes" in lines
    assert any(re.fullmatch(r"  series +gts +table assault_marker_modifier \(.*assault\.ksr:\d+\)",
                            line) for line in lines)
    rubble = runner.invoke(app, ["rules", "show", "crete:2.9"]).output.splitlines()
    assert any(re.fullmatch(r"  exclusive +crete +def entry_cost_added, overriding gts's "
                            r"\(.*rubble\.ksr:\d+\)", line) for line in rubble)
    wrong = runner.invoke(app, ["rules", "show", "gts:15.66"])
    assert wrong.exit_code == 1 and "did you mean '15.6'?" in wrong.output


def test_a_layers_changes_are_listed_against_the_layers_below():
    """`ks rules diff --ruleset crete`: what Crete adds, and of each series
    definition it overrides the steps, terms and rows (added, replaced,
    removed) or the whole definition (crete:2.9's Rubble, crete:5.3's Heroic)."""
    from typer.testing import CliRunner

    from kriegsspiel.tools.cli import app
    result = CliRunner().invoke(app, ["rules", "diff", "--ruleset", "crete"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "crete (exclusive) over gts:"
    text = "\n".join(lines)
    assert re.search(r"^  adds def rubbled @crete:2\.9 \(", text, re.M)
    assert re.search(r"^  overrides procedure engineer of gts: step clear_rubble added after "
                     r"remove_road_block @crete:2\.9", text, re.M)
    assert re.search(r"^  overrides modifiers troop_quality of gts: term heroic added; term "
                     r"supply added", text, re.M)
    assert re.search(r"^  overrides def entry_cost_added of gts \(the whole definition\)",
                     text, re.M)
    rows = re.search(r"^  overrides table terrain_cost of gts: (.*) @", text, re.M)
    assert rows and "row town, tracked, 0 added" in rows.group(1)


def test_an_errata_layer_is_diffed_against_the_rules_it_corrects(tmp_path):
    """`ks rules diff --ruleset crete --errata`: the errata module built on Crete
    (here one given by path, correcting crete:2.9's Rubble by one row) and what
    it changes; with none installed, a clear error."""
    from typer.testing import CliRunner

    from kriegsspiel.tools.cli import app
    (tmp_path / "corrections.ksr").write_text(
        "override table rubble_entry_cost(rubbled: 0..1) @crete:2.9 {\n"
        "  1 -> 2 @crete:2.9\n}\n", encoding="utf-8")
    (tmp_path / "crete_errata.py").write_text(
        "from pathlib import Path\n"
        "from kriegsspiel.engine.hookspecs import hookimpl\n"
        "from kriegsspiel.engine.plugins import ModuleInfo\n\n"
        "@hookimpl\ndef ks_module_info():\n"
        "    return ModuleInfo(name='crete_errata', layer='errata', ruleset='crete',\n"
        "                      requires=('crete',))\n\n"
        "@hookimpl\ndef ks_rule_files():\n"
        "    return [Path(__file__).with_name('corrections.ksr')]\n", encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(app, ["rules", "diff", "--ruleset", "crete", "--errata",
                                 "--module", str(tmp_path / "crete_errata.py")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "crete_errata (errata) over gts, crete:"
    assert lines[1].startswith("  overrides table rubble_entry_cost of crete: row 1 replaced "
                               "@crete:2.9")
    none = runner.invoke(app, ["rules", "diff", "--ruleset", "crete", "--errata"])
    assert none.exit_code == 1 and "no errata module builds on 'crete'" in none.output
