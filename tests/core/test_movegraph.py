"""Movement graphs and least-cost reachability."""

from __future__ import annotations

from fractions import Fraction

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.hexgrid import Hex, HexGrid
from kriegsspiel.core.movegraph import Reach, build_graph, reachable

SETTINGS = settings(max_examples=60, deadline=None, database=None)

GRID = HexGrid((1, 12, 1, 10))


def H(text: str) -> Hex:
    col, row = text.split(".")
    return Hex(int(col), int(row))


def one(_a, _b):
    return 1


def path_cost(path, cost):
    return sum(cost(p, q) for p, q in zip(path, path[1:]))


# ------------------------------------------------------------------ graphs
def test_build_graph_has_an_edge_to_each_on_map_neighbour_with_direction():
    g = build_graph(GRID)
    assert set(g.nodes) == set(GRID.hexes())
    assert list(g.successors(H("06.05"))) == list(GRID.neighbours(H("06.05")))
    assert g.edges[H("06.05"), H("06.04")]["direction"] == 0
    assert g.out_degree(H("01.01")) == 3
    assert g.number_of_edges() == sum(len(GRID.neighbours(h)) for h in GRID.hexes())


def test_build_graph_attributes_and_omitted_edges_from_callback():
    wall = {(H("06.05"), H("06.04")), (H("06.04"), H("06.05"))}

    def attrs(a, b):
        if (a, b) in wall:
            return None
        return {"cost": 2 if b.col == 7 else 1}

    g = build_graph(GRID, attrs)
    assert not g.has_edge(H("06.05"), H("06.04"))
    assert g.edges[H("06.05"), H("07.05")]["cost"] == 2
    assert g.edges[H("07.05"), H("06.05")]["cost"] == 1  # directed: cost of entering
    reach = reachable(g, H("06.05"), 3, "cost")
    # Round the wall: via 05.04 costs 1 + 1, via 07.04 (column 07 costs 2) 2 + 1.
    assert reach[H("06.04")] == 2
    assert reach.path_to(H("06.04")) == [H("06.05"), H("05.04"), H("06.04")]


# ------------------------------------------------------------- reachability
def test_uniform_costs_reach_exactly_the_hexes_within_the_allowance():
    start = H("06.05")
    reach = reachable(GRID, start, 3, one)
    assert set(reach) == set(GRID.within(start, 3))
    assert all(reach[h] == GRID.distance(start, h) for h in reach)
    assert next(iter(reach)) == start and reach[start] == 0


def test_prohibited_hexes_are_avoided_and_routed_around():
    blocked = {H("06.04"), H("07.04"), H("05.04")}
    cost = lambda a, b: None if b in blocked else 1  # noqa: E731
    reach = reachable(GRID, H("06.05"), 5, cost)
    assert not blocked & set(reach)
    # Straight up is 2; round either end of the wall (e.g. 05.05 04.05 04.04
    # 05.03 06.03) is 5.
    assert reach[H("06.03")] == 5
    path = reach.path_to(H("06.03"))
    assert len(path) == 6 and not blocked & set(path)
    assert H("06.03") not in reachable(GRID, H("06.05"), 4, cost)


def test_a_stopping_hex_is_reached_but_not_left():
    """stops: a zone of control ends the move — the ring round an enemy at
    06.03 is reached, the enemy's far side only round the ring; the start
    never stops a move, even inside a zone."""
    enemy = H("06.03")
    zone = set(GRID.within(enemy, 1)) - {enemy}
    cost = lambda a, b: None if b == enemy else 1  # noqa: E731
    reach = reachable(GRID, H("06.05"), 4, cost, stops=lambda h: h in zone)
    assert H("06.04") in reach and reach[H("06.04")] == 1
    beyond = H("06.02")  # round the enemy through its zone: 4; outside the zone: more
    assert beyond not in reach
    free = reachable(GRID, H("06.05"), 4, cost)
    assert free[beyond] == 4
    for h in zone & set(reach):  # every zone hex reached by a path not through the zone
        assert not zone & set(reach.path_to(h)[1:-1])
    inside = reachable(GRID, H("06.04"), 1, cost, stops=lambda h: h in zone)
    assert H("06.05") in inside


