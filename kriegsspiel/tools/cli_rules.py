"""`ks rules show`, `ks rules contract` and `ks rules diff`: the rules as a
designer reads them (kriegsspiel.tools.rules_show does the reading)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, List, NoReturn

import typer
from rich.console import Console

from kriegsspiel.core.errors import KsError
from kriegsspiel.engine.plugins import registry_with


MODULE_HELP = ("A module that is not installed (a .py file or a package folder), loaded "
               "beside the installed ones (repeatable).")


def register(rules_app: typer.Typer, out: Console, fail: Callable[[KsError], NoReturn]) -> None:
    """Add these commands to `ks rules` (*fail*: print a located error and exit 1)."""

    @rules_app.command("show")
    def rules_show(name: str = typer.Argument(..., help="A rule's name (a def, table, modifiers, "
                                             "check, procedure, trigger, const or track), or a "
                                             "rulebook section, RULESET:SECTION as cited."),
                   on: List[str] = typer.Option([], "--on", help="The modules whose rules "
                                                "to look in, with those they build on "
                                                "(repeatable; `ks modules` lists them; "
                                                "default: the installed series; of "
                                                "several, the one that defines it)."),
                   module: List[Path] = typer.Option([], "--module", help=MODULE_HELP)
                   ) -> None:
        """Show a definition — where each layer defines or overrides it — or a
        rulebook section's text beside every definition, row, term and step citing it."""
        from kriegsspiel.core.errors import did_you_mean
        from kriegsspiel.engine.rulebook import build_program, rule_index
        from kriegsspiel.tools.rules_show import section_lines, section_ref
        try:
            registry = registry_with(module)
            index = rule_index(registry, registry.names())
            section = section_ref(name, index)
            if section is not None and not on:  # the section's own ruleset, with what it needs
                on = [m for m in registry.names() if registry.info(m).ruleset == section[0]][:1]
            series = registry.series()
            if not on and section is None and len(series) > 1:
                # several game systems: the one series whose rules define it
                defining = [s for s in series if _defines(registry, s, name)]
                if not defining:
                    elsewhere = _modules_defining(name, series)
                    fail(KsError(f"no definition '{name}' in the rules of {', '.join(series)}",
                                 None, _defined_in(name, elsewhere) if elsewhere else None))
                on = defining[:1] if len(defining) == 1 else on
            on = registry.base_of(on, "the definition")
            program = build_program(on, registry)
            if section is not None:
                out.print("\n".join(section_lines(program, *section, index)), markup=False)
                return
        except KsError as exc:
            fail(exc)
        history = program.linked.history.get(name)
        if not history:
            elsewhere = _modules_defining(name, on)
            hint = _defined_in(name, elsewhere) if elsewhere \
                else did_you_mean(name, program.linked.history)
            fail(KsError(f"no definition '{name}' in the rules of {', '.join(on)}", None, hint))
        for decl in history:
            cites = " ".join(f"@{c}" for c in decl.cites)
            out.print(f"{decl.layer:10} {decl.module:10} {decl.kind} {decl.name}  {cites}  "
                      f"({decl.loc.path}:{decl.loc.line})", markup=False)


    @rules_app.command("contract")
    def rules_contract(on: List[str] = typer.Option([], "--on", help="The modules whose rules to "
                                                    "look in (default: the installed series).")
                       ) -> None:
        """The rules the engine calls by name, what each is for and where the rules
        define it (a ruleset lacking one is refused at load)."""
        from kriegsspiel.engine.contract import CONTRACT
        from kriegsspiel.engine.plugins import load_registry
        from kriegsspiel.engine.rulebook import build_program
        try:
            registry = load_registry()
            program = build_program(registry.base_of(on, "the contract"), registry)
        except KsError as exc:
            fail(exc)
        for need in CONTRACT:
            decl = program.compiled[need.name].decl
            out.print(f"{need.signature():28} {need.purpose}\n{'':28} defined by {decl.module} "
                      f"({decl.loc.path}:{decl.loc.line})", markup=False)


    @rules_app.command("diff")
    def rules_diff(ruleset: str = typer.Option(..., "--ruleset", help="The module whose layer "
                                               "to compare with those below it (`ks modules` "
                                               "lists them)."),
                   errata: bool = typer.Option(False, "--errata", help="The errata module "
                                               "built on it instead (the publisher's "
                                               "corrections to its rules)."),
                   module: List[Path] = typer.Option([], "--module", help=MODULE_HELP)
                   ) -> None:
        """Everything a module's layer changes relative to the layers below it: the
        definitions it adds, and the rows, terms and steps it adds, replaces or removes."""
        from kriegsspiel.engine.rulebook import build_program
        from kriegsspiel.tools.rules_show import diff_lines
        try:
            registry = registry_with(module)
            registry.info(ruleset)  # an unknown name: an error with a did-you-mean
            if errata:
                found = [m for m in registry.names() if registry.info(m).layer == "errata"
                         and ruleset in registry.info(m).requires]
                if not found:
                    raise KsError(f"no errata module builds on '{ruleset}' (`ks modules` "
                                  "lists each module's layer)")
                ruleset = found[0]
            info = registry.info(ruleset)
            program = build_program([ruleset], registry)
        except KsError as exc:
            fail(exc)
        below = [m for m in registry.select([ruleset]) if m != ruleset]
        out.print(f"{ruleset} ({info.layer}) over {', '.join(below) or 'nothing'}:", markup=False)
        for line in diff_lines(program, ruleset):
            out.print(f"  {line}", markup=False)


    def _defined_in(name: str, modules: list[str]) -> str:
        who = (f"module {modules[0]} defines" if len(modules) == 1
               else f"modules {', '.join(modules)} define")
        return f"{who} it: ks rules show {name} --on {modules[0]}"

    def _defines(registry, module: str, name: str) -> bool:
        """Whether the rules of *module* (with what it builds on) define *name*."""
        from kriegsspiel.engine.rulebook import build_program
        try:
            return name in build_program([module], registry).linked.history
        except KsError:
            return False

    def _modules_defining(name: str, besides: list[str]) -> list[str]:
        """The installed modules (other than *besides*) whose rules define *name*."""
        from kriegsspiel.engine.plugins import load_registry
        from kriegsspiel.engine.rulebook import build_program
        registry = load_registry()
        found = []
        for module in registry.names():
            if module in besides:
                continue
            try:
                if name in build_program([module], registry).linked.history:
                    found.append(module)
            except KsError:
                continue
        # The module that brings it, not every module built on that one.
        return [m for m in found if not set(registry.info(m).requires) & set(found)]


