"""Reading game, scenario and situation files with their rulesets' own keys
(ks_game_schema, ks_scenario_schema, ks_situation_schema) and checking what
those keys name (ks_check_game, ks_check_scenario).

A file names its rule modules ('rulesets'; a situation's 'rules'), and they
decide what else it may say: the file is read twice over — its head for the
modules, then the whole with the models those modules compose
(core.models.game_models, core.scenario.scenario_model,
core.situation.situation_model).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from pydantic import ConfigDict, ValidationError

from kriegsspiel.core import loading
from kriegsspiel.core.errors import KsError, KsErrors, did_you_mean
from kriegsspiel.core.loading import validate_doc
from kriegsspiel.core.models import DataModel, Game, GameManifest, GameModels, Id, game_models
from kriegsspiel.core.refcheck import References
from kriegsspiel.core.scenario import Scenario, scenario_model
from kriegsspiel.core.situation import Situation, situation_model
from kriegsspiel.core.yamlio import LocatedDoc, load_yaml
from kriegsspiel.engine.plugins import Registry, load_registry


def content_roots(registry: Registry) -> list[Path]:
    """The games/ and scenarios/ directories: the shipped ones, then those the
    modules bring (ks_content_roots: a pip-installed title's own data)."""
    roots = loading.shipped_roots()
    for _, paths in registry.call("ks_content_roots", registry.names()):
        roots += [Path(p) for p in paths if Path(p) not in roots]
    return roots


class _Head(DataModel):
    """What a file must say before its modules can read the rest."""

    model_config = ConfigDict(extra="ignore")
    rulesets: list[Id]


def _schemas(registry: Registry, hook: str, names: list[str]) -> list[dict]:
    """The answers of the modules *names* (and those they require) to a
    ks_*_schema hook, lowest layer first."""
    return [schema for _, schema in registry.call(hook, registry.select(names))]


def model_of(registry: Registry, names: list[str]) -> type[Scenario]:
    """The Scenario model of the modules *names* (and those they require)."""
    return scenario_model(_schemas(registry, "ks_scenario_schema", names))


def game_models_of(registry: Registry, names: list[str]) -> GameModels:
    """The game models of the modules *names* (and those they require)."""
    return game_models(_schemas(registry, "ks_game_schema", names))


def installed_model(registry: Registry) -> type[Scenario]:
    """The Scenario model with every installed module's keys (the exported schema)."""
    return model_of(registry, registry.names())


def installed_game_models(registry: Registry) -> GameModels:
    return game_models_of(registry, registry.names())


def _modules_named(doc: LocatedDoc, registry: Registry, fallback: type[DataModel]) -> list[str]:
    """The modules a file names, with their requirements; an unknown module is a
    located error with a did-you-mean, a file that names none is read as
    *fallback* for all its problems at once."""
    try:
        head = _Head.model_validate(doc.data)
    except ValidationError:
        validate_doc(doc, fallback)  # every problem of the file, rulesets' too
        raise KsError("'rulesets' must list the rule modules", doc.locate(("rulesets",))
                      ) from None
    unknown = [(i, r) for i, r in enumerate(head.rulesets) if r not in registry.modules]
    if unknown:
        raise KsErrors([KsError(f"unknown rule module '{r}'", doc.locate(("rulesets", i)),
                                did_you_mean(r, registry.modules)) for i, r in unknown])
    return registry.select(head.rulesets)


def read_scenario(path: str | Path, registry: Registry | None = None) -> Scenario:
    """The scenario at *path*, read with the keys of the modules it names (of
    *registry*, the installed ones by default)."""
    registry = registry or load_registry()
    doc = load_yaml(path)
    names = _modules_named(doc, registry, Scenario)
    try:
        return validate_doc(doc, model_of(registry, names))
    except KsError as exc:
        raise _told_whose(exc, registry, names, "ks_scenario_schema", "rulesets") from None


def read_situation(path: str | Path, registry: Registry | None = None) -> Situation:
    """A situation file (``ks resolve``), read with the keys of the modules it
    names (ks_situation_schema) — on a scenario, its scenario's rulesets — and
    of those its optional rules bring."""
    from kriegsspiel.engine.optional import with_optional_modules
    registry = registry or load_registry()
    doc = load_yaml(path)
    try:
        head = _SituationHead.model_validate(doc.data)
    except ValidationError:
        return validate_doc(doc, Situation)  # every problem of the file at once
    rules = head.rules if head.scenario is None else _rulesets_of(head.scenario, registry)
    known = [r for r in rules if r in registry.modules]  # the others: said when built
    try:
        names = registry.select(with_optional_modules(registry, known, head.special_rules))
    except KsError:
        names = registry.select(known)  # an unknown optional rule: said when built
    try:
        return validate_doc(doc, situation_model(_schemas(registry, "ks_situation_schema",
                                                          names)))
    except KsError as exc:
        raise _told_whose(exc, registry, names, "ks_situation_schema", "rules") from None


class _SituationHead(DataModel):
    model_config = ConfigDict(extra="ignore")
    rules: list[Id] = []
    scenario: str | None = None
    special_rules: list[str] = []


def _rulesets_of(scenario: str, registry: Registry) -> list[str]:
    """The rulesets a scenario names (none when it cannot be read: that is
    said when the situation is built)."""
    from kriegsspiel.engine.starting import find_scenario  # it reads through this module
    try:
        data = load_yaml(find_scenario(scenario, registry)).data
    except KsError:
        return []
    rulesets = data.get("rulesets") if isinstance(data, dict) else None
    return [r for r in rulesets if isinstance(r, str)] if isinstance(rulesets, list) else []


def read_game(directory: str | Path, registry: Registry | None = None) -> Game:
    """games/<game>/ read with the keys of the modules its game.yaml names and
    their counter-value models (ks_counter_values_model, ks_leader_values_model)."""
    registry = registry or load_registry()
    names = _modules_named(load_yaml(Path(directory) / "game.yaml"), registry, GameManifest)
    try:
        return loading.load_game(directory, registry.first("ks_counter_values_model", names),
                                 registry.first("ks_leader_values_model", names),
                                 game_models_of(registry, names))
    except KsError as exc:
        raise _told_whose(exc, registry, names, "ks_game_schema", "rulesets") from None


def _told_whose(exc: KsError, registry: Registry, names: list[str], hook: str,
                field: str) -> KsErrors:
    """*exc*'s errors, where an unknown key is another installed module's key
    saying so (a scenario writing 'mug' without naming GTS): the fix is in the
    file's *field* ('rulesets')."""
    owners: dict[str, str] = {}  # key -> the first module not named that has it
    for module, schema in registry.call(hook, registry.names()):
        if module not in names:
            for part in schema.values():
                for key in part.model_fields:
                    owners.setdefault(key, module)
    errors = exc.each()
    for error in errors:
        path, _, what = error.message.rpartition(": ")
        key = path.rpartition(".")[2].partition("[")[0]
        if what == "unknown field" and key in owners:
            error.hint = f"'{key}' is a key of module '{owners[key]}': add it to '{field}'"
    return KsErrors(errors)


class Checks:
    """The checks of each game's and scenario's own modules (ks_check_game,
    ks_check_scenario): a core.refcheck.RulesetChecks."""

    def __init__(self, registry: Registry | None = None) -> None:
        self.registry = registry or load_registry()

    def _names(self, data: Any) -> list[str] | None:
        if any(r not in self.registry.modules for r in data.rulesets):
            return None  # said where the file was read
        return self.registry.select(data.rulesets)

    def game(self, check: References, game: Game) -> None:
        if (names := self._names(game)) is not None:
            self.registry.call("ks_check_game", names, check=check, game=game)
            if game.displays:
                self._displays(check, game, names)

    def _displays(self, check: References, game: Game, names: list[str]) -> None:
        """The names a game's displays use, against the rules of its rulesets
        (when they build: a broken rule file is reported where it is checked)."""
        from kriegsspiel.engine.displays import check_displays
        from kriegsspiel.engine.rulebook import build_program
        try:
            program = build_program(names, self.registry)
        except KsError:
            return
        check_displays(check, game, program)

    def scenario(self, check: References, scenario: Scenario) -> None:
        if (names := self._names(scenario)) is not None:
            self.registry.call("ks_check_scenario", names, check=check, scenario=scenario)


def check_content(roots: Iterable[str | Path] | None = None,
                  registry: Registry | None = None) -> list[KsError]:
    """core.loading.check_content with the modules' keys and counter values and
    what they name: every game and scenario under *roots* (the shipped ones by
    default)."""
    registry = registry or load_registry()
    roots = content_roots(registry) if roots is None else roots
    return loading.check_content(roots, lambda directory: read_game(directory, registry),
                                 lambda path: read_scenario(path, registry), Checks(registry))