def test_fractional_road_costs():
    road = {H(f"{c:02d}.05") for c in range(1, 13)}
    cost = lambda a, b: 0.5 if a in road and b in road else 2  # noqa: E731
    reach = reachable(GRID, H("02.05"), 3, cost)
    assert reach[H("08.05")] == 3.0  # six road hexes at 0.5
    assert H("09.05") not in reach
    assert reach[H("02.06")] == 2
    assert reach.path_to(H("08.05")) == [H(f"{c:02d}.05") for c in range(2, 9)]


def test_exact_fraction_costs_reach_the_allowance_exactly():
    third = Fraction(1, 3)
    reach = reachable(GRID, H("01.05"), 1, lambda a, b: third)
    assert reach[H("04.05")] == 1 and H("05.05") not in reach


def test_equal_cost_ties_are_broken_deterministically():
    # 06.05 -> 08.05 has two 2-step paths, via 07.04 or 07.05: the one through the
    # lower hex id is settled first and wins; repeated runs agree.
    first = reachable(GRID, H("06.05"), 2, one).path_to(H("08.05"))
    assert first == [H("06.05"), H("07.04"), H("08.05")]
    assert all(reachable(GRID, H("06.05"), 2, one).path_to(H("08.05")) == first for _ in range(3))


def test_fewer_steps_win_between_equal_cost_paths():
    # a-b-e-d (free, free, 2) is found first; a-c-d (1, 1) costs the same in
    # fewer steps and must replace it.
    g = nx.DiGraph()
    a, b, c, d, e = (Hex(0, i) for i in range(5))
    for u, v, w in [(a, b, 0), (b, e, 0), (e, d, 2), (a, c, 1), (c, d, 1)]:
        g.add_edge(u, v, cost=w)
    reach = reachable(g, a, 5, "cost")
    assert reach[d] == 2 and reach.path_to(d) == [a, c, d] and reach.steps_to(d) == 2


def test_max_steps_keeps_the_dearer_shorter_path():
    # Cheap long way a-b-c-x (3 steps, cost 3) or dear short way a-y-x (2 steps,
    # cost 8); with max_steps=2 only the short way is legal and x costs 8.
    g = nx.DiGraph()
    a, b, c, x, y, z = (Hex(0, i) for i in range(6))
    for u, v, w in [(a, b, 1), (b, c, 1), (c, x, 1), (a, y, 4), (y, x, 4), (x, z, 1)]:
        g.add_edge(u, v, cost=w)
    assert reachable(g, a, 10, "cost")[x] == 3
    capped = reachable(g, a, 10, "cost", max_steps=2)
    assert capped[x] == 8 and capped.path_to(x) == [a, y, x]
    assert z not in capped
    assert reachable(g, a, 10, "cost", max_steps=3)[z] == 9  # a-y-x-z beats nothing shorter


def test_max_steps_zero_and_zero_allowance():
    assert dict(reachable(GRID, H("06.05"), 5, one, max_steps=0)) == {H("06.05"): 0}
    assert dict(reachable(GRID, H("06.05"), 0, one)) == {H("06.05"): 0}


@pytest.mark.parametrize("kwargs, fragment", [
    ({"start": Hex(20, 20)}, "off the map"),
    ({"allowance": -1}, "allowance"),
    ({"allowance": float("nan")}, "allowance"),
    ({"cost": lambda a, b: -1}, "must be a number >= 0"),
    ({"cost": lambda a, b: "2"}, "must be a number >= 0"),
    ({"cost": "cost"}, "needs a graph"),
    ({"max_steps": -1}, "max_steps"),
])
def test_bad_arguments_raise_ks_error(kwargs, fragment):
    args = {"start": H("06.05"), "allowance": 3, "cost": one} | kwargs
    with pytest.raises(KsError, match=fragment):
        reachable(GRID, args["start"], args["allowance"], args["cost"],
                  max_steps=kwargs.get("max_steps"))


def test_path_to_an_unreachable_hex_raises():
    reach = reachable(GRID, H("06.05"), 1, one)
    assert isinstance(reach, Reach)
    with pytest.raises(KsError, match="not reachable"):
        reach.path_to(H("10.10"))


def test_start_missing_from_graph_raises():
    with pytest.raises(KsError, match="not in the movement graph"):
        reachable(nx.DiGraph(), H("06.05"), 3, one)


