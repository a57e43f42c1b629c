"""core.readers: a reader made for one attribute name reads exactly what
GameState.attr reads, for every entity and name, as a game goes on."""

from __future__ import annotations

import pytest

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import RandomPlayer, Table
from kriegsspiel.core.readers import attr_reader
from kriegsspiel.core.state import _KERNEL_ATTRS, LINKS
from kriegsspiel.setup import start


def _names(state) -> set[str]:
    names = set(_KERNEL_ATTRS) | set(LINKS) | set(state.track_names) | {"terrain", "nothing"}
    for entities in state.catalog.values():
        for data in entities.values():
            names.update(data)
            for face in data.get("faces", {}).values():
                names.update(face)
    for values in list(state.tracks.values()) + list(state.links.values()):
        names.update(values)
    return names


def _same(state) -> int:
    compared = 0
    refs = [state.interned(kind, ident) for kind, entities in state.catalog.items()
            for ident in entities]
    refs += [state.interned("hex", h) for h in list(state.map.terrain)[:20]] if state.map else []
    for name in sorted(_names(state)):
        read = attr_reader(name)
        for ref in refs:
            try:
                want = state.attr(ref, name)
            except KsError as exc:
                with pytest.raises(KsError, match=str(exc.message)[:20]):
                    read(state, ref)
                continue
            got = read(state, ref)
            assert got == want and got.__class__ is want.__class__, (ref, name, got, want)
            compared += 1
    return compared


def test_readers_read_what_attr_reads_through_a_game():
    session = start("crete/learning", Table({}), seed=3)
    state = session.state
    session.players.players = {side: RandomPlayer(3 + i)
                               for i, side in enumerate(state.catalog["side"])}
    session.ctx.explaining = False
    assert _same(state) > 1000  # after set-up
    for _ in range(2):  # and after turns of play: moves, markers, links, flips
        session.perform("play_turn")
        _same(state)
    # A link and a track set on an entity directly, as tests do between calls.
    unit = next(iter(state.catalog["unit"]))
    state.links.setdefault(f"unit:{unit}", {})["fire_rating"] = None
    state.tracks.setdefault(f"unit:{unit}", {})["hex"] = 0
    _same(state)
