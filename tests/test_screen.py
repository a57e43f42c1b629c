"""`ks play` shows the game as it goes (kriegsspiel/tools/screen.py): each
turn's lines when the turn ends — the same text, byte for byte, as the whole
log printed at the end — or with --quiet the result and, on a terminal, a
progress line; a reader that goes away does not lose a wanted save."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from kriegsspiel.tools.cli import app
from kriegsspiel.tools.play import GoldenSettings, new_game, run_checked
from kriegsspiel.tools.screen import ReaderGone, Screen

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]


class Recorder:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def print(self, line: str, markup: bool = False) -> None:
        self.lines.append(line)


def test_each_turn_is_shown_when_it_ends_and_the_whole_is_the_golden_text():
    game = new_game("crete/learning", 1, ["random"])
    out = Recorder()
    screen = Screen(game, out, explain=False, heading=True, quiet=False, keep_playing=True)
    shown_after: list[int] = []

    def turn_over() -> None:
        screen.turn_over()
        shown_after.append(len(out.lines))
    run_checked(game, None, False, turn_over)
    screen.finish()
    assert len(shown_after) == len(game.turns) and shown_after[0] > 2
    assert shown_after == sorted(shown_after) and len(set(shown_after)) == len(shown_after)
    first_turn = out.lines[:shown_after[0]]
    assert first_turn[1] == "turn 1941-05-24 0900" and "turn 1941-05-24 1100" in first_turn[-1]
    assert "\n".join(out.lines) + "\n" == GoldenSettings().text("crete/learning")
    assert runner.invoke(app, ["play", "crete/learning"]).output == GoldenSettings().text("crete/learning")


def test_quiet_shows_the_heading_and_the_result_and_a_progress_line_on_a_terminal(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    game = new_game("crete/learning", 1, ["random"])
    out = Recorder()
    screen = Screen(game, out, explain=False, heading=True, quiet=True, keep_playing=False)
    run_checked(game, None, False, screen.turn_over)
    screen.finish()
    assert out.lines == ["Storming the Kastelli — seed 1", "RESULT: Allied wins (otherwise)"]
    progress = terminal.getvalue()
    assert "turn 1941-05-24 1100 (2 of 5)" in progress and progress.endswith("\r\x1b[K")


def test_a_reader_gone_stops_a_game_no_file_is_wanted_of(monkeypatch):
    game = new_game("crete/learning", 1, ["random"])
    screen = Screen(game, Recorder(), False, True, quiet=False, keep_playing=False)
    screen.gone = True
    try:
        run_checked(game, None, False, screen.turn_over)
    except ReaderGone:
        pass
    assert game.session.state.turn == 1


def test_a_closed_pipe_does_not_lose_the_save(tmp_path):
    save = tmp_path / "game.json"
    done = subprocess.run(f"{sys.executable} -m kriegsspiel.tools.cli play crete/learning "
                          f"--save {save} | head -1", shell=True, cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.stdout == "Storming the Kastelli — seed 1\n" and "Traceback" not in done.stderr
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["turn"] == 5 and data["in_progress"] is None  # the whole game, played on
