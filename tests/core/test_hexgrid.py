"""Hex ids, layouts, adjacency, distance, rings, hexsides and pixel geometry."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kriegsspiel.core.errors import KsError, Location
from kriegsspiel.core.hexgrid import FLAT_DIRECTIONS, POINTY_DIRECTIONS, Hex, HexGrid, Hexside

SETTINGS = settings(max_examples=200, deadline=None, database=None)

FLAT_ODD = HexGrid((1, 60, 1, 40))
LAYOUTS = {
    (o, f): HexGrid((1, 30, 1, 30), orientation=o, offset=f)
    for o in ("flat", "pointy") for f in ("odd", "even")
}


def H(text: str) -> Hex:
    col, row = text.split(".")
    return Hex(int(col), int(row))


def hexes_in(grid: HexGrid):
    return st.builds(Hex, st.integers(grid.min_col, grid.max_col),
                     st.integers(grid.min_row, grid.max_row))


layout_and_hexes = st.sampled_from(sorted(LAYOUTS)).flatmap(
    lambda key: st.tuples(st.just(LAYOUTS[key]), hexes_in(LAYOUTS[key]),
                          hexes_in(LAYOUTS[key]), hexes_in(LAYOUTS[key])))


# ------------------------------------------------------------------ ids
def test_parse_and_format_round_trip_with_digit_widths():
    assert FLAT_ODD.parse("06.05") == Hex(6, 5)
    assert FLAT_ODD.format(Hex(6, 5)) == "06.05"
    assert str(Hex(6, 5)) == "06.05"
    wide = HexGrid((1, 120, 1, 200), col_digits=2, row_digits=3)
    assert wide.parse("108.044") == Hex(108, 44)
    assert wide.format(Hex(6, 5)) == "06.005"
    assert wide.format(Hex(108, 44)) == "108.044"
    assert HexGrid((1, 120, 1, 50)).parse("108.44") == Hex(108, 44)


@pytest.mark.parametrize("bad", ["6.5x", "", "06-05", "06.", ".05", "a.b", "06.05.01", "-1.05"])
def test_bad_ids_raise_ks_error_naming_the_text_and_format(bad):
    with pytest.raises(KsError) as info:
        FLAT_ODD.parse(bad)
    assert info.value.message == f"bad hex id {bad!r}: expected CC.RR"


def test_parse_error_carries_location_and_three_digit_pattern():
    grid = HexGrid((1, 10, 1, 100), row_digits=3)
    where = Location("scenario.yaml", 3, 9)
    with pytest.raises(KsError) as info:
        grid.parse("6.5x", location=where)
    assert info.value.location == where
    assert "expected CC.RRR" in info.value.message


def test_off_map_ids_are_rejected_unless_allowed():
    with pytest.raises(KsError, match=r"hex 61\.05 is off the map, which runs from 01\.01 to 60\.40"):
        FLAT_ODD.parse("61.05")
    assert FLAT_ODD.parse("61.05", on_map=False) == Hex(61, 5)


def test_hex_is_immutable_hashable_and_ordered_column_major():
    h = Hex(6, 5)
    with pytest.raises(AttributeError):
        h.col = 7  # type: ignore[misc]
    assert {h: 1}[Hex(6, 5)] == 1
    assert sorted([Hex(7, 1), Hex(6, 9), Hex(6, 2)]) == [Hex(6, 2), Hex(6, 9), Hex(7, 1)]


def test_contains_and_deterministic_hexes():
    grid = HexGrid(range(1, 4), range(1, 3))
    assert grid.hexes() == [Hex(1, 1), Hex(1, 2), Hex(2, 1), Hex(2, 2), Hex(3, 1), Hex(3, 2)]
    assert len(grid) == 6
    assert grid.contains(Hex(3, 2)) and Hex(1, 1) in grid
    assert not grid.contains(Hex(4, 1)) and not grid.contains(Hex(1, 0))


@pytest.mark.parametrize("args, kwargs, fragment", [
    (((1, 10, 1, 10),), {"orientation": "flatt"}, "unknown orientation 'flatt'"),
    (((1, 10, 1, 10),), {"offset": "odds"}, "unknown offset 'odds'"),
    (((10, 1, 1, 10),), {}, "bad bounds"),
    ((range(1, 10, 2), range(1, 5)), {}, "step 1"),
    ((range(1, 10),), {}, "rows as a range"),
])
def test_bad_grid_definitions_raise(args, kwargs, fragment):
    with pytest.raises(KsError) as info:
        HexGrid(*args, **kwargs)
    assert fragment in info.value.message


def test_bad_orientation_gets_a_hint():
    with pytest.raises(KsError) as info:
        HexGrid((1, 10, 1, 10), orientation="flatt")
    assert info.value.hint == "did you mean 'flat'?"


# ----------------------------------------------------------- neighbours
# Hand-drawn expectations, in direction order 0-5.
NEIGHBOURS = [
    # flat, odd columns shifted down: 06 is an unshifted column, 07 a shifted one
    ("flat", "odd", "06.05", ["06.04", "07.04", "07.05", "06.06", "05.05", "05.04"]),
    ("flat", "odd", "07.05", ["07.04", "08.05", "08.06", "07.06", "06.06", "06.05"]),
    # flat, even columns shifted down
    ("flat", "even", "06.05", ["06.04", "07.05", "07.06", "06.06", "05.06", "05.05"]),
    ("flat", "even", "07.05", ["07.04", "08.04", "08.05", "07.06", "06.05", "06.04"]),
    # pointy, odd rows shifted right
    ("pointy", "odd", "05.06", ["05.05", "06.06", "05.07", "04.07", "04.06", "04.05"]),
    ("pointy", "odd", "05.05", ["06.04", "06.05", "06.06", "05.06", "04.05", "05.04"]),
    # pointy, even rows shifted right
    ("pointy", "even", "05.06", ["06.05", "06.06", "06.07", "05.07", "04.06", "05.05"]),
    ("pointy", "even", "05.05", ["05.04", "06.05", "05.06", "04.06", "04.05", "04.04"]),
]


@pytest.mark.parametrize("orientation, offset, centre, expected", NEIGHBOURS)
def test_neighbours_match_hand_drawn_maps(orientation, offset, centre, expected):
    grid = HexGrid((1, 20, 1, 20), orientation=orientation, offset=offset)
    h = grid.parse(centre)
    assert [grid.format(n) for n in grid.neighbours(h)] == expected
    for d, n in enumerate(expected):
        assert grid.direction(h, grid.parse(n)) == d
        assert grid.neighbour(h, d) == grid.parse(n)


def test_direction_names():
    assert FLAT_ODD.direction_names == FLAT_DIRECTIONS == ("N", "NE", "SE", "S", "SW", "NW")
    assert LAYOUTS["pointy", "odd"].direction_names == POINTY_DIRECTIONS
    assert POINTY_DIRECTIONS == ("NE", "E", "SE", "SW", "W", "NW")
    assert FLAT_ODD.direction_name(FLAT_ODD.direction(H("06.05"), H("07.05"))) == "SE"


def test_bounded_neighbours_drop_off_map_hexes_at_corner():
    assert FLAT_ODD.neighbours(H("01.01")) == (H("02.01"), H("02.02"), H("01.02"))
    assert len(FLAT_ODD.neighbours(H("01.01"), bounded=False)) == 6
    assert H("00.01") in FLAT_ODD.neighbours(H("01.01"), bounded=False)


def test_direction_of_non_adjacent_hexes_raises():
    with pytest.raises(KsError, match="06.05 and 06.07 are not adjacent"):
        FLAT_ODD.direction(H("06.05"), H("06.07"))


@pytest.mark.parametrize("a, b, expected", [
    ("06.05", "06.05", 0), ("06.05", "06.08", 3), ("06.05", "08.05", 2),
    ("06.05", "09.05", 3), ("01.01", "11.01", 10), ("01.01", "11.10", 14),
    ("01.01", "01.10", 9), ("60.40", "01.01", 68),
])
def test_distance_examples_flat_odd(a, b, expected):
    assert FLAT_ODD.distance(H(a), H(b)) == expected


def test_ring_and_within_order_and_clipping():
    g = FLAT_ODD
    assert g.ring(H("06.05"), 1) == [g.neighbour(H("06.05"), d) for d in (0, 1, 2, 3, 4, 5)]
    assert g.ring(H("06.05"), 2)[0] == H("06.03")  # starts 2 steps in direction 0 (N)
    assert len(g.ring(H("10.10"), 3)) == 18
    assert g.within(H("10.10"), 2)[:7] == [H("10.10")] + g.ring(H("10.10"), 1)
    assert len(g.within(H("10.10"), 3)) == 37
    assert len(g.within(H("01.01"), 1)) == 4  # corner hex: itself + 3 on-map neighbours
    assert len(g.within(H("01.01"), 1, bounded=False)) == 7
    with pytest.raises(KsError):
        g.ring(H("10.10"), -1)


@SETTINGS
@given(layout_and_hexes, st.integers(0, 4))
def test_ring_holds_exactly_the_hexes_at_distance_n(data, n):
    grid, h, _, _ = data
    ring = grid.ring(h, n, bounded=False)
    assert len(ring) == len(set(ring)) == max(1, 6 * n)
    assert all(grid.distance(h, x) == n for x in ring)
    assert grid.ring(h, n) == [x for x in ring if grid.contains(x)]


# -------------------------------------------------------------- properties
@SETTINGS
@given(layout_and_hexes)
def test_distance_is_a_metric(data):
    grid, a, b, c = data
    assert grid.distance(a, b) == grid.distance(b, a)
    assert (grid.distance(a, b) == 0) == (a == b)
    assert grid.distance(a, c) <= grid.distance(a, b) + grid.distance(b, c)


@SETTINGS
@given(layout_and_hexes)
def test_conversions_round_trip(data):
    grid, a, _, _ = data
    assert grid.from_axial(*grid.to_axial(a)) == a
    assert sum(grid.to_cube(a)) == 0
    assert grid.from_cube(*grid.to_cube(a)) == a


@SETTINGS
@given(layout_and_hexes)
def test_neighbours_are_at_distance_one_and_symmetric(data):
    grid, a, _, _ = data
    around = grid.neighbours(a, bounded=False)
    assert len(set(around)) == 6
    for d, n in enumerate(around):
        assert grid.distance(a, n) == 1
        assert grid.direction(n, a) == (d + 3) % 6  # opposite direction back
    assert all(grid.contains(n) for n in grid.neighbours(a))


@SETTINGS
@given(layout_and_hexes)
def test_pixel_geometry_agrees_with_direction_names(data):
    """Neighbour centres lie sqrt(3) away at the compass bearing of their name,
    and the side facing direction d joins corners d and d+1 midway between centres."""
    grid, a, _, _ = data
    bearing = {"N": -90, "NE": -30 if grid.orientation == "flat" else -60, "E": 0,
               "SE": 30 if grid.orientation == "flat" else 60, "S": 90,
               "SW": 150 if grid.orientation == "flat" else 120, "W": 180,
               "NW": 210 if grid.orientation == "flat" else 240}
    ax, ay = grid.center(a, size=2.0)
    corners = grid.corners(a, size=2.0)
    for d, n in enumerate(grid.neighbours(a, bounded=False)):
        nx_, ny = grid.center(n, size=2.0)
        angle = math.radians(bearing[grid.direction_name(d)])
        assert nx_ - ax == pytest.approx(2 * math.sqrt(3) * math.cos(angle), abs=1e-9)
        assert ny - ay == pytest.approx(2 * math.sqrt(3) * math.sin(angle), abs=1e-9)
        (x1, y1), (x2, y2) = corners[d], corners[(d + 1) % 6]
        assert (x1 + x2) / 2 == pytest.approx((ax + nx_) / 2, abs=1e-9)
        assert (y1 + y2) / 2 == pytest.approx((ay + ny) / 2, abs=1e-9)
        drawn = grid.hexside_segment(grid.hexside(a, n), size=2.0)
        for corner in (corners[d], corners[(d + 1) % 6]):
            assert min(math.dist(corner, end) for end in drawn) < 1e-9


def test_offset_columns_really_are_shifted_down():
    """'odd' flat means odd-numbered columns sit half a hex lower; 'even' the reverse."""
    odd, even = LAYOUTS["flat", "odd"], LAYOUTS["flat", "even"]
    assert odd.center(H("07.05"))[1] > odd.center(H("06.05"))[1]
    assert even.center(H("06.05"))[1] > even.center(H("07.05"))[1]
    p_odd, p_even = LAYOUTS["pointy", "odd"], LAYOUTS["pointy", "even"]
    assert p_odd.center(H("05.07"))[0] > p_odd.center(H("05.06"))[0]
    assert p_even.center(H("05.06"))[0] > p_even.center(H("05.07"))[0]


# --------------------------------------------------------------- hexsides
def test_hexside_is_canonical_and_parses():
    side = FLAT_ODD.hexside(H("06.06"), H("06.05"))
    assert side == Hexside(H("06.05"), H("06.06"))
    assert (side.a, side.b) == (H("06.05"), H("06.06"))
    assert str(side) == "06.05/06.06"
    assert FLAT_ODD.parse_hexside("06.06/06.05") == side
    assert FLAT_ODD.format_hexside(side) == "06.05/06.06"
    assert side.other(H("06.05")) == H("06.06")
    assert len({side, FLAT_ODD.hexside(H("06.05"), H("06.06"))}) == 1


def test_hexside_errors():
    with pytest.raises(KsError, match="not adjacent"):
        FLAT_ODD.hexside(H("06.05"), H("08.05"))
    with pytest.raises(KsError, match="not adjacent"):
        FLAT_ODD.parse_hexside("06.05/08.05")
    with pytest.raises(KsError, match="bad hexside id"):
        FLAT_ODD.parse_hexside("06.05-06.06")
    with pytest.raises(KsError, match="bad hex id"):
        FLAT_ODD.parse_hexside("06.05/6.6x")
    with pytest.raises(KsError, match="twice"):
        Hexside(H("06.05"), H("06.05"))
    with pytest.raises(KsError, match="not on hexside"):
        Hexside(H("06.05"), H("06.06")).other(H("01.01"))


def test_adjacency_depends_on_layout():
    # 06.05-07.04 share a side when odd columns are shifted down, not when even ones are.
    assert FLAT_ODD.adjacent(H("06.05"), H("07.04"))
    assert not LAYOUTS["flat", "even"].adjacent(H("06.05"), H("07.04"))
    assert FLAT_ODD.hexsides(H("06.05"))[2] == Hexside(H("06.05"), H("07.05"))
