"""The kernel's scans of every entity, kept while a top-level rule call runs.

Rules ask the same questions of the whole game hex after hex — which Units
have an attribute, which stand near a hex — while nothing they read changes.
:func:`_scan` keeps a scan for one state of the game, :func:`_lasting` while
the attribute it reads stands still, and :func:`_units_near` (the cut before a
rule's area of effect is looked at closely) keeps its answers hex by
hex while the listed Units stay where they are.  ``kernel.py`` exposes them
to the rule language.
"""

from __future__ import annotations

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.core.readers import attr_reader
from kriegsspiel.core.state import Ref
from kriegsspiel.dsl.runtime import Context


# From this many units on, units_near groups them by hex once per state of the
# game instead of reading every one's hex at every call.
NEAR_GROUPED = 4


def _units_near(ctx, units: list, hex_id: str, reach: int) -> list[Ref]:
    """Those of *units* on the map within *reach* hexes of *hex_id*, in their
    order: a cheap first cut before a rule looks at each one closely.

    Rules ask it of the same list (the Units projecting an area of effect,
    say) for hex after hex, so a long list is grouped by hex once per state of the game
    (while a top-level call runs, as ``_scan`` keeps scans) and its answers
    are kept, hex by hex, for as long as none of those units moves: the other
    side's moves, a marker or a step lost change nothing here."""
    if hex_id is None:
        return []
    world = ctx.world
    distance = world.distance
    near = None
    if len(units) >= NEAR_GROUPED and ctx.memo is not None:
        # The memo looked up here, not through _scan: no closure made at each call.
        key = ("units_near", tuple(units))
        memo = _memo(ctx)
        try:
            near = memo.get(key)
            if near is None:
                near = memo[key] = _near_index(ctx, units, key)
        except TypeError:  # something unhashable in the list: measured one by one below
            near = None
    if near is not None:
        groups, answers, cells = near
        key = (hex_id, reach)
        found = answers.get(key)
        if found is None:
            picked = _near_cells(world, cells, hex_id, reach, len(groups)) \
                if cells is not None else None
            if picked is None:
                picked = [at for at in groups]
            picked = [at for at in picked if distance(at, hex_id) <= reach]
            found = answers[key] = groups[picked[0]] if len(picked) == 1 else \
                sorted([i for at in picked for i in groups[at]])
        return [units[i] for i in found]
    where = attr_reader("hex").read  # a bound method: a vector call, not __call__
    near, measured = [], {}  # hex → within reach: Units stack, so each hex is measured once
    for unit in units:
        at = where(world, unit)
        if at is None:
            continue
        close = measured.get(at)
        if close is None:
            close = measured[at] = distance(at, hex_id) <= reach
        if close:
            near.append(unit)
    return near


@cython.locals(ctx=Context)  # compiled: its fields read as a struct's
def _near_index(ctx, units: list, key: tuple) -> tuple:
    """*units* grouped by hex (``_by_hex``) and the answers found so far for
    them: those of an earlier state of the game, while the top-level call
    runs, when the same units stood in the same hexes (an answer depends on
    nothing else: distances are the map's).  *key* names the list."""
    groups = _by_hex(ctx.world, units)
    kept = ctx.lasting
    if kept is None:
        return groups, {}, _cells(ctx.world, groups)
    before = kept.get(key)
    if before is not None and before[0] == groups:
        return before
    kept[key] = found = (groups, {}, _cells(ctx.world, groups))
    return found


def _cells(world, groups: dict) -> dict | None:
    """The hex ids of *groups* by their grid cell, to look up the cells around
    a hex instead of measuring to every group; None when one does not parse
    (each is then measured, as ever)."""
    grid = getattr(world, "grid", None)
    if grid is None:
        return None
    cells: dict = {}
    try:
        for at in groups:
            cells.setdefault(grid.parse(at), []).append(at)
    except Exception:  # measured one by one, which says what is wrong
        return None
    return cells


def _near_cells(world, cells: dict, hex_id: str, reach: int, hexes: int) -> list | None:
    """The ids in *cells* whose cell may be within *reach* of *hex_id* (a
    superset of those within *reach* by the world's distance, which never
    measures less than the grid does), in no particular order; None when
    *hex_id* does not parse.  The cells around the hex are looked up when
    they are fewer than the *hexes* held; else each held cell is kept if its
    column and row are both within *reach* of the hex's (a step to a
    neighbouring hex changes each by one at most)."""
    grid = world.grid
    if not isinstance(reach, int):  # a reach that is no whole number: measured one by one
        return None
    try:
        centre = grid.parse(hex_id)
    except Exception:
        return None
    found = []
    if 3 * reach * (reach + 1) + 1 < hexes:
        for cell in grid.within(centre, reach, bounded=False):
            ids = cells.get(cell)
            if ids is not None:
                found.extend(ids)
        return found
    col, row = centre[0], centre[1]
    for cell, ids in cells.items():
        if -reach <= cell[0] - col <= reach and -reach <= cell[1] - row <= reach:
            found.extend(ids)
    return found


def _by_hex(world, units: list) -> dict:
    """The positions in *units* of the Units in each hex, the Units off the map
    left out."""
    where = attr_reader("hex").read  # a bound method: a vector call, not __call__
    groups: dict = {}
    for i, unit in enumerate(units):
        at = where(world, unit)
        if at is not None:
            positions = groups.get(at)
            if positions is None:
                groups[at] = [i]
            else:
                positions.append(i)
    return groups


# Attributes the kernel keeps from placement (they change with every move).
KERNEL_KEPT = frozenset({"id", "hex", "on_map", "eliminated", "face"})


@cython.locals(ctx=Context)  # compiled: its fields read as a struct's
def _lasting(ctx, key: tuple, attribute: str, compute):
    """*compute()* — a scan reading *attribute* of entities — kept while a
    top-level rule call runs and nothing that attribute reads has changed
    (the world's ``attr_stamp``): moves, say, do not change a Unit's side."""
    lasting = ctx.lasting if ctx is not None else None
    stamp_of = getattr(ctx.world, "attr_stamp", None) if ctx is not None else None
    if lasting is None or stamp_of is None or attribute in KERNEL_KEPT:
        return _scan(ctx, key, compute)
    stamp = stamp_of(attribute)
    found = lasting.get(key)
    if found is None or found[0] != stamp:
        found = lasting[key] = (stamp, compute())
    return found[1]


@cython.locals(ctx=Context)  # compiled: its fields read as a struct's
def _scan(ctx, key: tuple, compute):
    """*compute()* — a scan of every entity — once per state of the game while a
    top-level rule call runs (the memo of ``dsl.program.remembered``): rules ask
    it for every hex a Unit might enter."""
    if ctx is None or ctx.memo is None:
        return compute()
    memo = _memo(ctx)
    found = memo.get(key)
    if found is None:
        found = memo[key] = compute()
    return found  # shared: the caller copies what it hands on


@cython.locals(ctx=Context)  # compiled: its fields read as a struct's
def _memo(ctx) -> dict:
    """The scans kept for the state of the game that stands (*ctx*'s memo,
    emptied when the game has moved on since it was last asked)."""
    memo = ctx.memo
    version = ctx.world.version
    if version != ctx.memo_version:
        memo.clear()
        ctx.memo_version = version
    return memo
