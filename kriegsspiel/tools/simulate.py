"""`ks simulate`: Monte Carlo balance runs — the same scenario played many times
by bots, seeds S..S+N-1, and how often each side won.

A :class:`Job` is played game by game by :func:`play_one` (a plain function of
plain data, so any backend can ship it to another process or machine).  Three
backends run a job, behind one small interface (``run(job, seeds, report)``):

* ``local`` — a process pool on this machine (``concurrent.futures``), one
  worker per core by default; one worker plays in this process;
* ``ray`` — a Ray cluster (``pip install 'kriegsspiel[ray]'``), ``address``
  as for ``ray.init`` (``ray://head:10001``, or ``auto``);
* ``dask`` — a Dask cluster (``pip install 'kriegsspiel[dask]'``), ``address``
  the scheduler's (``tcp://scheduler:8786``); without one a local cluster.

Whatever the backend, each game depends only on its seed, and the results are
put back in seed order: the summary is the same on one core or a hundred.
"""

from __future__ import annotations

import math
import os
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Callable, Iterable, Protocol

from kriegsspiel.core.errors import KsError, did_you_mean

Z_95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


@dataclass(frozen=True)
class Job:
    scenario: str
    seed: int
    runs: int
    players: list[str] = field(default_factory=lambda: ["random"])
    until: int | None = None
    options: list[str] = field(default_factory=list)  # optional rules switched on by name
    # What-if changes (kriegsspiel.tools.what_if): rule layers over the
    # scenario's, and counters' values changed before play.
    house_rules: list[dict] = field(default_factory=list)
    counters: list[tuple] = field(default_factory=list)

    def seeds(self) -> list[int]:
        return list(range(self.seed, self.seed + self.runs))

    def game(self, seed: int) -> tuple:
        """The arguments of play_one for the game of *seed*."""
        return (self.scenario, seed, self.players, self.until, self.options, self.house_rules,
                self.counters)


def play_one(scenario: str, seed: int, players: list[str], until: int | None,
             options: Iterable[str] = (), house_rules: Iterable[dict] = (),
             counters: Iterable[tuple] = ()) -> dict:
    """One game, no explanations (the same values, less to record): its outcome,
    how it was decided, its length and each side's points where the rules
    score any (the last value of an event that gives a side its points)."""
    from kriegsspiel.tools.play import new_game
    from kriegsspiel.tools.what_if import apply_counters
    game = new_game(scenario, seed, players, explain=False, options=options,
                    house_rules=house_rules)
    apply_counters(game.session.state, counters)
    game.run(until)
    won = game.session.events("game_won")
    winner = won[-1].data["winner"] if won else None
    outcome = "undecided" if not won else (winner if winner else "draw")
    scores = {str(e.data["side"]): e.data["points"] for e in game.session.state.log
              if "side" in e.data and "points" in e.data and isinstance(e.data["points"], int)}
    return {"seed": seed, "outcome": outcome, "reason": won[-1].data["reason"] if won else None,
            "turns": game.session.state.turn, "events": len(game.session.state.log),
            "title": game.session.scenario.title, "scores": scores,
            "sides": list(game.session.state.catalog["side"])}


Report = Callable[[dict], None]  # called with each finished game


class Backend(Protocol):
    def run(self, job: Job, seeds: list[int], report: Report) -> list[dict]: ...


class LocalBackend:
    """A pool of processes on this machine (one worker: this process, unless
    *pooled* — a benchmark compares pools of 1 and 2 worker processes alike)."""

    def __init__(self, workers: int | None = None, pooled: bool = False) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.pooled = pooled

    def run(self, job: Job, seeds: list[int], report: Report) -> list[dict]:
        results = []
        if self.workers == 1 and not self.pooled:
            for seed in seeds:
                results.append(play_one(*job.game(seed)))
                report(results[-1])
            return results
        with ProcessPoolExecutor(max_workers=self.workers) as pool:
            pending = {pool.submit(play_one, *job.game(s)) for s in seeds}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    results.append(future.result())
                    report(results[-1])
        return results


class RayBackend:
    """A Ray cluster: each game a remote task."""

    def __init__(self, address: str | None = None) -> None:
        self.ray = _optional("ray", "ray")
        self.address = address

    def run(self, job: Job, seeds: list[int], report: Report) -> list[dict]:
        ray = self.ray
        ray.init(address=self.address, ignore_reinit_error=True, log_to_driver=False)
        remote = ray.remote(play_one)
        pending = [remote.remote(*job.game(s)) for s in seeds]
        results = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                results.append(ray.get(ref))
                report(results[-1])
        return results


