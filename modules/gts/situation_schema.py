"""What a GTS situation file (``ks resolve``) says beyond the kernel's: its order of
battle — divisions and formations, each optional: a side has a default Division,
a Division a default Formation (gts:2.0) — and the Division and Formation of each
Unit and Leader (ks_situation_schema); and their catalog entries, laid out with
every problem located (ks_lay_out_situation)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from kriegsspiel.core.errors import did_you_mean
from kriegsspiel.core.models import DataModel, Id
from kriegsspiel.modules.gts.catalog import division_entry, formation_entry


class SituationDivision(DataModel):
    """A division; optional — each side has a default one."""

    id: Id
    side: Id = Field(description="The side it fights on.")
    name: str = Field("", description="Display name.")
    ratings: dict[Id, int | None] = Field(default_factory=dict, description="Ruleset ratings, "
                                          "e.g. {command: 3, dispatch: 6}.")


class SituationFormation(DataModel):
    """A formation; optional — each division has a default one."""

    id: Id
    side: Id | None = Field(None, description="Its side, when it is in the side's default "
                            "division ('<side> division').")
    division: Id | None = Field(None, description="Its division, one of 'divisions'.")
    leader: Id | None = Field(None, description="Its leader's id (or name the formation in the "
                              "leader's entry).")
    kind: Id = Field("formation", description="Ruleset-specific kind.")
    tags: list[Id] = Field(default_factory=list, description="Free labels rules may test.")


class GtsSituation(DataModel):
    divisions: list[SituationDivision] = Field(default_factory=list)
    formations: list[SituationFormation] = Field(default_factory=list)


class GtsSituationLeader(DataModel):
    """Without formation or division he leads his side's default formation; with
    only a division he is a division-level leader."""

    division: Id | None = None
    formation: Id | None = None
    kind: Id = Field("formation", description="Ruleset-specific kind.")


class GtsSituationUnit(DataModel):
    division: Id | None = Field(None, description="Default: the side's default division.")
    formation: Id | None = Field(None, description="Default: the division's default formation.")


SCHEMA = {"situation": GtsSituation, "unit": GtsSituationUnit, "leader": GtsSituationLeader}


def lay_out_situation(cat: dict, sit: Any, errors: Any) -> None:
    """Armies, divisions and formations (defaults filled in) and the Division,
    Formation and side of every Unit and Leader; a Unit or Leader whose place
    cannot be told is left out, its problem located in *errors*."""
    if not sit.sides:  # the sides in the order the file names them
        named = [x.side for x in (*sit.divisions, *sit.formations, *sit.leaders, *sit.units)
                 if x.side]
        cat["side"] = {s: {"name": s} for s in dict.fromkeys(named)}
    for kind in ("army", "division", "formation"):  # a scenario's, when set in one
        cat.setdefault(kind, {})

    def side_of(item: Any, steps: tuple) -> str | None:
        if item.side not in cat["side"]:
            errors.add(sit, steps + ("side",), f"unknown side '{item.side}'",
                       did_you_mean(item.side, cat["side"]))
            return None
        return item.side

    def division(ident: str, side: str, name: str | None = None,
                 ratings: dict | None = None) -> str:
        if ident not in cat["division"]:
            cat["army"].setdefault(side, {"name": side, "side": side})
            cat["division"][ident] = division_entry(name or ident, side, side, ratings or {})
        return ident

    def formation(ident: str, div: str, leader: str | None = None, kind: str = "formation",
                  tags: Any = ()) -> str:
        if ident not in cat["formation"]:
            cat["formation"][ident] = formation_entry(ident, div, cat["division"][div]["side"],
                                                      leader, kind, tags)
        return ident

    for i, d in enumerate(sit.divisions):
        if side := side_of(d, ("divisions", i)):
            division(d.id, side, d.name or d.id, d.ratings)
    for i, f in enumerate(sit.formations):
        if f.division is not None and f.division not in cat["division"]:
            errors.add(sit, ("formations", i, "division"), f"unknown division '{f.division}'",
                       did_you_mean(f.division, cat["division"]))
        elif f.division is None and f.side is None:
            errors.add(sit, ("formations", i), "say which side or division it belongs to")
        elif f.division is not None or side_of(f, ("formations", i)):
            div = f.division or division(f"{f.side} division", f.side)
            formation(f.id, div, f.leader, f.kind, f.tags)

    def home(item: Any, steps: tuple, leader: bool = False) -> tuple | None:
        """(side, division, formation) of a unit or leader, defaults filled in; a
        scenario's piece the file gives no place keeps its own."""
        known = cat["leader" if leader else "unit"].get(item.id, {})
        if "division" in known and item.formation is None and item.division is None and \
                item.side is None:
            return known["side"], known["division"], known.get("formation")
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
        place = home(leader, ("leaders", i), leader=True)
        if place is None:
            cat["leader"].pop(leader.id, None)
            continue
        side, div, form_id = place
        cat["leader"][leader.id].update({"division": div, "formation": form_id, "side": side})
        if form_id is not None and cat["formation"][form_id]["leader"] is None:
            cat["formation"][form_id]["leader"] = leader.id
    for i, f in enumerate(sit.formations):
        if f.leader is not None and f.leader not in cat["leader"]:
            errors.add(sit, ("formations", i, "leader"), f"unknown leader '{f.leader}'",
                       did_you_mean(f.leader, cat["leader"]))
    for i, u in enumerate(sit.units):
        if u.id not in cat["unit"]:
            continue  # no counter could be made of it: said where it is listed
        place = home(u, ("units", i))
        if place is None:
            cat["unit"].pop(u.id, None)
            continue
        side, div, form_id = place
        cat["unit"][u.id].update({"formation": form_id, "division": div, "side": side})
