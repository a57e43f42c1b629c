"""`ks balance`: the designer's balance report (kriegsspiel/tools/balance.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Callable, List, NoReturn, Optional

import typer
from rich.console import Console
from rich.table import Table

from kriegsspiel.core.errors import KsError


def register(app: typer.Typer, out: Console, fail: Callable[[KsError], NoReturn]) -> None:
    """Add `ks balance` to the `ks` app (*fail*: print a located error and exit 1)."""

    @app.command()
    def balance(scenario: str = typer.Argument(..., help="A shipped scenario or a file."),
                players: str = typer.Option("heuristic,heuristic", "--players",
                                            help="Two player kinds, A,B: each plays each "
                                            "side in turn (one seating when the same)."),
                runs: int = typer.Option(20, "--runs", min=1, help="Games per seating."),
                seed: int = typer.Option(1, "--seed", help="First seed of each seating."),
                set_: List[str] = typer.Option([], "--set", help="What if: a table row "
                                               "(crt[SA,unarmored,5]=S), a constant (name=V) "
                                               "or a counter's value (counter:ID.field=V); "
                                               "the same seeds are played again with it."),
                workers: Optional[int] = typer.Option(None, "--workers", min=1,
                                                      help="Processes (default: the cores)."),
                backend: str = typer.Option("local", "--backend", help="local, ray or dask."),
                until: Optional[int] = typer.Option(None, "--until", min=1, help="Stop each "
                                                    "game after this many turns."),
                optional: List[str] = typer.Option([], "--optional", help="Switch an optional "
                                                   "rule on by name (repeatable)."),
                html: Optional[Path] = typer.Option(None, "--html", help="Also write the "
                                                    "report as a page with its plots."),
                as_json: bool = typer.Option(False, "--json", help="Machine-readable.")
                ) -> None:
        """Is the scenario balanced? Win rates by side and seating with 95%
        intervals, how games were decided and how long they lasted; with --set,
        the change a what-if makes, played on the same seeds."""
        from kriegsspiel.tools.balance import balance as report_on
        from kriegsspiel.tools.balance_html import balance_page
        from kriegsspiel.tools.output import write_whole
        try:
            report = report_on(scenario, [p.strip() for p in players.split(",")], runs, seed,
                               set_, backend, workers, until, optional)
            if html is not None:
                write_whole(html, balance_page(report), "report")
        except KsError as exc:
            fail(exc)
        if as_json:
            sys.stdout.write(json.dumps(report, indent=1, sort_keys=True) + "\n")
            return
        _print(out, report)
        if html is not None:
            out.print(f"wrote {html}")


def _print(out: Console, report: dict) -> None:
    sides, seeds = report["sides"], (report["first_seed"],
                                     report["first_seed"] + report["runs"] - 1)
    table = Table(f"seating ({' · '.join(sides)})", "games",
                  *(f"{s} wins (95%)" for s in sides), "draws", "mean turns",
                  title=f"{report['title']} ({report['scenario']}): {report['runs']} games "
                  f"a seating, seeds {seeds[0]}..{seeds[1]}",
                  caption="what-if: " + "  ".join(report["sets"]) if report["sets"] else None)
    for entry in report["seatings"]:
        table.add_row(" · ".join(entry["players"][s] for s in sides), *_cells(entry, sides))
        if "what_if" in entry:
            table.add_row("  what-if", *_cells(entry["what_if"], sides))
            paired = entry["what_if"]["paired"]
            table.add_row(f"  change ({paired['otherwise']} otherwise)", "",
                          *(f"{p['change']:+.0%} ({p['low']:+.0%} – {p['high']:+.0%})"
                            for p in (paired["by_side"][s] for s in sides)), "", "")
    table.add_row("all seatings", *_cells(report["all"], sides))
    out.print(table)
    decided = Table("result", "games", title="what decided the games")
    for why, n in report["all"]["decided_by"].items():
        decided.add_row(why, str(n))
    out.print(decided)
    lengths = report["all"]["lengths"]
    out.print("game length (turns: games): " +
              ", ".join(f"{turns}: {n}" for turns, n in lengths.items()))
    if report["all"]["mean_points"]:
        out.print("mean points: " + ", ".join(f"{s} {v:.1f}" for s, v in
                                              report["all"]["mean_points"].items()))


def _cells(tally: dict, sides: list[str]) -> list[str]:
    return [str(tally["games"]),
            *(f"{w['count']} = {w['share']:.0%} ({w['low']:.0%}–{w['high']:.0%})"
              for w in (tally["wins"][s] for s in sides)),
            str(tally["draws"]), f"{tally['mean_turns']:.1f}"]
