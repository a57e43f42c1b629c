"""Benchmark: how strong the bots are, measured by `ks arena` (#28) — for the
Learning Scenario and two larger Crete scenarios (1 "SNAFU", 7 "Last, Best
Chance"), heuristic against random and search against heuristic, each from
both sides, over the same seeds; on the Learning Scenario the policy-switching
player against heuristic too.  With --benchmark-enable each pairing plays
RUNS games a seating to the end and records in ``extra_info`` each player's
wins as each side with its 95% Wilson interval (a few minutes of CPU a
pairing; the search ones much more); in the normal test run the Learning
Scenario's pairings play one game a seating for one turn, the search player
with one rollout an answer, to check that they play (the larger scenarios'
set-up alone would take a minute of the suite).  It records; it does not
assert the issue's targets (docs/players.md, "How good are they"): heuristic
beats random in at least 90% of the games from each side wherever that side
can win at all; search beats heuristic from each side by 15 points more than
heuristic beats heuristic."""

from __future__ import annotations

import pytest

from kriegsspiel.tools.arena import arena

RUNS = 20
# The Learning Scenario's five turns let every rollout play to the game's end
# (turns=9), scored won or lost; the larger scenarios' rollouts stop 40
# decisions on, scored by ks_evaluate (docs/players.md).
SEARCH = {"crete/learning": "search:iterations=16:turns=9:horizon=100000:margin=0.1:exploration=2",
          "crete/snafu": "search:iterations=12:horizon=40",
          "crete/last_chance": "search:iterations=12:horizon=40"}
# Policy switching with the styles that decide Learning games (docs/players.md,
# "Policy switching"): played with --benchmark-enable only, its rollouts being
# whole games (tests/test_switch.py checks that it plays).
SWITCH = "switch:policies=2:rollouts=16"
CASES = [(scenario, pairing) for scenario in ("crete/learning", "crete/snafu", "crete/last_chance")
         for pairing in (("heuristic", "random"), (SEARCH[scenario], "heuristic"))] + \
    [("crete/learning", (SWITCH, "heuristic"))]


@pytest.mark.parametrize("scenario,pairing", CASES, ids=[f"{s}-{p[0].split(':')[0]}"
                                                          for s, p in CASES])
def test_bench_bot_strength(benchmark, scenario, pairing):
    full = not benchmark.disabled
    if not full and (scenario != "crete/learning" or pairing[0] == SWITCH):
        pytest.skip("played with --benchmark-enable (the Learning Scenario's check plays)")
    kinds = [k if full or not k.startswith("search") else "search:iterations=1:horizon=2"
             for k in pairing]
    report = benchmark.pedantic(arena, args=(scenario, kinds, RUNS if full else 1),
                                kwargs={"until": None if full else 1, "workers": 2 if full else 1},
                                rounds=1, iterations=1)
    names = report["players"]
    assert len(names) == 2 and len(report["seatings"]) == 2
    for name in names:
        by_side = report["tally"][name]["by_side"]
        assert set(by_side) == set(report["sides"])
        if full:
            benchmark.extra_info[name] = {
                side: f"{won['wins']}/{won['games']}" for side, won in by_side.items()}
            benchmark.extra_info[f"{name} interval"] = [round(report["tally"][name]["low"], 3),
                                                        round(report["tally"][name]["high"], 3)]
