"""`ks serve`: play in the browser (kriegsspiel/tools/serve/)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, List, NoReturn

import typer
from rich.console import Console

from kriegsspiel.core.errors import KsError


def register(app: typer.Typer, out: Console, fail: Callable[[KsError], NoReturn]) -> None:
    """Add `ks serve` to the `ks` app (*fail*: print a located error and exit 1)."""

    @app.command()
    def serve(scenarios: List[str] = typer.Argument(..., help="Shipped scenarios (GAME/NAME), "
                                                     "scenario files, or saves (.json) to go on "
                                                     "with: each one game of the server."),
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
                                                "installed, by path (repeatable).")
              ) -> None:
        """Play scenarios in the browser: the umpire serves each game's map, asks
        each person's questions on the page and plays the bots' seats."""
        import uvicorn

        from kriegsspiel.tools.serve.app import make_app
        kinds = [p.strip() for p in players.split(",")]
        games = {}
        try:
            for number, scenario in enumerate(scenarios, 1):
                games[str(number)] = _hosted(scenario, kinds, seed, list(optional),
                                             [str(m) for m in module])
        except KsError as exc:
            fail(exc)
        root = f"http://{bind}:{port}/"
        out.print(f"serving {len(games)} game(s) on {root}", markup=False)
        for gid, host in games.items():
            where = f"{root}game/{gid}/"
            out.print(f"{host.game.session.scenario.title}: watch at {where}", markup=False)
            for side, token in host.tokens.items():
                out.print(f"  {side}: {where}?token={token}", markup=False)
            if len(host.tokens) > 1:
                out.print(f"  hot-seat (every seat on one page): {where}?token="
                          f"{','.join(host.tokens.values())}", markup=False)
            host.start()
        try:
            uvicorn.run(make_app(games), host=bind, port=port, log_level="warning")
        finally:
            for host in games.values():
                host.stop()


def _hosted(scenario: str, kinds: list[str], seed: int, optional: list[str],
            modules: list[str]):
    """One game of the server: new, or a save gone on with; `human` seats the page's."""
    from kriegsspiel.tools.play import new_game, seated_kinds
    from kriegsspiel.tools.serve.host import GameHost
    bots = [k if k != "human" else "random" for k in kinds]  # a person's seat: the page
    resume = None
    if scenario.endswith(".json"):
        from kriegsspiel.tools.saves import prepare, read_save
        data = read_save(Path(scenario))
        game, _, actions = prepare(data, bots, explain=True)
        resume = (data, actions)
    else:
        # Explaining: every die roll and result on the page can say why.
        game = new_game(scenario, seed, bots, explain=True, options=optional, modules=modules)
    sides = list(game.session.state.catalog["side"])
    return GameHost(game, [side for side, kind in zip(sides, seated_kinds(sides, kinds))
                           if kind == "human"], resume)
