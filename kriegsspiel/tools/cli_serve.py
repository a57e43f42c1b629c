"""`ks serve`: play in the browser (kriegsspiel/tools/serve/)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, List, NoReturn, Optional

import typer
from rich.console import Console

from kriegsspiel.core.errors import KsError


def register(app: typer.Typer, out: Console, fail: Callable[[KsError], NoReturn]) -> None:
    """Add `ks serve` to the `ks` app (*fail*: print a located error and exit 1)."""

    @app.command()
    def serve(scenario: str = typer.Argument(..., help="A shipped scenario (GAME/NAME), a "
                                             "scenario file, or a save (.json) to go on "
                                             "with."),
              players: str = typer.Option("human,heuristic", "--players", help="One kind per "
                                          "side in the game's side order; `human` seats are "
                                          "played in the browser."),
              seed: int = typer.Option(1, "--seed", help="Dice and bots' seed."),
              port: int = typer.Option(8000, "--port", min=0, max=65535, help="The port."),
              bind: str = typer.Option("127.0.0.1", "--host", help="The address to listen "
                                       "on (default: this machine only)."),
              optional: List[str] = typer.Option([], "--optional", help="Switch an optional "
                                                 "rule on by name (repeatable)."),
              module: List[Path] = typer.Option([], "--module", help="A module that is not "
                                                "installed, by path (repeatable)."),
              until: Optional[int] = typer.Option(None, "--until", min=1, hidden=True)
              ) -> None:
        """Play a scenario in the browser: the umpire serves the map, asks each
        person's questions on the page and plays the bots' seats."""
        import uvicorn

        from kriegsspiel.tools.play import new_game
        from kriegsspiel.tools.serve.app import make_app
        from kriegsspiel.tools.serve.host import GameHost
        kinds = [p.strip() for p in players.split(",")]
        bots = [k if k != "human" else "random" for k in kinds]  # a person's seat: the page
        try:
            resume = None
            if scenario.endswith(".json"):
                from kriegsspiel.tools.saves import prepare, read_save
                data = read_save(Path(scenario))
                game, _, actions = prepare(data, bots, explain=True)
                resume = (data, actions)
            else:
                # Explaining: every die roll and result on the page can say why.
                game = new_game(scenario, seed, bots, explain=True, options=list(optional),
                                modules=[str(m) for m in module])
            sides = list(game.session.state.catalog["side"])
            seated = [kinds[i] if i < len(kinds) else kinds[-1] for i in range(len(sides))]
            people = [side for side, kind in zip(sides, seated) if kind == "human"]
            host = GameHost(game, people, resume)
        except KsError as exc:
            fail(exc)
        where = f"http://{bind}:{port}/"
        out.print(f"{game.session.scenario.title}: serving on {where}", markup=False)
        for side in people:
            out.print(f"  {side}: {where}?token={host.tokens[side]}", markup=False)
        if len(people) > 1:
            out.print(f"  hot-seat (every seat on one page): {where}?token="
                      f"{','.join(host.tokens[s] for s in people)}", markup=False)
        out.print(f"  watching: {where}", markup=False)
        host.start()
        try:
            uvicorn.run(make_app(host), host=bind, port=port, log_level="warning")
        finally:
            host.stop()
