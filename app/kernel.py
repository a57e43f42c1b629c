"""The kernel's own vocabulary as the rule language sees it.

Attributes every entity has whatever the game system, and the primitives
that change or query the game generically (eliminate a unit, turn a counter
over, measure a distance).  Game-system modules add their own through the
``ks_entity_attributes`` and ``ks_primitives`` hooks.
"""

from __future__ import annotations

from kriegsspiel.core.state import Ref
from kriegsspiel.dsl.types import Function

KERNEL_ATTRIBUTES: dict[str, dict[str, str]] = {
    "unit": {"id": "str", "name": "str", "hex": "any", "on_map": "bool", "eliminated": "bool",
             "face": "str", "side": "side", "army": "army", "division": "division",
             "formation": "formation", "unit_class": "str", "back_kind": "any"},
    "leader": {"id": "str", "name": "str", "hex": "any", "on_map": "bool", "side": "side",
               "division": "division", "formation": "formation"},
    "formation": {"id": "str", "name": "str", "side": "side", "division": "division",
                  "leader": "leader", "kind": "str"},
    "division": {"id": "str", "name": "str", "side": "side", "army": "army"},
    "army": {"id": "str", "name": "str", "side": "side"},
    "side": {"id": "str", "name": "str"},
    "hex": {"id": "str", "terrain": "str"},
    "game": {"id": "str", "turn": "int"},
}


def _eliminate(ctx, unit: Ref) -> None:
    if unit.id not in ctx.world.eliminated:
        ctx.emit("unit_eliminated", {"unit": unit})


def _flip(ctx, unit: Ref) -> str:
    face = "back" if ctx.world.attr(unit, "face") == "front" else "front"
    ctx.emit("unit_flipped", {"unit": unit, "face": face})
    return face


def _owner(ctx, entity: Ref):
    side = ctx.world.owner(entity)
    return Ref("side", side) if side is not None else None


def _members(ctx, kind: str, link: str, target: Ref) -> list[Ref]:
    world = ctx.world
    return [r for r in world.refs(kind) if world.static(r).get(link) == target.id]


def _leaders_of(ctx, division: Ref) -> list[Ref]:
    return _members(ctx, "leader", "division", division)


def _units_of(ctx, group: Ref) -> list[Ref]:
    return _members(ctx, "unit", group.kind, group)


def _units_at(ctx, hex_id: str) -> list[Ref]:
    return ctx.world.units_at(hex_id)


def _next_turn_is(ctx, tag: str) -> bool:
    return ctx.world.turn_has_tag(ctx.world.turn + 1, tag)


KERNEL_PRIMITIVES: dict[str, Function] = {f.name: f for f in (
    Function("eliminate", _eliminate, 1, 1, "none", pure=False, params=("unit",),
             doc="take a unit off the map permanently"),
    Function("flip", _flip, 1, 1, "str", pure=False, params=("unit",),
             doc="turn a counter over; returns the face now up"),
    Function("owner", _owner, 1, 1, "side", doc="the side that owns an entity"),
    Function("distance", lambda ctx, a, b: ctx.world.distance(a, b), 2, 2, "int",
             doc="hexes between two hex ids"),
    Function("leaders_of", _leaders_of, 1, 1, "list", params=("division",),
             doc="the leaders of a division"),
    Function("units_of", _units_of, 1, 1, "list", doc="units of a formation or division"),
    Function("units_at", _units_at, 1, 1, "list", doc="units in a hex"),
    Function("next_turn_is", _next_turn_is, 1, 1, "bool", params=("str",),
             doc="whether the next turn carries a tag (e.g. \"night\") on the turn track"),
)}
