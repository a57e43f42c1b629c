"""A situation's catalog (``ks resolve``): the static facts of every entity it
names — sides, divisions, formations, leaders, units with their counter
values checked against the ruleset's model — with a default division and
formation per side, a two-turn track and the special rules in effect; the
rulesets add their own pieces (hook ks_lay_out_catalog).  Problems are
collected (located), not raised, so that one run reports them all
(kriegsspiel/tools/situation.py raises them together).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from kriegsspiel.core.errors import did_you_mean
from kriegsspiel.core.loading import validation_errors
from kriegsspiel.core.situation import Problems, Situation


def catalog(sit: Situation, side_model: Any, vocabulary: dict, errors: Problems) -> dict:
    """The static facts of every entity, with a default division and formation per side."""
    named = [x.side for x in (*sit.divisions, *sit.formations, *sit.leaders, *sit.units) if x.side]
    sides = list(sit.sides) or list(dict.fromkeys(named))
    cat: dict[str, dict] = {"side": {s: {"name": s} for s in sides}, "army": {}, "division": {},
                            "formation": {}, "leader": {}, "unit": {}}
    ratings = vocabulary.get("division.ratings", {})

    def side_of(item: Any, steps: tuple) -> str | None:
        if item.side not in cat["side"]:
            errors.add(sit, steps + ("side",), f"unknown side '{item.side}'",
                       did_you_mean(item.side, cat["side"]))
            return None
        return item.side

    def division(ident: str, side: str, entry: dict | None = None) -> str:
        if ident not in cat["division"]:
            cat["army"].setdefault(side, {"name": side, "side": side})
            cat["division"][ident] = {"name": ident, "army": side, "side": side, **(entry or {})}
        return ident

    def formation(ident: str, div: str, leader: str | None = None, **extra: Any) -> str:
        if ident not in cat["formation"]:
            cat["formation"][ident] = {"name": ident, "division": div, "leader": leader,
                                       "side": cat["division"][div]["side"], "kind": "formation",
                                       "tags": [], **extra}
        return ident

    for i, d in enumerate(sit.divisions):
        if side := side_of(d, ("divisions", i)):
            division(d.id, side, {"name": d.name or d.id,
                                  **{ratings.get(k, k): v for k, v in d.ratings.items()}})
    for i, f in enumerate(sit.formations):
        if f.division is not None and f.division not in cat["division"]:
            errors.add(sit, ("formations", i, "division"), f"unknown division '{f.division}'",
                       did_you_mean(f.division, cat["division"]))
        elif f.division is None and f.side is None:
            errors.add(sit, ("formations", i), "say which side or division it belongs to")
        elif f.division is not None or side_of(f, ("formations", i)):
            div = f.division or division(f"{f.side} division", f.side)
            formation(f.id, div, f.leader, kind=f.kind, tags=list(f.tags))

    def home(item: Any, steps: tuple, leader: bool = False) -> tuple | None:
        """(side, division, formation) of a unit or leader, defaults filled in."""
        if item.formation is not None:
            if item.formation not in cat["formation"]:
                errors.add(sit, steps + ("formation",), f"unknown formation '{item.formation}'",
                           did_you_mean(item.formation, cat["formation"]))
                return None
            form = cat["formation"][item.formation]
            div, form_id = form["division"], item.formation
        elif item.division is not None:
            if item.division not in cat["division"]:
                errors.add(sit, steps + ("division",), f"unknown division '{item.division}'",
                           did_you_mean(item.division, cat["division"]))
                return None
            div = item.division
            form_id = None if leader else formation(f"{div} formation", div)
        elif item.side is not None:
            if side_of(item, steps) is None:
                return None
            div = division(f"{item.side} division", item.side)
            form_id = formation(f"{div} formation", div)
        else:
            errors.add(sit, steps, "say which side, division or formation it belongs to")
            return None
        side = cat["division"][div]["side"]
        if item.side is not None and item.side != side:
            errors.add(sit, steps + ("side",), f"its division '{div}' fights for '{side}'")
        return side, div, form_id

    for i, leader in enumerate(sit.leaders):
        if (place := home(leader, ("leaders", i), leader=True)) is not None:
            side, div, form_id = place
            cat["leader"][leader.id] = {"name": leader.id, "division": div, "formation": form_id,
                                        "kind": leader.kind, "side": side, **leader.values}
            if form_id is not None and cat["formation"][form_id]["leader"] is None:
                cat["formation"][form_id]["leader"] = leader.id
    for i, f in enumerate(sit.formations):
        if f.leader is not None and f.leader not in cat["leader"]:
            errors.add(sit, ("formations", i, "leader"), f"unknown leader '{f.leader}'",
                       did_you_mean(f.leader, cat["leader"]))
    for i, u in enumerate(sit.units):
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
        if (place := home(u, ("units", i))) is not None:
            side, div, form_id = place
            cat["unit"][u.id] = {"name": u.name or u.id, "formation": form_id, "division": div,
                                 "side": side, "unit_class": u.unit_class,
                                 "back_kind": u.back_kind, "tags": list(u.tags),
                                 "faces": {k: v for k, v in faces.items() if v is not None}}
    turns = [{"label": "now", "tags": list(sit.conditions.turn)},
             {"label": "next", "tags": list(sit.conditions.next_turn)}]
    cat["game"] = {"game": {"turns": turns, "scenario": "situation", "title": sit.title}}
    cat["special_rule"] = {ref: {"name": ref} for ref in sit.special_rules}
    return cat


__all__ = ["catalog"]
