"""core.state's own tables, written out for speed: the log's Event (once a
dataclass), the distances kept hex by hex, ``having`` without a generator.
Each must answer as the plain code it replaced."""

from __future__ import annotations

import pickle

import pytest

from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.state import Event, GameState


def test_an_event_compares_shows_and_copies_as_the_dataclass_did():
    e = Event(3, "track_changed", {"track": "cp", "new": 2})
    assert e.cause == [] and e.cause is not Event(1, "k", {}).cause  # a fresh list each
    assert Event(1, "k", {}, None).cause is None  # a cause given is kept as it is
    assert e == Event(3, "track_changed", {"track": "cp", "new": 2}, [])
    assert not e != Event(3, "track_changed", {"track": "cp", "new": 2})
    assert e != Event(3, "track_changed", {"track": "cp", "new": 3})
    assert e != Event(4, "track_changed", {"track": "cp", "new": 2})
    assert e != Event(3, "track_changed", {"track": "cp", "new": 2}, [{"why": 1}])
    assert (e == (3, "track_changed")) is False
    assert repr(e) == ("Event(seq=3, kind='track_changed', data={'track': 'cp', 'new': 2}, "
                       "cause=[])")
    with pytest.raises(TypeError):
        hash(e)
    e.cause = [{"rule": "gts:1"}]
    assert pickle.loads(pickle.dumps(e)) == e
    assert e.to_json() == {"seq": 3, "kind": "track_changed",
                           "data": {"track": "cp", "new": 2}, "cause": [{"rule": "gts:1"}]}


def test_distances_kept_are_the_grids_and_follow_a_new_grid():
    grid = HexGrid((1, 6, 1, 5))
    state = GameState({}, grid)
    hexes = [f"{c:02d}.{r:02d}" for c in range(1, 7) for r in range(1, 6)]
    for _ in range(2):  # worked out, then kept
        for a in hexes:
            for b in hexes:
                assert state.distance(a, b) == grid.distance(grid.parse(a), grid.parse(b))
    assert state._distances_kept == len(hexes) ** 2
    other = HexGrid((1, 6, 1, 5), orientation="pointy")
    state.grid = other
    assert [state.distance("01.01", b) for b in hexes] == [
        other.distance(other.parse("01.01"), other.parse(b)) for b in hexes]
    assert state._distances_kept == len(hexes)


def test_distances_kept_are_bounded():
    grid = HexGrid((1, 6, 1, 5))
    state = GameState({}, grid)
    assert state.distance("01.01", "03.03") == 3
    assert state.distance("02.02", "03.03") == 2
    state._distances_kept = 200_000  # as if that many were kept
    assert state.distance("01.01", "06.05") == grid.distance(grid.parse("01.01"), grid.parse("06.05"))
    assert state._distances_kept == 1 and list(state._distances) == ["01.01"]
    assert state.distance("01.01", "03.03") == 3


def test_having_on_map_reads_a_link_of_that_name_when_one_is_set():
    state = GameState({"unit": {u: {"faces": {"front": {}}} for u in ("a", "b", "c")}})
    state.placement.update({"a": "01.01", "b": None})
    units = [state.interned("unit", u) for u in ("a", "b", "c")]
    assert state.having([*units, 7], "on_map") == [units[0], 7]
    state.links["unit:b"] = {"on_map": "unit:c"}  # a link of that name wins over the place
    state.links["unit:c"] = {"other": "unit:a"}
    assert state.having(units, "on_map") == [units[0], units[1]]
    assert state.having(units, "on_map") == [u for u in units if state.attr(u, "on_map")]
