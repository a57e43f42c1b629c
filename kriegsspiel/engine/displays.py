"""A game's off-map displays (core.displays) read against its rules.

:func:`display_contents` says what each declared display shows at the
session's present state: which pieces are in each box, what each track reads.
It asks the rules' own definitions and reads the tracks they keep, as
``ks render``'s overlays do; nothing is changed.  :func:`check_displays` is
``ks check``'s part: every name a display uses must be a definition, track,
marker, link or attribute the game's rules know, of the right shape.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kriegsspiel.core.errors import did_you_mean
from kriegsspiel.core.state import GameState, Ref
from kriegsspiel.dsl.runtime import _plain

PIECE_KINDS = ("unit", "leader")


@dataclass
class BoxShown:
    title: str
    pieces: list[str] = field(default_factory=list)  # "kind:id", in counter-list order


@dataclass
class TrackShown:
    title: str
    text: str


@dataclass
class DisplayShown:
    title: str
    columns: int
    box_slots: int
    boxes: list[BoxShown]
    tracks: list[TrackShown]
    shown: bool = True  # its shown_if holds (else its boxes are empty, its tracks none)


def display_contents(session: Any, displays: list) -> list[DisplayShown]:
    """What each of *displays* shows at the state of *session* (the board being
    drawn); a display whose ``shown_if`` is false shows nothing (``shown``
    false).  A box's pieces come in the order of the session's catalog: the
    game's counter lists."""
    state = session.state
    out = []
    for display in displays:
        shown = not display.shown_if or _truthy(session.value(display.shown_if))
        boxes = [BoxShown(box.title, _box_pieces(session, state, box) if shown else [])
                 for box in display.boxes]
        tracks = [row for track in display.tracks if shown
                  for row in _track_rows(session, track)]
        out.append(DisplayShown(display.title, display.columns, display.box_slots,
                                boxes, tracks, shown))
    return out


def _truthy(value: Any) -> bool:
    value = _plain(value)
    return bool(value) if not isinstance(value, list) else len(value) > 0


def _read(session: Any, name: str, entity: Ref) -> Any:
    compiled = session.program.decls.get(name)
    if compiled is not None and compiled.kind == "def":
        return _plain(session.value(name, entity))
    return _plain(session.state.attr(entity, name))


def _box_pieces(session: Any, state: GameState, box: Any) -> list[str]:
    """The pieces off the map (and not eliminated) whose values match the box's."""
    out = []
    for kind in box.kinds:
        for ident in state.catalog.get(kind, {}):
            if state.placement.get(ident) is not None or ident in state.eliminated:
                continue
            entity = state.interned(kind, ident)
            if all(_read(session, name, entity) == wanted for name, wanted in box.where.items()):
                out.append(f"{kind}:{ident}")
    return out


def _track_rows(session: Any, track: Any) -> list[TrackShown]:
    listed = session.value(track.of)
    entities = [e for e in (listed if isinstance(listed, (list, tuple)) else [listed])
                if isinstance(e, Ref)]
    rows = []
    for entity in entities:
        value = _read(session, track.value, entity)
        text = track.shown_as.get(value, str(value))
        named = track.name_each or len(entities) > 1
        title = f"{track.title} ({_label(session, entity)})" if named else track.title
        rows.append(TrackShown(title, text))
    return rows


def _label(session: Any, entity: Ref) -> str:
    return session.state.catalog.get(entity.kind, {}).get(entity.id, {}).get("name") or entity.id


# ---- ks check -----------------------------------------------------------------

def check_displays(check: Any, game: Any, program: Any) -> None:
    """Report each name a display of *game* uses that *program* (its rules)
    does not give as what it must be (a core.refcheck.References *check*)."""
    defs = {n: d for n, d in program.decls.items() if d.kind == "def"}
    for i, display in enumerate(game.displays):
        at = ("displays", i)
        if display.shown_if:
            _want_def(check, game, defs, display.shown_if, 0, (*at, "shown_if"))
        for j, box in enumerate(display.boxes):
            for k, kind in enumerate(box.kinds):
                if kind not in PIECE_KINDS:
                    check.error(game, (*at, "boxes", j, "kinds", k),
                                f"a box holds pieces: '{kind}' is not one of "
                                f"{', '.join(PIECE_KINDS)}", did_you_mean(kind, PIECE_KINDS))
            for name in box.where:
                if name in defs:
                    _want_def(check, game, defs, name, 1, (*at, "boxes", j, "where", name))
                elif not any(_kept_on(program, name, kind) for kind in box.kinds):
                    check.error(game, (*at, "boxes", j, "where", name),
                                f"no rule definition, track, marker, link or attribute "
                                f"'{name}' of a {' or '.join(box.kinds)}",
                                did_you_mean(name, _names_of(program, box.kinds)), key=True)
        for j, track in enumerate(display.tracks):
            _want_def(check, game, defs, track.of, 0, (*at, "tracks", j, "of"))
            if track.value in defs:
                _want_def(check, game, defs, track.value, 1, (*at, "tracks", j, "value"))
            elif not _kept_on(program, track.value, None):
                check.error(game, (*at, "tracks", j, "value"),
                            f"no rule definition, track or marker '{track.value}'",
                            did_you_mean(track.value, _names_of(program, None)))


def _want_def(check: Any, game: Any, defs: dict, name: str, params: int, at: tuple) -> None:
    decl = defs.get(name)
    if decl is None:
        check.error(game, at, f"no rule definition '{name}'", did_you_mean(name, defs),
                    key=at[-2] == "where")
    elif len(decl.params) != params:
        wanted = "no parameter" if params == 0 else "one parameter (the piece or entity)"
        check.error(game, at, f"rule definition '{name}' ({decl.loc.path}:{decl.loc.line}) "
                    f"takes {len(decl.params)} parameter(s); a display needs one with {wanted}",
                    key=at[-2] == "where")


def _kept_on(program: Any, name: str, kind: str | None) -> bool:
    """Whether *name* is a track, marker or link kept on *kind* (any kind:
    None), or an attribute the modules give that kind."""
    decl = program.tracks.get(name) or program.links.get(name)
    if decl is not None:
        kinds = getattr(decl, "kinds", None) or (decl.on,)
        return kind is None or kind in kinds
    attrs = program.entity_attrs
    return name in (attrs.get(kind, {}) if kind else {a for v in attrs.values() for a in v})


def _names_of(program: Any, kinds: list[str] | None) -> list[str]:
    names = [n for n, d in program.decls.items() if d.kind == "def"]
    names += [n for n in (*program.tracks, *program.links)
              if kinds is None or any(_kept_on(program, n, k) for k in kinds)]
    return names
