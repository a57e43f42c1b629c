"""The Utah demonstration scenarios (the causeway, the night drop, the landing on
Utah Beach with the Naval Invasion System) each complete twenty seeded playouts with
random bots, and twenty with the heuristic bot on both sides, to a victory
result, with no error and no invariant violation — as `ks play SCENARIO
--seed N --check-invariants` plays them.  The games are short (a second or
two each); CI plays a few seeds of each, KS_SLOW=1 all forty a scenario
(`KS_SLOW=1 pytest -m slow tests/utah/test_utah_acceptance.py`)."""

from __future__ import annotations

import pytest

from kriegsspiel.tools.play import play_game

SCENARIOS = ["causeway", "night_drop", "landing"]
SEEDS = range(1, 21)
IN_CI = {"random": range(2, 4), "heuristic": range(1, 3)}
PLAYERS = {"random": ["random"], "heuristic": ["heuristic", "heuristic"]}


def _cases():
    for bots in PLAYERS:
        for name in SCENARIOS:
            for seed in SEEDS:
                marks = () if seed in IN_CI[bots] else (pytest.mark.slow,)
                yield pytest.param(bots, name, seed, marks=marks, id=f"{bots}-{name}-{seed}")


@pytest.mark.parametrize("bots, name, seed", list(_cases()))
def test_bots_play_the_demonstration_to_one_result(bots, name, seed):
    game, lines = play_game(f"utah/{name}", seed, PLAYERS[bots], check_invariants=True)
    won = game.session.events("game_won")
    assert len(won) == 1, [e.data for e in won]
    assert lines[-1].startswith("RESULT: ") and "not decided" not in lines[-1], lines[-5:]
