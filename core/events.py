"""What each of the kernel's own events changes in a game state.

:meth:`GameState.record <kriegsspiel.core.state.GameState.record>` appends
every event to the log; those of the kernel (``_STATE_EVENTS``) are applied
here: a piece moved, placed or eliminated, a track or link set, a counter
flipped, the turn advanced, a pool changed.  Each also counts what it changed
(``GameState.stamps``), and forgets the attribute values the state keeps for
the readers (``core.readers``) that it may change — only those.
"""

from __future__ import annotations

from typing import Any

try:
    import cython  # compiling (setup.py): the declarations below type the tables
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

# The events that change what attributes other than placement read.
_ATTR_EVENTS = frozenset({"track_changed", "link_changed", "unit_flipped"})
# The events that change where pieces are.
_PLACEMENT_EVENTS = frozenset({"unit_moved", "unit_placed", "unit_eliminated"})
# The events that change what rules can read: the kernel's own, which
# apply_event applies (dsl.declarations.KERNEL_EVENTS; a test checks the two agree).
_STATE_EVENTS = _ATTR_EVENTS | _PLACEMENT_EVENTS | {"turn_advanced", "pool_added",
                                                    "pool_drawn", "pool_removed"}
# The events that change a value the readers keep.
_KEPT_EVENTS = _ATTR_EVENTS | _PLACEMENT_EVENTS
_PIECE_KINDS = ("unit", "leader")  # the kinds of piece placed on the map, by their id


_NO_CAUSE: Any = object()


class Event:
    """One entry of the log and the explanations behind it (``cause``).  Every
    change makes one: by hand, not a dataclass, so that compiled it is an
    extension type (events.pxd); equal, unhashable and shown as the dataclass."""

    __slots__ = ("seq", "kind", "data", "cause")

    def __init__(self, seq: int, kind: str, data: dict, cause: Any = _NO_CAUSE) -> None:
        self.seq = seq
        self.kind = kind
        self.data = data
        self.cause = [] if cause is _NO_CAUSE else cause

    def __eq__(self, other: object) -> bool:
        if type(other) is not Event:
            return NotImplemented
        return (self.seq, self.kind, self.data, self.cause) == (
            other.seq, other.kind, other.data, other.cause)

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass

    def __repr__(self) -> str:
        return (f"Event(seq={self.seq!r}, kind={self.kind!r}, data={self.data!r}, "
                f"cause={self.cause!r})")

    def to_json(self) -> dict:
        from kriegsspiel.core.jsonable import jsonable  # it reads Refs: imported when written
        return {"seq": self.seq, "kind": self.kind, "data": self.data,
                "cause": jsonable(self.cause)}


@cython.locals(reads=dict, data=dict, kept=dict)
def forget_reads(state: Any, reads: dict, kind: str, data: dict) -> None:
    """Forget what *state* keeps of its readers' reads (``reads``: name →
    entity key → value) that an event of *kind* (one of ``_KEPT_EVENTS``)
    changes.  A kept read — a track, a link, the face's or the catalog's
    value — changes only with its own track or link of its own entity, or
    with a flip (all of them); where a piece is (``hex``, ``on_map``) with its
    own moves, placings and elimination."""
    if kind == "unit_flipped":
        state._reads = {}
        return
    if kind in _PLACEMENT_EVENTS:
        unit = data["unit"]
        for name in ("hex", "on_map"):
            kept = reads.get(name)
            if kept is not None:
                for piece in _PIECE_KINDS:
                    kept.pop(f"{piece}:{unit}", None)
        return
    kept = reads.get(data["track"] if kind == "track_changed" else data["link"])
    if kept is not None:
        kept.pop(data["entity"], None)


@cython.locals(d=dict, tables=dict, tracked=dict)
def apply_event(state: Any, event: Any) -> None:
    """Make the change a kernel event records, and count it (``stamps``)."""
    d, kind = event.data, event.kind
    if kind in _ATTR_EVENTS:
        if kind == "unit_flipped":
            state._flips += 1
        else:
            name = d["track"] if kind == "track_changed" else d["link"]
            tables = state._changed
            tables[name] = tables.get(name, 0) + 1
    if kind == "track_changed":
        tables = state.tracks
        entity = d["entity"]
        tracked = tables.get(entity)
        if tracked is None:
            tracked = tables[entity] = {}
        tracked[d["track"]] = d["new"]
    elif kind in ("unit_moved", "unit_placed"):
        tables = state.placement
        unit = d["unit"]
        if (tables.get(unit) is None) != (d["destination"] is None):
            state._entries += 1
        tables[unit] = d["destination"]
        if kind == "unit_placed" and d["destination"] is not None:
            state.eliminated.discard(d["unit"])  # a counter put back in play (a Rearguard)
    elif kind == "unit_flipped":
        state.faces[d["unit"]] = d["face"]
    elif kind == "unit_eliminated":
        state._entries += 1
        state.eliminated.add(d["unit"])
        state.placement[d["unit"]] = None
    elif kind == "turn_advanced":
        state.turn = d["turn"]
    elif kind == "link_changed":
        state.links.setdefault(d["entity"], {})[d["link"]] = d["new"]
    elif kind == "pool_added":
        entity_kind, ident = d["entity"].split(":", 1)
        state.pools.setdefault(d["pool"], []).append(ident)
        state.pool_kinds[d["pool"]] = entity_kind
    elif kind in ("pool_drawn", "pool_removed"):
        state.pools[d["pool"]].remove(d["entity"].split(":", 1)[1])


__all__ = ["apply_event", "forget_reads"]
