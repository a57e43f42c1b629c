"""What a GTS game says beyond the kernel's game data (ks_game_schema): its order of
battle — Armies on a side, Divisions in an Army, Formations in a Division (gts:2.0) —
the Division and Formation of every Unit and Leader, and the generic Rearguard
counter (gts:24.1); and the references these make (ks_check_game)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from kriegsspiel.core.models import CounterSide, DataModel, Id, Item
from kriegsspiel.dsl.types import Function
from kriegsspiel.engine.kernel import members


class Army(Item):
    """A nation's forces (the largest grouping of units)."""

    side: Id = Field(description="Which side of the game this army fights on (one of the game's sides).")


class Division(Item):
    """A grouping of formations."""

    army: Id = Field(description="Army id.")
    ratings: dict[Id, int] = Field(default_factory=dict, description="Ruleset-specific standing "
                                   "numbers (scenarios may override them).")


class Formation(Item):
    """A grouping of units inside a division (regiment, brigade, battalion…)."""

    division: Id = Field(description="Division id.")
    leader: Id | None = Field(None, description="Id of the formation's own leader, if it has one.")
    kind: Id = Field("formation", description="Ruleset-specific kind, e.g. 'regiment', "
                     "'independent'.")


class GtsGame(DataModel):
    armies: list[Army] = Field(description="Nations, each on a side.")
    divisions: list[Division] = Field(description="Divisions, each in an army.")
    formations: list[Formation] = Field(description="Formations, each in a division.")
    rearguard: CounterSide | None = Field(None, description="The generic Rearguard counter's "
                                          "values, when the game has Rearguards (gts:24.1).")


class GtsUnit(DataModel):
    formation: Id = Field(description="Formation id.")
    division: Id | None = Field(None, description="Division id; must match the formation's.")


class GtsLeader(DataModel):
    kind: Id = Field("formation", description="'formation' (he leads one) or another kind "
                     "the rules name, e.g. 'kampfgruppe'.")
    division: Id = Field(description="Division id.")
    formation: Id | None = Field(None, description="The formation he leads; none for leaders "
                                 "attached at division level.")


SCHEMA = {"game": GtsGame, "unit": GtsUnit, "leader": GtsLeader}


def check_game(check: Any, game: Any) -> None:
    """The order of battle names what exists (check: core.refcheck.References);
    its kinds become nameable by the scenarios' keys."""
    for kind, items in (("army", game.armies), ("division", game.divisions),
                        ("formation", game.formations)):
        check.duplicates(kind, items)
        check.add_kind(kind, items)
    # What a scenario's chits belong to: a side (direct command), a division, a formation.
    check.known["chit owner"] = {**check.known["side"], **check.known["division"],
                                 **check.known["formation"]}
    for army in game.armies:
        check.ref("side", army.side, army, "side")
    for division in game.divisions:
        check.ref("army", division.army, division, "army")
    for formation in game.formations:
        check.ref("division", formation.division, formation, "division")
        leader = check.ref("leader", formation.leader, formation, "leader")
        if leader is not None and leader.formation not in (None, formation.id):
            check.error(formation, ("leader",), f"'{leader.id}' leads formation "
                                                f"'{leader.formation}', not this one")
    for item in (*game.leaders, *game.units):
        formation = check.ref("formation", item.formation, item, "formation")
        check.ref("division", item.division, item, "division")
        if formation is not None and item.division not in (None, formation.division):
            check.error(item, ("division",), f"formation '{formation.id}' belongs to "
                                             f"division '{formation.division}'")


# The rules' ways to the members of a Division or Formation.
PRIMITIVES = (
    Function("leaders_of", lambda ctx, division: members(ctx, "leader", "division", division),
             1, 1, "list", params=("division",), doc="the leaders of a division",
             reads=("division",)),
    Function("units_of", lambda ctx, group: members(ctx, "unit", group.kind, group), 1, 1,
             "list", doc="units of a formation or division", reads=("formation", "division")),
)
