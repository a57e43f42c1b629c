"""`ks new`: scaffolds for designers (docs/authoring.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, NoReturn

import typer
from rich.console import Console

from kriegsspiel.core.errors import KsError


def register(app: typer.Typer, out: Console, fail: Callable[[KsError], NoReturn]) -> None:
    """Add the `ks new` commands to the `ks` app (*fail*: print a located
    error and exit 1, as every `ks` command does)."""
    new_app = typer.Typer(no_args_is_help=True, help="Scaffold a new title or optional rule.")
    app.add_typer(new_app, name="new")

    @new_app.command("title")
    def title(name: str = typer.Argument(..., help="The title's id: lower-case letters, "
                                         "digits and _ (its module, game and scenarios "
                                         "are named after it)."),
              on: str = typer.Option(None, "--on", help="The series it is an exclusive "
                                     "layer of (default: the installed series with a title template)."),
              into: Path = typer.Option(Path("."), "--into", help="The folder to make it "
                                        "in (a folder NAME is made there).")) -> None:
        """A new title outside the source tree: an exclusive layer with one cited
        override, a small game and a playable scenario, ready for `ks check
        --module` and `ks play --module`."""
        from kriegsspiel.engine.plugins import installed_registry
        from kriegsspiel.tools.new import new_title
        try:
            written = new_title(name, into, on, installed_registry())
        except KsError as exc:
            fail(exc)
        root = into / name
        for path in written:
            out.print(f"wrote {path}", markup=False)
        out.print(f"\nnext:\n  cd {root}\n  ks check --module modules/{name}\n"
                  f"  ks play {name}/first --module modules/{name}", markup=False)

    @new_app.command("option")
    def option(name: str = typer.Argument(..., help="The rule's module id: lower-case "
                                          "letters, digits and _."),
               ruleset: str = typer.Option(..., "--ruleset", help="The module it changes "
                                           "(`ks modules` lists them)."),
               into: Path = typer.Option(Path("."), "--into", help="The folder to make it "
                                         "in (a folder NAME is made there).")) -> None:
        """An optional rule as a pip-installable package: its pyproject (an entry
        point in the kriegsspiel.modules group), one override, one test."""
        from kriegsspiel.engine.plugins import installed_registry
        from kriegsspiel.tools.new import new_option
        try:
            written = new_option(name, ruleset, into, installed_registry())
        except KsError as exc:
            fail(exc)
        for path in written:
            out.print(f"wrote {path}", markup=False)
        out.print(f"\nnext:\n  cd {into / name}\n  pip install -e .\n"
                  f"  ks play SCENARIO --optional {name}:1.0\n  python -m pytest tests",
                  markup=False)
