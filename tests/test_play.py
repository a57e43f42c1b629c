"""`ks play`: a scenario played by bots from set-up to the victory check
(crete:scenario:learning; gts:12.0)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from kriegsspiel.tools.cli import app

runner = CliRunner()


def test_play_the_learning_scenario_to_a_result(tmp_path):
    """crete:scenario:learning with two random bots: a readable log from the
    set-up (crete:S8.0 Maj Schaette with his pioneers) to the result."""
    log = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "crete/learning", "--seed", "1", "--log", str(log)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Storming the Kastelli — seed 1"
    assert "    Maj Schaette sets up in 15.06" in lines
    assert any(line.startswith("  chit: ") for line in lines)
    assert lines[-1] in ("RESULT: Allied wins (otherwise)", "RESULT: Axis wins (victory 1)")
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[-1]["kind"] in ("game_won", "action")
    assert any(e["kind"] == "game_won" for e in events)


def test_the_same_seed_gives_the_same_game():
    """Replay = seed + decisions: two runs print the same log, byte for byte."""
    first = runner.invoke(app, ["play", "crete/learning", "--seed", "7"]).output
    second = runner.invoke(app, ["play", "crete/learning", "--seed", "7"]).output
    assert first == second and "RESULT" in first


def test_until_and_unknown_players():
    """gts:4.0: --until stops after that many turns, undecided; a player kind that
    does not exist is a located suggestion."""
    result = runner.invoke(app, ["play", "crete/learning", "--until", "1", "--explain"])
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == "RESULT: not decided (stopped before the end)"
    assert "        · step " in result.output             # explanation records
    bad = runner.invoke(app, ["play", "crete/learning", "--players", "randon"])
    assert bad.exit_code == 1 and "did you mean 'random'?" in bad.output


def test_save_writes_the_whole_game(tmp_path):
    """A save holds the scenario, the state, the log, the dice and the decisions."""
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "crete/learning", "--until", "2", "--save", str(path)])
    assert result.exit_code == 0
    data = json.loads(path.read_text())
    assert data["scenario"] == "crete/learning" and data["state"]["turn"] == 2
    assert data["log"] and data["decisions"] and data["dice"]["seed"] == 1


def test_modules_describe_their_own_events():
    """The turn log's lines for events the kernel does not know: the one an
    event's declaration says (Crete's Units leaving the map, crete:S1.0), else
    the modules' ks_describe_event (a Serial airlanding, crete:S7.0, its
    airfield's name cut from its id)."""
    from kriegsspiel.core.state import Event
    from kriegsspiel.engine.rulebook import build_program
    from kriegsspiel.modules.crete import plugin
    from kriegsspiel.tools.play import describe

    program = build_program(["gts", "crete"])
    data = {"unit": "A 2/B W •", "hex": "01.11"}
    assert plugin.ks_describe_event(kind="unit_left_map", data=data) is None
    assert describe(Event(7, "unit_left_map", data), [], program=program) == \
        "    A 2/B W • leaves the map at 01.11"
    landed = {"division": "7th", "serial": 2, "airfield": "airfield:Maleme"}
    assert describe(Event(8, "serial_landed", landed), [], program=program) == \
        "    Serial 2 airlands at Maleme"
    assert describe(Event(9, "no_such_event", {}), [], program=program) is None
