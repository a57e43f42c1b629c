"""`ks simulate`: Monte Carlo balance runs (crete:scenario:learning played by
bots, the victory of gts:12.0 counted): seeds S..S+N-1, the same summary on
any number of workers and on any backend, 95% Wilson intervals."""

from __future__ import annotations

import importlib.util
import json

import pytest
from typer.testing import CliRunner

from kriegsspiel.tools.cli import app
from kriegsspiel.core.errors import KsError
from kriegsspiel.tools.play import play
from kriegsspiel.tools.simulate import DaskBackend, Job, play_one, run_job, summarize, wilson

runner = CliRunner()
JOB = Job("crete/learning", 3, 2, ["random"])


def test_wilson_intervals_match_the_published_values():
    """Wilson (1927) score interval, z = 1.96: 5 of 10 → 0.237–0.763."""
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert wilson(10, 10) == (pytest.approx(0.7225, abs=1e-4), 1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_counts_each_outcome_with_its_interval():
    results = [{"seed": s, "outcome": o, "turns": t, "title": "T", "sides": ["Axis", "Allied"]}
               for s, (o, t) in enumerate([("Axis", 5), ("Axis", 5), ("Allied", 3),
                                           ("undecided", 2)])]
    summary = summarize(Job("x/y", 0, 4), results, seconds=1.5)
    rows = {r["outcome"]: r for r in summary["outcomes"]}
    assert list(rows) == ["Axis", "Allied", "undecided"]  # no draw happened: not shown
    assert rows["Axis"]["count"] == 2 and rows["Axis"]["share"] == 0.5
    assert (rows["Axis"]["low"], rows["Axis"]["high"]) == wilson(2, 4)
    assert summary["mean_turns"] == 3.75 and summary["runs"] == 4 and summary["seconds"] == 1.5


def test_one_game_is_the_game_ks_play_plays():
    result = play_one("crete/learning", 3, ["random"], None)
    session, lines = play("crete/learning", 3, ["random"])
    won = session.events("game_won")[-1].data
    assert (result["outcome"], result["reason"]) == (won["winner"], won["reason"])
    assert result["turns"] == session.state.turn
    assert result["sides"] == list(session.state.catalog["side"])


def test_optional_rules_are_switched_on_in_every_game():
    """`ks simulate --optional crete:O1.0` plays the games `ks play --optional`
    plays (crete:O1.0 Free Drops scatter SNAFU's first-turn drops: a longer
    first turn), and the summary says which rules were on."""
    from kriegsspiel.tools.play import play_game
    job = Job("crete/snafu", 1, 1, ["random"], until=1, options=["crete:O1.0"])
    [free] = run_job(job, "local", workers=1)
    played, _ = play_game("crete/snafu", 1, ["random"], until=1, options=["crete:O1.0"])
    assert free["events"] == len(played.session.state.log)
    assert free["events"] != play_one("crete/snafu", 1, ["random"], 1)["events"]
    assert summarize(job, [free], 1.0)["options"] == ["crete:O1.0"]
    result = runner.invoke(app, ["simulate", "crete/learning", "--runs", "1", "--workers", "1",
                                 "--until", "1", "--optional", "crete:O9.9"])
    assert result.exit_code != 0 and "did you mean 'crete:O" in result.output


def test_the_results_do_not_depend_on_the_number_of_workers():
    """Seeds S..S+N-1 whatever the pool: one worker (in process) and two
    processes give the same games in seed order."""
    alone = run_job(JOB, "local", workers=1)
    pooled = run_job(JOB, "local", workers=2)
    assert [r["seed"] for r in alone] == [3, 4]
    assert alone == pooled


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                    reason="the dask extra is not installed")
def test_the_dask_backend_plays_the_same_games():
    from distributed import Client
    with Client(processes=False, n_workers=1, threads_per_worker=2,
                dashboard_address=None) as client:
        on_dask = run_job(JOB, DaskBackend(client=client))
    assert on_dask == run_job(JOB, "local", workers=1)


def test_simulate_on_the_command_line():
    result = runner.invoke(app, ["simulate", "crete/learning", "--runs", "2", "--workers", "1",
                                 "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["runs"] == 2 and summary["first_seed"] == 3
    assert sum(r["count"] for r in summary["outcomes"]) == 2
    assert {r["outcome"] for r in summary["outcomes"]} >= {"Axis", "Allied"}
    table = runner.invoke(app, ["simulate", "crete/learning", "--runs", "2", "--workers", "1"])
    assert table.exit_code == 0 and "95% interval" in table.output
    assert "mean turns played: " in table.output


def test_bad_simulations_are_refused_with_the_reason():
    assert "did you mean 'ray'?" in runner.invoke(
        app, ["simulate", "crete/learning", "--runs", "1", "--backend", "rey"]).output
    assert "no scenario 'crete/lerning'" in runner.invoke(
        app, ["simulate", "crete/lerning", "--runs", "1"]).output
    with pytest.raises(KsError, match="played by bots"):
        run_job(Job("crete/learning", 1, 1, ["human"]))
    with pytest.raises(KsError, match="--address is for the ray and dask backends"):
        run_job(JOB, "local", address="tcp://somewhere:8786")
    if importlib.util.find_spec("ray") is None:
        with pytest.raises(KsError, match=r"pip install 'kriegsspiel\[ray\]'"):
            run_job(JOB, "ray")


@pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                    reason="the ray extra is not installed")
def test_the_ray_backend_on_a_local_cluster_plays_the_same_games():
    """A local Ray cluster of two CPUs (each game a remote task in a worker
    process of its own) gives the local pool's games, seed for seed, and the
    same balance report, what-if included."""
    import ray
    from kriegsspiel.tools.balance import balance
    from kriegsspiel.tools.simulate import RayBackend
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_job(JOB, RayBackend())
        args = ("crete/learning", ["random", "heuristic"], 2)
        report = balance(*args, seed=1, sets=["stacking_limit_steps=3"], backend=RayBackend())
    finally:
        ray.shutdown()
    assert on_ray == run_job(JOB, "local", workers=1)
    assert report == balance(*args, seed=1, sets=["stacking_limit_steps=3"], workers=1)
