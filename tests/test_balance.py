"""`ks balance`: the designer's report — win rates by side and seating with
95% intervals, what decided the games, their lengths — and what-if changes
(`--set`: a table row, a constant, a counter's value) played on the same
seeds, each game paired with its changed self."""

from __future__ import annotations

import importlib.util
import json

import pytest
from typer.testing import CliRunner

from kriegsspiel.core.errors import KsError
from kriegsspiel.tools.balance import balance, paired, tally
from kriegsspiel.tools.cli import app
from kriegsspiel.tools.play import new_game
from kriegsspiel.tools.simulate import play_one
from kriegsspiel.tools.what_if import apply_counters, counter_changes, house_rules, what_ifs

SIDES = ["Allied", "Axis"]


def result(seed: int, outcome: str, turns: int = 5, reason: str | None = "otherwise",
           scores: dict | None = None) -> dict:
    return {"seed": seed, "outcome": outcome, "reason": reason, "turns": turns,
            "scores": scores or {}}


def test_a_tally_counts_wins_lengths_and_what_decided():
    games = [result(1, "Allied", 5), result(2, "Axis", 3, "kastelli"),
             result(3, "Allied", 5), result(4, "draw", 5, "draw: equal victory points",
                                              {"Allied": 4, "Axis": 4})]
    t = tally(games, SIDES)
    assert t["games"] == 4 and t["draws"] == 1 and t["undecided"] == 0
    assert t["wins"]["Allied"]["count"] == 2 and t["wins"]["Allied"]["share"] == 0.5
    low, high = t["wins"]["Allied"]["low"], t["wins"]["Allied"]["high"]
    assert 0.15 < low < 0.16 and 0.84 < high < 0.85  # Wilson, 2 of 4
    assert t["lengths"] == {3: 1, 5: 3} and t["mean_turns"] == 4.5
    assert t["decided_by"] == {"Allied: otherwise": 2, "Axis: kastelli": 1,
                               "draw: equal victory points": 1}
    assert t["mean_points"] == {"Allied": 4.0, "Axis": 4.0}


def test_paired_seeds_give_the_change_and_its_interval():
    base = [result(s, "Allied") for s in range(1, 11)]
    changed = [result(s, "Axis" if s <= 3 else "Allied") for s in range(1, 11)]
    p = paired(base, changed, SIDES)
    assert p["games"] == 10 and p["otherwise"] == 3
    axis = p["by_side"]["Axis"]
    assert axis["change"] == pytest.approx(0.3)
    # the differences: three +1, seven 0 — sd sqrt(0.2333), half-width 1.96 sd / sqrt(10)
    assert axis["high"] - axis["change"] == pytest.approx(1.959964 * (0.7 / 3) ** 0.5 / 10 ** 0.5,
                                                          rel=1e-4)
    assert p["by_side"]["Allied"]["change"] == pytest.approx(-0.3)
    same = paired(base, base, SIDES)
    assert same["otherwise"] == 0 and same["by_side"]["Axis"] == \
        {"change": 0.0, "low": 0.0, "high": 0.0}


@pytest.fixture(scope="module")
def probe():
    game = new_game("crete/learning", 1, ["random", "random"])
    return game.session.program, game.session.state.catalog


@pytest.mark.parametrize("spec, message, hint", [
    ("crtt[SA,unarmored,5]=S", "no table 'crtt'", "crt"),
    ("crt[SA,unarmoured,5]=S", "'unarmoured' is not a target_kind", "unarmored"),
    ("crt[SA,5]=S", "has 3 dimensions (weapon, target, roll), not 2", None),
    ("crt[SA,unarmored,five]=S", "keyed by numbers, not 'five'", None),
    ("crt[SA,unarmored,5]=Z", "holds one of 1, C, E, S, S? (or none)", None),
    ("stacking_limit_stepz=10", "no constant 'stacking_limit_stepz'", "stacking_limit_steps"),
    ("counter:Kastell.troop_quality=3", "no counter 'Kastell'", "Kastelli"),
    ("counter:Kastelli.troop_qualty=3", "has no value 'troop_qualty'", "troop_quality"),
    ("crt", "give table[key,...]=value", None),
])
def test_a_bad_what_if_is_refused_with_the_reason(probe, spec, message, hint):
    with pytest.raises(KsError) as refused:
        what_ifs([spec], *probe)
    assert message in refused.value.message
    assert (hint is None) or hint in (refused.value.hint or "")


