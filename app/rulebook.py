"""Assemble a compiled rule program from the selected modules' rule files.

Parsing is memoised by file content, so building several programs in one
process (a checker, a simulation pool, the tests) parses each file once.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from kriegsspiel.core.errors import KsError, KsErrors, Location
from kriegsspiel.dsl import parser
from kriegsspiel.dsl.citations import check_cites
from kriegsspiel.dsl.link import RuleFile, link
from kriegsspiel.dsl.program import Program
from kriegsspiel.kernel import KERNEL_ATTRIBUTES, KERNEL_PRIMITIVES
from kriegsspiel.plugins import Registry, load_registry
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


def rule_files(registry: Registry, modules: Iterable[str]) -> list[tuple[str, str, Path]]:
    """(module, layer, path) for every rule file of the selected modules."""
    out = []
    for name, paths in registry.call("ks_rule_files", modules):
        layer = registry.info(name).layer
        for path in paths:
            out.append((name, layer, Path(path)))
    return out


def build_program(modules: Iterable[str], registry: Registry | None = None,
                  extra: Iterable[ExtraRules] = ()) -> Program:
    """Parse, link, cite-check and compile the rules of *modules* (+ requirements)."""
    registry = registry or load_registry()
    names = registry.select(modules)
    files: list[RuleFile] = []
    errors: list[KsError] = []
    for module, layer, path in rule_files(registry, names):
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
    index = load_index()
    for f in files:
        errors += check_cites(f.decls, index)
    linked, link_errors = link(files)
    errors += link_errors
    primitives = dict(KERNEL_PRIMITIVES)
    for _, funcs in registry.call("ks_primitives", names):
        primitives.update({f.name: f for f in funcs})
    attrs = {kind: dict(values) for kind, values in KERNEL_ATTRIBUTES.items()}
    for _, mapping in registry.call("ks_entity_attributes", names):
        for kind, values in mapping.items():
            attrs.setdefault(kind, {}).update(values)
    program = Program(linked, primitives, attrs)
    program.files = files
    try:
        program.build()
    except KsErrors as exc:
        errors += exc.errors
    if errors:
        raise KsErrors(errors)
    return program


def _display(path: Path) -> str:
    """Show shipped files relative to the package root (modules/gts/rules/x.ksr)."""
    parts = path.resolve().parts
    for anchor in ("modules", "games", "scenarios"):
        if anchor in parts:
            i = len(parts) - 1 - parts[::-1].index(anchor)
            candidate = Path(*parts[i:])
            return str(candidate)
    return str(path)
