"""core.readers: a reader made for one attribute name reads exactly what
GameState.attr reads, for every entity and name, as a game goes on."""

from __future__ import annotations

import pytest

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import RandomPlayer, Table
from kriegsspiel.core.readers import attr_reader
from kriegsspiel.core.state import _KERNEL_ATTRS
from kriegsspiel.engine.starting import start


def _names(state) -> set[str]:
    names = set(_KERNEL_ATTRS) | set(state.link_kinds) | set(state.track_names) | {"terrain", "nothing"}
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


def _a_unit_on_the_map(state):
    return next(state.interned("unit", u) for u, h in sorted(state.placement.items())
                if h is not None and u in state.catalog["unit"])


def test_values_are_kept_only_while_a_rule_call_runs_and_nothing_changes():
    """Within a top-level rule call a reader keeps what it read until the next
    change (GameState.keep_reads); outside one nothing is kept, so a catalog
    or track changed by hand between calls reads as changed."""
    session = start("crete/learning", Table({}), seed=3)
    state = session.state
    unit = _a_unit_on_the_map(state)
    read = attr_reader("cohesion_hits")
    assert state._reads is None
    before = read(state, unit)
    state.tracks.setdefault(unit.key, {})["cohesion_hits"] = before + 1  # by hand, no call
    assert read(state, unit) == before + 1                                # seen at once
    state.keep_reads(True)
    try:
        assert read(state, unit) == before + 1
        state.tracks[unit.key]["cohesion_hits"] = before + 2  # by hand: not a change...
        assert read(state, unit) == before + 1                # ...so the kept value stands
        session.ctx.set_track(unit, "cohesion_hits", before + 3)  # a change (an event)
        assert read(state, unit) == before + 3
        session.state.restore(session.state.snapshot())            # and a restore
        assert state._reads == {}
        read(state, unit)
        # A top-level call of another context on this state, inside this one,
        # shares what is kept and leaves it kept.
        from kriegsspiel.dsl.runtime import Context
        other = Context(state, session.dice, session.players, rules=session.program)
        assert session.program.call("movement_allowance", other, unit) is not None
        assert state._reads["cohesion_hits"] == {unit.key: before + 3}
    finally:
        assert state.keep_reads(False) is True
    assert state._reads is None and state.keep_reads(False) is False


def test_a_catalog_changed_between_calls_reads_as_changed():
    session = start("crete/learning", Table({}), seed=3)
    state = session.state
    unit = _a_unit_on_the_map(state)
    first = session.value("movement_allowance", unit)
    assert state._reads is None  # the call kept its reads while it ran, not after
    state.catalog["unit"][unit.id]["faces"][state.faces.get(unit.id, "front")]["movement"] = \
        first + 5
    assert session.value("movement_allowance", unit) == first + 5


def test_refs_lists_are_kept_within_a_call_and_handed_out_as_copies():
    session = start("crete/learning", Table({}), seed=3)
    state = session.state
    units = state.refs("unit")
    state.catalog["unit"]["a new counter"] = dict(state.catalog["unit"][units[0].id])
    assert state.refs("unit")[-1].id == "a new counter"  # between calls: seen at once
    state.keep_reads(True)
    try:
        first = state.refs("unit")
        first.clear()                                    # the caller's own copy
        assert len(state.refs("unit")) == len(units) + 1
        assert state.refs("unit") is not state.refs("unit")
    finally:
        state.keep_reads(False)


def test_kept_reads_stay_what_attr_reads_after_every_event():
    """A change forgets only the kept reads it can change (a track or link of
    its own name and entity; a flip, all of them): after every event of two
    turns of play, each value still kept is what GameState.attr reads now."""
    session = start("crete/learning", Table({}), seed=5)
    state = session.state
    session.players.players = {side: RandomPlayer(5 + i)
                               for i, side in enumerate(state.catalog["side"])}
    session.ctx.explaining = False
    checked = []

    def compare(event):
        for name, kept in (state._reads or {}).items():
            for key, value in kept.items():
                want = state.attr(state.interned(*key.split(":", 1)), name)
                assert value == want and value.__class__ is want.__class__, \
                    (event.kind, key, name, value, want)
                checked.append(name)

    state.observers.append(compare)
    for _ in range(2):
        session.perform("play_turn")
    assert len(checked) > 1000


def test_a_move_keeps_the_reads_and_a_change_forgets_only_its_own():
    """A track change forgets that track of that entity; a move, where that
    piece is; a flip, everything."""
    session = start("crete/learning", Table({}), seed=3)
    state = session.state
    unit = _a_unit_on_the_map(state)
    other = next(u for u in (state.interned("unit", i) for i in sorted(state.catalog["unit"]))
                 if u != unit)
    hits, side, where = attr_reader("cohesion_hits"), attr_reader("side"), attr_reader("hex")
    state.keep_reads(True)
    try:
        before = hits(state, unit), hits(state, other), side(state, unit)
        where(state, unit), where(state, other)
        session.ctx.set_track(unit, "cohesion_hits", before[0] + 1)
        assert unit.key not in state._reads["cohesion_hits"]        # its own: forgotten
        assert state._reads["cohesion_hits"][other.key] == before[1]  # another's: kept
        assert state._reads["side"][unit.key] == before[2]            # another name: kept
        assert hits(state, unit) == before[0] + 1
        state.record("unit_moved", {"unit": unit.id, "origin": state.placement[unit.id],
                                    "destination": state.placement[unit.id]}, [])
        assert state._reads["side"][unit.key] == before[2]            # a move: all kept
        assert unit.key not in state._reads["hex"]                    # but where it is
        assert state._reads["hex"][other.key] == state.placement[other.id]
        state.record("unit_flipped", {"unit": unit.id, "face": "front"}, [])
        assert state._reads == {}                                      # a flip: none
    finally:
        state.keep_reads(False)


def test_a_kept_place_follows_a_rolled_back_move_a_restore_and_an_elimination():
    """Where a piece is, kept while a rule call runs, reads where the state
    places it after a move the rules roll back (a refused action), after a
    snapshot is restored and after the piece is eliminated."""
    session = start("crete/learning", Table({}), seed=3)
    state = session.state
    unit = _a_unit_on_the_map(state)
    home = state.placement[unit.id]
    away = next(h for u, h in sorted(state.placement.items()) if h not in (None, home))
    where, on_map = attr_reader("hex"), attr_reader("on_map")
    moved = {"unit": unit.id, "origin": home, "destination": away}
    state.keep_reads(True)
    try:
        assert (where(state, unit), on_map(state, unit)) == (home, True)
        with pytest.raises(KsError):
            with state.transaction():
                state.record("unit_moved", moved, [])
                assert where(state, unit) == away
                raise KsError("refused")
        assert (where(state, unit), on_map(state, unit)) == (home, True)
        snap = state.snapshot()
        state.record("unit_moved", moved, [])
        assert where(state, unit) == away
        state.restore(snap)
        assert (where(state, unit), on_map(state, unit)) == (home, True)
        state.record("unit_eliminated", {"unit": unit.id}, [])
        assert (where(state, unit), on_map(state, unit)) == (None, False)
    finally:
        state.keep_reads(False)
