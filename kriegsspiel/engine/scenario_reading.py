"""Reading a scenario file with its rulesets' own keys (ks_scenario_schema) and
checking the references those keys make (ks_check_scenario).

A scenario names its rule modules ('rulesets'), and they decide what else it
may say: the file is read twice over — its head for the modules, then the
whole with the Scenario model those modules compose (core.scenario).
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from pydantic import ConfigDict, ValidationError

from kriegsspiel.core.errors import KsError, KsErrors, did_you_mean
from kriegsspiel.core import loading
from kriegsspiel.core.loading import validate_doc
from kriegsspiel.core.models import DataModel, Id
from kriegsspiel.core.refcheck import References, ScenarioChecks
from kriegsspiel.core.scenario import Scenario, scenario_model
from kriegsspiel.core.yamlio import load_yaml
from kriegsspiel.engine.plugins import Registry, load_registry


class _Head(DataModel):
    """What a scenario file must say before its modules can read the rest."""

    model_config = ConfigDict(extra="ignore")
    rulesets: list[Id]


def model_of(registry: Registry, names: list[str]) -> type[Scenario]:
    """The Scenario model of the modules *names* (and those they require)."""
    return scenario_model([schema for _, schema in
                           registry.call("ks_scenario_schema", registry.select(names))])


def installed_model(registry: Registry) -> type[Scenario]:
    """The Scenario model with every installed module's keys (the exported schema)."""
    return model_of(registry, registry.names())


def read_scenario(path: str | Path, registry: Registry | None = None) -> Scenario:
    """The scenario at *path*, read with the keys of the modules it names (of
    *registry*, the installed ones by default); an unknown module is a located
    error with a did-you-mean."""
    registry = registry or load_registry()
    doc = load_yaml(path)
    try:
        head = _Head.model_validate(doc.data)
    except ValidationError:
        return validate_doc(doc, Scenario)  # every problem of the file, rulesets' too
    unknown = [(i, r) for i, r in enumerate(head.rulesets) if r not in registry.modules]
    if unknown:
        raise KsErrors([KsError(f"unknown rule module '{r}'", doc.locate(("rulesets", i)),
                                did_you_mean(r, registry.modules)) for i, r in unknown])
    names = registry.select(head.rulesets)
    try:
        return validate_doc(doc, model_of(registry, names))
    except KsError as exc:
        raise KsErrors([_told_whose(error, registry, names) for error in exc.each()]) from None


def _told_whose(error: KsError, registry: Registry, names: list[str]) -> KsError:
    """An unknown key that is another installed module's scenario key says so
    (a scenario writing 'mug' without naming GTS): the fix is in 'rulesets'."""
    path, _, what = error.message.rpartition(": ")
    key = path.rpartition(".")[2].partition("[")[0]
    if what != "unknown field" or not key:
        return error
    for module, schema in registry.call("ks_scenario_schema", registry.names()):
        if module not in names and any(key in part.model_fields for part in schema.values()):
            error.hint = f"'{key}' is a key of module '{module}': add it to 'rulesets'"
            break
    return error


def check_content(roots: Iterable[str | Path] | None = None,
                  registry: Registry | None = None) -> list[KsError]:
    """core.loading.check_content with the modules' counter values, scenario
    keys and their references: every game and scenario under *roots* (the
    shipped ones by default)."""
    registry = registry or load_registry()
    names = registry.names()
    return loading.check_content(
        roots, registry.first("ks_counter_values_model", names),
        registry.first("ks_leader_values_model", names),
        lambda path: read_scenario(path, registry), scenario_checks(registry))


def scenario_checks(registry: Registry | None = None) -> ScenarioChecks:
    """The checks of each scenario's own modules (ks_check_scenario)."""
    registry = registry or load_registry()
    def check(references: References, scenario: Scenario) -> None:
        unknown = [r for r in scenario.rulesets if r not in registry.modules]
        if not unknown:
            registry.call("ks_check_scenario", registry.select(scenario.rulesets),
                          check=references, scenario=scenario)
    return check
