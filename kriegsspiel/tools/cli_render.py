"""`ks` commands for render and replay."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, NoReturn, Optional

import typer
from rich.console import Console

from kriegsspiel.core.errors import KsError


def register(app: typer.Typer, out: Console, fail: Callable[[KsError], NoReturn]) -> None:
    """Add this module's commands to the `ks` app (*fail*: print a located
    error and exit 1, as every `ks` command does)."""

    @app.command()
    def render(
        game: str = typer.Argument(..., help="A scenario (GAME/NAME or a .yaml file), a "
                                   "save (.json, from ks play --save) or an event log (.jsonl, "
                                   "with --scenario)."),
        out_path: Path = typer.Option(..., "--out", help="The picture: map.svg or map.png."),
        turn: Optional[str] = typer.Option(None, "--turn", help="Show the start of this turn "
                                           "(1 = the first, or its label); default: the end "
                                           "of the log."),
        scenario: Optional[str] = typer.Option(None, "--scenario", help="The scenario of an "
                                               "event log (a save names its own)."),
        fire_zones: Optional[str] = typer.Option(None, "--fire-zones", help="Shade the Fire "
                                                 "Zones of this side's units (the rules' "
                                                 "fire_zone)."),
        los: Optional[str] = typer.Option(None, "--los", help="Darken the hexes NOT in Line "
                                          "of Sight from this hex (the rules' has_los)."),
    ) -> None:
        """Draw the map: terrain, hexsides, roads, counters with ratings and markers."""
        from kriegsspiel.tools.render import render as draw
        try:
            draw(game, out_path, turn, scenario, fire_zones, los)
        except KsError as exc:
            fail(exc)
        out.print(f"wrote {out_path}", markup=False)

    @app.command()
    def replay(
        log: Path = typer.Argument(..., help="An event log (.jsonl, ks play --log) or a save "
                                   "(.json, ks play --save)."),
        html_path: Path = typer.Option(..., "--html", help="The viewer to write (one "
                                       "self-contained .html file)."),
        scenario: Optional[str] = typer.Option(None, "--scenario", help="The log's scenario, "
                                               "GAME/NAME (a save names its own)."),
    ) -> None:
        """Write a web page that replays the game, event by event, on the map."""
        from kriegsspiel.tools.replay_html import write_viewer
        if log.suffix not in (".json", ".jsonl"):
            fail(KsError(f"{log}: expected an event log (.jsonl) or a save (.json)"))
        try:
            count = write_viewer(log, html_path, scenario)
        except KsError as exc:
            fail(exc)
        out.print(f"wrote {html_path} ({count} frames)", markup=False)