class DaskBackend:
    """A Dask cluster: each game a task (a local cluster without an address)."""

    def __init__(self, address: str | None = None, workers: int | None = None,
                 client: object | None = None) -> None:
        self.distributed = _optional("distributed", "dask")
        self.address, self.workers, self.client = address, workers, client

    def run(self, job: Job, seeds: list[int], report: Report) -> list[dict]:
        distributed = self.distributed
        client = self.client
        own = client is None
        if own:
            client = distributed.Client(self.address) if self.address else \
                distributed.Client(n_workers=self.workers or os.cpu_count() or 1,
                                   threads_per_worker=1, dashboard_address=None)
        try:
            futures = [client.submit(play_one, *job.game(s), pure=False) for s in seeds]
            results = []
            for future in distributed.as_completed(futures):
                results.append(future.result())
                report(results[-1])
            return results
        finally:
            if own:
                client.close()


def _optional(module: str, extra: str):
    import importlib
    try:
        return importlib.import_module(module)
    except ImportError:
        raise KsError(f"the {extra} backend needs the '{extra}' extra: "
                      f"pip install 'kriegsspiel[{extra}]'") from None


BACKENDS = ("local", "ray", "dask")


def backend_for(name: str, workers: int | None = None, address: str | None = None) -> Backend:
    if name == "local":
        if address:
            raise KsError("--address is for the ray and dask backends")
        return LocalBackend(workers)
    if name == "ray":
        return RayBackend(address)
    if name == "dask":
        return DaskBackend(address, workers)
    raise KsError(f"unknown backend '{name}' (known: {', '.join(BACKENDS)})", None,
                  did_you_mean(name, BACKENDS))


def run_job(job: Job, backend: str | Backend = "local", workers: int | None = None,
            address: str | None = None, progress: bool = False) -> list[dict]:
    """Play every game of *job*; the results in seed order."""
    if job.runs < 1:
        raise KsError("--runs must be at least 1")
    if "human" in job.players:
        raise KsError("a simulation is played by bots: 'human' would wait for a person")
    from kriegsspiel.tools.play import new_game
    # A wrong scenario or player kind fails here, once, not in every worker.
    new_game(job.scenario, job.seed, job.players, options=job.options,
             house_rules=job.house_rules)
    chosen = backend_for(backend, workers, address) if isinstance(backend, str) else backend
    if progress:
        results = _with_progress(chosen, job)
    else:
        results = chosen.run(job, job.seeds(), lambda result: None)
    return sorted(results, key=lambda r: r["seed"])


def _with_progress(backend: Backend, job: Job) -> list[dict]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, \
        TimeElapsedColumn, TimeRemainingColumn
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(f"playing {job.scenario}", total=job.runs)
        return backend.run(job, job.seeds(), lambda result: bar.advance(task))


def wilson(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (good for small counts and for
    shares near 0 or 1, where the normal approximation is not)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At 0 or n successes one bound is exactly 0 or 1 (rounding would leave 1e-17).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def summarize(job: Job, results: Iterable[dict], seconds: float = 0.0) -> dict:
    """Outcome counts with shares and 95% Wilson intervals, mean turns played."""
    results = list(results)
    sides = results[0]["sides"] if results else []
    order = sides + ["draw", "undecided"]
    counts = {o: 0 for o in order}
    for r in results:
        counts[r["outcome"]] = counts.get(r["outcome"], 0) + 1
    n = len(results)
    outcomes = []
    for outcome in order + sorted(set(counts) - set(order)):
        if outcome in ("draw", "undecided") and counts[outcome] == 0:
            continue  # shown only when they happen; the sides always are
        low, high = wilson(counts[outcome], n)
        outcomes.append({"outcome": outcome, "count": counts[outcome],
                         "share": counts[outcome] / n if n else 0.0, "low": low, "high": high})
    return {"scenario": job.scenario, "title": results[0]["title"] if results else job.scenario,
            "runs": n, "first_seed": job.seed, "players": list(job.players),
            "options": list(job.options),
            "outcomes": outcomes,
            "mean_turns": sum(r["turns"] for r in results) / n if n else 0.0,
            "seconds": seconds}


__all__ = ["Job", "play_one", "run_job", "summarize", "wilson", "backend_for", "LocalBackend",
           "RayBackend", "DaskBackend", "BACKENDS"]
