"""Readers of one named attribute: ``attr_reader("fire_rating")(state, ref)`` is
``state.attr(ref, "fire_rating")``, worked out for that one name.

Reading attributes is most of what rules do (tens of thousands of reads a
game), and :meth:`GameState.attr` asks at every read which kind of name it
was given — a kernel attribute such as ``hex``, a link such as ``division``,
or a counter's printed value.  The rule compiler knows the name when it
compiles ``unit.fire_rating``, so it asks for the reader once and each read
skips those questions.  Each reader looks where ``attr`` looks, in the same
order (tracks, links, the kernel's own attributes of pieces, the counter's
face, the catalog, 0 for a declared track), and hands anything unusual (an
entity with no catalog entry, a link set on it) to ``attr`` itself, so the
answer is always the same; tests/core/test_readers.py compares the two over
whole games.
"""

from __future__ import annotations

from typing import Any

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.core.state import _EMPTY, _KERNEL_ATTRS, _MISSING, _PIECES, GameState

_READERS: dict[str, "Reader"] = {}


def attr_reader(name: str) -> "Reader":
    """``reader(state, ref)`` for attribute *name* of an entity (a Ref)."""
    read = _READERS.get(name)
    if read is None:
        read = _READERS[name] = _make(name)
    return read


def _make(name: str) -> "Reader":
    if name in ("hex", "on_map"):
        return PlacementReader(name)
    if name == "id":
        return IdReader(name)
    if name in _KERNEL_ATTRS:  # rarer: the general path
        return Reader(name)
    return StaticReader(name)


class Reader:
    """Reads attribute ``name`` of an entity: ``reader(state, ref)``, or
    ``reader.read(state, ref)``.  Compiled, an extension type (readers.pxd)
    whose ``read`` the compiled rules' typed callers reach by a C call
    rather than a Python one (a read is the commonest thing a rule does).
    This one is the general path, GameState.attr itself."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, state: GameState, ref: Any) -> Any:
        return self.read(state, ref)

    def read(self, state: GameState, ref: Any) -> Any:
        return GameState.attr(state, ref, self.name)


class KeepingReader(Reader):
    """A reader that keeps what it read in the state's kept reads (its
    ``_reads``) while a rule call runs: the same attributes of the same Units
    are asked for again and again."""

    # The state's kept reads this reader last looked in, and its name's among
    # them: a name's dict stays while the state's does (forget_reads empties
    # entries of it or replaces the whole), so one look-up less a read.
    __slots__ = ("seen_reads", "seen_kept")

    def __init__(self, name: str) -> None:
        Reader.__init__(self, name)
        self.seen_reads = self.seen_kept = None

    @cython.locals(kept=dict)
    def kept_in(self, tables: dict) -> dict:
        """This reader's name's kept reads among the state's *tables*."""
        if tables is self.seen_reads:
            return self.seen_kept
        kept = tables.get(self.name)
        if kept is None:
            kept = tables[self.name] = {}
        self.seen_reads, self.seen_kept = tables, kept
        return kept


class PlacementReader(KeepingReader):
    """``hex`` and ``on_map`` of a piece: where the state places it."""

    __slots__ = ("on_map",)

    def __init__(self, name: str) -> None:
        KeepingReader.__init__(self, name)
        self.on_map = name == "on_map"

    @cython.locals(tables=dict, tracked=dict, linked=dict, kept=dict)
    def read(self, state: GameState, ref: Any) -> Any:
        # A piece's place is kept as StaticReader keeps its values, until it
        # moves (core.events.forget_reads).
        name = self.name
        key = ref.key
        kept = None
        tables = state._reads
        if tables is not None:
            kept = self.kept_in(tables)
            where = kept.get(key, _MISSING)
            if where is not _MISSING:
                return where
        tables = state.tracks
        tracked = tables.get(key)
        if tracked is not None and name in tracked:
            return tracked[name]
        tables = state.links
        linked = tables.get(key)
        if (linked is not None and name in linked) or ref.kind not in _PIECES:
            return GameState.attr(state, ref, name)
        tables = state.placement
        where = tables.get(ref.id)
        if self.on_map:
            where = where is not None
        if kept is not None:
            kept[key] = where
        return where


class IdReader(Reader):
    """``id``: the Ref's own, unless a rule set a track or link of that name."""

    __slots__ = ()

    def read(self, state: GameState, ref: Any) -> Any:
        name = self.name
        key = ref.key
        tracked = state.tracks.get(key)
        if tracked is not None and name in tracked:
            return tracked[name]
        linked = state.links.get(key)
        if linked is not None and name in linked:
            return GameState.attr(state, ref, name)
        return ref.id


class StaticReader(KeepingReader):
    """Any other attribute: a track, a link, the counter's face, the catalog."""

    __slots__ = ()

    @cython.locals(tables=dict, kept=dict, tracked=dict, linked=dict,
                   data=dict, faces=dict, face=dict)
    def read(self, state: GameState, ref: Any) -> Any:
        # What was read since the last change, while a rule call runs (the
        # state's _reads): the same attributes of the same Units are asked
        # for again and again.
        name = self.name
        key = ref.key
        kept = None
        tables = state._reads
        if tables is not None:
            kept = self.kept_in(tables)
            value = kept.get(key, _MISSING)
            if value is not _MISSING:
                return value
        # A track of this name first (a marker, or a value a rule changed),
        # then the face of a counter, then what the catalog says.  (Each
        # table is put in a local first: compiled, a dict-typed local's .get
        # is a direct look-up instead of a method call.)
        value = _MISSING
        tables = state.tracks
        tracked = tables.get(key)
        if tracked is not None:
            value = tracked.get(name, _MISSING)
        if value is _MISSING:
            tables = state.links
            linked = tables.get(key)
            kind, ident = ref.kind, ref.id
            tables = state.catalog
            tables = tables.get(kind, _EMPTY)
            data = tables.get(ident)
            if (linked is not None and name in linked) or data is None:
                # a link set on it, a hex the map knows or an unknown entity: attr says
                value = GameState.attr(state, ref, name)
            else:
                if kind == "unit":
                    faces, tables = data["faces"], state.faces
                    face = faces.get(tables.get(ident, "front"), _EMPTY)
                    value = face.get(name, _MISSING)
                if value is _MISSING:
                    value = data.get(name, _MISSING)
                    if value is _MISSING:
                        value = 0 if name in state.track_names else None
                    elif isinstance(value, str):
                        # `unit.side`: an attribute of an entity kind names an entity
                        tables = state.link_kinds
                        link_kind = tables.get(name)
                        if link_kind is not None:
                            value = state.interned(link_kind, value)
        if kept is not None:
            kept[key] = value
        return value
