"""Exact line tracing: interior hexes, along-hexside runs, vertex crossings."""

from __future__ import annotations

import math
import random
from functools import reduce

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kriegsspiel.core.hexgrid import Hex, HexGrid, Hexside
from kriegsspiel.core.hexline import ALONG, HEX, VERTEX, TraceStep

SETTINGS = settings(max_examples=300, deadline=None, database=None)

FLAT_ODD = HexGrid((1, 60, 1, 40))
LAYOUTS = [HexGrid((1, 30, 1, 30), orientation=o, offset=f)
           for o in ("flat", "pointy") for f in ("odd", "even")]


def H(text: str) -> Hex:
    col, row = text.split(".")
    return Hex(int(col), int(row))


def summary(grid, trace):
    """Steps as (kind, [ids]) — readable in assertion failures."""
    return [(s.kind, [grid.format(h) for h in s.hexes]) for s in trace.steps]


layout_and_pair = st.sampled_from(range(len(LAYOUTS))).flatmap(
    lambda i: st.tuples(
        st.just(LAYOUTS[i]),
        st.builds(Hex, st.integers(1, 30), st.integers(1, 30)),
        st.builds(Hex, st.integers(1, 30), st.integers(1, 30))))


# ------------------------------------------------------------ worked cases
def test_same_row_two_columns_apart_runs_along_a_hexside():
    # Flat, odd columns shifted down: 06.05 and 08.05 have centres at the same
    # height; column 07's hexes are half a row lower, so 07.04 and 07.05 meet
    # exactly on that height and the line runs along their shared side.
    t = FLAT_ODD.trace(H("06.05"), H("08.05"))
    assert summary(FLAT_ODD, t) == [("hex", ["06.05"]), ("along", ["07.04", "07.05"]),
                                    ("hex", ["08.05"])]
    assert t.interior == ()
    assert t.along == ((H("07.04"), H("07.05")),)
    assert t.along_hexsides == (Hexside(H("07.04"), H("07.05")),)
    assert t.hexsides_crossed == ()
    assert t.hexes == (H("06.05"), H("07.04"), H("07.05"), H("08.05"))


def test_same_row_from_a_shifted_column_runs_along_the_lower_pair():
    t = FLAT_ODD.trace(H("07.05"), H("09.05"))
    assert t.along == ((H("08.05"), H("08.06")),)


def test_long_row_alternates_centres_and_hexside_runs():
    t = FLAT_ODD.trace(H("02.05"), H("10.05"))
    assert summary(FLAT_ODD, t) == [
        ("hex", ["02.05"]), ("along", ["03.04", "03.05"]),
        ("hex", ["04.05"]), ("along", ["05.04", "05.05"]),
        ("hex", ["06.05"]), ("along", ["07.04", "07.05"]),
        ("hex", ["08.05"]), ("along", ["09.04", "09.05"]),
        ("hex", ["10.05"])]
    assert t.interior == (H("04.05"), H("06.05"), H("08.05"))


def test_line_down_a_column_passes_through_centres_only():
    t = FLAT_ODD.trace(H("06.05"), H("06.09"))
    assert t.interior == (H("06.06"), H("06.07"), H("06.08"))
    assert t.along == () and t.vertices == ()
    assert t.hexsides_crossed == tuple(
        Hexside(H(f"06.0{r}"), H(f"06.0{r + 1}")) for r in range(5, 9))


def test_pointy_vertical_line_runs_along_hexsides():
    # Pointy, odd rows shifted right: rows 02 and 04 line up, row 03 straddles.
    odd = HexGrid((1, 20, 1, 20), orientation="pointy", offset="odd")
    assert odd.trace(H("05.02"), H("05.04")).along == ((H("04.03"), H("05.03")),)
    even = HexGrid((1, 20, 1, 20), orientation="pointy", offset="even")
    assert even.trace(H("05.02"), H("05.04")).along == ((H("05.03"), H("06.03")),)


