"""Line of Sight tracing: the kernel's primitive behind a ruleset's Line of
Sight (GTS: ``has_los`` in modules/gts/rules/los.ksr).

The rules say what blocks; this module only walks the line.  For a line from
the centre dot of one hex to the centre dot of another (gts:15.4) it takes the
exact trace (``core.hexline``: steps of kind ``hex``, ``along`` and
``vertex``) and, for every part of the line that is not one of its two end
hexes, asks a rule definition what that part puts in the way:

=============================  ==============================================
the line ...                   asks
=============================  ==============================================
passes through a hex           ``los_hex_obstacle(hex)``
crosses a hexside              ``los_hexside_obstacle(a, b, from, to)`` (a
                               before b; only for hexsides the map prints a
                               feature on — a bare hexside has nothing to
                               block with)
runs along a hexside           ``los_along_obstacle(a, b)``
goes through a corner          ``los_vertex_obstacle(before, grazed, after,
                               from, to)``
=============================  ==============================================

Each answer is ``none`` or the name of an obstacle (``"blocking"``; an
exclusive ruleset may invent more, e.g. Crete's orchards that block in pairs).
The end hexes are never asked about: a line may enter the hex it ends in and
leave the hex it starts from.  A line that meets no obstacle is clear;
otherwise ``los_blocked(obstacles, from, to, purpose)`` decides.  An exclusive
ruleset changes Line of Sight by overriding those definitions, never this file.

Answers are cached per (from, to, purpose).  What they may depend on besides
the map is declared by the rules (``const los_cache_depends_on``: the entity
kinds whose tracks matter, e.g. barrage markers on hexes) and the turn; the
cache is dropped when an event changes such a track, the turn advances, the
log is rolled back or replaced, or the program, grid or map changes.  State
must change through events (``GameState.record``), as the kernel requires.
"""

from __future__ import annotations

import weakref

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.hexline import ALONG, HEX, VERTEX
from kriegsspiel.core.sheets import SheetedGrid
from kriegsspiel.core.state import GameState, Ref
from kriegsspiel.dsl.runtime import Context
from kriegsspiel.dsl.types import Function

# The rule definitions the tracer asks (GTS: modules/gts/rules/los.ksr).
HEX_RULE = "los_hex_obstacle"
HEXSIDE_RULE = "los_hexside_obstacle"
ALONG_RULE = "los_along_obstacle"
VERTEX_RULE = "los_vertex_obstacle"
VERDICT_RULE = "los_blocked"
PURPOSES = "los_purpose"             # enum of the purposes a line is traced for
DEPENDS = "los_cache_depends_on"     # const: entity kinds whose tracks LOS reads

# What a line's answer depends on besides the map: what these read (and the
# turn, as the cache's own keeping has it).
_LOS_RULES = (HEX_RULE, HEXSIDE_RULE, ALONG_RULE, VERTEX_RULE, VERDICT_RULE)

# Geometry is the same on every hex grid in cube coordinates (flat or pointy,
# odd or even offset are linear images of one lattice), so a trace is computed
# once per cube difference and translated.
_REFERENCE = HexGrid((0, 0, 0, 0))
_RELATIVE: dict[tuple[int, int, int], tuple] = {}


def _relative(delta: tuple[int, int, int]) -> tuple:
    """The trace from cube (0,0,0) to *delta*: ((kind, (cube, ...)), ...)."""
    steps = _RELATIVE.get(delta)
    if steps is None:
        ref = _REFERENCE
        trace = ref.trace(ref.from_cube(0, 0, 0), ref.from_cube(*delta))
        steps = _RELATIVE[delta] = tuple(
            (s.kind, tuple(ref.to_cube(h) for h in s.hexes)) for s in trace.steps)
    return steps


