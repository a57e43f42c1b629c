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
from dataclasses import dataclass, field
from typing import Any, Iterator

from kriegsspiel.core.errors import KsError, did_you_mean


@dataclass(frozen=True, slots=True)
class Ref:
    """A reference to an entity: ``Ref("unit", "1 A/1 Inf")``."""

    kind: str
    id: str

    def __str__(self) -> str:
        return self.id

    @property
    def key(self) -> str:
        """'unit:1 A/1 Inf' — how the state's tables name the entity."""
        return f"{self.kind}:{self.id}"


@dataclass
class Event:
    seq: int
    kind: str
    data: dict
    cause: list[dict] = field(default_factory=list)  # the explanations behind it

    def to_json(self) -> dict:
        return {"seq": self.seq, "kind": self.kind, "data": self.data,
                "cause": jsonable(self.cause)}


def jsonable(value: Any) -> Any:
    """Explanation records keep raw values (entities, fractions, tuples) so that
    recording them is cheap; this turns them into JSON data when written out."""
    if isinstance(value, (str, bool)) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, Ref):
        return value.id
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    explain = getattr(value, "explain", None)
    if callable(explain):
        return jsonable(explain())
    return str(value)  # a Fraction, say


# What each kind of entity links to in the catalog, so rules can write
# unit.division.cp or unit.formation.leader.hex.
LINKS = {"side": "side", "army": "army", "division": "division", "formation": "formation",
         "leader": "leader"}


_EMPTY: dict = {}