def test_generic_line_crosses_hexsides_between_interior_hexes():
    # Centres (size 1): 06.05 at (9, 5*sqrt3), 09.04 at (13.5, 4.5*sqrt3).  Over
    # column 07 (x = 10.5) the line is at y = 4.83*sqrt3, nearer 07.04 (4.5) than
    # 07.05 (5.5); over column 08 (x = 12) at 4.67*sqrt3, nearer 08.05 (5) than 08.04.
    t = FLAT_ODD.trace(H("06.05"), H("09.04"))
    assert summary(FLAT_ODD, t) == [("hex", ["06.05"]), ("hex", ["07.04"]), ("hex", ["08.05"]),
                                    ("hex", ["09.04"])]
    assert t.hexsides_crossed == (Hexside(H("06.05"), H("07.04")), Hexside(H("07.04"), H("08.05")),
                                  Hexside(H("08.05"), H("09.04")))


def test_trace_of_a_hex_to_itself():
    t = FLAT_ODD.trace(H("06.05"), H("06.05"))
    assert t.steps == (TraceStep(HEX, (H("06.05"),)),)
    assert t.hexes == (H("06.05"),) and t.interior == ()


def test_centre_line_can_cross_a_vertex_transversally():
    """Refutes "a line between centres meets a vertex only along hexsides".

    Cube step (4, 1, -5) is not parallel to any hexside, yet a third of the way
    along it the line hits the corner shared by 11.09, 11.08 and 12.09 exactly
    (and symmetrically at two thirds).  The line goes 11.09 -> 12.09 through the
    corner and touches 11.08 at that point only.
    """
    a = H("10.10")
    x, y, z = FLAT_ODD.to_cube(a)
    b = FLAT_ODD.from_cube(x + 4, y + 1, z - 5)
    assert b == H("14.07")
    t = FLAT_ODD.trace(a, b)
    assert summary(FLAT_ODD, t) == [
        ("hex", ["10.10"]), ("hex", ["11.09"]), ("vertex", ["11.08"]), ("hex", ["12.09"]),
        ("hex", ["12.08"]), ("vertex", ["13.08"]), ("hex", ["13.07"]), ("hex", ["14.07"])]
    assert t.vertices == ((H("11.09"), H("11.08"), H("12.09")),
                          (H("12.08"), H("13.08"), H("13.07")))
    assert H("11.08") in t.hexes and H("11.08") not in t.interior
    # Independent float check: the corner shared by the three hexes is on the line.
    corner = shared_corner(FLAT_ODD, [H("11.09"), H("11.08"), H("12.09")])
    assert distance_to_line(corner, FLAT_ODD.center(a), FLAT_ODD.center(b)) < 1e-9
    # The crossing at a corner is not a crossing of a side's interior.
    assert Hexside(H("11.09"), H("12.09")) not in t.hexsides_crossed


# ------------------------------------------------------- float cross-checks
def shared_corner(grid, hexes):
    corners = [grid.corners(h) for h in hexes]
    for p in corners[0]:
        if all(min(math.dist(p, q) for q in others) < 1e-9 for others in corners[1:]):
            return p
    raise AssertionError(f"{hexes} share no corner")