class _Tracer:
    """Caches of one game state: geometry (per grid and map) and LOS answers."""

    def __init__(self) -> None:
        self.program = self.grid = self.map = self.log = None
        self.seen = self.turn = 0
        self.prefixes: tuple[str, ...] = ()
        self.purposes: frozenset = frozenset()
        self.busy = False
        self.separate = False  # several planes of sheets (core.sheets)
        self.cubes: dict[str, tuple[int, int, int]] = {}
        self.ids: dict[tuple[int, int, int], str] = {}
        self.around: dict[tuple[str, int], list[str]] = {}
        self._forget_answers()

    def _forget_answers(self) -> None:
        self.results: dict[tuple, bool] = {}
        self.hex_answers: dict[str, object] = {}
        self.along_answers: dict[tuple[str, str], object] = {}

    # ---- keeping the caches honest ------------------------------------
    def sync(self, ctx) -> None:
        world, program = ctx.world, ctx.rules
        if program is None:
            raise KsError("line of sight needs the rules (a context without a program)")
        log = getattr(world, "log", None)
        grid, game_map = world.grid, getattr(world, "map", None)
        if program is not self.program or grid is not self.grid or game_map is not self.map:
            if grid is None:
                raise KsError("line of sight needs a hex grid: this game has none")
            busy = self.busy
            self.__init__()
            self.busy, self.program, self.grid, self.map = busy, program, grid, game_map
            self.separate = isinstance(grid, SheetedGrid)
            self.prefixes = tuple(f"{kind}:" for kind in program.const(DEPENDS))
            self.purposes = frozenset(program.enums[PURPOSES].members) \
                if PURPOSES in program.enums else frozenset()
        elif log is None or log is not self.log or len(log) < self.seen \
                or world.turn != self.turn:
            self._forget_answers()
        elif len(log) > self.seen:
            # By index: islice would walk the whole log up to `seen` on every call.
            for event in log[self.seen:]:
                if event.kind == "turn_advanced" or (
                        event.kind == "track_changed"
                        and str(event.data.get("entity", "")).startswith(self.prefixes)):
                    self._forget_answers()
                    break
        self.log, self.seen, self.turn = log, len(log) if log is not None else 0, world.turn

    # ---- geometry -----------------------------------------------------
    def cube(self, hex_id: str) -> tuple[int, int, int]:
        c = self.cubes.get(hex_id)
        if c is None:
            if not isinstance(hex_id, str):
                raise KsError(f"line of sight between hexes, but got {hex_id!r}")
            grid = self.grid
            c = self.cubes[hex_id] = grid.to_cube(grid.parse(hex_id, on_map=False))
        return c

    def hex_id(self, cube: tuple[int, int, int]) -> str:
        h = self.ids.get(cube)
        if h is None:
            grid = self.grid
            h = self.ids[cube] = grid.format(grid.from_axial(cube[0], cube[2]))
        return h

    def on_map(self, hex_id: str) -> bool:
        if self.map is not None:
            return self.map.contains(hex_id)
        return self.grid.contains(self.grid.parse(hex_id, on_map=False))

    def hexes_around(self, hex_id: str, n: int) -> list[str]:
        key = (hex_id, n)
        out = self.around.get(key)
        if out is None:
            x, y, z = self.cube(hex_id)
            out = []
            for k in range(1, max(int(n), 0) + 1):  # ring by ring, nearest first
                for dx, dy, dz in _ring(k):
                    h = self.hex_id((x + dx, y + dy, z + dz))
                    if self.on_map(h):
                        out.append(h)
            self.around[key] = out
        return list(out)

    # ---- asking the rules ---------------------------------------------
    def obstacles(self, ctx, a: str, b: str) -> list[str]:
        """What the line from *a* to *b* meets, in order (end hexes excluded)."""
        ca, cb = self.cube(a), self.cube(b)
        if ca == cb:
            return []
        steps = _relative((cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]))
        call, game_map = self.program.call, self.map
        ids = [tuple(self.hex_id((ca[0] + c[0], ca[1] + c[1], ca[2] + c[2])) for c in cubes)
               for _, cubes in steps]
        last = len(steps) - 1
        ids[0], ids[last] = (a,), (b,)  # the ends as the rules named them
        out: list = []
        for i, (kind, _) in enumerate(steps):
            here = ids[i]
            if kind == HEX:
                h = here[0]
                if 0 < i < last:
                    answer = self.hex_answers.get(h, _MISSING)
                    if answer is _MISSING:
                        answer = self.hex_answers[h] = call(HEX_RULE, ctx, h)
                    out.append(answer)
                if i > 0 and steps[i - 1][0] == HEX:
                    p = ids[i - 1][0]
                    if game_map is not None and game_map.hexside_features(p, h):
                        out.append(call(HEXSIDE_RULE, ctx, p, h, a, b))
            elif kind == ALONG:
                pair = (here[0], here[1])
                answer = self.along_answers.get(pair, _MISSING)
                if answer is _MISSING:
                    answer = self.along_answers[pair] = call(ALONG_RULE, ctx, *pair)
                out.append(answer)
            elif kind == VERTEX:
                out.append(call(VERTEX_RULE, ctx, ids[i - 1][0], here[0], ids[i + 1][0], a, b))
        return [o for o in out if o is not None and o != ""]

    def unblocked(self, ctx, a: str, b: str, purpose: str) -> bool:
        key = (a, b, purpose)
        answer = self.results.get(key)
        if answer is None:
            if self.purposes and purpose not in self.purposes:
                raise KsError(f"unknown line of sight purpose {purpose!r} (the rules know "
                              f"{', '.join(sorted(self.purposes))})")
            grid = self.grid
            if self.separate and not grid.same_plane(grid.parse(a, on_map=False),
                                                     grid.parse(b, on_map=False)):
                self.results[key] = False  # no line joins separate map sheets
                return False
            obstacles = self.obstacles(ctx, a, b)
            answer = not obstacles or not self.program.call(VERDICT_RULE, ctx, obstacles,
                                                            a, b, purpose)
            self.results[key] = answer = bool(answer)
        return answer


_MISSING = object()
_NO_HEXES: dict = {}
_HEX_OWN = frozenset({"terrain", "id"})  # what GameState.attr gives a hex of its own
_STATES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_CUBE_DIRECTIONS = ((1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1))


