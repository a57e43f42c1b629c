"""The ks command line: check, rules coverage, rules show, schema, modules."""

from __future__ import annotations

import json
import shutil
import subprocess
from importlib import metadata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kriegsspiel.tools.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and result.output.startswith("kriegsspiel ")


def test_check_passes_on_shipped_content():
    result = run("check")
    assert result.exit_code == 0, result.output
    assert "ok:" in result.output and "rule file(s)" in result.output
    assert "provisional" in result.output


def test_check_broken_rule_file_is_located_with_suggestion(tmp_path):
    """An override with a misspelt attribute of gts:29.48's troop_quality."""
    bad = tmp_path / "broken.ksr"
    bad.write_text("override modifiers troop_quality(unit) @gts:29.48 {\n"
                   "  veteran: 1 when unit.troop_qualty > 5 @gts:29.48\n}\n")
    result = run("check", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:2:24: error: a unit has no attribute 'troop_qualty'" in result.output
    assert "hint: did you mean 'troop_quality'?" in result.output


def test_check_good_rule_file_on_top_of_gts(tmp_path):
    good = tmp_path / "house.ksr"
    good.write_text("override const pre_night_dispatch_bonus = 3 @gts:10.0.3\n")
    result = run("check", str(good))
    assert result.exit_code == 0, result.output


def test_check_broken_scenario_yaml(tmp_path):
    bad = tmp_path / "broken.yaml"
    bad.write_text("id: broken\ntitle: [unclosed\n")
    result = run("check", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:" in result.output and "error:" in result.output


def test_rules_coverage_json_shape():
    tests = Path(__file__).resolve().parent
    result = run("rules", "coverage", "--json", "--ruleset", "gts", "--tests", str(tests))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    entry = data["rulesets"]["gts"]["10.0.3"]
    assert entry["kind"] == "rule"
    assert any(p.startswith("modules/gts/rules/command.ksr:") for p in entry["implemented"])
    assert any("tests/gts/test_command_points.py::" in t for t in entry["tested"])
    assert set(data["rulesets"]) == {"gts"}


def test_rules_coverage_table_and_unknown_ruleset():
    assert run("rules", "coverage").exit_code == 0
    result = run("rules", "coverage", "--ruleset", "gst")
    assert result.exit_code == 1 and "did you mean 'gts'?" in result.output


def test_shipped_content_cites_only_indexed_sections(tmp_path):
    """Every citation in rule files, module Python, games and scenarios names a
    section of the rule index; a wrong one is reported with where it stands
    (the tests' deliberately wrong ids are not shipped content)."""
    from kriegsspiel.tools.coverage import report
    assert report()["unknown_citations"] == {}
    fake = tmp_path / "modules" / "m"
    fake.mkdir(parents=True)
    (fake / "r.ksr").write_text("const a = 1 @gts:10.0.3 @crete:88.0\n")
    found = report("gts", tmp_path / "tests", root=tmp_path)
    assert found["unknown_citations"] == {"crete:88.0": ["modules/m/r.ksr:1"]}
    assert found["rulesets"]["gts"]["10.0.3"]["implemented"] == ["modules/m/r.ksr:1"]


def test_rules_show_lists_layers():
    result = run("rules", "show", "troop_quality")
    assert result.exit_code == 0
    assert "series" in result.output and "modifiers troop_quality" in result.output
    assert "@gts:29.48" in result.output


def test_schema_lists_and_prints():
    listing = run("schema")
    assert listing.exit_code == 0 and "scenario" in listing.output.split()
    schema = json.loads(run("schema", "scenario").output)
    assert schema.get("type") == "object" and "properties" in schema
    wrong = run("schema", "scenaro")
    assert wrong.exit_code == 1 and "did you mean 'scenario'?" in wrong.output


def test_modules_lists_gts():
    result = run("modules")
    assert result.exit_code == 0 and "gts" in result.output and "series" in result.output


def test_console_script_is_installed():
    exe = shutil.which("ks")
    assert exe, "the ks console script is not on PATH"
    done = subprocess.run([exe, "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and "kriegsspiel" in done.stdout


def test_one_namespace_no_bare_top_level_packages():
    """Everything installs under kriegsspiel/: never a bare core/ or dsl/."""
    import kriegsspiel
    if (Path(kriegsspiel.__file__).resolve().parents[1] / "pyproject.toml").is_file():
        pytest.skip("an editable (development) install runs from the source tree: "
                    "no installed file list to inspect")
    site = str(Path(kriegsspiel.__file__).resolve().parents[1])
    # Ask the installed distribution (not an egg-info left in a source tree).
    dist = next(metadata.distributions(name="kriegsspiel", path=[site]))
    files = dist.files
    tops = {f.parts[0] for f in files if not f.parts[0].endswith((".dist-info", ".pth"))
            and f.parts[0] not in ("..", "bin")}
    assert tops == {"kriegsspiel"}, tops
    shipped = {f.as_posix() for f in files}
    for needed in ("kriegsspiel/dsl/rules.lark", "kriegsspiel/modules/gts/rules/results.ksr",
                   "kriegsspiel/rule_index/gts-series.json",
                   "kriegsspiel/rule_index/sentences/crete.json",
                   "kriegsspiel/tools/templates/gts_title/modules/__name__/__init__.py.in",
                   "kriegsspiel/tools/templates/gts_title/scenarios/__name__/first.yaml"):
        assert needed in shipped


def test_check_broken_scenario_reference_has_suggestion(tmp_path):
    """A scenario (crete:scenario:learning) with a misspelt unit name: located at
    the YAML node, with a did-you-mean, exit 1."""
    from kriegsspiel.core.loading import shipped_roots
    source = next(p for root in shipped_roots() for p in root.rglob("learning.yaml")
                  if p.parent.name == "crete" and "scenarios" in p.parts)
    text = source.read_text(encoding="utf-8").replace("{unit: Kastelli,", "{unit: Kastelly,")
    assert "Kastelly" in text
    bad = tmp_path / "learning.yaml"
    bad.write_text(text, encoding="utf-8")
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "Kastelly" in l)
    result = run("check", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:{line}:" in result.output and "Kastelly" in result.output
    assert "hint: did you mean 'Kastelli'?" in result.output


def test_resolve_json_with_a_group_action():
    """gts:18.7 (an assault by a stack): --json writes the group as entity ids."""
    situation = Path(__file__).resolve().parent / "situations" / "assault_example_1.yaml"
    result = run("resolve", str(situation), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["events"] and "actions" in data
