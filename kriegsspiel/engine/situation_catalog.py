"""A situation's catalog (``ks resolve``): the static facts of every entity it
names — sides, leaders, units with their counter values checked against the
ruleset's model — a two-turn track and the special rules in effect; the
rulesets add what their own keys say (ks_lay_out_situation: GTS's divisions
and formations, each counter's side) and their own pieces (ks_lay_out_catalog).
Problems are collected (located), not raised, so that one run reports them all
(kriegsspiel/tools/situation.py raises them together).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from kriegsspiel.core.errors import did_you_mean
from kriegsspiel.core.loading import validation_errors
from kriegsspiel.core.situation import Problems, Situation


def catalog(sit: Situation, side_model: Any, errors: Problems,
            given: dict | None = None) -> dict:
    """The static facts of every entity the kernel knows of; with *given* (a
    scenario's catalog) only of the units and leaders it lacks."""
    given = given or {}
    named = [x.side for x in (*sit.leaders, *sit.units) if x.side]
    sides = list(sit.sides) or list(dict.fromkeys(named))
    cat: dict[str, dict] = {"side": {s: {"name": s} for s in sides}, "leader": {}, "unit": {}}

    def side_of(item: Any, steps: tuple) -> str | None:
        if item.side is not None and item.side not in cat["side"]:
            errors.add(sit, steps + ("side",), f"unknown side '{item.side}'",
                       did_you_mean(item.side, cat["side"]))
            return None
        return item.side

    for i, leader in enumerate(sit.leaders):
        if leader.id in given.get("leader", {}):
            continue
        cat["leader"][leader.id] = {"name": leader.id, "kind": leader.kind,
                                    "side": side_of(leader, ("leaders", i)), **leader.values}
    for i, u in enumerate(sit.units):
        if u.values is None or u.id in given.get("unit", {}):
            continue  # a counter of the scenario's
        faces = {}
        for face in ("values", "back"):
            values = getattr(u, face)
            if values is not None and side_model is not None:
                try:
                    values = side_model.model_validate(values).model_dump(mode="json")
                except ValidationError as exc:
                    doc, path = sit._origin or (None, ())
                    errors.extend(validation_errors(exc, doc, side_model, path + ("units", i, face)))
            faces["front" if face == "values" else "back"] = values
        cat["unit"][u.id] = {"name": u.name or u.id, "side": side_of(u, ("units", i)),
                             "unit_class": u.unit_class, "back_kind": u.back_kind,
                             "tags": list(u.tags),
                             "faces": {k: v for k, v in faces.items() if v is not None}}
    turns = [{"label": "now", "tags": list(sit.conditions.turn)},
             {"label": "next", "tags": list(sit.conditions.next_turn)}]
    cat["game"] = {"game": {"turns": turns, "scenario": "situation", "title": sit.title}}
    cat["special_rule"] = {ref: {"name": ref} for ref in sit.special_rules}
    return cat


__all__ = ["catalog"]