def _ring(k: int) -> list[tuple[int, int, int]]:
    x, y, z = (k * c for c in _CUBE_DIRECTIONS[4])  # start k steps out, then walk round
    out = []
    for dx, dy, dz in _CUBE_DIRECTIONS:
        for _ in range(k):
            out.append((x, y, z))
            x, y, z = x + dx, y + dy, z + dz
    return out


class _Guard:
    """Runs rule questions without leaving their explanations behind (one Line
    of Sight asks many small questions; the def that asked for it explains
    itself) and refuses rules that would ask for a Line of Sight themselves."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.tracer = _tracer(ctx)

    def __enter__(self) -> _Tracer:
        if self.tracer.busy:
            raise KsError("a line of sight rule asked for a line of sight itself; the rules "
                          "that say what blocks must not use has_los or los_unblocked")
        self.tracer.busy = True
        self.mark = len(self.ctx.trace)
        return self.tracer

    def __exit__(self, *exc) -> None:
        self.tracer.busy = False
        del self.ctx.trace[self.mark:]


def _tracer(ctx) -> _Tracer:
    if ctx is None:
        raise KsError("line of sight needs a game (it cannot be used in a const)")
    world = ctx.world
    tracer = _STATES.get(world)
    if tracer is None:
        tracer = _STATES[world] = _Tracer()
    tracer.sync(ctx)
    return tracer


def forget(world) -> None:
    """Drop every cached answer for *world* (benchmarks measure cold runs)."""
    _STATES.pop(world, None)


# ---- the primitives ---------------------------------------------------------
def _los_unblocked(ctx, a, b, purpose):
    with _Guard(ctx) as tracer:
        return tracer.unblocked(ctx, a, b, purpose)


def _los_obstacles(ctx, a, b):
    with _Guard(ctx) as tracer:
        return tracer.obstacles(ctx, a, b)


def _hexes_around(ctx, hex_id, n):
    if hex_id is None:
        return []
    return _tracer(ctx).hexes_around(hex_id, n)


def _map_has_hex(ctx, hex_id) -> bool:
    game_map = getattr(ctx.world, "map", None)
    return game_map is not None and isinstance(hex_id, str) and game_map.contains(hex_id)


@cython.locals(ctx=Context, world=GameState, tables=dict, tracked=dict)  # compiled: struct reads
def _hex_marker(ctx, hex_id, name):
    """A marker kept on a hex; 0 when none is there (hexes need no catalog entry)."""
    rules = ctx.rules
    decl = rules.tracks.get(name) if rules is not None else None
    if decl is None or decl.on != "hex":
        raise KsError(f"no marker '{name}' is declared on hex (declare it: "
                      f"marker {name} on hex @...)")
    if hex_id is None:
        return 0
    world = ctx.world
    if type(hex_id) is str and name not in _HEX_OWN:
        # A hex whose marker was set, or that has nothing of its own (no catalog
        # entry, no link), read without a Ref made and GameState.attr's path:
        # rules ask it of every hex a Unit might enter.  What attr would read:
        key = "hex:" + hex_id
        tables = world.tracks
        tracked = tables.get(key)
        if tracked is not None and name in tracked:
            return tracked[name] or 0
        tables = world.links
        if key not in tables:
            tables = world.catalog
            if hex_id not in tables.get("hex", _NO_HEXES):
                return 0
    try:
        value = world.attr(Ref("hex", hex_id), name)
    except KeyError:  # a hex the catalog does not list: nothing tracked on it
        value = 0
    return value or 0


def _terrain_type_has(ctx, terrain_id, tag) -> bool:
    game_map = getattr(ctx.world, "map", None)
    return game_map is not None and tag in game_map.tags.get(terrain_id, ())


def _hexside_low_side(ctx, a, b, feature):
    game_map = getattr(ctx.world, "map", None)
    return None if game_map is None else game_map.low_side(a, b, feature)


PRIMITIVES = [
    Function("los_unblocked", _los_unblocked, 3, 3, "bool", params=("any", "any", "str"),
             doc="whether the line between two hex centres is unblocked for a purpose, by "
                 "the ruleset's los_* rules; distance is not checked",
             reads=("@turn", *(f"@def:{name}" for name in _LOS_RULES))),
    Function("los_obstacles", _los_obstacles, 2, 2, "list",
             doc="what the line between two hex centres meets, in order, as the los_* "
                 "rules name it"),
    Function("hexes_around", _hexes_around, 2, 2, "list", params=("any", "int"),
             doc="the hexes of the map at distance 1..n from a hex, nearest first", reads=()),
    Function("map_has_hex", _map_has_hex, 1, 1, "bool",
             doc="whether the map in play has this hex (false when no map is in play)", reads=()),
    Function("hex_marker", _hex_marker, 2, 2, "int", params=("any", "str"),
             doc="a marker declared 'on hex' (e.g. barrage), 0 when the hex has none",
             reads=("@arg1",)),
    Function("terrain_type_has", _terrain_type_has, 2, 2, "bool", params=("str", "str"),
             doc="whether a terrain type (e.g. a hexside feature) carries a tag", reads=()),
    Function("hexside_low_side", _hexside_low_side, 3, 3, "any", params=("any", "any", "str"),
             doc="the lower of two hexes across an elevation hexside feature, or none", reads=()),
]