# --------------------------------------------------------------- properties
cost_maps = st.lists(st.sampled_from([1, 1, 2, 3, 0.5, None]), min_size=len(GRID), max_size=len(GRID))
starts = st.builds(Hex, st.integers(1, 12), st.integers(1, 10))


def cost_from(values, floor=0):
    table = dict(zip(GRID.hexes(), values))

    def cost(a, b):
        v = table[b]
        return None if v is None else max(v, floor)
    return cost


@SETTINGS
@given(cost_maps, starts, st.sampled_from([0, 2, 3.5, 6]))
def test_paths_cost_what_is_reported_and_never_exceed_the_allowance(values, start, allowance):
    cost = cost_from(values)
    reach = reachable(GRID, start, allowance, cost)
    for h, c in reach.items():
        path = reach.path_to(h)
        assert path[0] == start and path[-1] == h
        assert all(GRID.adjacent(p, q) for p, q in zip(path, path[1:]))
        assert path_cost(path, cost) == c <= allowance
        assert reach.steps_to(h) == len(path) - 1


@SETTINGS
@given(cost_maps, starts)
def test_costs_match_networkx_dijkstra(values, start):
    cost = cost_from(values)
    graph = build_graph(GRID)
    expected = nx.single_source_dijkstra_path_length(graph, start, weight=lambda u, v, _: cost(u, v))
    reach = reachable(graph, start, 5, cost)
    assert dict(reach) == {h: c for h, c in expected.items() if c <= 5}


@SETTINGS
@given(cost_maps, starts)
def test_costs_of_at_least_one_are_at_least_the_distance(values, start):
    reach = reachable(GRID, start, 6, cost_from(values, floor=1))
    assert all(c >= GRID.distance(start, h) for h, c in reach.items())


@SETTINGS
@given(cost_maps, starts, st.integers(0, 4))
def test_max_steps_is_respected_and_only_ever_costs_more(values, start, cap):
    cost = cost_from(values)
    free = reachable(GRID, start, 6, cost)
    capped = reachable(GRID, start, 6, cost, max_steps=cap)
    assert set(capped) <= set(free)
    for h, c in capped.items():
        path = capped.path_to(h)
        assert len(path) - 1 == capped.steps_to(h) <= cap
        assert path_cost(path, cost) == c >= free[h]
    # Anything the uncapped search reaches in few enough steps is kept.
    assert {h for h in free if free.steps_to(h) <= cap} <= set(capped)


# Hex costs (some prohibited), an allowance and a few hexes asked about.
targeted_searches = given(
    costs=st.dictionaries(st.tuples(st.integers(1, 12), st.integers(1, 10)),
                          st.one_of(st.none(), st.integers(1, 4)), max_size=60),
    allowance=st.integers(0, 9),
    wanted=st.sets(st.tuples(st.integers(1, 12), st.integers(1, 10)), max_size=6))


@SETTINGS
@targeted_searches
def test_a_targeted_search_gives_the_targets_the_full_search_gives(costs, allowance, wanted):
    """reachable(..., targets=): it stops early, but every target it reports (and
    every one it leaves out) agrees with the whole search — same cost, same reach."""
    def cost(_a, b):
        return costs.get((b.col, b.row), 2)

    start = H("06.05")
    full = reachable(GRID, start, allowance, cost)
    targets = {Hex(c, r) for c, r in wanted}
    part = reachable(GRID, start, allowance, cost, targets=targets)
    for h in targets - {start}:
        assert (h in part) == (h in full)
        if h in full:
            assert part[h] == full[h]


@SETTINGS
@targeted_searches
def test_a_first_target_search_finds_one_exactly_when_any_is_reachable(costs, allowance, wanted):
    """reachable(..., first_target=True) answers "can it reach any of them?": it
    holds a target exactly when the whole search reaches one, the nearest,
    at the whole search's cost."""
    def cost(_a, b):
        return costs.get((b.col, b.row), 2)

    start = H("06.05")
    full = reachable(GRID, start, allowance, cost)
    targets = {Hex(c, r) for c, r in wanted} - {start}
    first = reachable(GRID, start, allowance, cost, targets=targets, first_target=True)
    found = [h for h in targets if h in first]
    assert bool(found) == any(h in full for h in targets)
    for h in found:
        assert first[h] == full[h] == min(full[t] for t in targets if t in full)
