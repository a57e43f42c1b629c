"""Assemble a compiled rule program from the selected modules' rule files.

Parsing is memoised by file content, so building several programs in one
process (a checker, a simulation pool, the tests) parses each file once.
"""

from __future__ import annotations

import hashlib
import inspect
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from kriegsspiel.core.errors import KsError, KsErrors, Location
from kriegsspiel.dsl import parser
from kriegsspiel.dsl.citations import check_cites
from kriegsspiel.dsl.link import RuleFile, link
from kriegsspiel.dsl.program import Program
from kriegsspiel.engine.contract import contract_errors
from kriegsspiel.engine.kernel import KERNEL_ATTRIBUTES, KERNEL_PRIMITIVES
from kriegsspiel.engine.plugins import Registry, load_registry
from kriegsspiel.rule_index import load_index

_PARSED: dict[tuple[str, str], list] = {}


def parse_cached(path: str, text: str) -> list:
    key = (path, hashlib.sha256(text.encode()).hexdigest())
    decls = _PARSED.get(key)
    if decls is None:
        decls = _PARSED[key] = parser.parse_text(text, path)
    # The linker records layer/module on declarations; hand out fresh copies.
    return [_copy(d) for d in decls]


def _copy(decl):
    import copy
    return copy.copy(decl)


@dataclass
class ExtraRules:
    """Rule text that does not come from a module: a scenario's, or a test's."""

    path: str
    text: str
    layer: str = "scenario"
    module: str = "scenario"
    # A module's rule file this text stands in for (an edited copy being
    # checked): that file is left out, and this one takes its module and layer.
    replaces: Path | None = None


def rule_files(registry: Registry, modules: Iterable[str]) -> list[tuple[str, str, Path]]:
    """(module, layer, path) for every rule file of the selected modules."""
    out = []
    for name, paths in registry.call("ks_rule_files", modules):
        layer = registry.info(name).layer
        for path in paths:
            out.append((name, layer, Path(path)))
    return out


def _link_clashes(attrs: dict[str, dict[str, str]]) -> list[KsError]:
    """An attribute that names an entity must name one kind of entity whatever it
    is read on: the state turns its catalog value into that kind's entity."""
    seen: dict[str, tuple[str, str]] = {}
    errors = []
    for kind, values in attrs.items():
        for name, t in values.items():
            if t in attrs:
                first = seen.setdefault(name, (kind, t))
                if first[1] != t:
                    errors.append(KsError(f"attribute '{name}' names a {first[1]} on {first[0]} "
                                          f"but a {t} on {kind} (ks_entity_attributes)"))
    return errors


def build_program(modules: Iterable[str], registry: Registry | None = None,
                  extra: Iterable[ExtraRules] = ()) -> Program:
    """Parse, link, cite-check and compile the rules of *modules* (+ requirements)."""
    registry = registry or load_registry()
    names = registry.select(modules)
    files: list[RuleFile] = []
    errors: list[KsError] = []
    extra = list(extra)
    stand_ins = {rules.replaces.resolve(): rules for rules in extra if rules.replaces}
    for module, layer, path in rule_files(registry, names):
        stand_in = stand_ins.get(path.resolve())
        if stand_in is not None:
            stand_in.module, stand_in.layer = module, layer
            continue
        try:
            text = path.read_text(encoding="utf-8")
            files.append(RuleFile(_display(path), layer, module, parse_cached(_display(path), text)))
        except KsError as exc:
            errors.append(exc)
        except OSError as exc:
            errors.append(KsError(f"cannot read rule file: {exc}", Location(str(path))))
    for rules in extra:
        try:
            files.append(RuleFile(rules.path, rules.layer, rules.module,
                                  parse_cached(rules.path, rules.text)))
        except KsError as exc:
            errors.append(exc)
    index = rule_index(registry, names)
    for f in files:
        errors += check_cites(f.decls, index)
    linked, link_errors = link(files)
    errors += link_errors
    primitives, errors = _primitives(registry, names, errors)
    attrs = {kind: dict(values) for kind, values in KERNEL_ATTRIBUTES.items()}
    for _, mapping in registry.call("ks_entity_attributes", names):
        for kind, values in mapping.items():
            attrs.setdefault(kind, {}).update(values)
    errors += _link_clashes(attrs)
    program = Program(linked, primitives, attrs)
    program.files = files
    try:
        program.build()
    except KsErrors as exc:
        errors += exc.errors
    if not errors:
        errors += contract_errors(program, Location(files[0].path if files else
                                                    f"module {names[0]}"))
    if errors:
        raise KsErrors(errors)
    return program


def _primitives(registry: Registry, names: list[str], errors: list[KsError]):
    """The kernel's primitives and every selected module's.  A name given twice
    is an error: one would silently shadow the other, and which one a rule
    file's call reached would depend on the order modules load in."""
    primitives, owner = dict(KERNEL_PRIMITIVES), dict.fromkeys(KERNEL_PRIMITIVES, "the kernel")
    for module, funcs in registry.call("ks_primitives", names):
        for func in funcs:
            if func.name in primitives:
                errors = errors + [KsError(
                    f"primitive '{func.name}' of module '{module}' is already given by "
                    f"{owner[func.name]}: a primitive name is registered once (rename it, or "
                    f"call the existing one)", _where(func))]
                continue
            primitives[func.name], owner[func.name] = func, f"module '{module}'"
    return primitives, errors


def rule_index(registry: Registry, names: list[str]) -> dict[str, dict[str, dict]]:
    """The shipped rule index and the selected modules' own (ks_rule_index)."""
    index = dict(load_index())
    for path in [p for _, paths in registry.call("ks_rule_index", names) for p in paths]:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            index[data["ruleset"]] = {e["id"]: e for e in data["entries"]}
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise KsErrors([KsError(f"cannot read rule index: {exc!r} (it needs a 'ruleset' "
                                    "and 'entries', each with an 'id')", Location(str(path)))])
    return index


def _where(func) -> Location:
    """Where a primitive's Python function is defined."""
    try:
        path, line = inspect.getsourcefile(func.impl), inspect.getsourcelines(func.impl)[1]
    except (OSError, TypeError):
        return Location(func.name)
    return Location(_display(Path(path)), line, 1)


def _display(path: Path) -> str:
    """Show shipped files relative to the package root (modules/gts/rules/x.ksr)."""
    parts = path.resolve().parts
    for anchor in ("modules", "games", "scenarios"):
        if anchor in parts:
            i = len(parts) - 1 - parts[::-1].index(anchor)
            candidate = Path(*parts[i:])
            return str(candidate)
    return str(path)
