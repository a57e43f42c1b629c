"""Game state: where every piece is, what is tracked on it, and the event log.

The kernel keeps the *mutable* facts only — placement of units and leaders,
which face of a counter is up, eliminations, and named integer tracks (markers
on units, points on divisions, anything a rule file declares with ``track`` or
``marker``).  Static facts (a counter's printed values, a division's ratings,
a hex's terrain) come from a read-only catalog built from the game data.

Every change goes through :meth:`GameState.record`, which appends an
:class:`Event` and applies it; nothing else mutates the state.  So the log is
a complete account of the game, a save is a snapshot plus the log, and
:meth:`digest` lets tests prove that a rejected action changed nothing.
"""

from __future__ import annotations

import copy
import hashlib
import json
from contextlib import contextmanager
from dataclasses import FrozenInstanceError
from typing import Any, Iterator

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.core.events import (_KEPT_EVENTS, _PIECE_KINDS, _PLACEMENT_EVENTS,
                                     _STATE_EVENTS, Event, apply_event, forget_reads)

try:
    import cython  # compiling (setup.py): state.pxd makes Ref and GameState extension types
except ImportError:  # running from source
    from kriegsspiel.core import nocython as cython


class Ref:
    """A reference to an entity: ``Ref("unit", "1 A/1 Inf")``.

    Immutable and compared by value, like the frozen dataclass it was; written
    out by hand because every rule compares and hashes them: the state's key
    (``key``) and the hash are worked out once, when the Ref is made, and an
    identical Ref (the state hands out one object per entity) compares at once.
    """

    __slots__ = ("kind", "id", "key", "_hash")
    __match_args__ = ("kind", "id")

    def __init__(self, kind: str, id: str) -> None:  # noqa: A002 — the entity's id
        if cython.compiled:  # an extension type (state.pxd): its fields are set directly
            self.kind, self.id, self.key, self._hash = kind, id, f"{kind}:{id}", hash((kind, id))
            return
        put = object.__setattr__
        put(self, "kind", kind)
        put(self, "id", id)
        # 'unit:1 A/1 Inf' — how the state's tables name the entity.
        put(self, "key", f"{kind}:{id}")
        put(self, "_hash", hash((kind, id)))

    @cython.locals(o="Ref")  # compiled: its fields read as a struct's
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not Ref:
            return NotImplemented
        o = other
        return self.id == o.id and self.kind == o.kind

    @cython.locals(o="Ref")
    def __ne__(self, other: object) -> bool:
        if self is other:
            return False
        if type(other) is not Ref:
            return NotImplemented
        o = other
        return self.id != o.id or self.kind != o.kind

    def __hash__(self) -> int:
        return self._hash

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field '{name}'")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field '{name}'")

    def __reduce__(self):
        return (Ref, (self.kind, self.id))

    def __repr__(self) -> str:
        return f"Ref(kind={self.kind!r}, id={self.id!r})"

    def __str__(self) -> str:
        return self.id


_EMPTY: dict = {}
_MISSING = object()

_PIECES = frozenset(_PIECE_KINDS)
# What the kernel itself keeps about every piece (not in tracks or the catalog).
_KERNEL_ATTRS = {
    "id": lambda state, ref: ref.id,
    "hex": lambda state, ref: state.placement.get(ref.id),
    "on_map": lambda state, ref: state.placement.get(ref.id) is not None,
    "eliminated": lambda state, ref: ref.id in state.eliminated,
    "face": lambda state, ref: state.faces.get(ref.id, "front"),
}


