"""``ks check``: validate rule files and data, shipped or given.

Shipped content is checked as users will load it: every module is compiled
together with the modules it requires (an exclusive ruleset on top of the
series rules), and every game and scenario is loaded, validated against the
counter model of its ruleset, and cross-referenced.  The result also lists
what is provisional — numbers we had to invent because the books omit them.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from kriegsspiel.core import loading
from kriegsspiel.core.errors import KsError, Location
from kriegsspiel.core.yamlio import load_yaml
from kriegsspiel.engine.plugins import load_registry
from kriegsspiel.engine.rulebook import ExtraRules, build_program, rule_files
from kriegsspiel.engine.reading import check_content, installed_game_models, installed_model
from kriegsspiel.tools.check_files import KINDS, check_file, kind_of, unknown_kind

CITATION = re.compile(r"@([A-Za-z][\w-]*):")


@dataclass
class CheckResult:
    errors: list[KsError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    summary: str = ""


def _leaf_modules(registry) -> list[str]:
    """Modules nothing else requires: building each one builds its requirements too."""
    required = {dep for name in registry.names() for dep in registry.info(name).requires}
    return [n for n in registry.names() if n not in required] or registry.names()


def check_shipped(disable: list[str] = (), modules: list[str] = ()) -> CheckResult:
    """Every installed module's rules and data (and those of *modules*, given by path)."""
    registry = load_registry(disabled=disable, extra_paths=modules)
    result = CheckResult()
    programs, leaves = [], []
    for leaf in _leaf_modules(registry):
        try:
            programs.append(build_program([leaf], registry))
            leaves.append(leaf)
        except KsError as exc:
            result.errors += exc.each()
    result.errors += check_content(None, registry)
    files = {f.path for p in programs for f in p.files}
    definitions = {n for p in programs for n in p.decls}
    provisional = sorted({_provisional_table(n, d, leaf) for p, leaf in zip(programs, leaves)
                          for n, d in p.decls.items()
                          if d.kind == "table" and d.provenance == "provisional"} |
                         {f"const {n} ({d.loc.path}:{d.loc.line})" for p in programs
                          for n, d in p.decls.items()
                          if d.kind == "const" and d.provenance == "provisional"})
    provisional += provisional_data(loading.shipped_roots())
    if provisional:
        result.notes.append("provisional (invented where the books give no number; "
                            "marked provenance: provisional):")
        result.notes += [f"  {p}" for p in provisional]
    data_files = sum(1 for root in loading.shipped_roots() for _ in root.rglob("*.yaml"))
    result.summary = (f"{len(registry.names())} module(s), {len(files)} rule file(s), "
                      f"{len(definitions)} definition(s), {data_files} data file(s)")
    return result


def _provisional_table(name: str, table, leaf: str) -> str:
    """'table crt (where)', and how many rows are still provisional in the
    rules of *leaf* (and what it builds on) when a higher layer published some."""
    left = sum(1 for r in table.rows if r.provenance == "provisional")
    part = f": {left} of {len(table.rows)} rows still provisional in {leaf}'s rules" \
        if 0 < left < len(table.rows) else ""
    return f"table {name} ({table.loc.path}:{table.loc.line}){part}"


def provisional_data(roots: list[Path]) -> list[str]:
    out = []
    for root in roots:
        for path in sorted(root.rglob("*.yaml")):
            try:
                doc = load_yaml(path)
            except KsError:
                continue
            if isinstance(doc.data, dict) and doc.data.get("provenance") == "provisional":
                out.append(f"data {path.relative_to(root.parent).as_posix()}")
    return out


def check_paths(paths: list[Path], on: list[str], layer: str, disable: list[str],
                modules: list[str] = ()) -> CheckResult:
    """Each file checked as what it is (check_files.kind_of); a folder's rule
    files and YAML files."""
    result = CheckResult()
    files: list[Path] = []
    for path in paths:
        try:
            if path.is_dir():
                files += sorted(path.rglob("*.ksr")) + sorted(path.rglob("*.yaml"))
            elif not path.exists():
                result.errors.append(KsError("no such file", Location(str(path))))
            else:
                files.append(path)
        except OSError as exc:
            result.errors.append(KsError(f"cannot read it: {exc.strerror}", Location(str(path))))
    kinds: dict[Path, str] = {}
    for path in files:
        try:
            kind = kind_of(path)
        except KsError as exc:  # YAML that does not parse
            result.errors += exc.each()
            continue
        if kind is None:
            result.errors.append(unknown_kind(path))
        else:
            kinds[path] = kind
    rule_texts = [p for p, k in kinds.items() if k == "rule file"]
    if rule_texts:
        rule_errors, result.notes = _check_rules(rule_texts, on, layer, disable, modules)
        result.errors += rule_errors
    for path, kind in kinds.items():
        if kind != "rule file":
            result.errors += check_file(path, kind)
    counted = Counter(kinds.values())
    result.summary = ", ".join(f"{n} {kind}{'s' if n > 1 else ''}"
                               for kind in KINDS if (n := counted[kind])) or "nothing"
    return result


def _check_rules(paths: list[Path], on: list[str], layer: str, disable: list[str],
                 modules: list[str] = ()) -> tuple[list[KsError], list[str]]:
    errors: list[KsError] = []
    texts: dict[Path, str] = {}
    for path in paths:
        try:
            texts[path] = path.read_text(encoding="utf-8")
        except OSError as exc:
            errors.append(KsError(f"cannot read: {exc}", Location(str(path))))
        except UnicodeDecodeError:
            errors.append(KsError("not a rule file: not UTF-8 text", Location(str(path))))
    if not texts:
        return errors, []
    registry = load_registry(disabled=disable, extra_paths=modules)
    try:
        # With several game systems installed, the one the files' citations name.
        cited = {r for text in texts.values() for r in CITATION.findall(text)}
        on = registry.base_of(on, "a rule file", among=registry.series_citing(cited))
    except KsError as exc:
        return errors + [KsError(exc.message, Location(str(paths[0])), exc.hint)], []
    # A file named as one of the modules' own (an edited copy of drops.ksr) is
    # checked in its place, so what it re-defines is not taken for a clash.
    shipped = {p.name: p for _, _, p in rule_files(registry, registry.select(on))}
    extra = [ExtraRules(str(path), text, layer, path.stem, replaces=shipped.get(path.name))
             for path, text in texts.items()]
    try:
        build_program(on, registry, extra)
    except KsError as exc:
        errors += exc.each()
    notes = [f"{rules.path}: checked in place of {rules.replaces} (module {rules.module})"
             for rules in extra if _edited(rules)]
    return errors, notes


def _edited(rules: ExtraRules) -> bool:
    """Whether *rules* differs from the shipped file it stands in for: the
    checkout's own file read beside an installed copy is not worth a note."""
    if rules.replaces is None or Path(rules.path).resolve() == rules.replaces.resolve():
        return False
    try:
        return rules.replaces.read_text(encoding="utf-8") != rules.text
    except (OSError, UnicodeDecodeError):
        return True


def all_schemas() -> dict[str, dict]:
    """Every file format's JSON Schema; a scenario's with every installed module's keys."""
    from kriegsspiel.core.situation import Situation
    registry = load_registry()
    return {**loading.schemas(installed_model(registry), installed_game_models(registry)),
            "situation": Situation.model_json_schema()}
