"""`ks` commands for resume and simulate."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Callable, List, NoReturn, Optional

import typer
from rich.console import Console
from rich.table import Table

from kriegsspiel.core.errors import KsError


def register(app: typer.Typer, out: Console, fail: Callable[[KsError], NoReturn]) -> None:
    """Add this module's commands to the `ks` app (*fail*: print a located
    error and exit 1, as every `ks` command does)."""

    @app.command()
    def resume(save: Path = typer.Argument(..., help="A save written by `ks play --save` "
                                           "(or at any decision, see docs/play.md)."),
               players: Optional[str] = typer.Option(None, "--players", help="Player kinds per "
                                                     "side (default: the save's)."),
               until: Optional[int] = typer.Option(None, "--until", help="Stop after this "
                                                   "turn (counted from the first)."),
               log: Optional[Path] = typer.Option(None, "--log", help="Write the whole event "
                                                  "log (JSON lines) here."),
               save_to: Optional[Path] = typer.Option(None, "--save", help="Write the game "
                                                      "(JSON) here when it stops."),
               explain: bool = typer.Option(False, "--explain", help="Every explanation too."),
               check_invariants: bool = typer.Option(False, "--check-invariants",
                                                     help="Check the rules' invariants after "
                                                     "every event.")) -> None:
        """Continue a saved game to the end (or --until) and print the rest of its log."""
        from kriegsspiel.tools.play import read_save, readable, resume as run_resume, write_log, \
            write_save
        try:
            data = read_save(save)
            kinds = [p.strip() for p in players.split(",")] if players else None
            game, first = run_resume(data, kinds, until, explain, check_invariants)
        except KsError as exc:  # a broken invariant too: fail prints the log so far
            fail(exc)
        turn = game.turns[min(data.get("turn", 0), len(game.turns) - 1)]
        out.print(f"{game.session.scenario.title} — seed {game.seed}, resumed after event "
                  f"{first} (turn {turn})", markup=False)
        for line in readable(game, game.session.ctx.explaining and explain, start=first):
            out.print(line, markup=False)
        if log:
            write_log(game.session, log)
        if save_to:
            write_save(game, save_to)

    @app.command()
    def simulate(scenario: str = typer.Argument(..., help="A shipped scenario or a file."),
                 runs: int = typer.Option(100, "--runs", min=1, help="Games to play."),
                 workers: Optional[int] = typer.Option(None, "--workers", min=1,
                                                       help="Processes (default: the cores)."),
                 players: str = typer.Option("random,random", "--players",
                                             help="One player kind per side."),
                 seed: int = typer.Option(1, "--seed", help="First seed: runs use seed, "
                                          "seed+1, ..."),
                 backend: str = typer.Option("local", "--backend", help="local, ray or dask "
                                             "(docs/play.md)."),
                 address: Optional[str] = typer.Option(None, "--address", help="The Ray or "
                                                       "Dask cluster to run on."),
                 until: Optional[int] = typer.Option(None, "--until", help="Stop each game "
                                                     "after this many turns."),
                 as_json: bool = typer.Option(False, "--json", help="Machine-readable."),
                 optional: List[str] = typer.Option([], "--optional", help="Switch an "
                                                    "optional rule on by name in every game "
                                                    "(repeatable), as `ks play --optional`.")
                 ) -> None:
        """Monte Carlo balance runs: who wins how often, with 95% confidence intervals."""
        from kriegsspiel.tools.simulate import Job, run_job, summarize
        job = Job(scenario, seed, runs, [p.strip() for p in players.split(",")], until,
                  list(optional))
        started = time.perf_counter()
        try:
            results = run_job(job, backend, workers, address,
                              progress=not as_json and sys.stderr.isatty())
        except KsError as exc:
            fail(exc)
        summary = summarize(job, results, time.perf_counter() - started)
        summary.update({"backend": backend, "workers": workers})
        if as_json:
            sys.stdout.write(json.dumps(summary, indent=1, sort_keys=True) + "\n")
            return
        table = Table("outcome", "games", "share", "95% interval", title=(
            f"{summary['title']}: {runs} games, seeds {seed}..{seed + runs - 1}, "
            f"players {','.join(job.players)}"
            + (f", optional {', '.join(job.options)}" if job.options else "")))
        for row in summary["outcomes"]:
            table.add_row(row["outcome"], str(row["count"]), f"{row['share']:.1%}",
                          f"{row['low']:.1%} – {row['high']:.1%}")
        out.print(table)
        out.print(f"mean turns played: {summary['mean_turns']:.2f}; backend {backend}, "
                  f"{summary['seconds']:.1f} s", markup=False)
