"""Movement graphs over a hex grid and least-cost reachability (Dijkstra).

Rule modules decide what entering a hex or crossing a hexside costs; this
module only answers "which hexes can be reached within an allowance, at what
least cost, and by which path".  It knows nothing of terrain, zones of
control or minimum-move rules: those live in the cost callback or in the rule
module that interprets the result.

Determinism matters more than speed here (replays and tests must give the
same paths), so ties are broken explicitly: among paths of equal cost the one
with fewer steps wins; among those, the first found, where the search settles
hexes in order of (cost, steps, hex id) and tries neighbours in direction
order 0-5 (or a graph's edge insertion order).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction
from numbers import Real
from typing import Any, Union

import networkx as nx

from .errors import KsError
from .hexgrid import Hex, HexGrid

__all__ = ["build_graph", "reachable", "Reach", "CostFn"]

Cost = Union[int, float, Fraction]  # any real number type works
CostFn = Callable[[Hex, Hex], Any]  # returns a non-negative cost, or None = prohibited


def build_graph(grid: HexGrid,
                edge_attrs: Callable[[Hex, Hex], Mapping[str, Any] | None] | None = None
                ) -> nx.DiGraph:
    """A DiGraph with one node per map hex and an edge to each on-map neighbour.

    Every edge gets ``direction`` (0-5, from the source hex).  If *edge_attrs*
    is given it is called as ``edge_attrs(from_hex, to_hex)`` and the mapping
    it returns is added to the edge; returning None leaves the edge out
    (e.g. impassable hexsides), so the graph itself can encode prohibitions.
    Directed, because entering cost differs by direction (uphill, rivers
    crossed one way).
    """
    graph = nx.DiGraph(grid=grid)
    graph.add_nodes_from(grid.hexes())
    for h in grid.hexes():
        for n in grid.neighbours(h):
            attrs = {} if edge_attrs is None else edge_attrs(h, n)
            if attrs is None:
                continue
            graph.add_edge(h, n, direction=grid.direction(h, n), **attrs)
    return graph


class Reach(Mapping):
    """Least cost to every hex reachable within the allowance, with paths.

    A read-only mapping ``hex -> cost``; iteration order is the order hexes
    were settled (cheapest first), which is deterministic.
    """

    def __init__(self, start: Hex, allowance: Cost, costs: dict[Hex, Cost],
                 steps: dict[Hex, int], final: dict[Hex, Any], prev: dict[Any, Any]) -> None:
        self.start = start
        self.allowance = allowance
        self._costs = costs
        self._steps = steps
        self._final = final  # hex -> search state holding its best cost
        self._prev = prev    # search state -> previous search state

    def __getitem__(self, h: Hex) -> Cost:
        return self._costs[h]

    def __iter__(self) -> Iterator[Hex]:
        return iter(self._costs)

    def __len__(self) -> int:
        return len(self._costs)

    def __repr__(self) -> str:
        return f"Reach(start={self.start}, allowance={self.allowance}, hexes={len(self)})"

    def steps_to(self, h: Hex) -> int:
        """Number of hexes moved on the least-cost path to *h*."""
        self._require(h)
        return self._steps[h]

    def path_to(self, h: Hex) -> list[Hex]:
        """The least-cost path ``[start, ..., h]`` (``[start]`` for the start hex)."""
        self._require(h)
        state = self._final[h]
        path = []
        while state is not None:
            path.append(state if isinstance(state, Hex) else state[0])
            state = self._prev.get(state)
        path.reverse()
        return path

    def _require(self, h: Hex) -> None:
        if h not in self._costs:
            raise KsError(f"hex {h} is not reachable from {self.start} "
                          f"within an allowance of {self.allowance}")


def _successors(source: HexGrid | nx.DiGraph, cost: CostFn | str
                ) -> Callable[[Hex], list[tuple[Hex, Any]]]:
    """A function giving ``(neighbour, step cost or None)`` pairs for a hex."""
    if isinstance(source, HexGrid):
        if isinstance(cost, str):
            raise KsError("reachable: a cost attribute name needs a graph; pass a function for a grid")
        grid = source
        return lambda h: [(n, cost(h, n)) for n in grid.neighbours(h)]
    adjacency = source.succ
    if isinstance(cost, str):
        name = cost
        return lambda h: [(n, attrs.get(name)) for n, attrs in adjacency[h].items()]
    return lambda h: [(n, cost(h, n)) for n in adjacency[h]]


def reachable(source: HexGrid | nx.DiGraph, start: Hex, allowance: Cost,
              cost: CostFn | str, *, max_steps: int | None = None,
              targets: Iterable[Hex] | None = None, first_target: bool = False,
              stops: Callable[[Hex], bool] | None = None) -> Reach:
    """Every hex reachable from *start* with total cost <= *allowance*.

    *source* is a grid (moves go to on-map neighbours) or a graph from
    :func:`build_graph` (moves follow its edges).  *cost* is called as
    ``cost(from_hex, to_hex)`` and returns the non-negative cost of that move
    or None if it is prohibited; with a graph it may instead name an edge
    attribute (a missing attribute or None prohibits).  Costs may be
    fractional; use values exact in binary (0.5, 0.25) or ``Fraction`` so
    that "exactly the allowance" is never lost to rounding.

    *targets*, if given, are the only hexes the caller asks about: the search
    stops once each is settled (its cost is final) or out of reach, and the
    answer may leave out other hexes.  With *first_target* it stops at the
    first target settled: enough to ask "can it reach any of them?".

    *stops*, if given, says of a hex that entering it ends the move (a zone of
    control): it is reached but not left.  The start hex never stops a move.

    *max_steps*, if given, caps the number of hexes moved.  The search then
    tracks (hex, steps) states, because a cheaper path with more steps must
    not hide a dearer, shorter one that can still go on.
    """
    if isinstance(source, HexGrid):
        if not source.contains(start):
            raise KsError(f"start hex {source.format(start)} is off the map")
    elif start not in source:
        raise KsError(f"start hex {start} is not in the movement graph")
    if not isinstance(allowance, Real) or allowance != allowance or allowance < 0:
        raise KsError(f"movement allowance must be a number >= 0, got {allowance!r}")
    if max_steps is not None and max_steps < 0:
        raise KsError(f"max_steps must be >= 0, got {max_steps}")
    successors = _successors(source, cost)
    capped = max_steps is not None

    start_state: Any = (start, 0) if capped else start
    best: dict[Any, tuple[Cost, int]] = {start_state: (0, 0)}
    prev: dict[Any, Any] = {start_state: None}
    # Fewest steps among settled states per hex.  A later (dearer) state of
    # the same hex is worth expanding only if it used fewer steps, and only
    # when steps are capped; otherwise it is dominated.
    settled_steps: dict[Hex, int] = {}
    costs: dict[Hex, Cost] = {}
    steps: dict[Hex, int] = {}
    final: dict[Hex, Any] = {}
    heap: list[tuple[Cost, int, Hex]] = [(0, 0, start)]
    wanted = None if targets is None else set(targets) - {start}
    while heap and wanted != set():
        c, s, h = heapq.heappop(heap)
        state = (h, s) if capped else h
        if best[state] != (c, s):
            continue  # superseded by a better entry pushed later
        done = settled_steps.get(h)
        if done is not None and (not capped or s >= done):
            continue
        settled_steps[h] = s
        if h not in costs:
            costs[h], steps[h], final[h] = c, s, state
            if wanted is not None and h in wanted:
                if first_target:
                    break
                wanted.discard(h)
        if capped and s >= max_steps:  # type: ignore[operator]
            continue
        if stops is not None and h != start and stops(h):
            continue
        for n, step_cost in successors(h):
            if step_cost is None:
                continue
            if not isinstance(step_cost, Real) or step_cost != step_cost or step_cost < 0:
                raise KsError(f"move cost from {h} to {n} must be a number >= 0 or None, "
                              f"got {step_cost!r}")
            nc = c + step_cost
            if nc > allowance:
                continue
            done = settled_steps.get(n)
            if done is not None and (not capped or s + 1 >= done):
                continue
            nstate = (n, s + 1) if capped else n
            old = best.get(nstate)
            if old is None or (nc, s + 1) < old:
                best[nstate] = (nc, s + 1)
                prev[nstate] = state
                heapq.heappush(heap, (nc, s + 1, n))
    return Reach(start, allowance, costs, steps, final, prev)
