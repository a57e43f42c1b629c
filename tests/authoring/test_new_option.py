"""`ks new option`: a modder's optional rule as a package — its pyproject
registers it in the kriegsspiel.modules entry-point group, its one override
adds a term to the series' troop_quality (gts:19.2.2's modifiers), and its own
test, run as the modder runs it, switches the rule on and off."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import pytest
from typer.testing import CliRunner

from kriegsspiel.tools.cli import app

RUNNER = CliRunner()


@pytest.mark.parametrize("ruleset", ["gts", "crete"])
def test_a_new_option_is_a_package_whose_own_test_passes(tmp_path, monkeypatch, ruleset):
    monkeypatch.chdir(tmp_path)
    made = RUNNER.invoke(app, ["new", "option", "steady", "--ruleset", ruleset])
    assert made.exit_code == 0, made.output
    root = tmp_path / "steady"
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["kriegsspiel.modules"] == {"steady": "steady"}
    own = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly",
                          "-p", "no:cacheprovider", str(root / "tests")], cwd=root,
                         capture_output=True, text=True, check=False)
    assert own.returncode == 0, own.stdout + own.stderr
    assert "1 passed" in own.stdout


def test_an_option_plays_switched_on_by_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert RUNNER.invoke(app, ["new", "option", "steady", "--ruleset", "crete"]).exit_code == 0
    played = RUNNER.invoke(app, ["play", "crete/learning", "--module", "steady/steady",
                                 "--optional", "steady:1.0", "--until", "1"])
    assert played.exit_code == 0, played.output
    unknown = RUNNER.invoke(app, ["play", "crete/learning", "--optional", "steady:1.0"])
    assert unknown.exit_code == 1 and "unknown optional rule 'steady:1.0'" in unknown.output


def test_an_option_needs_a_ruleset_it_can_change(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for args, message in ((["steady", "--ruleset", "cret"], "did you mean 'crete'?"),
                          (["Steady", "--ruleset", "crete"], "cannot name an optional rule")):
        result = RUNNER.invoke(app, ["new", "option", *args])
        assert result.exit_code == 1 and message in result.output, result.output
