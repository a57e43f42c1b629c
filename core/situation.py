"""Situation files: one small battlefield, one declared action, the dice — and
optionally what the rulebook says must happen (docs/situations.md).

A situation is how a designer asks "what happens here?" and how a worked
example of a rulebook becomes an executable test.  These models only give the
file its shape; ``kriegsspiel.tools.situation`` checks the names in it against the
rules (procedures, parameters, markers, event kinds) and runs it.

Every model forbids unknown keys, except two whose keys are the rules'
vocabulary and are checked against the compiled rules instead: an action's
arguments (the procedure's parameters) and an expectation's event kinds.

:func:`check_expectations` compares a run's report (plain data, see
``kriegsspiel.tools.situation.run``) with the ``expect`` block.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Literal, Mapping

from pydantic import ConfigDict, Field, model_validator

from .errors import KsError, did_you_mean
from .models import (DataModel, GridSpec, HexId, Id, MapModel, Notes, RuleRef, TerrainType,
                     compose, mixins_by_part, typed)
from .yamlio import render_path, where

DEFAULT_GRID = {"columns": [1, 20], "rows": [1, 12]}


UNIT_STATE = ("hex", "face", "on_map", "eliminated")  # what expect.units may ask
CHECK_FIELDS = ("check", "roll", "target", "passed", "bought", "reason")


class Problems(list):
    """Located errors collected in one pass."""

    def add(self, sit: Any, steps: tuple, message: str, hint: str | None = None,
            key: bool = False) -> None:
        """Note a problem, once (the kernel and a ruleset may both find it)."""
        error = KsError(f"{render_path(steps)}: {message}", where(sit, *steps, key=key), hint)
        if not any(e.message == error.message and e.location == error.location for e in self):
            self.append(error)


class SituationMap(MapModel):
    """Where it happens: an inline map (all clear unless told otherwise), or a
    shipped one named by ``{game: crete, map: kastelli}``."""

    provenance: Literal["published", "provisional"] = Field(
        "provisional", description="Inline maps are invented: 'provisional' unless said.")
    id: Id = Field("situation", description="The inline map's id.")
    name: str = Field("Situation", description="The inline map's name.")
    grid: GridSpec = Field(default_factory=lambda: GridSpec.model_validate(DEFAULT_GRID),
                           description="Bounds and layout; default columns 1-20, rows 1-12, "
                                       "flat-topped, odd columns lower.")
    default_terrain: Id = Field("clear", description="Terrain of every hex not listed.")
    game: Id | None = Field(None, description="Shipped map: the game (games/<game>/).")
    map: Id | None = Field(None, description="Shipped map: the map id in that game.")

    @model_validator(mode="after")
    def _shipped_or_inline(self) -> "SituationMap":
        shipped = {"game", "map"} & self.model_fields_set
        if shipped and shipped != {"game", "map"}:
            raise ValueError("a shipped map needs both 'game' and 'map'")
        inline = self.model_fields_set - {"game", "map", "provenance", "source", "notes"}
        if shipped and inline:
            raise ValueError(f"a shipped map takes no inline fields ({', '.join(sorted(inline))})")
        return self

    @property
    def shipped(self) -> bool:
        return self.game is not None


class SituationLeader(DataModel):
    """A leader counter (a ruleset may add what he belongs to: ks_situation_schema)."""

    id: Id
    side: Id | None = Field(None, description="His side, when the ruleset does not tell it "
                            "from what he belongs to.")
    hex: HexId | None = Field(None, description="Where he stands; none: off the map.")
    kind: Id | None = Field(None, description="Ruleset-specific kind.")
    values: dict[str, Any] = Field(default_factory=dict, description="Printed values, e.g. "
                                   "{command_range: 3, attachment_rating: 0}.")


class SituationUnit(DataModel):
    """A unit with its counter values and the markers on it."""

    id: Id
    name: str = Field("", description="Display name; defaults to the id.")
    side: Id | None = Field(None, description="Its side, when the ruleset does not tell it from "
                            "what it belongs to.")
    unit_class: Id = Field("infantry", description="Ruleset-specific class.")
    hex: HexId | None = Field(None, description="Where it stands; none: off the map.")
    values: dict[str, Any] | None = Field(None, description="The front face's printed values, "
                                          "validated by the rules' counter model (as game "
                                          "data); none: a counter of the 'scenario'.")
    back: dict[str, Any] | None = Field(None, description="The back face's values, if any.")
    back_kind: Literal["reduced", "transport"] | None = Field(
        None, description="What flipping means; give it with 'back'.")
    face: Literal["front", "back"] = Field("front", description="The face up.")
    markers: dict[Id, int] = Field(default_factory=dict, description="Markers on it by the "
                                   "names the rules declare: {suppressed: 1, hits: 2}.")
    links: dict[Id, Id] = Field(default_factory=dict, description="Links the rules declare, to "
                                "an entity id: {contact_with: Major Bedding}.")
    tags: list[Id] = Field(default_factory=list, description="Free labels rules may test.")

    @model_validator(mode="after")
    def _faces(self) -> "SituationUnit":
        if (self.back is None) != (self.back_kind is None):
            raise ValueError("give 'back' and 'back_kind' together (or neither)")
        if self.face == "back" and self.back is None:
            raise ValueError("face 'back' needs the back face's values ('back')")
        return self


class Conditions(DataModel):
    """The turn, the weather, and the points in hand."""

    turn: list[Id] = Field(default_factory=list, description="Tags of the current turn, e.g. "
                           "[night] or [first_daylight].")
    next_turn: list[Id] = Field(default_factory=list, description="Tags of the next turn.")
    weather: int | Id | None = Field(None, description="The day's weather: its code, or its "
                                     "name in the rules' weather_names table (e.g. rain).")
    at: str | None = Field(None, description="On a 'scenario': the turn (its label on the "
                           "scenario's track) the action is done in; default its first.")
    points: dict[Id, dict[Id, int]] = Field(default_factory=dict, description="An entity → "
                                            "its points by the ruleset's names, e.g. {Red HQ: "
                                            "{command: 2}} (ks_data_vocabulary).")
    game: dict[Id, int] = Field(default_factory=dict, description="Other tracks on the game.")


class Action(DataModel):
    """What is done: ``do`` names a procedure (or check, def, modifiers) of the
    rules; every other key is one of its parameters, by name."""

    model_config = ConfigDict(extra="allow", json_schema_extra={
        "additionalProperties": {"description": "An argument, by parameter name: a unit (or "
                                 "other entity) id, a list of ids, or a plain value. An omitted "
                                 "int parameter is 0, an omitted bool false."}})
    do: Id = Field(description="The procedure, e.g. direct_fire, apply_result, move, tq_check.")
    path: list[str | int] | None = Field(None, description="Answers to the rules' 'move' "
                                         "question, in turn: ['02.01', forced_march, stop].")
    answers: dict[str, Any] = Field(default_factory=dict, description="Decisions for this "
                                    "action only, like the file's 'answers'.")

    def arguments(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class Expect(DataModel):
    """What must happen.  Every key not listed here is an event kind: a mapping
    (exactly one such event, with these fields) or a list (those events, in
    order; [] for none)."""

    model_config = ConfigDict(extra="allow", json_schema_extra={
        "additionalProperties": {"description": "An event kind → {field: value} or a list."}})
    markers: dict[Id, dict[Id, int]] = Field(default_factory=dict, description="Unit → marker "
                                             "→ value after the action (0: none).")
    units: dict[Id, dict[Id, Any]] = Field(default_factory=dict, description="Unit → hex, face, "
                                           "on_map or eliminated after the action.")
    checks: list[dict[str, Any]] | None = Field(None, description="Every check made, in order: "
                                                "{check, roll, target, passed, bought}.")
    values: dict[Id, Any] = Field(
        default_factory=dict, description="A def, modifiers or table → a value it gave, or "
        "{value, base, args, keys, terms: {name: amount}} (terms: exactly those that applied).")
    decisions: dict[str, dict[str, Any] | list[dict[str, Any]]] = Field(
        default_factory=dict, description="Question key → {options, answer, subject}, or a "
        "list of them in order.")
    dice: list[int] | None = Field(None, description="Every roll made, in order.")
    result: Any = Field(None, description="The last action's result (a check: {passed, roll}).")

    def events(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class Situation(DataModel):
    """A situation file: tests/situations/*.yaml, or any file given to ks resolve."""

    title: str = Field("", description="What this is, e.g. 'Part One: Direct Fire Example'.")
    cites: list[RuleRef] = Field(default_factory=list, description="The rules it exercises.")
    notes: Notes = None
    scenario: str | None = Field(None, description="A scenario to set the situation in "
                                 "(GAME/NAME or a file): its rules, map, counters, boxes, "
                                 "reinforcements and the rulesets' own pieces; this file's "
                                 "units and markers then go on top.")
    scenario_set_up: bool = Field(True, description="On a 'scenario': play its set-up first "
                                  "(false: only this file's placements).")
    rules: list[Id] = Field(default_factory=list, description="Rule modules in force (on a "
                            "'scenario': its rulesets).")
    special_rules: list[RuleRef] = Field(default_factory=list, description="Special and "
                                         "optional rules in effect, as a scenario's "
                                         "('ruleset:section'; an optional rule brings its "
                                         "module).")
    map: SituationMap = Field(default_factory=SituationMap, description="Inline or shipped map.")
    terrain: list[TerrainType] = Field(default_factory=list, description="Terrain types of an "
                                       "inline map beyond (or replacing by id) the defaults: the "
                                       "rules' terrain_type and hexside_type members, untagged.")
    sides: list[Id] = Field(default_factory=list, description="Default: the sides named below.")
    leaders: list[SituationLeader] = Field(default_factory=list)
    units: list[SituationUnit] = Field(default_factory=list, description="Its units (on a "
                                       "'scenario', those it places or marks; at least one "
                                       "otherwise).")
    hex_markers: dict[HexId, dict[Id, int]] = Field(default_factory=dict, description="Markers "
                                                    "on hexes: {'10.07': {barrage: 1}}.")
    conditions: Conditions = Field(default_factory=Conditions)
    action: Action | None = Field(None, description="The one thing done.")
    actions: list[Action] = Field(default_factory=list, description="Or several, in turn.")
    rolls: list[int] = Field(default_factory=list, description="The dice, in the order rolled; "
                             "running out is an error.")
    draws: list[Id] = Field(default_factory=list, description="Blind draws from the rules' "
                            "pools, by id.")
    answers: dict[str, Any] = Field(default_factory=dict, description="Decisions by question "
                                    "key (unasked: the first legal answer, so 'no'); a side id "
                                    "as key holds that side's own answers.")
    expect: Expect | None = Field(None, description="What must happen: a situation is a test.")

    @model_validator(mode="after")
    def _one_way_to_act(self) -> "Situation":
        if (self.action is None) == (not self.actions):
            raise ValueError("give exactly one of 'action' or 'actions'")
        if self.scenario is None:
            if not self.rules:
                raise ValueError("give the rule modules in force ('rules'), or a 'scenario' "
                                 "whose rules it takes")
            if not self.units:
                raise ValueError("give at least one unit ('units'), or a 'scenario'")
            for i, u in enumerate(self.units):
                if u.values is None:
                    raise ValueError(f"units[{i}] ({u.id}) has no 'values': only a counter "
                                     "of a 'scenario' may go without")
        else:
            shared = {"map", "terrain", "sides", "rules"} & self.model_fields_set
            if shared:
                raise ValueError(f"a situation on a scenario takes its {', '.join(sorted(shared))}"
                                 " from the scenario")
            if self.conditions.turn or self.conditions.next_turn:
                raise ValueError("on a scenario the turn is one of its track: conditions.at")
        if self.conditions.at is not None and self.scenario is None:
            raise ValueError("conditions.at names a turn of a 'scenario'")
        return self

    def all_actions(self) -> list[tuple[tuple, Action]]:
        """(data path, action) of every action, in order."""
        if self.action is not None:
            return [(("action",), self.action)]
        return [(("actions", i), a) for i, a in enumerate(self.actions)]


# ------------------------------------------------------------------ expectations


def check_expect_names(sit: Situation, events: list[str], markers: list[str],
                       valued: list[str], checks: list[str],
                       units: list[str] | None = None) -> list[KsError]:
    """Names in ``expect`` must be units (*units*: those of the game; default
    the file's), and the rules' event kinds, markers, values (def, modifiers,
    table) and checks."""
    exp, errors = sit.expect, Problems()
    units = [u.id for u in sit.units] if units is None else units
    if exp is None:
        return errors
    for kind in exp.events():
        if kind not in events:
            errors.add(sit, ("expect", kind), f"no event kind, unit state or expectation "
                       f"'{kind}'", did_you_mean(kind, events + list(type(exp).model_fields)),
                       key=True)
    for group, allowed in (("markers", markers), ("units", UNIT_STATE)):
        for unit, values in getattr(exp, group).items():
            if unit not in units:
                errors.add(sit, ("expect", group, unit), f"unknown unit '{unit}'",
                           did_you_mean(unit, units), key=True)
            for name in values:
                if name not in allowed:
                    errors.add(sit, ("expect", group, unit, name),
                               f"the rules declare no marker '{name}' on a unit"
                               if group == "markers" else f"'{name}' is not one of "
                               f"{', '.join(allowed)}", did_you_mean(name, allowed), key=True)
    for name in exp.values:
        if name not in valued:
            errors.add(sit, ("expect", "values", name), f"no def, modifiers or table '{name}'",
                       did_you_mean(name, valued), key=True)
    for i, item in enumerate(exp.checks or []):
        for key in item:
            if key not in CHECK_FIELDS:
                errors.add(sit, ("expect", "checks", i, key), f"a check has no '{key}'",
                           did_you_mean(key, CHECK_FIELDS), key=True)
        if "check" in item and item["check"] not in checks:
            errors.add(sit, ("expect", "checks", i, "check"), f"no check '{item['check']}'",
                       did_you_mean(str(item["check"]), checks))
    return errors


def records(report: dict, prefix: str) -> list[dict]:
    """Every explanation record whose 'what' starts with *prefix*, in order."""
    return [r for e in report["events"] for r in e["explanation"]
            if str(r.get("what", "")).startswith(prefix)]


def _matches(expected: Any, actual: Any) -> bool:
    """Expected mappings name a subset of the actual fields; lists match item by item."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and _matches(v, actual[k])
                                                for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and \
            all(_matches(e, a) for e, a in zip(expected, actual))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual or (expected == actual and type(expected) is type(actual))
    return expected == actual


def _value_view(record: dict) -> dict:
    view = dict(record)
    if "terms" in record:
        view["terms"] = {t["name"]: t["amount"] for t in record["terms"]}
    return view


def check_expectations(sit: Situation, report: dict) -> list[KsError]:
    """What differs from the file's ``expect`` block, each located at its line."""
    exp, out = sit.expect, []
    if exp is None:
        return []

    def fail(steps: tuple, message: str) -> None:
        steps = ("expect",) + steps
        out.append(KsError(f"{render_path(steps)}: {message}", where(sit, *steps)))

    def compare(steps: tuple, expected: Any, actual: Any) -> None:
        """Field by field, so each difference is reported at its own key."""
        if isinstance(expected, dict) and isinstance(actual, dict):
            for key, value in expected.items():
                if key not in actual:
                    fail(steps + (key,), f"no field '{key}' (it has: {', '.join(actual)})")
                else:
                    compare(steps + (key,), value, actual[key])
        elif isinstance(expected, list) and isinstance(actual, list) and \
                len(expected) == len(actual) and any(isinstance(e, dict) for e in expected):
            for index, (e, a) in enumerate(zip(expected, actual)):
                compare(steps + (index,), e, a)
        elif not _matches(expected, actual):
            fail(steps, f"expected {_text(expected)}, got {_text(actual)}")

    def listed(steps: tuple, expected: Any, found: list) -> None:
        if isinstance(expected, list) and len(expected) != len(found):
            fail(steps, f"expected {len(expected)}, got {len(found)}: {_text(found)}")
        elif isinstance(expected, dict) and len(found) != 1:
            fail(steps, f"expected one, got {len(found)}: {_text(found)}")
        else:
            compare(steps, expected, found if isinstance(expected, list) else found[0])

    for kind, expected in exp.events().items():
        listed((kind,), expected, [e["data"] for e in report["events"] if e["kind"] == kind])
    for key, expected in exp.decisions.items():
        listed(("decisions", key), expected, [d for d in report["decisions"] if d["key"] == key])
    if exp.checks is not None:
        made = [{"check": r["what"].removeprefix("check "), **r} for r in records(report, "check ")]
        listed(("checks",), exp.checks, made)
    for name, expected in exp.values.items():
        seen = [_value_view(r) for e in report["events"] for r in e["explanation"]
                if r.get("what") in (f"def {name}", f"modifiers {name}", f"table {name}")]
        want = expected if isinstance(expected, dict) else {"value": expected}
        if not any(_matches({k: v for k, v in want.items() if k != "terms"}, s) and
                   ("terms" not in want or want["terms"] == s.get("terms")) for s in seen):
            shown = sorted({_text({k: s.get(k) for k in want}) for s in seen})
            fail(("values", name), f"expected {_text(want)}; computed: "
                 f"{'; '.join(shown) or 'never'}")
    for unit, values in exp.markers.items():
        for name, value in values.items():
            compare(("markers", unit, name), value,
                    report["units"].get(unit, {}).get("markers", {}).get(name, 0))
    for unit, values in exp.units.items():
        for name, value in values.items():
            compare(("units", unit, name), value, report["units"].get(unit, {}).get(name))
    if exp.dice is not None:
        compare(("dice",), exp.dice, report["dice"]["rolled"])
    if "result" in exp.model_fields_set:
        compare(("result",), exp.result, report["results"][-1] if report["results"] else None)
    return sorted(out, key=lambda e: (e.location.line, e.location.column)
                  if e.location else (0, 0))


def _text(value: Any) -> str:
    """A value as it would be written in the YAML file (flow style)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    return repr(value) if isinstance(value, str) and (not value or value[0] in "0123456789") \
        else str(value)


# The parts of a situation a ruleset may add keys to (ks_situation_schema).
SITUATION_PARTS = ("situation", "unit", "leader")


def situation_model(extensions: Iterable[Mapping[str, type[DataModel]]] = ()) -> type[Situation]:
    """Situation with the rulesets' own keys: each of *extensions* maps parts
    (SITUATION_PARTS) to a model whose fields and validators are added to that
    part's, lowest layer first."""
    return _situation_model(*mixins_by_part(extensions, SITUATION_PARTS, "situation"))


@lru_cache(maxsize=None)
def _situation_model(situation: tuple, unit: tuple, leader: tuple) -> type[Situation]:
    if not (situation or unit or leader):
        return Situation
    return compose(Situation, situation,
                   units=typed(Situation, "units", list, compose(SituationUnit, unit)),
                   leaders=typed(Situation, "leaders", list, compose(SituationLeader, leader)))


__all__ = ["Situation", "SituationMap", "SituationUnit", "SituationLeader", "Conditions",
           "Action", "Expect", "Problems", "check_expect_names", "check_expectations", "records",
           "situation_model"]
