"""Switching the Crete optional rules on by name (crete:O1.0 to crete:O4.0, "may
be used if both players agree to them"): `ks rules optional`, `ks play
--optional`, a scenario's special_rules, start(options=...), located errors
with a did-you-mean, and saves that record the switches."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kriegsspiel.engine import optional
from kriegsspiel.tools.cli import app
from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.tools.play import new_game
from kriegsspiel.tools.saves import resume
from kriegsspiel.engine.plugins import load_registry
from kriegsspiel.engine.starting import find_scenario, load, start

runner = CliRunner()


def test_rules_optional_lists_each_crete_optional_rule():
    """crete:O1.0, crete:O2.0, crete:O3.0, crete:O4.0 by name and title, with
    the module (at the optional layer) that implements them."""
    result = runner.invoke(app, ["rules", "optional"])
    assert result.exit_code == 0, result.output
    for ref, title in [("crete:O1.0", "German Free Drops"), ("crete:O2.0", "Allied Naval Support"),
                       ("crete:O3.0", "Allied Coastal Artillery"), ("crete:O4.0", "Table Space")]:
        assert ref in result.output and title in result.output
    registry = load_registry()
    assert registry.info("crete_optional").layer == "optional"
    modules = runner.invoke(app, ["modules"])
    assert "crete:O1.0" in modules.output  # the optional rules column


def test_a_bad_name_is_an_error_with_a_did_you_mean():
    """`ks play --optional` with a typo: no module offers it (crete:O3.0 does)."""
    typo, unknown = "crete:" + "O3.1", "crete:" + "O9.0"  # (not citations)
    result = runner.invoke(app, ["play", "crete/snafu", "--optional", typo, "--until", "1"])
    assert result.exit_code == 1
    assert f"unknown optional rule '{typo}'" in result.output
    assert "did you mean 'crete:O3.0'?" in result.output
    with pytest.raises(KsError, match=f"unknown optional rule '{unknown}'"):
        start("crete/snafu", Table({}), options=[unknown])


def test_an_optional_rule_needs_the_rules_it_builds_on():
    """A scenario that does not play the Crete rules cannot switch crete:O3.0 on."""
    registry = load_registry()
    scenario = load("crete/snafu", registry).scenario.model_copy(update={"rulesets": ["gts"]})
    with pytest.raises(KsError, match="builds on crete"):
        optional.resolve(registry, scenario, ["crete:O3.0"])


def test_play_with_an_optional_rule_says_so_and_uses_it():
    """crete:10.0#1 ("optional rules that may be used if both players agree to
    them": off unless switched on), crete:O1.0 switched on from the command line:
    the heading names it and the first drop aims Battalion Sticks at Drop Zone
    Targets; off, the log is the scenario's as always."""
    on = runner.invoke(app, ["play", "crete/snafu", "--optional", "crete:O1.0", "--until", "1"])
    assert on.exit_code == 0, on.output
    assert on.output.splitlines()[0] == "SNAFU — seed 1 — optional crete:O1.0"
    assert "Drop Zone Target" in on.output
    off = runner.invoke(app, ["play", "crete/snafu", "--until", "1"])
    assert off.output.splitlines()[0] == "SNAFU — seed 1"
    assert "Drop Zone Target" not in off.output


def test_a_scenario_may_list_an_optional_rule_among_its_special_rules(tmp_path):
    """A scenario file that lists crete:O3.0 in special_rules (as Scenario 13
    will list crete:O1.0) selects the optional rules' module itself."""
    text = find_scenario("crete/heraklion").read_text(encoding="utf-8")
    assert 'special_rules: ["crete:S6.0"]' in text
    path = tmp_path / "heraklion_coastal.yaml"
    path.write_text(text.replace('special_rules: ["crete:S6.0"]',
                                 'special_rules: ["crete:S6.0", "crete:O3.0"]'), encoding="utf-8")
    session = start(str(path), Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}))
    assert "crete_optional" in session.scenario.rulesets
    assert session.attr(session.ref("unit", "1 15 Coast RA"), "hex") == "19.08"


def test_a_save_records_the_switches_and_resumes_with_them():
    """Replay = seed + decisions + options: a game with crete:O1.0 saved after
    its first turn resumes to the game played without stopping (crete:O1.0)."""
    whole = new_game("crete/snafu", 2, ["random"], options=["crete:O1.0"])
    whole.run(2)
    part = new_game("crete/snafu", 2, ["random"], options=["crete:O1.0"])
    part.run(1)
    data = json.loads(json.dumps(part.save(), sort_keys=True))
    assert data["options"] == ["crete:O1.0"]
    resumed, _ = resume(data, until=2)
    assert resumed.options == ["crete:O1.0"]
    assert resumed.session.events("drop_target_chosen")
    assert resumed.session.log_text() == whole.session.log_text()
    # a save without the key (written before optional rules) has none on
    data.pop("options")
    with pytest.raises(KsError, match="does not replay"):
        resume(data, until=2)


def test_a_whole_game_with_free_drops_and_table_space_keeps_every_invariant():
    """SNAFU to its end with crete:O1.0 and crete:O4.0 on, under the invariant
    checker: the Sticks drop on their targets, 3./I./FJR 2 walks in at 36.09
    instead of dropping (crete:O4.0), and the game reaches a result."""
    from kriegsspiel.tools.play import play_game
    game, lines = play_game("crete/snafu", 2, ["random"], check_invariants=True,
                            options=["crete:O1.0", "crete:O4.0"])
    assert lines[0] == "SNAFU — seed 2 — optional crete:O1.0, crete:O4.0"
    assert lines[-1].startswith("RESULT:") and "not decided" not in lines[-1]
    assert game.session.events("drop_target_chosen")
    assert "    3./I./FJR 2 • enters at 36.09" in lines
