"""The ``ks`` command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console
from rich.table import Table

from kriegsspiel import __version__
from kriegsspiel.core.errors import KsError, KsErrors

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="kriegsspiel: an umpire for hex-and-counter wargames whose rules are data.")
rules_app = typer.Typer(no_args_is_help=True, help="Inspect the rules: coverage, definitions.")
app.add_typer(rules_app, name="rules")
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def _version(value: bool) -> None:
    if value:
        out.print(f"kriegsspiel {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(version: bool = typer.Option(False, "--version", callback=_version,
                                              is_eager=True, help="Print the version.")) -> None:
    """Rules are data: check them, inspect them, play them."""


def _print_errors(errors: list[KsError]) -> None:
    for e in errors:
        for sub in (e.errors if isinstance(e, KsErrors) else [e]):
            err.print(sub.render(), markup=False)


@app.command()
def check(paths: List[Path] = typer.Argument(None, help="Rule files (.ksr), data or scenario "
                                             "YAML; none: everything shipped."),
          on: List[str] = typer.Option(["gts"], "--on", help="Modules a given rule file builds on."),
          layer: str = typer.Option("optional", help="Layer of a given rule file."),
          disable: List[str] = typer.Option([], "--disable", help="Modules to leave out.")) -> None:
    """Validate rules and data; exit 1 with located errors if anything is wrong."""
    from kriegsspiel.checker import check_paths, check_shipped
    try:
        result = check_paths(paths, list(on), layer, list(disable)) if paths \
            else check_shipped(list(disable))
    except KsError as exc:
        _print_errors([exc])
        raise typer.Exit(1)
    _print_errors(result.errors)
    for line in result.notes:
        out.print(line, markup=False)
    if result.errors:
        count = sum(len(e.errors) if isinstance(e, KsErrors) else 1 for e in result.errors)
        err.print(f"{count} error(s)", markup=False)
        raise typer.Exit(1)
    out.print(f"ok: {result.summary}", markup=False)


@app.command()
def schema(name: Optional[str] = typer.Argument(None, help="Format name; none: list them."),
           all_: bool = typer.Option(False, "--all", help="Print every schema as one JSON object.")
           ) -> None:
    """Print the JSON Schema of a YAML format (for editors and validators)."""
    from kriegsspiel.checker import all_schemas
    from kriegsspiel.core.errors import did_you_mean
    schemas = all_schemas()
    if all_:
        out.print(json.dumps(schemas, indent=2, sort_keys=True), markup=False)
        return
    if name is None:
        for key in sorted(schemas):
            out.print(key, markup=False)
        return
    if name not in schemas:
        _print_errors([KsError(f"no schema '{name}' (known: {', '.join(sorted(schemas))})",
                               None, did_you_mean(name, schemas))])
        raise typer.Exit(1)
    out.print(json.dumps(schemas[name], indent=2, sort_keys=True), markup=False)


@app.command()
def modules(disable: List[str] = typer.Option([], "--disable")) -> None:
    """List the rule modules this installation knows, with their layers."""
    from kriegsspiel.plugins import load_registry
    registry = load_registry(disabled=disable)
    table = Table("module", "layer", "cites", "requires", "title")
    for name in registry.names():
        info = registry.info(name)
        table.add_row(name, info.layer, info.ruleset, ", ".join(info.requires), info.title)
    out.print(table)


@rules_app.command("coverage")
def rules_coverage(ruleset: Optional[str] = typer.Option(None, "--ruleset", help="gts, utah, "
                                                         "crete or tld"),
                   as_json: bool = typer.Option(False, "--json", help="Machine-readable."),
                   tests: Path = typer.Option(Path("tests"), "--tests",
                                              help="Where the tests are."),
                   missing: bool = typer.Option(False, "--missing",
                                                help="List the sections not yet covered.")
                   ) -> None:
    """Map each rule-index section to the definitions and tests citing it."""
    from kriegsspiel.coverage import report, summary
    from kriegsspiel.rule_index import load_index
    if ruleset is not None and ruleset not in load_index():
        from kriegsspiel.core.errors import did_you_mean
        _print_errors([KsError(f"unknown ruleset '{ruleset}'", None,
                               did_you_mean(ruleset, load_index()))])
        raise typer.Exit(1)
    data = report(ruleset, tests)
    if as_json:
        sys.stdout.write(json.dumps(data, indent=1, sort_keys=True) + "\n")
        return
    table = Table("ruleset", "sections due", "implemented", "tested", "both")
    for row in summary(data):
        table.add_row(*[str(x) for x in row])
    out.print(table)
    for name, sections in data["rulesets"].items():
        detail = Table("section", "title", "implemented", "tested", title=name)
        for rule_id, s in sections.items():
            if missing and s["implemented"] and s["tested"]:
                continue
            if not missing and not (s["implemented"] or s["tested"]):
                continue
            detail.add_row(rule_id, s["title"][:40], "\n".join(s["implemented"][:3]) or "—",
                           "\n".join(s["tested"][:3]) or "—")
        if detail.row_count:
            out.print(detail)
    if data["unknown_citations"]:
        err.print("citations not in the rule index: " + ", ".join(data["unknown_citations"]),
                  markup=False)


@rules_app.command("show")
def rules_show(name: str, on: List[str] = typer.Option(["gts"], "--on")) -> None:
    """Show a definition: where each layer defines or overrides it."""
    from kriegsspiel.core.errors import did_you_mean
    from kriegsspiel.rulebook import build_program
    try:
        program = build_program(on)
    except KsError as exc:
        _print_errors([exc])
        raise typer.Exit(1)
    history = program.linked.history.get(name)
    if not history:
        _print_errors([KsError(f"no definition '{name}'", None,
                               did_you_mean(name, program.linked.history))])
        raise typer.Exit(1)
    for decl in history:
        cites = " ".join(f"@{c}" for c in decl.cites)
        out.print(f"{decl.layer:10} {decl.module:10} {decl.kind} {decl.name}  {cites}  "
                  f"({decl.loc.path}:{decl.loc.line})", markup=False)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
