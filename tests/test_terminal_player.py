"""The terminal player: hot-seat play, a person answering the rules' questions
by number (docs/players.md)."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import TerminalPlayer, option_label
from kriegsspiel.core.state import Ref
from kriegsspiel.dsl.runtime import Decision

UNITS = (Ref("unit", "1 A/1 Inf"), Ref("unit", "2 A/1 Inf"), "done")


def ask(answers: str, decision: Decision, **kw) -> tuple[object, str]:
    out = io.StringIO()
    player = TerminalPlayer(stdin=io.StringIO(answers), stdout=out, **kw)
    return player.decide(decision), out.getvalue()


def test_lists_the_question_and_numbered_options_and_takes_a_number():
    decision = Decision(Ref("side", "Allied"), "direct_command_unit", None, UNITS)
    answer, shown = ask("2\n", decision, describe=lambda o: "02.02" if o == UNITS[1] else None)
    assert answer == UNITS[1]
    assert "[side Allied] direct_command_unit" in shown
    assert "   1. unit 1 A/1 Inf\n" in shown
    assert "   2. unit 2 A/1 Inf (02.02)\n" in shown
    assert "   3. done\n" in shown


def test_bad_input_is_refused_with_a_reason_and_asked_again():
    decision = Decision(Ref("side", "Axis"), "stand_or_run", "06.04", ("stand", "run_away"))
    answer, shown = ask("run\n0\n3\n\n2\n", decision)
    assert answer == "run_away"
    assert "'run' is not a number: type 1 to 2" in shown
    assert "0 is not one of the choices: type 1 to 2" in shown
    assert "3 is not one of the choices" in shown
    assert "'' is not a number" in shown
    assert shown.count("choice [1-2") == 5


def test_help_explains_and_repeats_the_question_and_yes_no_read_as_words():
    decision = Decision(Ref("side", "Axis"), "opportunity_fire", Ref("unit", "1. Geb.Pi. 95"),
                        (False, True), about="")
    answer, shown = ask("?\nh\n1\n", decision)
    assert answer is False
    assert shown.count("Type the number in front of the answer") == 2
    assert shown.count("opportunity_fire") == 3       # asked, then shown again after each help
    assert "  about: unit 1. Geb.Pi. 95" in shown
    assert "   1. no\n" in shown and "   2. yes\n" in shown


def test_about_text_is_shown():
    decision = Decision(Ref("side", "Axis"), "buy:tq_check", Ref("unit", "x"), (False, True),
                        about="spend 1 cp to pass tq_check without rolling")
    _, shown = ask("2\n", decision)
    assert "buy:tq_check — spend 1 cp to pass tq_check without rolling" in shown


def test_quitting_or_running_out_of_input_stops_with_an_error():
    decision = Decision(Ref("side", "Axis"), "action", Ref("unit", "x"), ("move", "pass"))
    with pytest.raises(KsError, match="stopped the game at 'action'"):
        ask("q\n", decision)
    with pytest.raises(KsError, match="input ended while 'action' was asked"):
        ask("", decision)


def test_labels():
    assert option_label(Ref("hex", "06.04")) == "hex 06.04"
    assert option_label(True) == "yes" and option_label(3) == "3" and option_label("stop") == "stop"


def test_ks_play_with_a_human_at_the_terminal():
    """End to end: `ks play crete/learning --players human,random --until 1`,
    the Allied player answering "1" to every question on stdin."""
    answers = "1\n" * 3000
    done = subprocess.run([sys.executable, "-m", "kriegsspiel.tools.cli", "play", "crete/learning",
                           "--players", "human,random", "--until", "1", "--seed", "3"],
                          input=answers, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    assert "[side Allied] " in out and "choice [1-" in out
    assert "[side Axis]" not in out             # the Axis is the random bot
    assert "RESULT: not decided (stopped before the end)" in out
    # the person sees what happened before each question, each line once
    first_question = out.index("[side Allied] ")
    assert out.index("Storming the Kastelli — seed 3") < first_question
    assert out.index("Kastelli sets up in 06.05") < first_question
    assert out.count("Kastelli sets up in 06.05") == 1
    assert out.count("turn 1941-05-24 0900") == 1 and out.count("turn 1941-05-24 1100") == 1


def test_ks_play_human_stops_cleanly_when_the_person_quits():
    done = subprocess.run([sys.executable, "-m", "kriegsspiel.tools.cli", "play", "crete/learning",
                           "--players", "human,random", "--until", "1"],
                          input="q\n", capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "stopped the game" in done.stdout + done.stderr
