"""The ``ks`` command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, NoReturn, Optional

import typer
from rich.console import Console
from rich.table import Table
from typer.core import TyperGroup

from kriegsspiel import __version__
from kriegsspiel.core.errors import KsError
from kriegsspiel.tools.explaining import explained, shown

class _Commands(TyperGroup):
    """Every command's last line of defence: a KsError a command did not catch,
    an operating system's refusal (a file name too long, a disk full) or a file
    that is not text is one error line and exit 1 — never a traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KsError as exc:
            _print_errors([exc])
            raise typer.Exit(1) from None
        except OSError as exc:
            about = f"{exc.filename}: " if exc.filename else ""
            err.print(f"error: {about}{exc.strerror or exc}", markup=False)
            raise typer.Exit(1) from None
        except UnicodeDecodeError as exc:  # a picture given where a text file belongs
            err.print(f"error: a file given is not UTF-8 text ({exc.reason} at byte "
                      f"{exc.start})", markup=False)
            raise typer.Exit(1) from None


app = typer.Typer(add_completion=False, no_args_is_help=True, cls=_Commands,
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
        for sub in e.each():
            err.print(sub.render(), markup=False)


def _fail(exc: KsError) -> NoReturn:
    """Print the located error (each one of a KsErrors); exit 1."""
    _print_errors([exc])
    raise typer.Exit(1)


@app.command()
def check(paths: List[Path] = typer.Argument(None, help="Rule files (.ksr), data or scenario "
                                             "YAML; none: everything shipped."),
          on: List[str] = typer.Option([], "--on", help="Modules a given rule file builds on "
                                       "(default: the installed series; of several, the one its citations "
                                       "name)."),
          layer: str = typer.Option("optional", help="Layer of a given rule file."),
          disable: List[str] = typer.Option([], "--disable", help="Modules to leave out."),
          module: List[Path] = typer.Option([], "--module", help="A module that is not "
                                            "installed (a .py file or a package folder), "
                                            "checked with its games and scenarios "
                                            "(repeatable)."),
          watch: bool = typer.Option(False, "--watch", help="Check again each time a rule or "
                                     "data file under the given paths (or the modules, or "
                                     "here) is saved; Ctrl-C stops.")) -> None:
    """Validate rules and data; exit 1 with located errors if anything is wrong."""
    modules = [str(m) for m in module]
    if not watch:
        if not _check_once(paths, on, layer, disable, modules):
            raise typer.Exit(1)
        return
    import datetime as dt

    from kriegsspiel.tools.watch import watch as watching
    _check_once(paths, on, layer, disable, modules)

    def again(moved: list[Path]) -> None:
        out.print(f"--- {dt.datetime.now():%H:%M:%S} {moved[0]}"
                  f"{f' and {len(moved) - 1} more' if len(moved) > 1 else ''} changed",
                  markup=False)
        _check_once(paths, on, layer, disable, modules)
    try:
        watching(list(paths or []) + list(module) or [Path(".")], again)
    except KeyboardInterrupt:
        out.print("stopped watching", markup=False)


def _check_once(paths, on, layer, disable, modules) -> bool:
    """One `ks check`, its errors and notes printed; whether all was well."""
    from kriegsspiel.tools.checker import check_paths, check_shipped
    try:
        result = check_paths(paths, list(on), layer, list(disable), modules) if paths \
            else check_shipped(list(disable), modules)
    except KsError as exc:
        _print_errors([exc])
        return False
    _print_errors(result.errors)
    for line in result.notes:
        out.print(line, markup=False)
    if result.errors:
        count = sum(len(e.each()) for e in result.errors)
        err.print(f"{count} error(s)", markup=False)
        return False
    out.print(f"ok: {result.summary}", markup=False)
    out.print(kernel_note(), markup=False)
    return True


def kernel_note() -> str:
    """Whether the interpreter runs compiled (kriegsspiel.engine.compiled), for `ks check`."""
    import os

    from kriegsspiel.engine.compiled import status
    if os.environ.get("KS_PURE"):
        return "kernel: running from source (KS_PURE=1)"
    loaded = status()
    compiled = [m for m, how in loaded.items() if how == "compiled"]
    stale = [m for m, how in loaded.items() if how == "stale"]
    if not loaded:
        return "kernel: running from source (installed without its compiled build)"
    note = f"kernel: {len(compiled)} module(s) compiled"
    return note + (f"; from source, changed since compiled: {', '.join(stale)}" if stale else "")


@app.command()
def schema(name: Optional[str] = typer.Argument(None, help="Format name; none: list them."),
           all_: bool = typer.Option(False, "--all", help="Print every schema as one JSON object."),
           editor: Optional[Path] = typer.Option(None, "--editor", help="Write every schema "
                                                 "into this folder with the yaml.schemas "
                                                 "setting of VS Code's YAML extension "
                                                 "(vscode-settings.json).")) -> None:
    """Print the JSON Schema of a YAML format (for editors and validators)."""
    from kriegsspiel.tools.checker import all_schemas
    from kriegsspiel.core.errors import did_you_mean
    schemas = all_schemas()
    if editor is not None:
        from kriegsspiel.tools.editor import write_schemas
        try:
            for path in write_schemas(schemas, editor):
                out.print(f"wrote {path}", markup=False)
        except KsError as exc:
            _fail(exc)
        return
    if all_:
        out.print(json.dumps(schemas, indent=2, sort_keys=True), markup=False)
        return
    if name is None:
        for key in sorted(schemas):
            out.print(key, markup=False)
        return
    if name not in schemas:
        _fail(KsError(f"no schema '{name}' (known: {', '.join(sorted(schemas))})",
                      None, did_you_mean(name, schemas)))
    out.print(json.dumps(schemas[name], indent=2, sort_keys=True), markup=False)


@app.command()
def resolve(situation: Path = typer.Argument(..., help="A situation file (docs/situations.md)."),
            rolls: Optional[str] = typer.Option(None, "--rolls", help="The dice, e.g. 3,1,6 "
                                                "(instead of the file's)."),
            as_json: bool = typer.Option(False, "--json", help="Machine-readable report."),
            explain: bool = typer.Option(False, "--explain", help="Every value's explanation: "
                                         "terms, table rows, checks, rolls, with citations."),
            optional: List[str] = typer.Option([], "--optional", help="Switch an optional "
                                               "rule on by name (repeatable), as `ks play "
                                               "--optional`.")
            ) -> None:
    """Resolve a situation: what happens here? Exit 1 on bad input or unmet 'expect'."""
    from kriegsspiel.tools.situation import check_expectations, resolve as run_situation
    try:
        dice = None if rolls is None else [int(r) for r in rolls.replace(",", " ").split()]
    except ValueError:
        _fail(KsError(f"--rolls: expected whole numbers like 3,1,6, not {rolls!r}"))
    try:
        sit, report = run_situation(situation, dice, options=list(optional))
    except KsError as exc:
        _fail(exc)
    failures = check_expectations(sit, report)
    if sit.expect is not None:
        report["expect"] = {"ok": not failures, "failures": [f.render() for f in failures]}
    if as_json:
        sys.stdout.write(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    else:
        out.print(render_report(report, explain), markup=False)
        if sit.expect is not None:
            out.print("expect: " + (f"{len(failures)} not met" if failures else "all met"),
                      markup=False)
    if failures:
        _print_errors(failures)
        err.print(f"{len(failures)} expectation(s) not met", markup=False)
        raise typer.Exit(1)


def render_report(report: dict, explain: bool = False) -> str:
    """A resolved situation as text: each action's events (with --explain, the
    explanation records behind each), the dice and the units' final state."""
    lines = [report["title"] or "situation", f"rules: {', '.join(report['rules'])}"]
    actions = iter(report["actions"])

    def header() -> None:
        action = next(actions, None)
        if action is not None:
            args = ", ".join(f"{k}={shown(v)}" for k, v in action["args"].items())
            lines.append(f"action: {action['do']}({args})")
    header()
    for event in report["events"]:
        data = event["data"]
        if event["kind"] == "decision":
            text = (f"{data['player']}: {data['key']} ({data['subject']}) -> "
                    f"{shown(data['answer'])}")
        elif event["kind"] in ("track_changed", "link_changed"):
            name = data.get("track", data.get("link"))
            text = (f"{str(data['entity']).split(':', 1)[-1]}: {name} {shown(data['old'])} -> "
                    f"{shown(data['new'])}")
        elif event["kind"] == "action":
            text = f"{data['perform']} -> {shown(data['result'])}"
        else:
            text = " ".join(f"{k}={shown(v)}" for k, v in data.items())
        lines.append(f"  {event['seq']:>3} {event['kind']:<19} {text}")
        if explain:  # a value computed again and again (Line of Sight...) shows once
            seen: dict[str, int] = {}
            for r in event["explanation"]:
                key = json.dumps(r, sort_keys=True, default=str)
                seen[key] = seen.get(key, 0) + 1
            lines += [f"        {explained(json.loads(k))}" + (f"  (x{n})" if n > 1 else "")
                      for k, n in seen.items()]
        if event["kind"] == "action":
            header()
    dice = report["dice"]
    lines.append("dice: " + (" ".join(map(str, dice["rolled"])) or "none")
                 + (f" (unused: {' '.join(map(str, dice['unused']))})" if dice["unused"] else ""))
    lines.append("units:")
    width = max((len(u) for u in report["units"]), default=0)
    for ident, unit in report["units"].items():
        where = unit["hex"] or ("eliminated" if unit["eliminated"] else "off the map")
        marks = " ".join(f"{k}={v}" for k, v in {**unit["markers"], **unit["links"]}.items())
        lines.append(f"  {ident:<{width}}  {where:<10} {unit['face']:<5} {marks}".rstrip())
    return "\n".join(lines)


@app.command()
def modules(disable: List[str] = typer.Option([], "--disable")) -> None:
    """List the rule modules this installation knows, with their layers."""
    from kriegsspiel.engine.plugins import load_registry
    registry = load_registry(disabled=disable)
    table = Table("module", "layer", "cites", "requires", "title", "optional rules")
    for name in registry.names():
        info = registry.info(name)
        table.add_row(name, info.layer, info.ruleset, ", ".join(info.requires), info.title,
                      ", ".join(info.optional_rules))
    out.print(table)


@rules_app.command("coverage")
def rules_coverage(ruleset: Optional[str] = typer.Option(None, "--ruleset", help="One "
                                                         "ruleset of the rule index (default: "
                                                         "each)."),
                   as_json: bool = typer.Option(False, "--json", help="Machine-readable."),
                   tests: Path = typer.Option(Path("tests"), "--tests",
                                              help="Where the tests are."),
                   missing: bool = typer.Option(False, "--missing",
                                                help="List the sections not yet covered."),
                   sentences: bool = typer.Option(False, "--sentences",
                                                  help="Sentence by sentence: tested, a "
                                                  "documented reading, not a rule, or missing."),
                   section: Optional[str] = typer.Option(None, "--section",
                                                         help="With --sentences: one section's "
                                                         "sentences, each with its status."),
                   docs: Path = typer.Option(Path("docs"), "--docs",
                                             help="Where the readings and docs/audit are.")
                   ) -> None:
    """Map each rule-index section to the definitions and tests citing it."""
    from kriegsspiel.tools.coverage import report, summary
    from kriegsspiel.rule_index import load_index
    if ruleset is not None and ruleset not in load_index():
        from kriegsspiel.core.errors import did_you_mean
        _fail(KsError(f"unknown ruleset '{ruleset}'", None, did_you_mean(ruleset, load_index())))
    if not tests.is_dir():
        err.print(f"warning: no tests in {tests}/ — every section shows untested; run from "
                  "a checkout of kriegsspiel or give --tests", markup=False)
    if sentences or section:
        from kriegsspiel.tools.cli_coverage import print_sentences
        raise typer.Exit(print_sentences(out, err, ruleset, tests, docs, section, as_json))
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
        err.print("shipped content cites sections not in the rule index: " +
                  ", ".join(f"{cite} ({', '.join(places[:3])})"
                            for cite, places in data["unknown_citations"].items()),
                  markup=False)


@rules_app.command("optional")
def rules_optional(disable: List[str] = typer.Option([], "--disable")) -> None:
    """List the optional rules the modules offer, to switch on with `ks play --optional`."""
    from kriegsspiel.engine.plugins import load_registry
    table = Table("optional rule", "title", "module")
    for ref, (module, title) in load_registry(disabled=disable).optional_rules().items():
        table.add_row(ref, title, module)
    out.print(table)


# Commands that live in modules of their own add themselves to the app here.
from kriegsspiel.tools import (cli_balance, cli_new, cli_play, cli_render,  # noqa: E402
                               cli_rules, cli_serve)  # (they need `app` defined)

cli_play.register(app, out, _fail)
cli_render.register(app, out, _fail)
cli_new.register(app, out, _fail)
cli_rules.register(rules_app, out, _fail)
cli_serve.register(app, out, _fail)
cli_balance.register(app, out, _fail)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
