"""The kernel's own vocabulary as the rule language sees it.

Attributes every entity has whatever the game system, and the primitives
that change or query the game generically (eliminate a unit, turn a counter
over, measure a distance).  Game-system modules add their own through the
``ks_entity_attributes`` and ``ks_primitives`` hooks.
"""

from __future__ import annotations

import datetime as dt

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.state import Ref
from kriegsspiel.dsl.runtime import Context
from kriegsspiel.dsl.types import Function
from kriegsspiel.engine.los import PRIMITIVES as LOS_PRIMITIVES
from kriegsspiel.engine.reach import PRIMITIVES as REACH_PRIMITIVES
from kriegsspiel.engine.scans import _lasting, _scan, _units_near

KERNEL_ATTRIBUTES: dict[str, dict[str, str]] = {
    "unit": {"id": "str", "name": "str", "hex": "any", "on_map": "bool", "eliminated": "bool",
             "face": "str", "side": "side", "unit_class": "str", "back_kind": "any",
             "tags": "list", "arrival_turn": "any", "entry_hex": "any"},
    "leader": {"id": "str", "name": "str", "hex": "any", "on_map": "bool", "side": "side",
               "kind": "str"},
    "side": {"id": "str", "name": "str"},
    "hex": {"id": "str", "terrain": "str"},
    "game": {"id": "str", "turn": "int", "otherwise": "any"},
    "victory": {"id": "str", "kind": "str", "side": "side", "hex": "any", "hexes": "list",
                "when": "any", "winner": "str", "level": "any"},
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


def members(ctx, kind: str, link: str, target: Ref) -> list[Ref]:
    """The entities of *kind* whose attribute *link* is *target* (for a module's
    primitives: GTS's units_of a Formation)."""
    # Through attr, not the catalog: a rule may link a piece to a group during
    # play (a Rearguard joins the Formation of the Unit that created it).
    world = ctx.world

    def index() -> dict:
        by_target: dict = {}
        for r in world.refs(kind):
            by_target.setdefault(world.attr(r, link), []).append(r)
        return by_target
    try:
        return list(_lasting(ctx, ("members", kind, link), link, index).get(target, ()))
    except TypeError:  # an unhashable target: compare one by one
        return [r for r in world.refs(kind) if world.attr(r, link) == target]


def _tag_value(ctx, entity: Ref, key: str):
    """What an entity's first ``key:<value>`` tag says (the rule language has no
    string operations); None when it has no such tag."""
    prefix = key + ":"
    for tag in ctx.world.attr(entity, "tags") or ():
        if isinstance(tag, str) and tag.startswith(prefix) and len(tag) > len(prefix):
            return tag[len(prefix):]
    return None


def _printed(ctx, unit: Ref, face: str, name: str):
    """A value printed on one named face of a unit's counter, whichever face is
    up (a rule asking what the other side of a counter shows); None when that
    face or value is not printed."""
    data = ctx.world.catalog.get("unit", {}).get(unit.id, {})
    return data.get("faces", {}).get(face, {}).get(name)


def _effects_of(ctx, kind: str) -> list[Ref]:
    # A scenario's special-rule effects (kriegsspiel/engine/starting.py lays them out as entities
    # of kind "effect"), those of one kind, in the scenario's order.
    return members(ctx, "effect", "kind", kind)


@cython.locals(ctx=Context)  # compiled: a struct read and a C call (GameState.units_at)
def _units_at(ctx, hex_id: str) -> list[Ref]:
    return ctx.world.units_at(hex_id)


def _units_with(ctx, attribute: str) -> list[Ref]:
    """The units (in all_of order) whose *attribute* is not none."""
    world = ctx.world
    return list(_lasting(ctx, ("units_with", attribute), attribute,
                         lambda: [u for u in world.refs("unit")
                                  if world.attr(u, attribute) is not None]))


def _units_of_other_sides(ctx, side: Ref) -> list[Ref]:
    """The units (in all_of order) whose side is not *side*."""
    world = ctx.world
    return list(_lasting(ctx, ("units_of_other_sides", side), "side",
                         lambda: [u for u in world.refs("unit") if world.attr(u, "side") != side]))


def _next_turn_is(ctx, tag: str) -> bool:
    return ctx.world.turn_has_tag(ctx.world.turn + 1, tag)


def _pool_add(ctx, pool: str, piece: Ref) -> None:
    kind = ctx.world.pool_kinds.get(pool, piece.kind)
    if kind != piece.kind:
        raise KsError(f"pool '{pool}' holds {kind} pieces: {piece.key} cannot go in it")
    ctx.emit("pool_added", {"pool": pool, "entity": piece.key})


def _pool_draw(ctx, pool: str) -> Ref | None:
    """A blind draw from the pool (seeded, or scripted by id in tests)."""
    ids = ctx.world.pools.get(pool, [])
    if not ids:
        return None
    piece = ctx.world.interned(ctx.world.pool_kinds[pool], ctx.dice.pick(list(ids)))
    ctx.emit("pool_drawn", {"pool": pool, "entity": piece.key})
    return piece


def _pool_remove(ctx, pool: str, piece: Ref) -> None:
    if piece.id in ctx.world.pools.get(pool, []) and ctx.world.pool_kinds[pool] == piece.kind:
        ctx.emit("pool_removed", {"pool": pool, "entity": piece.key})


def _place(ctx, piece: Ref, hex_id) -> None:
    """Put a unit or leader in a hex (or off the map with none) — not a move."""
    if piece is None:
        from kriegsspiel.dsl.runtime import RuleRuntimeError
        raise RuleRuntimeError("place() of nothing: the piece is none")
    ctx.emit("unit_placed", {"unit": piece, "origin": ctx.world.placement.get(piece.id),
                             "destination": hex_id})


def _move_unit(ctx, unit: Ref, hex_id: str) -> None:
    """One step of movement; the rules decided it was legal and what it cost.
    Leaders stacked with the unit stay put: rules move them explicitly."""
    ctx.emit("unit_moved", {"unit": unit, "origin": ctx.world.placement.get(unit.id),
                            "destination": hex_id})


def _hexes_marked(ctx, track: str) -> list[str]:
    """Hex ids whose *track* is above zero (e.g. every barrage marker on the map)."""
    return sorted(key.split(":", 1)[1] for key, tracks in ctx.world.tracks.items()
                  if key.startswith("hex:") and tracks.get(track, 0) > 0)


def _advance_turn(ctx) -> int:
    turn = ctx.world.turn + 1
    ctx.emit("turn_advanced", {"turn": turn})
    return turn


def _turn_count(ctx) -> int:
    return len(ctx.world.catalog.get("game", {}).get("game", {}).get("turns", []))


def _turn_label(ctx) -> str | None:
    """The current turn's label on the turn track (e.g. "1941-05-21 1700"), so a
    rule can name the turns a book lists by date; none past the last turn."""
    turns = ctx.world.catalog.get("game", {}).get("game", {}).get("turns", [])
    return turns[ctx.world.turn]["label"] if 0 <= ctx.world.turn < len(turns) else None


def _turns(ctx) -> list[dict]:
    return ctx.world.catalog.get("game", {}).get("game", {}).get("turns", [])


def _day_number(date: str | None) -> int | None:
    """A date "1941-05-23" (or a turn label starting with one) as a day count,
    so rules can compare days; none for anything else."""
    try:
        return dt.date.fromisoformat(str(date).split(" ")[0]).toordinal()
    except ValueError:
        return None


def _turn_day(ctx, turn: int) -> int | None:
    """The day (a day count, see _day_number) of turn *turn* on the turn track."""
    turns = _turns(ctx)
    return _day_number(turns[turn]["label"]) if 0 <= turn < len(turns) else None


def _label_of_turn(ctx, turn: int) -> str | None:
    turns = _turns(ctx)
    return turns[turn]["label"] if 0 <= turn < len(turns) else None


def _turn_tagged(ctx, turn: int, tag: str) -> bool:
    return ctx.world.turn_has_tag(turn, tag)


def _feature_hexes(ctx, kind: str) -> list[str]:
    """Ids of the hexes of the map in play holding a feature of *kind* (port,
    airfield...), in id order."""
    return sorted(h for h, fs in _map(ctx).features.items() if any(f["kind"] == kind for f in fs))


def _feature_groups(ctx, kind: str) -> list[list[str]]:
    """The hexes of each named feature of *kind* (an airfield's runway hexes), one
    list per name in name order; an unnamed feature is a group of its own."""
    groups: dict[str, list[str]] = {}
    for h, fs in _map(ctx).features.items():
        for f in fs:
            if f["kind"] == kind:
                groups.setdefault(f.get("name") or f"#{h}", []).append(h)
    return [sorted(groups[name]) for name in sorted(groups)]


@cython.locals(ctx=Context)  # compiled: two struct reads (kernel.pxd), 12k calls a playout
def _map(ctx):
    game_map = ctx.world.map
    if game_map is None:
        from kriegsspiel.core.errors import KsError
        raise KsError("this game has no map in play")
    return game_map


def _neighbours(ctx, hex_id: str) -> list[str]:
    grid, game_map = ctx.world.grid, _map(ctx)
    if grid is game_map.grid:  # the map keeps each hex's (the usual case)
        return list(game_map.neighbours_of(hex_id))
    return [grid.format(n) for n in grid.neighbours(grid.parse(hex_id))
            if game_map.contains(grid.format(n))]


def _hex_part(ctx, hex_id: str, index: int) -> int:
    grid = ctx.world.grid  # as printed: a separate sheet numbers its own columns
    return grid.printed(grid.parse(hex_id, on_map=False))[index]


def _hexes_within(ctx, centre: str, reach: int) -> list[str]:
    """Ids of the hexes of the map in play within *reach* of *centre*, in id order."""
    grid, game_map = ctx.world.grid, _map(ctx)
    found = (grid.format(h) for h in grid.within(grid.parse(centre), reach))
    return sorted(h for h in found if game_map.contains(h))


def _map_hexes(ctx) -> list[str]:
    """Ids of every hex of the map in play, in id order."""
    return list(_scan(ctx, ("map_hexes",), lambda: sorted(_map(ctx).terrain)))


def _map_edge(ctx, hex_id: str) -> bool:
    """Whether a hex of the map in play has a side on no other hex of it."""
    return len(_neighbours(ctx, hex_id)) < 6


KERNEL_PRIMITIVES: dict[str, Function] = {f.name: f for f in (*LOS_PRIMITIVES, *REACH_PRIMITIVES)}
KERNEL_PRIMITIVES.update({f.name: f for f in (
    Function("hex_column", lambda ctx, h: _hex_part(ctx, h, 0), 1, 1, "int",
             doc="the column number of a hex id (\"33.07\" → 33)", reads=()),
    Function("hex_row", lambda ctx, h: _hex_part(ctx, h, 1), 1, 1, "int",
             doc="the row number of a hex id (\"33.07\" → 7)", reads=()),
    Function("hexes_within", _hexes_within, 2, 2, "list", params=("any", "int"),
             doc="ids of the map's hexes within N hexes of a hex (itself included)", reads=()),
    Function("map_hexes", _map_hexes, 0, 0, "list",
             doc="ids of every hex of the map in play, in id order", reads=()),
    Function("map_edge", _map_edge, 1, 1, "bool",
             doc="whether a hex lies on the edge of the map in play (fewer than six neighbours)",
             reads=()),
    Function("eliminate", _eliminate, 1, 1, "none", pure=False, params=("unit",),
             doc="take a unit off the map permanently"),
    Function("flip", _flip, 1, 1, "str", pure=False, params=("unit",),
             doc="turn a counter over; returns the face now up"),
    Function("owner", _owner, 1, 1, "side", doc="the side that owns an entity", reads=()),
    Function("distance", lambda ctx, a, b: ctx.world.distance(a, b), 2, 2, "int",
             doc="hexes between two hex ids", reads=()),
    Function("units_at", _units_at, 1, 1, "list", doc="units in a hex", reads=("@placement",)),
    Function("effects_of", _effects_of, 1, 1, "list", params=("str",),
             doc="the scenario rules' effects of one kind: effects_of(\"air_strikes\")",
             reads=("kind",)),
    Function("printed", _printed, 3, 3, "any", params=("unit", "str", "str"),
             doc="a value printed on a named face of a unit's counter, whichever is up: "
                 "printed(u, \"front\", \"weapon_class\")", reads=()),
    Function("tag_value", _tag_value, 2, 2, "str", params=("any", "str"),
             doc="what an entity's 'key:<value>' tag says: tag_value(u, \"battalion\")",
             reads=()),
    Function("units_near", _units_near, 3, 3, "list", params=("list", "any", "int"),
             doc="those of the units on the map within N hexes of a hex",
             reads=("@placement",)),
    Function("next_turn_is", _next_turn_is, 1, 1, "bool", params=("str",),
             doc="whether the next turn carries a tag (e.g. \"night\") on the turn track",
             reads=("@turn",)),
    Function("turn_is", lambda ctx, tag: ctx.world.turn_has_tag(ctx.world.turn, tag), 1, 1,
             "bool", params=("str",), doc="whether the current turn carries a tag",
             reads=("@turn",)),
    Function("current_turn", lambda ctx: ctx.world.turn, 0, 0, "int",
             doc="index of the current turn on the turn track (0 = first)", reads=("@turn",)),
    Function("turn_count", _turn_count, 0, 0, "int", doc="number of turns on the turn track",
             reads=()),
    Function("turn_label", _turn_label, 0, 0, "str",
             doc="the current turn's label on the turn track, e.g. \"1941-05-21 1700\"",
             reads=("@turn",)),
    Function("move_unit", _move_unit, 2, 2, "none", pure=False, params=("unit", "any"),
             doc="move a unit into an adjacent hex (an event; legality is the rules')"),
    Function("place", _place, 2, 2, "none", pure=False,
             doc="put a unit or leader in a hex (none: off the map); not a move"),
    Function("terrain", lambda ctx, h: _map(ctx).terrain_of(h), 1, 1, "str",
             doc="the terrain id of a hex", reads=()),
    Function("terrain_has", lambda ctx, h, tag: _map(ctx).has_tag(h, tag), 2, 2, "bool",
             params=("any", "str"), doc="whether a hex's terrain type carries a tag", reads=()),
    Function("features_at", lambda ctx, h: _map(ctx).features_at(h), 1, 1, "list",
             doc="the kinds of named features in a hex (port, airfield, exit...)", reads=()),
    Function("hexside_features", lambda ctx, a, b: _map(ctx).hexside_features(a, b), 2, 2,
             "list", doc="the features on the hexside between two adjacent hexes", reads=()),
    Function("roads_between", lambda ctx, a, b: sorted(_map(ctx).roads_between(a, b)), 2, 2,
             "list", doc="the road types joining two adjacent hexes", reads=()),
    Function("roads_connect", lambda ctx, a, b, c: _map(ctx).roads_connect(a, b, c), 3, 3,
             "bool", doc="whether a road from a into b goes on to c (not two roads crossing)",
             reads=()),
    Function("neighbours", _neighbours, 1, 1, "list", doc="the adjacent hexes on the map",
             reads=()),
    Function("turn_day", _turn_day, 1, 1, "int", params=("int",),
             doc="the day of a turn on the turn track, as a day count (see day_number)", reads=()),
    Function("day_number", lambda ctx, date: _day_number(date), 1, 1, "int", params=("str",),
             doc="a date \"1941-05-23\" as a day count, to compare with turn_day()", reads=()),
    Function("label_of_turn", _label_of_turn, 1, 1, "str", params=("int",),
             doc="the label of turn N on the turn track (none off the track)", reads=()),
    Function("turn_tagged", _turn_tagged, 2, 2, "bool", params=("int", "str"),
             doc="whether turn N of the turn track carries a tag (e.g. \"night\")", reads=()),
    Function("feature_hexes", _feature_hexes, 1, 1, "list", params=("str",),
             doc="ids of the hexes of the map holding a feature of a kind (port, airfield...)",
             reads=()),
    Function("feature_groups", _feature_groups, 1, 1, "list", params=("str",),
             doc="the hexes of each named feature of a kind, one list per name", reads=()),
    Function("map_of", lambda ctx, h: _map(ctx).sheets.get(h), 1, 1, "str",
             doc="the id of the map sheet a hex is on (several sheets may be in play)", reads=()),
    Function("hex_at", lambda ctx, h: Ref("hex", h), 1, 1, "hex",
             doc="the hex with this id, as an entity (to set a marker on it)", reads=()),
    Function("hexes_marked", _hexes_marked, 1, 1, "list", params=("str",),
             doc="ids of the hexes where a track is above zero", reads=("@arg0",)),
    Function("advance_turn", _advance_turn, 0, 0, "int", pure=False,
             doc="move the turn marker up one turn"),
    Function("all_of", lambda ctx, kind: ctx.world.refs(kind), 1, 1, "list", params=("str",),
             doc="every entity of a kind: all_of(\"unit\")", reads=()),
    Function("units_with", _units_with, 1, 1, "list", params=("str",),
             doc="every unit whose attribute is not none: units_with(\"entry_hex\")",
             reads=("@arg0",)),
    Function("units_of_other_sides", _units_of_other_sides, 1, 1, "list", params=("side",),
             doc="every unit whose side is not this one", reads=("side",)),
    Function("pool_add", _pool_add, 2, 2, "none", pure=False, params=("str", "any"),
             doc="put a piece into a named pool that pieces are drawn from blindly"),
    Function("pool_draw", _pool_draw, 1, 1, "any", pure=False, params=("str",),
             doc="draw a piece blindly from a pool; none when it is empty"),
    Function("pool_remove", _pool_remove, 2, 2, "none", pure=False, params=("str", "any"),
             doc="take a named piece out of a pool"),
    Function("pool_contents", lambda ctx, pool: ctx.world.pool(pool), 1, 1, "list",
             params=("str",), doc="the pieces in a pool"),
    Function("pool_size", lambda ctx, pool: len(ctx.world.pools.get(pool, [])), 1, 1, "int",
             params=("str",), doc="how many pieces a pool holds"),
)})