_PIECES = frozenset({"unit", "leader"})

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

    def __init__(self, catalog: dict[str, dict[str, dict]], grid: Any = None,
                 track_names: frozenset[str] | set[str] = frozenset()) -> None:
        self.catalog = catalog  # kind → id → static attributes (units: + "faces")
        self.grid = grid
        self.map = None  # a core.mapindex.MapIndex when the game has a map in play
        self.track_names = frozenset(track_names)  # declared tracks read 0 until set
        self.placement: dict[str, str | None] = {}  # unit/leader id → hex id or box
        self.faces: dict[str, str] = {}
        self.eliminated: set[str] = set()
        self.tracks: dict[str, dict[str, int]] = {}
        self.cups: dict[str, list[str]] = {}  # named containers of chits (the mug)
        self.links: dict[str, dict[str, str]] = {}  # "unit:x" → link → "leader:y"
        self.turn = 0
        self.log: list[Event] = []

    # ---- reading ----------------------------------------------------------
    def ref(self, kind: str, ident: str) -> Ref:
        if ident not in self.catalog.get(kind, {}):
            raise KsError(f"unknown {kind} '{ident}'", None,
                          did_you_mean(ident, self.catalog.get(kind, {})))
        return Ref(kind, ident)

    def refs(self, kind: str) -> list[Ref]:
        return [Ref(kind, i) for i in self.catalog.get(kind, {})]

    def attr(self, entity: Any, name: str) -> Any:
        # The hottest function of a game: every attribute a rule reads comes here.
        # Mutable state first (tracks, links), then what the kernel keeps itself,
        # then the catalog's static facts.
        if entity.__class__ is not Ref:
            raise KsError(f"'{name}' asked of {entity!r}, which is not a game entity")
        key = entity.key
        tracked = self.tracks.get(key)
        if tracked is not None and name in tracked:
            return tracked[name]
        linked = self.links.get(key)
        if linked is not None and name in linked:
            target = linked[name]
            return Ref(*target.split(":", 1)) if target else None
        # Placement, face and elimination are kept for pieces (units, leaders);
        # other entities may carry a static 'hex' of their own (a victory hex).
        kernel = _KERNEL_ATTRS.get(name) if entity.kind in _PIECES or name == "id" else None
        if kernel is not None:
            return kernel(self, entity)
        data = self.catalog.get(entity.kind, {}).get(entity.id)
        if data is None:
            if entity.kind != "hex":
                raise KsError(f"unknown {entity.kind} '{entity.id}'")
            # Hexes need no catalog entry: the map in play knows them.
            data = {"terrain": self.map.terrain.get(entity.id)} if self.map else {}
        if entity.kind == "unit":
            face = data["faces"].get(self.faces.get(entity.id, "front"), _EMPTY)
            if name in face:
                return face[name]
        if name in data:
            value = data[name]
            if name in LINKS and isinstance(value, str):
                return Ref(LINKS[name], value)
            return value
        return 0 if name in self.track_names else None

    def owner(self, entity: Any) -> Any:
        if isinstance(entity, Ref):
            side = self.catalog.get(entity.kind, {}).get(entity.id, {}).get("side")
            return side if side is not None else (entity.id if entity.kind == "side" else None)
        return None

    def units(self) -> list[Ref]:
        return self.refs("unit")

    def cup(self, name: str) -> list[Ref]:
        """The chits in a cup, as entities, in a stable order."""
        return [Ref("chit", c) for c in sorted(self.cups.get(name, []))]

    def units_at(self, hex_id: str) -> list[Ref]:
        return [Ref("unit", u) for u, h in self.placement.items()
                if h == hex_id and u in self.catalog.get("unit", {})]

    def turn_has_tag(self, turn: int, tag: str) -> bool:
        """Whether turn *turn* of the turn track (catalog game entity) has *tag*."""
        turns = self.catalog.get("game", {}).get("game", {}).get("turns", [])
        return 0 <= turn < len(turns) and tag in turns[turn].get("tags", ())

    def distance(self, a: str, b: str) -> int:
        if self.grid is None:
            raise KsError("this game has no map grid to measure distance on")
        return self.grid.distance(self.grid.parse(a), self.grid.parse(b))

    # ---- changing: always through an event ---------------------------------
    def record(self, kind: str, data: dict, cause: list[dict]) -> Event:
        event = Event(len(self.log) + 1, kind, data, cause)
        self._apply(event)
        self.log.append(event)
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

    def _apply(self, event: Event) -> None:
        d = event.data
        if event.kind == "track_changed":
            self.tracks.setdefault(d["entity"], {})[d["track"]] = d["new"]
        elif event.kind in ("unit_moved", "unit_placed"):
            self.placement[d["unit"]] = d["destination"]
            if event.kind == "unit_placed" and d["destination"] is not None:
                self.eliminated.discard(d["unit"])  # a counter put back in play (a Rearguard)
        elif event.kind == "unit_flipped":
            self.faces[d["unit"]] = d["face"]
        elif event.kind == "unit_eliminated":
            self.eliminated.add(d["unit"])
            self.placement[d["unit"]] = None
        elif event.kind == "turn_advanced":
            self.turn = d["turn"]
        elif event.kind == "link_changed":
            self.links.setdefault(d["entity"], {})[d["link"]] = d["new"]
        elif event.kind == "chit_added":
            self.cups.setdefault(d["cup"], []).append(d["chit"])
        elif event.kind in ("chit_drawn", "chit_removed"):
            self.cups[d["cup"]].remove(d["chit"])

    # ---- saving -----------------------------------------------------------
    def snapshot(self) -> dict:
        return {"turn": self.turn, "placement": dict(sorted(self.placement.items())),
                "faces": dict(sorted(self.faces.items())), "eliminated": sorted(self.eliminated),
                "tracks": {k: dict(sorted(v.items())) for k, v in sorted(self.tracks.items())},
                "cups": {k: sorted(v) for k, v in sorted(self.cups.items()) if v},
                "links": {k: dict(sorted(v.items())) for k, v in sorted(self.links.items())}}

    def restore(self, snap: dict, log: list[dict] | None = None) -> None:
        self.turn = snap["turn"]
        self.placement = dict(snap["placement"])
        self.faces = dict(snap["faces"])
        self.eliminated = set(snap["eliminated"])
        self.tracks = copy.deepcopy(snap["tracks"])
        self.cups = {k: list(v) for k, v in snap.get("cups", {}).items()}
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
