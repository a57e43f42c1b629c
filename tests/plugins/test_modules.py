"""The plugin system: built-in and third-party modules, layers, disabling."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from kriegsspiel import hookspecs, plugins
from kriegsspiel.core.errors import KsError
from kriegsspiel.plugins import load_registry
from kriegsspiel.rulebook import build_program

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


def test_counter_values_model_hook_answers_from_the_most_specific_module():
    """ks_counter_values_model: the sample module answers None, so GTS's model wins."""
    registry = load_registry(extra_paths=[SAMPLE])
    from kriegsspiel.modules.gts.counters import GtsCounterSide
    assert registry.first("ks_counter_values_model", registry.select(["shaky"])) is GtsCounterSide


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