class GameState:
    """Implements the DSL runtime's ``World`` protocol."""

    # Slotted: the rules read these on every attribute read.
    __slots__ = ("catalog", "grid", "map", "track_names", "placement", "faces", "eliminated",
                 "tracks", "pools", "pool_kinds", "links", "link_kinds", "turn", "log", "version",
                 "_restores", "_flips", "_changed", "_entries", "_refs", "_ref_lists", "_at",
                 "_reads", "_distances", "_distances_grid", "_distances_kept", "observers",
                 "__weakref__")

    def __init__(self, catalog: dict[str, dict[str, dict]], grid: Any = None,
                 track_names: frozenset[str] | set[str] = frozenset(),
                 link_kinds: dict[str, str] | None = None) -> None:
        self.catalog = catalog  # kind → id → static attributes (units: + "faces")
        self.grid = grid
        self.map = None  # a core.mapindex.MapIndex when the game has a map in play
        self.track_names = frozenset(track_names)  # declared tracks read 0 until set
        # Attributes whose catalog value names an entity of a kind, so rules can
        # write unit.side.name (dsl Program.link_kinds: the attributes' types).
        self.link_kinds = dict(link_kinds or {})
        self.placement: dict[str, str | None] = {}  # unit/leader id → hex id or box
        self.faces: dict[str, str] = {}
        self.eliminated: set[str] = set()
        self.tracks: dict[str, dict[str, int]] = {}
        # Named pools of pieces of one kind, drawn blindly (a cup, a mug): their ids.
        self.pools: dict[str, list[str]] = {}
        self.pool_kinds: dict[str, str] = {}
        self.links: dict[str, dict[str, str]] = {}  # "unit:x" → link → "leader:y"
        self.turn = 0
        self.log: list[Event] = []
        # Bumped by every change (an event that changes what rules read, a
        # restore): results the rules computed from this state may be reused
        # while it is unchanged (Context.memo).  A decision or a rule file's
        # own event changes nothing, so it leaves the version alone.
        self.version = 0
        # What attributes other than placement can read changes only with a
        # track or link of that name, a flipped counter or a restore: counted
        # here so that scans of such an attribute can be kept (attr_stamp).
        self._restores = 0
        self._flips = 0
        self._changed: dict[str, int] = {}  # track or link name → changes
        self._entries = 0  # pieces put on or taken off the map, eliminated or put back
        self._refs: dict[str, dict[str, Ref]] = {}  # kind → id → its Ref, made once
        self._at: dict[str, list[str]] | None = None  # hex → unit ids there (lazy)
        # Attribute values read since the last change, while a top-level rule
        # call runs (attribute name → entity key → value; core.readers keeps
        # them): rules read the same attributes of the same Units again and
        # again.  None outside such a call, so that a caller (a test) may change
        # the catalog between calls; a value is forgotten by a change of its own
        # track or link, a place by its piece's move, all by a flip or restore.
        self._reads: dict[str, dict[str, Any]] | None = None
        self._ref_lists: dict[str, list[Ref]] | None = None  # the same for refs(kind)
        self._distances: dict[str, dict[str, int]] = {}  # hex id → hex id → hexes apart
        self._distances_grid = grid
        self._distances_kept = 0  # distances in it, bounded
        # Called with each event once it is applied (the invariant checker).
        self.observers: list = []

    # ---- reading ----------------------------------------------------------
    def ref(self, kind: str, ident: str) -> Ref:
        if ident not in self.catalog.get(kind, {}):
            raise KsError(f"unknown {kind} '{ident}'", None,
                          did_you_mean(ident, self.catalog.get(kind, {})))
        return Ref(kind, ident)

    @cython.locals(refs=dict, made=dict)
    def interned(self, kind: str, ident: str) -> Ref:
        """The one Ref this state hands out for an entity (no catalog check)."""
        refs = self._refs
        made = refs.get(kind)
        if made is None:
            made = self._refs[kind] = {}
        ref = made.get(ident)
        if ref is None:
            ref = made[ident] = Ref(kind, ident)
        return ref

    @property
    def restore_count(self) -> int:
        """How many times a save (or a transaction's start) was put back."""
        return self._restores

    def attr_stamp(self, name: str) -> tuple:
        """Changes whenever attribute *name* (other than the placement ones, id,
        hex, on_map, eliminated, face) may read differently for some entity —
        while the catalog is left alone."""
        return self.stamps((name,))

    def keep_reads(self, keeping: bool) -> bool:
        """Keep attribute values read (core.readers) until they change —
        while a top-level rule call runs (dsl.program.Program.call), or a
        game's run of turns (tools.play) — or not;
        whether it kept them before.  Kept already (a call of another context
        on this state, inside one), what is kept stays: the caller puts back
        what this returns."""
        was = self._reads is not None
        if not keeping:
            self._reads = self._ref_lists = None
        elif not was:
            self._reads, self._ref_lists = {}, {}  # (no event changes the catalog)
        return was

    @cython.locals(changed=dict, total=cython.Py_ssize_t, count=cython.Py_ssize_t)
    def stamps(self, names: tuple[str, ...], entries: bool = False, turn: bool = False) -> tuple:
        """Changes whenever any attribute of *names* may read differently, a
        counter flips or a save is restored — and with *entries* when a piece
        enters or leaves the map, with *turn* when the turn moves on
        (dsl.lasting keeps a def's answers while it stands).  The counts of
        changes only ever grow, so their sum grows whenever one of them does:
        the sum stands for them all (a restore, which may set the turn back,
        has its own count)."""
        changed = self._changed
        total = self._flips + (self._entries if entries else 0)
        for name in names:
            count = changed.get(name, 0)
            total += count
        return (self._restores, self.turn if turn else 0, total)

    def refs(self, kind: str) -> list[Ref]:
        # all_of("unit") is asked inside many loops: the Ref objects are made
        # once per id, the list afresh (the catalog may gain entries between
        # rule calls; within one, the list is kept: no event changes it).
        lists = self._ref_lists
        if lists is not None:
            known = lists.get(kind)
            if known is not None:
                return list(known)
        made = self._refs.setdefault(kind, {})
        out = []
        for i in self.catalog.get(kind, _EMPTY):
            ref = made.get(i)
            if ref is None:
                ref = made[i] = Ref(kind, i)
            out.append(ref)
        if lists is not None:
            lists[kind] = out
            return list(out)
        return out

    @cython.locals(ref=Ref, tables=dict, tracked=dict, linked=dict, data=dict, faces=dict,
                   face=dict)
    def attr(self, entity: Any, name: str) -> Any:
        # The hottest function of a game: every attribute a rule reads comes here.
        # Mutable state first (tracks, links), then what the kernel keeps itself,
        # then the catalog's static facts (each table in a typed local: compiled, a direct look-up).
        if type(entity) is not Ref:
            raise KsError(f"'{name}' asked of {entity!r}, which is not a game entity")
        ref = entity
        kind = ref.kind
        key = ref.key
        tables = self.tracks
        tracked = tables.get(key)
        if tracked is not None:
            value = tracked.get(name, _MISSING)
            if value is not _MISSING:
                return value
        tables = self.links
        linked = tables.get(key)
        if linked is not None and name in linked:
            target = linked[name]
            return self.interned(*target.split(":", 1)) if target else None
        # Placement, face and elimination are kept for pieces (units, leaders);
        # other entities may carry a static 'hex' of their own (a victory hex).
        if name in _KERNEL_ATTRS and (kind in _PIECES or name == "id"):
            tables = self.placement
            if name == "on_map":  # the commonest, inline
                return tables.get(ref.id) is not None
            if name == "hex":
                return tables.get(ref.id)
            return _KERNEL_ATTRS[name](self, entity)
        tables = self.catalog
        tables = tables.get(kind, _EMPTY)
        data = tables.get(ref.id)
        if data is None:
            if kind != "hex":
                raise KsError(f"unknown {kind} '{ref.id}'")
            # Hexes need no catalog entry: the map in play knows them.
            data = {"terrain": self.map.terrain.get(ref.id)} if self.map else _EMPTY
        elif kind == "unit":
            faces, tables = data["faces"], self.faces
            face = faces.get(tables.get(ref.id, "front"), _EMPTY)
            value = face.get(name, _MISSING)
            if value is not _MISSING:
                return value
        value = data.get(name, _MISSING)
        if value is not _MISSING:
            tables = self.link_kinds
            link_kind = tables.get(name)
            if link_kind is not None and isinstance(value, str):
                return self.interned(link_kind, value)
            return value
        return 0 if name in self.track_names else None

    @cython.locals(linked=dict, placement=dict)
    def having(self, items: list, name: str) -> list:
        """``[x for x in items if x is not an entity or attr(x, name)]``, in order:
        the rules' loops over every Unit skip those off the map this way."""
        placed = name == "on_map" and name not in self.track_names
        if placed:  # unless a link of that name was set (a loop: no generator made a call)
            for linked in self.links.values():
                if name in linked:
                    placed = False
                    break
        if placed:
            placement, attr = self.placement, self.attr
            return [x for x in items if type(x) is not Ref or (
                placement.get(x.id) is not None if x.kind in _PIECES else attr(x, name))]
        attr = self.attr
        return [x for x in items if type(x) is not Ref or attr(x, name)]

    def owner(self, entity: Any) -> Any:
        if isinstance(entity, Ref):
            side = self.catalog.get(entity.kind, {}).get(entity.id, {}).get("side")
            return side if side is not None else (entity.id if entity.kind == "side" else None)
        return None

    def units(self) -> list[Ref]:
        return self.refs("unit")

    def pool(self, name: str) -> list[Ref]:
        """The pieces in a pool, as entities, in a stable order."""
        kind = self.pool_kinds.get(name)
        return [self.interned(kind, ident) for ident in sorted(self.pools.get(name, []))]

    @cython.locals(at=dict, tables=dict, units=dict, made=dict, out=list)
    def units_at(self, hex_id: str) -> list[Ref]:
        # An index of placement, rebuilt after pieces move (record, restore);
        # in placement order, as a scan of the placements would list them.
        at = self._at
        if at is None:
            at = self._at = {}
            for u, h in self.placement.items():
                at.setdefault(h, []).append(u)
        tables = self.catalog
        units = tables.get("unit", _EMPTY)
        tables = self._refs
        made = tables.get("unit")
        if made is None:
            made = tables["unit"] = {}
        out = []
        for u in at.get(hex_id, ()):
            if u in units:
                ref = made.get(u)
                if ref is None:
                    ref = made[u] = Ref("unit", u)
                out.append(ref)
        return out

    def turn_has_tag(self, turn: int, tag: str) -> bool:
        """Whether turn *turn* of the turn track (catalog game entity) has *tag*."""
        turns = self.catalog.get("game", {}).get("game", {}).get("turns", [])
        return 0 <= turn < len(turns) and tag in turns[turn].get("tags", ())

    @cython.locals(distances=dict, row=dict)
    def distance(self, a: str, b: str) -> int:
        grid = self.grid
        if grid is None:
            raise KsError("this game has no map grid to measure distance on")
        if type(a) is not str or type(b) is not str:
            return grid.distance(grid.parse(a), grid.parse(b))
        if self._distances_grid is not grid:  # a grid put in afterwards
            self._distances, self._distances_grid, self._distances_kept = {}, grid, 0
        # Kept by a, then b: two look-ups of strings, no key tuple made a call.
        distances = self._distances
        row = distances.get(a)
        if row is None:
            row = distances[a] = {}
        known = row.get(b)
        if known is not None:
            return known
        if self._distances_kept >= 200_000:  # the map does not change; just bound it
            distances.clear()
            self._distances_kept = 0
            row = distances[a] = {}
        d = row[b] = grid.distance(grid.parse(a), grid.parse(b))
        self._distances_kept += 1
        return d

    # ---- changing: always through an event ---------------------------------
    def record(self, kind: str, data: dict, cause: list[dict]) -> Event:
        event = Event(len(self.log) + 1, kind, data, cause)
        if kind in _STATE_EVENTS:  # the others (a decision, a rule's own event) change nothing read
            self.version += 1
            if kind in _PLACEMENT_EVENTS:
                self._at = None
            reads = self._reads
            if reads is not None:  # forget the kept reads this changes (core.readers)
                if kind in _KEPT_EVENTS:
                    forget_reads(self, reads, kind, data)
            apply_event(self, event)
        self.log.append(event)
        for observer in self.observers:
            observer(event)
        return event

    def set_track(self, entity: Ref, name: str, value: int, cause: list[dict]) -> None:
        old = self.attr(entity, name)
        self.record("track_changed", {"entity": f"{entity.kind}:{entity.id}", "track": name,
                                      "old": old, "new": value}, cause)

    def set_link(self, entity: Ref, name: str, target: Ref | None, cause: list[dict]) -> None:
        old = self.attr(entity, name)
        self.record("link_changed", {"entity": f"{entity.kind}:{entity.id}", "link": name,
                                     "old": f"{old.kind}:{old.id}" if old else None,
                                     "new": f"{target.kind}:{target.id}" if target else None},
                    cause)

    # ---- saving -----------------------------------------------------------
    def snapshot(self) -> dict:
        return {"turn": self.turn, "placement": dict(sorted(self.placement.items())),
                "faces": dict(sorted(self.faces.items())), "eliminated": sorted(self.eliminated),
                "tracks": {k: dict(sorted(v.items())) for k, v in sorted(self.tracks.items())},
                "pools": {k: sorted(v) for k, v in sorted(self.pools.items()) if v},
                "pool_kinds": dict(sorted(self.pool_kinds.items())),
                "links": {k: dict(sorted(v.items())) for k, v in sorted(self.links.items())}}

    def restore(self, snap: dict, log: list[dict] | None = None) -> None:
        self.version += 1
        self._restores += 1
        self._at = None
        if self._reads is not None:
            self._reads = {}
        self.turn = snap["turn"]
        self.placement = dict(snap["placement"])
        self.faces = dict(snap["faces"])
        self.eliminated = set(snap["eliminated"])
        self.tracks = copy.deepcopy(snap["tracks"])
        self.pools = {k: list(v) for k, v in snap.get("pools", {}).items()}
        self.pool_kinds = dict(snap.get("pool_kinds", {}))
        self.links = copy.deepcopy(snap.get("links", {}))
        self.log = [Event(e["seq"], e["kind"], e["data"], e.get("cause", [])) for e in log or []]

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """All or nothing: if the body raises, the state and log are as before."""
        snap, length = self.snapshot(), len(self.log)
        try:
            yield
        except BaseException:
            log = self.log[:length]
            self.restore(snap)
            self.log = log
            raise

    def digest(self) -> str:
        """A hash of the mutable state (not the log): equal digests, equal games."""
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()
