"""`ks` commands for play, resume and simulate."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Callable, List, NoReturn, Optional

import typer
from typer.core import TyperCommand
from rich.console import Console
from rich.table import Table

from kriegsspiel.core.errors import KsError
from kriegsspiel.tools.output import writable


def choices_text() -> str:
    """The shipped scenarios and the player kinds, for the help of ks play and simulate."""
    from kriegsspiel.engine.plugins import installed_registry
    from kriegsspiel.tools.play import PLAYER_KINDS, shipped_scenarios
    from kriegsspiel.tools.search import plugin_player_kinds
    registry = installed_registry()
    added: dict[str, list[str]] = {}
    for name in registry.names():
        for kind in plugin_player_kinds(registry, [name]):
            added.setdefault(kind, []).append(name)
    kinds = ", ".join([*PLAYER_KINDS, *(f"{k} ({', '.join(m)} games)"
                                        for k, m in sorted(added.items()))])
    return (f"Scenarios: {', '.join(shipped_scenarios())}.\n\nPlayer kinds: {kinds}.")


class _ListsChoices(TyperCommand):
    """A command whose help ends with the scenarios and player kinds, looked up
    only when the help is shown: loading the modules would cost every run."""

    def format_help(self, ctx, formatter) -> None:
        self.epilog = choices_text()
        super().format_help(ctx, formatter)


def register(app: typer.Typer, out: Console, fail: Callable[[KsError], NoReturn]) -> None:
    """Add this module's commands to the `ks` app (*fail*: print a located
    error and exit 1, as every `ks` command does)."""

    @app.command(cls=_ListsChoices)
    def play(scenario: str = typer.Argument(..., help="A shipped scenario (GAME/NAME; all are "
                                            "listed below) or a scenario file."),
             seed: int = typer.Option(1, "--seed", help="Dice and bots' seed."),
             players: str = typer.Option("random,random", "--players",
                                         help="One player kind per side, in the game's side "
                                         "order."),
             log: Optional[Path] = typer.Option(None, "--log", help="Write the event log "
                                                "(JSON lines) here."),
             save: Optional[Path] = typer.Option(None, "--save", help="Write the game (JSON) "
                                                 "here, also when it stops early; `ks resume` "
                                                 "continues it."),
             until: Optional[int] = typer.Option(None, "--until", min=1, help="Stop after "
                                                 "this many turns."),
             explain: bool = typer.Option(False, "--explain", help="Every explanation too."),
             check_invariants: bool = typer.Option(False, "--check-invariants",
                                                   help="Check the rules' invariants after "
                                                   "every event; stop at the first one "
                                                   "broken."),
             optional: List[str] = typer.Option([], "--optional", help="Switch an optional "
                                                "rule on by name (repeatable; `ks rules "
                                                "optional` lists them)."),
             as_printed: bool = typer.Option(False, "--as-printed", help="Play the rules as "
                                             "the books print them: leave the errata out "
                                             "(on by default where a title has them)."),
             quiet: bool = typer.Option(False, "--quiet", help="Show only the result (and, "
                                        "on a terminal, the turn being played)."),
             rules: List[Path] = typer.Option([], "--rules", help="A rule file of your own "
                                              "(.ksr), layered over the scenario's rules as "
                                              "an optional rule; `override` changes theirs "
                                              "(repeatable; the save keeps it)."),
             module: List[Path] = typer.Option([], "--module", help="A module that is not "
                                               "installed (a .py file or a package folder: "
                                               "a title of your own, a plugin), loaded beside "
                                               "the installed ones (repeatable; the save "
                                               "keeps its path).")
             ) -> None:
        """Play a scenario with bots and print a readable turn log and the result."""
        from kriegsspiel.tools.play import new_game
        outputs_writable(log, save)
        try:
            game = new_game(scenario, seed, [p.strip() for p in players.split(",")], explain,
                            options=list(optional) + (["as-printed"] if as_printed else []),
                            house_rules=read_rules(rules), modules=[str(m) for m in module])
        except KsError as exc:
            fail(exc)
        turns_known(game, until)
        play_on(game, until, explain, check_invariants, log, save, quiet=quiet)

    @app.command()
    def resume(save: Path = typer.Argument(..., help="A save written by `ks play --save` "
                                           "(or at any decision, see docs/play.md)."),
               players: Optional[str] = typer.Option(None, "--players", help="Player kinds per "
                                                     "side (default: the save's)."),
               until: Optional[int] = typer.Option(None, "--until", min=1, help="Stop after "
                                                   "this turn (counted from the first)."),
               log: Optional[Path] = typer.Option(None, "--log", help="Write the whole event "
                                                  "log (JSON lines) here."),
               save_to: Optional[Path] = typer.Option(None, "--save", help="Write the game "
                                                      "(JSON) here when it stops."),
               explain: bool = typer.Option(False, "--explain", help="Every explanation too."),
               check_invariants: bool = typer.Option(False, "--check-invariants",
                                                     help="Check the rules' invariants after "
                                                     "every event."),
               quiet: bool = typer.Option(False, "--quiet", help="Show only the result (and, "
                                          "on a terminal, the turn being played).")) -> None:
        """Continue a saved game to the end (or --until) and print the rest of its log."""
        from kriegsspiel.tools.saves import prepare, read_save, replay
        outputs_writable(log, save_to)
        try:
            data = read_save(save)
            kinds = [p.strip() for p in players.split(",")] if players else None
            game, first, actions = prepare(data, kinds, explain)
        except KsError as exc:
            fail(exc)
        turns_known(game, until)
        turn = game.turns[min(data.get("turn", 0), len(game.turns) - 1)]
        out.print(f"{game.session.scenario.title} — seed {game.seed}, resumed after event "
                  f"{first} (turn {turn})", markup=False)
        game.narrated = max(game.narrated, first)  # a person saw those before he stopped
        # The action in progress goes on with the live players: a stop there is kept too.
        play_on(game, until, explain and game.session.ctx.explaining, check_invariants, log,
                save_to, heading=False, first=lambda: replay(game, data, actions), quiet=quiet)

    def read_rules(paths: List[Path]) -> list[dict]:
        house = []
        for path in paths:
            if path.suffix != ".ksr":
                raise KsError(f"--rules {path}: give a rule file (.ksr)")
            try:
                house.append({"path": str(path), "text": path.read_text(encoding="utf-8")})
            except OSError as exc:
                raise KsError(f"--rules {path}: cannot read it: {exc.strerror}") from None
            except UnicodeDecodeError:
                raise KsError(f"--rules {path}: not a rule file (not UTF-8 text)") from None
        return house

    def turns_known(game, until: Optional[int]) -> None:
        if until is not None and until > len(game.turns):
            fail(KsError(f"--until {until}: {game.scenario} has {len(game.turns)} turns "
                         f"({game.turns[0]} to {game.turns[-1]})"))

    def outputs_writable(log: Optional[Path], save: Optional[Path]) -> None:
        """A game's files are refused before it is played, not after."""
        try:
            for path, what in ((log, "event log"), (save, "save")):
                if path is not None:
                    writable(path, what)
        except KsError as exc:
            fail(exc)

    def play_on(game, until, explain, check, log, save, heading=True,
                first=lambda: None, quiet=False) -> None:
        """Play to the end, showing each turn as it ends; however the game stops —
        its end, a player quitting, Ctrl-C, a rule or a bot failing — show what
        happened, then keep it: the log and the save are written (a save made at
        the decision where a player stopped resumes there)."""
        from kriegsspiel.engine.collector import paced_collector
        from kriegsspiel.tools.play import run_checked, write_log, write_save
        from kriegsspiel.tools.saves import DoesNotReplay
        from kriegsspiel.tools.screen import ReaderGone, Screen
        screen = Screen(game, out, explain, heading, quiet, keep_playing=bool(log or save))
        stopped: KsError | None = None
        interrupted = False
        try:
            first()
            run_checked(game, until, check, screen.turn_over)
        except DoesNotReplay as exc:  # not the game the save recorded: nothing to keep
            fail(exc)
        except ReaderGone:
            return
        except KeyboardInterrupt:
            interrupted = True
            stopped = KsError("the game was stopped (Ctrl-C)")
        except KsError as exc:
            stopped = exc
        except Exception as exc:  # a bug: the game up to its last whole action is kept
            stopped = KsError(f"internal error, please report it: {type(exc).__name__}: {exc}")
        # Showing and writing out a game walks its whole log: no full collection
        # of its large heap is due for that (engine/collector.py).
        with paced_collector():
            screen.finish()
        if interrupted and save is None:
            save = offer_save()
        try:
            with paced_collector():
                if log:
                    write_log(game.session, log)
                if save:
                    write_save(game, save)
        except KsError as exc:
            fail(exc)
        if stopped is None:
            return
        if save:
            stopped.message += f" — saved to {save}; `ks resume {save}` continues it"
        if interrupted:
            print(f"error: {stopped.message}", file=sys.stderr)
            raise typer.Exit(130)
        fail(stopped)

    def offer_save() -> Optional[Path]:
        if not sys.stdin.isatty():
            return None
        try:
            answer = input("\nsave the game? a file name (empty: no): ").strip()
        except (EOFError, KeyboardInterrupt):
            return None
        if not answer:
            return None
        try:
            writable(Path(answer), "save")
        except KsError as exc:
            print(f"error: {exc.message}", file=sys.stderr)
            return None
        return Path(answer)

    @app.command(cls=_ListsChoices)
    def arena(scenario: str = typer.Argument(..., help="A shipped scenario or a file."),
              players: str = typer.Option(..., "--players", help="Two player kinds, A,B: "
                                          "each plays each side in turn."),
              runs: int = typer.Option(20, "--runs", min=1, help="Games per seating."),
              seed: int = typer.Option(1, "--seed", help="First seed of each seating."),
              workers: Optional[int] = typer.Option(None, "--workers", min=1,
                                                    help="Processes (default: the cores)."),
              until: Optional[int] = typer.Option(None, "--until", min=1, help="Stop each "
                                                  "game after this many turns."),
              as_json: bool = typer.Option(False, "--json", help="Machine-readable.")) -> None:
        """Bot against bot from both seatings: each player's win rate with a 95%
        interval, in all and as each side."""
        from kriegsspiel.tools.arena import arena as play_arena
        try:
            report = play_arena(scenario, [p.strip() for p in players.split(",")], runs, seed,
                                workers=workers, until=until)
        except KsError as exc:
            fail(exc)
        if as_json:
            sys.stdout.write(json.dumps(report, indent=1, sort_keys=True) + "\n")
            return
        first, second = report["sides"]
        table = Table("player", "wins", "share", "95% interval", f"as {first}",
                      f"as {second}", title=f"{scenario}: {runs} games a seating, seeds "
                      f"{seed}..{seed + runs - 1}")
        for name in report["players"]:
            t = report["tally"][name]
            table.add_row(name, f"{t['wins']}/{t['games']}", f"{t['share']:.1%}",
                          f"{t['low']:.1%} – {t['high']:.1%}",
                          *(f"{t['by_side'][s]['wins']}/{t['by_side'][s]['games']}"
                            for s in (first, second)))
        out.print(table)

    @app.command(cls=_ListsChoices)
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
                 until: Optional[int] = typer.Option(None, "--until", min=1, help="Stop each game "
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
