"""Nothing a person did is lost, and no output path gets a traceback (issue:
CLI robustness): a game that stops — a player quitting at the terminal, Ctrl-C,
a bot failing, a rule error — is printed and saved with --save, and the save
resumes; every file a command writes is written whole or not at all, an
unwritable path being one located line and exit 1."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kriegsspiel.core.errors import KsError
from kriegsspiel.tools.cli import app
from kriegsspiel.tools.output import write_whole
from kriegsspiel.tools.play import game_goes_on, new_game, write_save
from kriegsspiel.tools.saves import read_save, reopen, resume

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]


def ks(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kriegsspiel.tools.cli", *args], cwd=ROOT,
                          input=stdin, capture_output=True, text=True, timeout=300)


def test_a_person_who_quits_keeps_a_save_that_resumes_at_the_question(tmp_path):
    save = tmp_path / "game.json"
    done = ks("play", "crete/learning", "--players", "human,random", "--save", str(save),
              stdin="1\nq\n")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"saved to {save}; `ks resume {save}` continues it" in done.stderr
    data = read_save(save)
    assert data["in_progress"] == {"perform": "play_turn", "args": []}
    assert [d["player"] for d in data["decisions"]] == ["Allied"]  # the one answer given
    # Resumed, the person is asked the question he stopped at, and not the one before.
    again = ks("resume", str(save), "--until", "1", stdin="q\n")
    assert again.returncode == 1
    asked = again.stdout.count("choice [")
    assert asked == 1 and "[side Allied] set_up_in_column" in again.stdout
    # And with bots in the seats the game plays on to its result.
    finished = ks("resume", str(save), "--players", "random,random")
    assert finished.returncode == 0 and "RESULT:" in finished.stdout


class Crashing:
    """A bot with a bug: it fails at its third question."""

    def __init__(self, inner) -> None:
        self.inner, self.asked = inner, 0

    def decide(self, decision):
        self.asked += 1
        if self.asked == 3:
            raise ZeroDivisionError("division by zero")
        return self.inner.decide(decision)


def test_a_bot_that_fails_is_a_located_error_and_the_game_to_that_decision_is_saved(tmp_path):
    game = new_game("crete/learning", 4, ["random"])
    seats = game.session.players.players
    seats["Axis"] = Crashing(seats["Axis"])
    with pytest.raises(KsError) as info:
        game.run()
    assert "the Axis player failed when asked" in info.value.message
    assert "ZeroDivisionError: division by zero" in info.value.message
    assert game.stopped is not None and game.stopped["in_progress"] is not None
    save = tmp_path / "crash.json"
    write_save(game, save)
    data = read_save(save)
    axis_answers = [d for d in data["decisions"] if d["player"] == "Axis"]
    assert len(axis_answers) == 2  # the two it gave before failing
    resumed, _ = resume(data, ["random", "random"])
    assert not game_goes_on(resumed.session)  # played to its end


class Interrupting:
    def decide(self, decision):
        raise KeyboardInterrupt


def test_ctrl_c_keeps_a_save_and_exits_130(tmp_path, monkeypatch):
    """Ctrl-C at a decision: the log so far is printed, the save written."""
    from kriegsspiel.tools import play
    real = play.players_for

    def seated(sides, kinds, seed, session=None):
        table = real(sides, kinds, seed, session)
        table.players["Axis"] = Interrupting()
        return table
    monkeypatch.setattr(play, "players_for", seated)
    save = tmp_path / "stopped.json"
    result = runner.invoke(app, ["play", "crete/learning", "--save", str(save)])
    assert result.exit_code == 130
    assert "the game was stopped (Ctrl-C)" in result.output and "saved to" in result.output
    assert "RESULT: not decided" in result.output
    data = read_save(save)
    assert data["in_progress"] is not None
    monkeypatch.undo()  # the seats as shipped again
    game, first = reopen(data, ["random", "random"])
    assert first == data["events"]


def test_a_rule_error_keeps_the_game_to_its_last_whole_action(tmp_path, monkeypatch):
    from kriegsspiel.tools import play
    real = play.Playthrough.perform
    calls = {"n": 0}

    def failing(self, name, *args):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KsError("a rule failed (for the test)")
        return real(self, name, *args)
    monkeypatch.setattr(play.Playthrough, "perform", failing)
    save = tmp_path / "turn1.json"
    result = runner.invoke(app, ["play", "crete/learning", "--save", str(save)])
    assert result.exit_code == 1 and "a rule failed (for the test)" in result.output
    data = read_save(save)
    assert data["in_progress"] is None and data["turn"] == 1  # the first turn, whole
    assert [a["perform"] for a in data["actions"][data["setup_actions"]:]] == ["play_turn"]


@pytest.mark.parametrize("args", [
    ["render", "crete/learning", "--out", "{missing}/map.png"],
    ["render", "crete/learning", "--out", "{missing}/map.svg"],
    ["play", "crete/learning", "--save", "{missing}/game.json"],
    ["play", "crete/learning", "--log", "{missing}/game.jsonl"],
    ["play", "crete/learning", "--log", "{folder}"],
    ["replay", "{save}", "--html", "{missing}/game.html"],
    ["resume", "{save}", "--save", "{missing}/again.json"],
])
def test_an_unwritable_output_is_one_line_and_exit_1(tmp_path, args):
    save = tmp_path / "game.json"
    assert runner.invoke(app, ["play", "crete/learning", "--until", "1", "--save",
                               str(save)]).exit_code == 0
    names = {"missing": str(tmp_path / "no such folder"), "folder": str(tmp_path),
             "save": str(save)}
    result = runner.invoke(app, [a.format(**names) for a in args])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(lines) == 1 and lines[0].startswith("error: cannot write the ")
    assert not (tmp_path / "no such folder").exists()


def test_a_file_is_written_whole_or_left_as_it_was(tmp_path, monkeypatch):
    target = tmp_path / "save.json"
    target.write_text("the good save", encoding="utf-8")
    import os
    real_replace = os.replace

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(KsError) as info:
        write_whole(target, "a newer save", "save")
    assert info.value.message == f"cannot write the save {target}: No space left on device"
    monkeypatch.setattr(os, "replace", real_replace)
    assert target.read_text(encoding="utf-8") == "the good save"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]  # no part file left
    write_whole(target, "a newer save", "save")
    assert target.read_text(encoding="utf-8") == "a newer save"
