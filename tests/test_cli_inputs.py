"""Bad input to `ks` gets a clear, located error (issue: CLI robustness):
`ks check` checks each file as the kind it is; values no code would catch
until play (a game, a turn, a field) are caught with their location; and the
command-line arguments themselves are checked."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kriegsspiel.tools.cli import app
from kriegsspiel.tools.play import shipped_scenarios

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
LEARNING = ROOT / "scenarios" / "crete" / "learning.yaml"


def errors(result) -> list[str]:
    return [line for line in result.output.splitlines() if "error:" in line]


@pytest.fixture(scope="module")
def save_and_log(tmp_path_factory):
    folder = tmp_path_factory.mktemp("game")
    save, log = folder / "game.json", folder / "game.jsonl"
    assert runner.invoke(app, ["play", "crete/learning", "--until", "1", "--save", str(save),
                               "--log", str(log)]).exit_code == 0
    return save, log


def test_ks_check_tells_each_file_kind_and_checks_it_as_that(save_and_log):
    save, log = save_and_log
    files = [ROOT / "tests/situations/direct_fire_example.yaml", ROOT / "games/crete/game.yaml",
             ROOT / "games/crete/maps/kastelli.yaml", ROOT / "games/crete/units/learning.yaml",
             ROOT / "games/crete/terrain.yaml", LEARNING, save, log,
             ROOT / "modules/crete/rules/drops.ksr"]
    result = runner.invoke(app, ["check", *map(str, files), "--on", "crete"])
    assert result.exit_code == 0, result.output
    assert "checked in place of" not in result.output  # the shipped file itself
    assert ("ok: 1 rule file, 1 game, 1 map, 1 units, 1 terrain, 1 scenario, 1 situation, "
            "1 save, 1 event log") in result.output


def test_a_situation_is_checked_as_a_situation(tmp_path):
    text = (ROOT / "tests/situations/direct_fire_example.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "fire.yaml"
    broken.write_text(text.replace("hex: \"10.05\"", "hex: \"99.99\"", 1), encoding="utf-8")
    result = runner.invoke(app, ["check", str(broken)])
    assert result.exit_code == 1
    assert len(errors(result)) == 1 and "99.99" in errors(result)[0]


def test_a_file_of_no_known_kind_says_what_it_could_be(tmp_path):
    odd = tmp_path / "notes.yaml"
    odd.write_text("colour: blue\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(odd), str(ROOT / "README.md")])
    assert result.exit_code == 1 and len(errors(result)) == 2
    assert all("not a file ks check knows" in line for line in errors(result))


def test_a_broken_event_log_and_save_are_located(tmp_path, save_and_log):
    save, log = save_and_log
    lines = log.read_text(encoding="utf-8").splitlines()
    bad_log = tmp_path / "bad.jsonl"
    bad_log.write_text("\n".join([lines[0], "{oops", lines[2], lines[4]]) + "\n",
                       encoding="utf-8")
    result = runner.invoke(app, ["check", str(bad_log)])
    assert result.exit_code == 1
    assert [e.split(": error")[0] for e in errors(result)] == [f"{bad_log}:2:2", f"{bad_log}:4:1"]
    assert "event 5 where event 4 belongs: the log is not whole" in errors(result)[1]
    bad_save = tmp_path / "bad.json"
    bad_save.write_text(save.read_text(encoding="utf-8").replace('"seed": 1', '"seed": 2'),
                        encoding="utf-8")
    result = runner.invoke(app, ["check", str(bad_save)])
    assert result.exit_code == 1 and "does not replay" in result.output


def edited(tmp_path, old: str, new: str) -> Path:
    path = tmp_path / "scenario.yaml"
    text = LEARNING.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("old, new, where, message, hint", [
    ("game: crete", "game: creet", (7, 7), "scenario is for unknown game 'creet'", "'crete'"),
    ("rulesets: [gts, crete]", "rulesets: [gts, creet]", (8, 17), "unknown rule module 'creet'",
     "'crete'"),
    ('end_turn: "1941-05-24 1700"', 'end_turn: "1941-05-24 1730"', (25, 11),
     "turn '1941-05-24 1730' is not on the turn track", "'1700'"),
    ('  - turn: "1941-05-24 1100"', '  - turn: "1941-05-24 1000"', None,
     "turn '1941-05-24 1000' is not on the turn track", "'1900'"),
    ('end_turn: "1941-05-24 1700"', 'end_turn: "1941-05-24 1700"\nend_when: last_chit_drawnn',
     (26, 1), "end_when: unknown field", "'end_turn'"),
])
def test_values_only_play_would_trip_on_are_located_by_ks_check(tmp_path, old, new, where,
                                                               message, hint):
    path = edited(tmp_path, old, new)
    for command in (["check", str(path)], ["play", str(path)]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1
        assert len(errors(result)) == 1 and message in errors(result)[0], result.output
        located = re.match(rf"{re.escape(str(path))}:(\d+):(\d+): error", errors(result)[0])
        assert located and (where is None or tuple(map(int, located.groups())) == where)
        assert f"hint: did you mean {hint}?" in result.output


@pytest.mark.parametrize("args, message", [
    (["--until", "0"], "Invalid value for '--until'"),
    (["--until", "-3"], "Invalid value for '--until'"),
    (["--until", "999"], "--until 999: crete/learning has 5 turns"),
    (["--players", "random,random,random"], "3 players (random, random, random) for 2 sides"),
    (["--players", "heuristc"], "did you mean 'heuristic'?"),
])
def test_play_arguments_are_checked(args, message):
    result = runner.invoke(app, ["play", "crete/learning", *args])
    assert result.exit_code in (1, 2) and message in result.output
    assert "RESULT" not in result.output


def test_play_help_lists_every_scenario_and_player_kind():
    text = " ".join(runner.invoke(app, ["play", "--help"]).output.split())
    for name in shipped_scenarios():
        assert name in text
    assert "Player kinds: random, human, search, switch, heuristic (gts, tld games)" in text
    assert "Player kinds:" in runner.invoke(app, ["simulate", "--help"]).output


def test_rules_show_names_the_module_that_defines_a_rule():
    result = runner.invoke(app, ["rules", "show", "drop_table"])
    assert result.exit_code == 1
    assert "no definition 'drop_table' in the rules of gts" in result.output
    # (The Crete and Utah rules each have a Drop Table.)
    assert "modules crete, utah define it: ks rules show drop_table --on crete" in result.output
    assert "--on" in runner.invoke(app, ["rules", "show", "--help"]).output
    assert "The modules whose" in runner.invoke(app, ["rules", "show", "--help"]).output


def test_coverage_away_from_the_tests_warns(tmp_path):
    result = runner.invoke(app, ["rules", "coverage", "--tests", str(tmp_path / "none")])
    assert result.exit_code == 0
    assert "warning: no tests in" in result.output


def test_an_edited_copy_of_a_shipped_rule_file_is_checked_in_its_place(tmp_path):
    """`ks check --on crete drops.ksr` on a copy: it stands in for the module's
    own file, so its definitions are not taken for clashes — and a typo in it is
    found; a new file re-defining a name is told to say `override`."""
    copy = tmp_path / "drops.ksr"
    copy.write_text((ROOT / "modules/crete/rules/drops.ksr").read_text(encoding="utf-8"),
                    encoding="utf-8")
    result = runner.invoke(app, ["check", "--on", "crete", str(copy)])
    assert result.exit_code == 0, result.output
    assert "checked in place of" not in result.output  # an unedited copy: nothing to say
    copy.write_text(copy.read_text(encoding="utf-8") + "# mine\n", encoding="utf-8")
    result = runner.invoke(app, ["check", "--on", "crete", str(copy)])
    assert result.exit_code == 0, result.output
    assert f"{copy}: checked in place of" in result.output and "(module crete)" in result.output
    text = copy.read_text(encoding="utf-8").replace("unit.arrival == \"glider\"",
                                                    "unit.arival == \"glider\"", 1)
    copy.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", "--on", "crete", str(copy)])
    assert result.exit_code == 1 and "no attribute 'arival'" in result.output
    assert "did you mean 'arrival'?" in result.output
    mine = tmp_path / "mine.ksr"
    mine.write_text("def airborne(unit: unit) = true @crete:4.0\n", encoding="utf-8")
    result = runner.invoke(app, ["check", "--on", "crete", str(mine)])
    assert result.exit_code == 1
    assert "a higher layer must say 'override def airborne'" in result.output


def test_ks_play_with_house_rules_plays_them_and_the_save_keeps_them(tmp_path):
    house = tmp_path / "house.ksr"
    # A house rule: no Second Actions at all.
    house.write_text("override def second_action_barred(unit: unit, first: str) = true "
                     "@gts:10.0.2\n", encoding="utf-8")
    save = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "crete/learning", "--rules", str(house), "--until",
                                 "1", "--save", str(save)])
    assert result.exit_code == 0, result.output
    assert f"house rules {house}" in result.output.splitlines()[0]
    from kriegsspiel.tools.saves import read_save, reopen
    from kriegsspiel.tools.play import new_game
    data = read_save(save)
    assert data["house_rules"] == [{"path": str(house), "text": house.read_text()}]
    game, _ = reopen(data)
    assert game.session.program.linked.history["second_action_barred"][-1].layer == "optional"
    unit = game.session.ref("unit", "1. Geb.Pi. 95")
    assert game.session.value("second_action_barred", unit, "move") is True
    plain = new_game("crete/learning", 1, ["random"]).session
    assert plain.value("second_action_barred", unit, "move") is False
    house.write_text("def x() = 1 +\n", encoding="utf-8")
    result = runner.invoke(app, ["play", "crete/learning", "--rules", str(house)])
    assert result.exit_code == 1 and f"{house}:1:14: error: unexpected end of file" in \
        result.output


def test_an_unknown_map_is_one_error_not_one_per_hex(tmp_path):
    path = edited(tmp_path, "maps: [kastelli]", "maps: [kastelly]")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert [e.split(": error: ")[1] for e in errors(result)] == [
        "maps[0]: unknown map 'kastelly'"]


@pytest.mark.parametrize("key, value, message", [
    ("actions", "oops", "'actions' should be a list of objects, not \"oops\""),
    ("seed", "x", "'seed' should be a whole number, not \"x\""),
    ("players", [1], "'players' should be a list of strings, not [1]"),
    ("in_progress", 3, "'in_progress' should be an object or null, not 3"),
])
def test_a_save_with_a_field_of_the_wrong_shape_says_which(tmp_path, save_and_log, key, value,
                                                          message):
    save, _ = save_and_log
    data = json.loads(save.read_text(encoding="utf-8"))
    data[key] = value
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
    result = runner.invoke(app, ["resume", str(broken)])
    assert result.exit_code == 1 and len(errors(result)) == 1
    located = errors(result)[0]
    assert message in located
    line = int(located.split(":")[1])
    assert broken.read_text(encoding="utf-8").splitlines()[line - 1].startswith(f' "{key}"')


@pytest.mark.parametrize("command, suffix, message", [
    (["resume"], "json", "not a save (not text: a save is JSON)"),
    (["check"], "json", "not a save (not text: a save is JSON)"),
    (["check"], "ksr", "not a rule file: not UTF-8 text"),
    (["check"], "jsonl", "not an event log: not UTF-8 text"),
    (["play", "crete/learning", "--rules"], "ksr", "not a rule file (not UTF-8 text)"),
])
def test_a_picture_where_a_text_file_belongs_is_one_error(tmp_path, command, suffix, message):
    picture = tmp_path / f"map.{suffix}"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
    result = runner.invoke(app, [*command, str(picture)])
    assert result.exit_code == 1 and result.exception is None or \
        isinstance(result.exception, SystemExit)
    assert len(errors(result)) == 1 and message in errors(result)[0]
