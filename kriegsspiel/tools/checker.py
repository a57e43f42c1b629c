"""``ks check``: validate rule files and data, shipped or given.

Shipped content is checked as users will load it: every module is compiled
together with the modules it requires (an exclusive ruleset on top of the
series rules), and every game and scenario is loaded, validated against the
counter model of its ruleset, and cross-referenced.  The result also lists
what is provisional — numbers we had to invent because the books omit them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from kriegsspiel.core.as_per import expand_as_per
from kriegsspiel.core import loading
from kriegsspiel.core.errors import KsError, KsErrors, Location
from kriegsspiel.core.yamlio import load_yaml
from kriegsspiel.engine.plugins import load_registry
from kriegsspiel.engine.rulebook import ExtraRules, build_program


@dataclass
class CheckResult:
    errors: list[KsError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    summary: str = ""


def _flatten(exc: KsError) -> list[KsError]:
    return list(exc.errors) if isinstance(exc, KsErrors) else [exc]


def _leaf_modules(registry) -> list[str]:
    """Modules nothing else requires: building each one builds its requirements too."""
    required = {dep for name in registry.names() for dep in registry.info(name).requires}
    return [n for n in registry.names() if n not in required] or registry.names()


def check_shipped(disable: list[str] = ()) -> CheckResult:
    registry = load_registry(disabled=disable)
    result = CheckResult()
    programs = []
    for leaf in _leaf_modules(registry):
        try:
            programs.append(build_program([leaf], registry))
        except KsError as exc:
            result.errors += _flatten(exc)
    side_model = registry.first("ks_counter_values_model", registry.names())
    leader_model = registry.first("ks_leader_values_model", registry.names())
    result.errors += loading.check_content(None, side_model, leader_model)
    files = {f.path for p in programs for f in p.files}
    definitions = {n for p in programs for n in p.decls}
    provisional = sorted({f"table {n} ({d.loc.path}:{d.loc.line})" for p in programs
                          for n, d in p.decls.items()
                          if d.kind == "table" and d.provenance == "provisional"})
    provisional += provisional_data(loading.shipped_roots())
    if provisional:
        result.notes.append("provisional (invented where the books give no number; "
                            "marked provenance: provisional):")
        result.notes += [f"  {p}" for p in provisional]
    data_files = sum(1 for root in loading.shipped_roots() for _ in root.rglob("*.yaml"))
    result.summary = (f"{len(registry.names())} module(s), {len(files)} rule file(s), "
                      f"{len(definitions)} definition(s), {data_files} data file(s)")
    return result


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


def check_paths(paths: list[Path], on: list[str], layer: str, disable: list[str]) -> CheckResult:
    result = CheckResult()
    rule_texts, yaml_paths = [], []
    for path in paths:
        if path.is_dir():
            rule_texts += sorted(path.rglob("*.ksr"))
            yaml_paths += sorted(path.rglob("*.yaml"))
        elif path.suffix == ".ksr":
            rule_texts.append(path)
        elif path.suffix in (".yaml", ".yml"):
            yaml_paths.append(path)
        else:
            result.errors.append(KsError("not a rule file (.ksr) or YAML file", Location(str(path))))
    if rule_texts:
        extra = []
        for path in rule_texts:
            try:
                extra.append(ExtraRules(str(path), path.read_text(encoding="utf-8"), layer,
                                        path.stem))
            except OSError as exc:
                result.errors.append(KsError(f"cannot read: {exc}", Location(str(path))))
        try:
            registry = load_registry(disabled=disable)
            build_program(on, registry, extra)
        except KsError as exc:
            result.errors += _flatten(exc)
    for path in yaml_paths:
        result.errors += _check_yaml(path)
    result.summary = f"{len(rule_texts)} rule file(s), {len(yaml_paths)} YAML file(s)"
    return result


def _check_yaml(path: Path) -> list[KsError]:
    """A game directory's game.yaml loads the game; any other YAML is a scenario."""
    try:
        if path.name == "game.yaml":
            loading.load_game(path.parent)
            return []
        if (path.parent / "game.yaml").exists() or path.parent.name in ("units", "maps"):
            return []  # part of a game: checked with its game.yaml
        scenario = loading.load_scenario(path)
    except KsError as exc:
        return _flatten(exc)
    games = {g.parent.name: g.parent for root in loading.shipped_roots()
             for g in root.rglob("game.yaml")}
    if scenario.game in games:
        game = loading.load_game(games[scenario.game])
        try:
            scenario = expand_as_per(scenario, path, game)
        except KsError as exc:
            return _flatten(exc)
        return loading.check_references(game, [scenario])
    return []


def all_schemas() -> dict[str, dict]:
    from kriegsspiel.core.situation import Situation
    return {**loading.schemas(), "situation": Situation.model_json_schema()}