def distance_to_line(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    return abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / math.dist(a, b)


def nearest_hex(grid, x, y):
    """Nearest centre and the margin to the runner-up, in floats (a tiny margin
    means the point is on a boundary).  Float cube rounding finds a nearest hex;
    the runner-up is always one of its neighbours."""
    if grid.orientation == "flat":
        q = x / 1.5
        r = y / math.sqrt(3) - q / 2
    else:
        r = y / 1.5
        q = x / math.sqrt(3) - r / 2
    cube = [q, -q - r, r]
    rounded = [round(v) for v in cube]
    worst = max(range(3), key=lambda i: abs(rounded[i] - cube[i]))
    rounded[worst] = -sum(rounded) + rounded[worst]
    centre = grid.from_cube(*rounded)
    found = sorted((math.dist(grid.center(h), (x, y)), h)
                   for h in (centre, *grid.neighbours(centre, bounded=False)))
    return found[0][1], found[1][0] - found[0][0]


@pytest.mark.parametrize("grid", LAYOUTS, ids=lambda g: f"{g.orientation}-{g.offset}")
def test_interior_hexes_agree_with_dense_float_sampling(grid):
    rnd = random.Random(1915)
    for _ in range(40):
        a = Hex(rnd.randint(5, 25), rnd.randint(5, 25))
        b = Hex(rnd.randint(5, 25), rnd.randint(5, 25))
        t = grid.trace(a, b)
        (ax, ay), (bx, by) = grid.center(a), grid.center(b)
        seen: list[Hex] = []
        for k in range(1201):
            u = k / 1200
            h, margin = nearest_hex(grid, ax + u * (bx - ax), ay + u * (by - ay))
            if margin > 1e-7 and (not seen or seen[-1] != h):
                seen.append(h)
        interior_steps = [s.hex for s in t.steps if s.kind == HEX]
        # Sampling can miss a thin sliver but never finds a hex the trace lacks.
        it = iter(interior_steps)
        assert all(h in it for h in seen), (a, b, seen, interior_steps)


@SETTINGS
@given(layout_and_pair)
def test_along_and_vertex_steps_are_really_on_the_line(data):
    grid, a, b = data
    t = grid.trace(a, b)
    ca, cb = grid.center(a), grid.center(b)
    if a != b:  # a touched hex is within one corner radius of the line
        assert all(distance_to_line(grid.center(h), ca, cb) <= 1 + 1e-9 for h in t.hexes)
    for i, step in enumerate(t.steps):
        if step.kind == ALONG:
            for end in grid.hexside_segment(step.hexside):
                assert distance_to_line(end, ca, cb) < 1e-9
        elif step.kind == VERTEX:
            before, after = t.steps[i - 1].hex, t.steps[i + 1].hex
            corner = shared_corner(grid, [before, step.hex, after])
            assert distance_to_line(corner, ca, cb) < 1e-9


# --------------------------------------------------------------- properties
@SETTINGS
@given(layout_and_pair)
def test_trace_properties(data):
    grid, a, b = data
    t = grid.trace(a, b)
    n = grid.distance(a, b)
    hexes = t.hexes
    assert hexes[0] == a and hexes[-1] == b
    assert t.steps[0] == TraceStep(HEX, (a,)) and t.steps[-1] == TraceStep(HEX, (b,))
    assert len(set(hexes)) == len(hexes)
    assert all(grid.adjacent(p, q) for p, q in zip(hexes, hexes[1:]))
    # Only interior steps hold the endpoints; consecutive steps never repeat.
    assert all(x != y for x, y in zip(t.steps, t.steps[1:]))
    # Walking the interior hexes, each move is a crossed side, a corner or an
    # along-hexside run (which moves two hexes' worth): together at least n.
    if a != b:
        moves = len(t.interior) + 1
        assert len(t.hexsides_crossed) + len(t.vertices) + len(t.along) == moves
    assert len(t.interior) + len(t.along) + 1 >= n
    assert all(grid.adjacent(s.a, s.b) for s in t.hexsides_crossed + t.along_hexsides)
    # Interior hexes move monotonically away from a and towards b.
    centres = [s.hex for s in t.steps if s.kind == HEX]
    assert [grid.distance(a, h) for h in centres] == sorted(grid.distance(a, h) for h in centres)
    assert [grid.distance(h, b) for h in centres] == sorted((grid.distance(h, b) for h in centres),
                                                            reverse=True)


@SETTINGS
@given(layout_and_pair)
def test_trace_is_symmetric(data):
    grid, a, b = data
    forward, backward = grid.trace(a, b), grid.trace(b, a)
    assert backward.steps == tuple(reversed(forward.steps))
    assert set(backward.hexes) == set(forward.hexes)


def primitive(d):
    g = reduce(math.gcd, d)
    return g, tuple(v // g for v in d)


@SETTINGS
@given(layout_and_pair)
def test_along_runs_and_vertices_follow_from_the_direction(data):
    """Characterisation (see docs/hexgrid.md): write b - a = m * p with p primitive.
    The line meets corners iff p's cube components are congruent mod 3 and not 0;
    then it runs along one hexside per unit p if p is +-(1, 1, -2) up to order,
    and otherwise crosses two corners transversally per unit p."""
    grid, a, b = data
    if a == b:
        return
    t = grid.trace(a, b)
    d = tuple(q - p for p, q in zip(grid.to_cube(a), grid.to_cube(b)))
    m, p = primitive(d)
    meets_corners = p[0] % 3 == p[1] % 3 == p[2] % 3 != 0
    along_direction = sorted(map(abs, p)) == [1, 1, 2]
    assert len(t.along) == (m if along_direction else 0)
    assert len(t.vertices) == (2 * m if meets_corners and not along_direction else 0)
    if max(map(abs, p)) == 1:  # straight through neighbouring centres
        assert len(t.interior) == m - 1 == grid.distance(a, b) - 1
