"""`ks arena`: each player kind seated on each side in turn over the same seeds
(crete:scenario:learning's Allied and Axis); its wins add up, per side and in
all, with 95% Wilson intervals."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kriegsspiel.core.errors import KsError
from kriegsspiel.tools.arena import arena
from kriegsspiel.tools.cli import app
from kriegsspiel.tools.simulate import wilson


def test_both_seatings_are_played_and_the_wins_add_up():
    report = arena("crete/learning", ["random", "heuristic"], runs=2, workers=1)
    assert report["sides"] == ["Allied", "Axis"]
    assert [s["players"] for s in report["seatings"]] == [["random", "heuristic"],
                                                         ["heuristic", "random"]]
    tally = report["tally"]
    for name in ("random", "heuristic"):
        t = tally[name]
        assert t["games"] == 4 and t["wins"] == sum(v["wins"] for v in t["by_side"].values())
        assert (t["low"], t["high"]) == wilson(t["wins"], 4)
    for seating, (a, b) in zip(report["seatings"], (("random", "heuristic"),
                                                     ("heuristic", "random"))):
        counts = {o["outcome"]: o["count"] for o in seating["outcomes"]}
        assert counts["Allied"] == tally[a]["by_side"]["Allied"]["wins"]
        assert counts["Axis"] == tally[b]["by_side"]["Axis"]["wins"]


def test_the_same_kind_twice_is_told_apart_and_only_two_players_are_seated():
    report = arena("crete/learning", ["random", "random"], runs=1, workers=1, until=1)
    assert report["players"] == ["random #1", "random #2"]
    with pytest.raises(KsError, match="give two player kinds"):
        arena("crete/learning", ["random"], runs=1)


def test_ks_arena_prints_a_table_or_json():
    runner = CliRunner()
    shown = runner.invoke(app, ["arena", "crete/learning", "--players", "random,heuristic",
                                "--runs", "1", "--workers", "1", "--until", "1"])
    assert shown.exit_code == 0, shown.output
    assert "as Allied" in shown.output and "95% interval" in shown.output
    data = json.loads(runner.invoke(app, ["arena", "crete/learning", "--players",
                                          "random,heuristic", "--runs", "1", "--workers",
                                          "1", "--until", "1", "--json"]).output)
    assert set(data["tally"]) == {"random", "heuristic"}
    bad = runner.invoke(app, ["arena", "crete/learning", "--players", "random,nobody",
                              "--runs", "1", "--workers", "1"])
    assert bad.exit_code == 1 and "unknown player 'nobody'" in bad.output
