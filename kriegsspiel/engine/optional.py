"""Switching optional rules on: `ks play SCENARIO --optional crete:O3.0`, a scenario's
``special_rules``, or ``start(..., options=[...])``.

An optional rule is offered by a module at the ``optional`` layer (its
``ModuleInfo.optional_rules``).  Switching one on selects that module for the
game and puts the rule among the scenario's special rules, which is what the
rules ask (``in_effect("crete:O3.0")``).  Data may depend on the switches too:
a set-up or reinforcement entry ``only_with`` / ``not_with`` a rule (an
optional rule that changes an arrival), and the game's ``optional_setup``
(units an optional rule places, on whichever of their maps is in play).
Nothing here knows any game's rules: only the names the modules offer.

Errata are on by default: a scenario lists its title's errata module among
its rulesets.  The switch ``as-printed`` (`ks play … --as-printed`,
``start(..., options=["as-printed"])``) plays the rules as the books print
them: every module at the ``errata`` layer leaves the game, with whatever
of the scenario's rulesets builds on it; an optional rule whose module builds
on errata cannot be played so, and asking for both is an error.  It travels
with the optional rules, so saves, resumes and simulations keep it.
"""

from __future__ import annotations

from typing import Iterable

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.models import Game, MapModel, item_model
from kriegsspiel.core.scenario import Effect, Scenario, ScenarioRule
from kriegsspiel.engine.plugins import Registry


AS_PRINTED = "as-printed"
ERRATA_LAYER = "errata"


def resolve(registry: Registry, scenario: Scenario, options: Iterable[str]) -> list[str]:
    """The optional rules in effect: those asked for (each checked: a located
    error with a did-you-mean for a name no module offers, or one whose module
    does not build on the scenario's rules), then any the scenario lists among
    its special rules, in that order, each once.  ``as-printed`` is kept as
    given (it switches the errata off: with_options)."""
    chosen: list[str] = []
    for ref in options:
        if ref == AS_PRINTED:
            if ref not in chosen:
                chosen.append(ref)
            continue
        module = registry.optional_module(ref)
        _check_builds_on(registry, scenario, ref, module)
        if ref not in chosen:
            chosen.append(ref)
    offered = registry.optional_rules()
    for ref in scenario.special_rules:
        if ref in offered and ref not in chosen:
            _check_builds_on(registry, scenario, ref, offered[ref][0])
            chosen.append(ref)
    if AS_PRINTED in chosen:
        for ref in chosen:
            if ref != AS_PRINTED:
                _check_printed(registry, scenario, ref, registry.optional_module(ref))
    return chosen


def _check_printed(registry: Registry, scenario: Scenario, ref: str, module: str) -> None:
    """An optional rule whose module builds on errata cannot be played as printed:
    said, rather than the rule silently left out with its errata."""
    needed = [m for m in registry.select([module])
              if m != module and registry.info(m).layer == ERRATA_LAYER]
    if needed:
        listed = f" (scenario '{scenario.id}' lists it among its special rules)" \
            if ref in scenario.special_rules else ""
        raise KsError(f"optional rule '{ref}'{listed} builds on the errata "
                      f"({', '.join(needed)}): it cannot be played --as-printed, which "
                      f"leaves them out")


def with_optional_modules(registry: Registry, rules: list[str], refs: Iterable[str]) -> list[str]:
    """*rules* and, each once, the module of every optional rule among *refs* (a
    situation's special rules): naming the rule is enough to load it."""
    offered = registry.optional_rules()
    out = list(rules)
    for ref in refs:
        if ref in offered and offered[ref][0] not in out:
            out.append(offered[ref][0])
    return out


def without_errata(registry: Registry, rulesets: Iterable[str]) -> list[str]:
    """*rulesets* without the modules at the errata layer, nor those that need
    one of them: the rules as printed."""
    errata = {n for n in registry.names() if registry.info(n).layer == ERRATA_LAYER}
    return [m for m in rulesets
            if m not in registry.modules or not errata & set(registry.select([m]))]


def _check_builds_on(registry: Registry, scenario: Scenario, ref: str, module: str) -> None:
    base = set(registry.select(scenario.rulesets))
    needs = [m for m in registry.select([module]) if m != module]
    missing = [m for m in needs if m not in base]
    if missing:
        raise KsError(f"optional rule '{ref}' is a rule of module '{module}', which builds on "
                      f"{', '.join(missing)}: scenario '{scenario.id}' plays "
                      f"{', '.join(scenario.rulesets)}")


def with_options(game: Game, scenario: Scenario, sheets: list[MapModel], registry: Registry,
                 options: list[str]) -> Scenario:
    """The scenario as played with *options* (already resolved) switched on."""
    on = set(options)
    modules = [registry.optional_module(ref) for ref in options if ref != AS_PRINTED]
    rulesets = list(scenario.rulesets) + [m for m in dict.fromkeys(modules)
                                          if m not in scenario.rulesets]
    if AS_PRINTED in on:
        rulesets = without_errata(registry, rulesets)
    special = list(scenario.special_rules) + [r for r in options
                                              if r not in scenario.special_rules
                                              and r != AS_PRINTED]

    def used(entry) -> bool:
        return (entry.only_with is None or entry.only_with in on) and \
            (entry.not_with is None or entry.not_with not in on)

    setup = [p for p in scenario.setup if used(p)]
    in_play = {sheet.id for sheet in sheets}
    off_map: dict[str, list[str]] = {}
    for p in game.optional_setup:
        if p.rule in on and p.hex is not None and p.map in in_play:
            setup.append(item_model(scenario, "setup")(unit=p.unit, hex=p.hex, notes=p.notes))
        elif p.rule in on and p.hex is None:
            off_map.setdefault(p.rule, []).append(p.unit)
    # Units an optional rule brings into play off the map: an effect
    # {kind: optional_units, units} of the rule, so they are in the game (and
    # the rule may read which they are).
    rules = list(scenario.scenario_rules) + [
        ScenarioRule(id=f"optional {ref}", source=ref, text="units the optional rule brings",
                     effects=[Effect(kind="optional_units", units=units)])
        for ref, units in off_map.items()]
    return scenario.model_copy(update={
        "rulesets": rulesets, "special_rules": special, "setup": setup,
        "reinforcements": [r for r in scenario.reinforcements if used(r)],
        "scenario_rules": rules})


__all__ = ["resolve", "with_options", "with_optional_modules", "without_errata", "AS_PRINTED"]
