"""Where can this piece get to with its allowance?  The kernel's reach search,
for rules (``reachable_among``), bots and displays.

The ruleset decides every step; this module only runs a least-cost search
(``core.movegraph``) over its answers to four questions, defs of these names:

==================================  =========================================
``reach_allowance(unit)``           what the piece may spend, in the units
                                    its costs are in (whole points, or GTS's
                                    half points)
``reach_step_cost(unit, a, b)``     what moving from hex a into b costs;
                                    none: it cannot
``reach_may_enter(unit, h, kind)``  whether it may be in hex h (enemy hexes,
                                    stacking …); *kind* is the caller's (the
                                    kind of move asked about)
``reach_stops_in(unit, h)``         optional: entering h ends the move (a
                                    zone of control); the start never does
==================================  =========================================

Step costs read the map and the game's state, so they are cached while the
state's version stands still, per map and per the values of the piece that
the cost rules actually read: the attribute names of ``reach_step_cost``'s
read set (dsl.lasting), never a hand-kept list.  A read set the compiler
cannot work out keys the cache by the piece itself.  Entering and stopping
depend on where other pieces are and are asked afresh on every search.

It leaves out what needs a decision along the way: it answers "reachable
with the allowance as it is".
"""

from __future__ import annotations

import weakref
from typing import Any

from kriegsspiel.core.movegraph import reachable
from kriegsspiel.dsl.lasting import read_set
from kriegsspiel.dsl.runtime import Context
from kriegsspiel.dsl.types import Function

ALLOWANCE_RULE = "reach_allowance"
COST_RULE = "reach_step_cost"
ENTER_RULE = "reach_may_enter"
STOP_RULE = "reach_stops_in"

_COSTS: "weakref.WeakKeyDictionary[Any, dict]" = weakref.WeakKeyDictionary()
_COST_READS: "weakref.WeakKeyDictionary[Any, tuple | None]" = weakref.WeakKeyDictionary()
_MISSING = object()


def reachable_hexes(ctx: Context, unit: Any, kind: str) -> list[str]:
    """Hex ids the piece can reach, nearest first (ties by id)."""
    return _reach(ctx, unit, kind, None)


def reachable_among(ctx: Context, unit: Any, kind: str, hexes: list[str]) -> list[str]:
    """Those of *hexes* the piece can reach, in reachable_hexes' order.  The
    search stops once each of them is settled: a few hexes near the piece cost
    a fraction of the whole allowance's search."""
    if not hexes:
        return []
    return _reach(ctx, unit, kind, hexes)


def can_reach_any(ctx: Context, unit: Any, kind: str, hexes: list[str]) -> bool:
    """Whether the piece can reach at least one of *hexes*: the search stops at
    the first of them it settles."""
    return bool(hexes) and bool(_reach(ctx, unit, kind, hexes, first=True))


def _cost_key(rules: Any, world: Any, unit: Any) -> tuple:
    """What of *unit* its step costs can depend on: the values of the names the
    cost rules read (the piece itself when that is not known)."""
    names = _COST_READS.get(rules, _MISSING)
    if names is _MISSING:
        reads = read_set(rules, COST_RULE)
        names = _COST_READS[rules] = None if reads is None else \
            tuple(sorted(n for n in reads if not n.startswith("@")))
    if names is None:
        return (unit,)
    return tuple(world.attr(unit, n) for n in names)


def _reach(ctx: Context, unit: Any, kind: str, targets: list[str] | None,
           first: bool = False) -> list[str]:
    world, rules = ctx.world, ctx.rules
    start = world.attr(unit, "hex")
    if start is None or world.map is None:
        return []
    # A scratch context: these are pure questions, and their explanations must
    # not pile up on the next real change of the game — nor be made at all:
    # the search asks hundreds of them and nobody reads their records.
    scratch = Context(world, ctx.dice, ctx.decider, rules=rules, explaining=False)
    # The rules' remembered results and scans are the caller's (same game,
    # same moment), or kept for this search.
    scratch.memo = ctx.memo if ctx.memo is not None else {}
    scratch.memo_version = ctx.memo_version if ctx.memo is not None else -1
    scratch.lasting = ctx.lasting if ctx.lasting is not None else {}
    allowance = rules.call(ALLOWANCE_RULE, scratch, unit)
    key = (id(world.map),) + _cost_key(rules, world, unit)
    per_program = _COSTS.setdefault(rules, {})
    owner, version, costs = per_program.get(key, (None, None, None))
    # A new map (an id may be reused after another is freed) or a changed game.
    if owner is not world.map or version != world.version:
        costs = {}
        per_program[key] = (world.map, world.version, costs)
    grid, game_map = world.grid, world.map
    allowed: dict = {}  # Hex → may the piece be there (asked once per hex per call)
    names: dict = {}    # Hex → its id

    def name(h):
        text = names.get(h)
        if text is None:
            text = names[h] = grid.format(h)
        return text

    def cost(a, b):
        value = costs.get((a, b), _MISSING)
        if value is _MISSING:
            hb = name(b)
            value = costs[(a, b)] = (rules.call(COST_RULE, scratch, unit, name(a), hb)
                                     if game_map.contains(hb) else None)
        if value is None:
            return None
        ok = allowed.get(b)
        if ok is None:
            ok = allowed[b] = bool(rules.call(ENTER_RULE, scratch, unit, name(b), kind))
        return value if ok else None

    stops = None
    if STOP_RULE in rules.decls:
        def stops(h):
            return bool(rules.call(STOP_RULE, scratch, unit, name(h)))
    wanted = None if targets is None else {grid.parse(h) for h in targets}
    reach = reachable(grid, grid.parse(start), allowance, cost, targets=wanted,
                      first_target=first, stops=stops)
    found = sorted((c, grid.format(h)) for h, c in reach.items()
                   if grid.format(h) != start and (wanted is None or h in wanted))
    return [h for _, h in found]


PRIMITIVES = (
    Function("reachable_hexes", reachable_hexes, 2, 2, "list", params=("unit", "str"),
             doc="the hexes a piece can reach with its allowance (reach_allowance, "
                 "reach_step_cost, reach_may_enter, reach_stops_in), nearest first"),
    Function("reachable_among", reachable_among, 3, 3, "list", params=("unit", "str", "list"),
             doc="those of the given hexes a piece can reach, nearest first"),
    Function("can_reach_any", can_reach_any, 3, 3, "bool", params=("unit", "str", "list"),
             doc="whether a piece can reach any of the given hexes"),
)
