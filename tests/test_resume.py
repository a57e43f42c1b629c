"""Saves and `ks resume`: a game saved between turns or at any decision, and
resumed, is the game that would have been played without stopping — byte for
byte, in any process and under any PYTHONHASHSEED (gts:4.0 the turn, played
by the rules of gts:10.0 and on)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from kriegsspiel.tools.cli import app
from kriegsspiel.core.errors import KsError
from kriegsspiel.tools.play import new_game
from kriegsspiel.tools.saves import read_save, resume

runner = CliRunner()
SCENARIO, SEED = "crete/learning", 3


def played_with_saves(at) -> tuple[str, list[dict], dict[int, dict]]:
    """One uninterrupted game; a save (through JSON) before each decision in *at*."""
    holder, saves = {}, {}

    def before(decision) -> None:
        game = holder["game"]
        index = len(game.session.players.record)
        if at(index):
            saves[index] = json.loads(json.dumps(game.save(), sort_keys=True))
    game = holder["game"] = new_game(SCENARIO, SEED, ["random"], before_decision=before)
    game.run()
    return game.session.log_text(), game.session.players.record, saves


def assert_every_save_resumes_to(expected: str, saves: dict[int, dict]) -> None:
    for index, data in saves.items():
        resumed, first = resume(data)
        assert resumed.session.log_text() == expected, f"save at decision {index} diverged"
        assert first == data["events"]


def test_saves_at_sampled_decisions_resume_to_the_same_game():
    """Mid-turn saves (the turn in progress replays with the decisions so far,
    then the same bots play on) at a sample of the decisions, first and last
    included; the full sweep is test_saves_at_every_decision_resume."""
    log, decisions, saves = played_with_saves(lambda i: i in (0, 1, 2) or i % 45 == 0)
    last = len(decisions) - 1
    _, _, saves_last = played_with_saves(lambda i: i == last)
    saves.update(saves_last)
    assert len(saves) >= 6 and last in saves
    assert all(s["in_progress"] == {"perform": "play_turn", "args": []} for s in saves.values())
    assert all("state" not in s for s in saves.values())  # mid-action: no snapshot
    assert_every_save_resumes_to(log, saves)


# About two minutes: run with `KS_SLOW=1 python -m pytest -m slow`.
SLOW = pytest.mark.skipif(not os.environ.get("KS_SLOW"), reason="long sweep; set KS_SLOW=1")


@pytest.mark.slow
@SLOW
def test_saves_at_every_decision_resume():
    log, decisions, saves = played_with_saves(lambda i: True)
    assert len(saves) == len(decisions)
    assert_every_save_resumes_to(log, saves)


def test_save_between_turns_resumes_from_the_command_line(tmp_path):
    """`ks play --until 2 --save`, then `ks resume`: the resumed log equals the
    log of the game played in one go, and the output goes on from the save."""
    whole, part, rest = tmp_path / "whole.jsonl", tmp_path / "part.json", tmp_path / "rest.jsonl"
    full = runner.invoke(app, ["play", SCENARIO, "--seed", "5", "--log", str(whole)])
    saved = runner.invoke(app, ["play", SCENARIO, "--seed", "5", "--until", "2",
                                "--save", str(part)])
    assert full.exit_code == 0 and saved.exit_code == 0, saved.output
    data = json.loads(part.read_text())
    assert data["in_progress"] is None and data["state"]["turn"] == 2  # a snapshot too
    resumed = runner.invoke(app, ["resume", str(part), "--log", str(rest)])
    assert resumed.exit_code == 0, resumed.output
    assert rest.read_text() == whole.read_text()
    lines = resumed.output.splitlines()
    assert lines[0].startswith(f"Storming the Kastelli — seed 5, resumed after event "
                               f"{data['events']} (turn 1941-05-24 1300)")
    assert lines[-1] == full.output.splitlines()[-1]  # the same result
    assert "sets up in" not in resumed.output  # only what happened after the save


def test_resume_until_and_save_again(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert runner.invoke(app, ["play", SCENARIO, "--until", "1", "--save", str(first)]
                         ).exit_code == 0
    result = runner.invoke(app, ["resume", str(first), "--until", "3", "--save", str(second)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "RESULT: not decided (stopped before the end)"
    assert json.loads(second.read_text())["turn"] == 3


def test_bad_saves_are_refused_with_the_reason(tmp_path):
    path = tmp_path / "save.json"
    path.write_text("{not json")
    result = runner.invoke(app, ["resume", str(path)])
    assert result.exit_code == 1 and "not a save (bad JSON" in result.output
    path.write_text(json.dumps({"format": 1}))
    assert "not a save of version 2" in runner.invoke(app, ["resume", str(path)]).output
    with pytest.raises(KsError, match="cannot read save"):
        read_save(tmp_path / "missing.json")


def test_a_save_that_no_longer_replays_is_refused():
    """A decision the rules no longer ask (rules or data changed) is a clear error."""
    _, _, saves = played_with_saves(lambda i: i == 30)
    data = saves[30]
    data["decisions"][5]["key"] = "no_such_question"
    with pytest.raises(KsError, match="the save does not replay"):
        resume(data)
    _, _, saves = played_with_saves(lambda i: i == 30)
    data = saves[30]
    data["log_sha256"] = "0" * 64
    with pytest.raises(KsError, match="does not replay to the game it recorded"):
        resume(data)


def test_the_log_is_the_same_in_any_process_and_hash_seed(tmp_path):
    """Same seed and decisions, byte-identical log, whatever PYTHONHASHSEED."""
    logs = []
    for hash_seed in ("0", "12345"):
        path = tmp_path / f"log{hash_seed}.jsonl"
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        subprocess.run([sys.executable, "-m", "kriegsspiel.tools.cli", "play", SCENARIO, "--seed",
                        "2", "--log", str(path)], env=env, check=True, capture_output=True)
        logs.append(path.read_bytes())
    assert logs[0] == logs[1] and logs[0]