def test_rows_and_constants_become_one_cited_override_layer(probe):
    changes = what_ifs(["crt[SA,unarmored,5]=S", "crt[SA,unarmored,1..2]=S",
                        "stacking_limit_steps=10"], *probe)
    rules = house_rules(changes)
    assert len(rules) == 1 and rules[0]["text"].count("override table crt(") == 1
    game = new_game("crete/learning", 1, ["random", "random"], house_rules=rules)
    rows = {r.key_text: (r.value, r.layer, [str(c) for c in r.cites])
            for r in game.session.program.compiled["crt"].decl.rows}
    assert rows["SA, unarmored, 5"] == ("S", "optional", ["gts:19.1"])
    assert rows["SA, unarmored, 1..2"][:2] == ("S", "optional")
    assert rows["SA, unarmored, 0"][1] == "series"  # the rest as published
    const = game.session.program.compiled["stacking_limit_steps"].decl
    assert const.expr.value == 10 and const.layer == "optional"


def test_a_counters_change_is_its_games_alone(probe):
    changes = counter_changes(what_ifs(["counter:Kastelli.troop_quality=9"], *probe))
    game, other = (new_game("crete/learning", 1, ["random", "random"]) for _ in range(2))
    apply_counters(game.session.state, changes)
    state = game.session.state
    assert state.attr(state.ref("unit", "Kastelli"), "troop_quality") == 9
    assert other.session.state.attr(other.session.state.ref("unit", "Kastelli"),
                                    "troop_quality") == 3
    plain = play_one("crete/learning", 2, ["random", "heuristic"], None)
    slow = counter_changes(what_ifs([f"counter:{n}. Geb.Pi. 95.movement=1" for n in (1, 2, 3)],
                                    *probe))
    moved = play_one("crete/learning", 2, ["random", "heuristic"], None, counters=slow)
    assert moved["events"] != plain["events"]  # the change was played


def test_a_what_if_played_on_the_same_seeds_shows_the_games_it_turns():
    """Stacking at 3 steps instead of gts:14.7's 8 turns one of three Learning
    games of the heuristic Axis side against random Allies (seeds 101–103), all
    Axis wins as published, to the Allies: the paired change."""
    report = balance("crete/learning", ["random", "heuristic"], 3, seed=101,
                     sets=["stacking_limit_steps=3"], workers=1)
    first, second = report["seatings"]
    assert first["players"] == {"Allied": "random", "Axis": "heuristic"}
    assert second["players"] == {"Allied": "heuristic", "Axis": "random"}
    assert first["wins"]["Axis"]["count"] == 3
    changed = first["what_if"]
    assert changed["wins"]["Axis"]["count"] == 2 and changed["paired"]["otherwise"] == 1
    assert changed["paired"]["by_side"]["Axis"]["change"] == pytest.approx(-1 / 3)
    assert report["all"]["games"] == 6 and report["all_what_if"]["games"] == 6
    assert report["sets"] == ["stacking_limit_steps=3"]


def test_ks_balance_prints_json_and_writes_its_page(tmp_path):
    page = tmp_path / "balance.html"
    run = CliRunner().invoke(app, ["balance", "crete/learning", "--players", "random,random",
                                   "--runs", "2", "--workers", "1", "--json",
                                   "--html", str(page)])
    assert run.exit_code == 0, run.output
    report = json.loads(run.output)
    assert len(report["seatings"]) == 1  # the same kind twice: one seating
    assert report["all"]["games"] == 2 and sum(report["all"]["lengths"].values()) == 2
    html = page.read_text(encoding="utf-8")
    assert html.count("<svg") == 2 and "Allied" in html and "<script" not in html
    assert "Win rate by side and seating" in html and "Game length" in html


def test_ks_balance_refuses_a_bad_what_if_with_a_hint():
    run = CliRunner().invoke(app, ["balance", "crete/learning", "--runs", "1",
                                   "--set", "stacking_limit_stepz=4"])
    assert run.exit_code == 1
    assert "error: --set 'stacking_limit_stepz=4': no constant" in run.output
    assert "did you mean 'stacking_limit_steps'?" in run.output
    assert "Traceback" not in run.output


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                    reason="the dask extra is not installed")
def test_a_balance_report_on_a_local_dask_cluster_is_the_local_pools():
    """The same seeds on a Dask LocalCluster of two worker processes: the same
    report, what-if included, as on this machine's pool."""
    from distributed import Client, LocalCluster

    from kriegsspiel.tools.simulate import DaskBackend
    args = ("crete/learning", ["random", "heuristic"], 2)
    sets = ["stacking_limit_steps=4"]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        on_dask = balance(*args, sets=sets, backend=DaskBackend(client=client))
    assert on_dask == balance(*args, sets=sets, workers=1)
