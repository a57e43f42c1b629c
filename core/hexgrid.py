"""Hex-grid geometry for printed wargame maps: ids, neighbours, distances, hexsides.

Rule modules speak in the ids printed on the map ("06.05" = column 6, row 5),
so that is the currency here too: a :class:`Hex` is a (col, row) pair exactly
as printed.  Internally every computation goes through axial/cube coordinates,
where adjacency and distance are simple vector arithmetic; the offset layout
(which columns or rows are shifted half a hex) only matters when converting.

Conventions (see docs/hexgrid.md for pictures):

* Screen coordinates: x grows to the right, y grows *down* (rows count down
  the printed map).
* ``orientation="flat"``: flat-topped hexes stacked in vertical columns; with
  ``offset="odd"`` the odd-numbered columns sit half a hex lower, with
  ``"even"`` the even-numbered ones do.  Directions 0-5, clockwise:
  N, NE, SE, S, SW, NW.
* ``orientation="pointy"``: pointy-topped hexes in horizontal rows; with
  ``offset="odd"`` the odd-numbered rows sit half a hex to the right.
  Directions 0-5, clockwise: NE, E, SE, SW, W, NW.
* Parity is that of the *printed* number, so a map numbered from 00 and one
  numbered from 01 with the same look need different ``offset`` values.

Nothing here knows any game rule; it is pure geometry.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from .errors import KsError, Location, did_you_mean

if TYPE_CHECKING:  # pragma: no cover - import only for type checkers
    from .hexline import Trace

__all__ = [
    "Hex", "Hexside", "HexGrid", "FLAT_DIRECTIONS", "POINTY_DIRECTIONS",
]

FLAT_DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
POINTY_DIRECTIONS = ("NE", "E", "SE", "SW", "W", "NW")

# Axial (dq, dr) of each direction, clockwise from the top-most side.  Axial
# q runs along the columns (flat) or rows (pointy); r is the other axis.
_FLAT_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
_POINTY_STEPS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))

# Angle in degrees (screen, y down) of corner 0; corner d+1 is 60 degrees on,
# so the side facing direction d runs from corner d to corner d+1.
_FIRST_CORNER = {"flat": 240.0, "pointy": 270.0}

_SQRT3 = math.sqrt(3.0)
_ID_RE = re.compile(r"(\d+)\.(\d+)")


class Hex(NamedTuple):
    """A hex by its printed map id: column and row.

    A NamedTuple rather than a dataclass because hexes are dictionary keys in
    every hot loop (movement, line of sight) and tuple hashing is fast.
    Ordering is column-major, matching how printed maps number hexes.
    """

    col: int
    row: int

    def __str__(self) -> str:
        # Two digits is the common printing; HexGrid.format knows the real widths.
        return f"{self.col:02d}.{self.row:02d}"


@dataclass(frozen=True, order=True, slots=True)
class Hexside:
    """The side shared by two adjacent hexes, stored in canonical order (a < b).

    Canonical order makes ``Hexside(x, y) == Hexside(y, x)`` so hexside
    terrain can be looked up whichever hex a rule starts from.  Adjacency
    depends on the grid layout, so validated construction goes through
    :meth:`HexGrid.hexside` / :meth:`HexGrid.parse_hexside`.
    """

    a: Hex
    b: Hex

    def __post_init__(self) -> None:
        if self.a == self.b:
            raise KsError(f"a hexside needs two different hexes, got {self.a} twice")
        if self.b < self.a:
            first, second = self.b, self.a
            object.__setattr__(self, "a", first)
            object.__setattr__(self, "b", second)

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return (self.a, self.b)

    def other(self, h: Hex) -> Hex:
        """The hex across this side from *h*."""
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise KsError(f"hex {h} is not on hexside {self}")

    def __str__(self) -> str:
        return f"{self.a}/{self.b}"


def _as_bounds(columns: object, rows: object) -> tuple[int, int, int, int]:
    """Normalise ``(range, range)`` or a 4-tuple to inclusive int bounds."""
    if isinstance(columns, range):
        if not isinstance(rows, range):
            raise KsError("HexGrid: give rows as a range when columns is a range")
        spans = []
        for name, rng in (("columns", columns), ("rows", rows)):
            if rng.step != 1 or len(rng) == 0:
                raise KsError(f"HexGrid: {name} must be a non-empty range with step 1, got {rng!r}")
            spans += [rng.start, rng[-1]]
        min_col, max_col, min_row, max_row = spans
    elif isinstance(columns, (tuple, list)) and len(columns) == 4 and rows is None:
        min_col, max_col, min_row, max_row = (int(v) for v in columns)
    else:
        raise KsError("HexGrid: expected (min_col, max_col, min_row, max_row) "
                      "or two ranges (columns, rows)")
    if min_col > max_col or min_row > max_row or min(min_col, min_row) < 0:
        raise KsError(f"HexGrid: bad bounds columns {min_col}..{max_col}, rows {min_row}..{max_row}")
    return min_col, max_col, min_row, max_row


class HexGrid:
    """A rectangular printed map of hexes and its geometry.

    ``HexGrid(range(1, 61), range(1, 41))`` or ``HexGrid((1, 60, 1, 40))``
    (inclusive bounds) builds the usual 60x40 map with flat-topped hexes and
    odd columns shifted down.  Methods that take hexes accept off-map hexes
    unless they say otherwise, because geometry (a line of sight grazing the
    map edge, a ring around an edge hex) legitimately reaches past the border.
    """

    __slots__ = ("min_col", "max_col", "min_row", "max_row", "orientation", "offset",
                 "col_digits", "row_digits", "_steps", "_names", "_nbr_cache", "_parsed")

    def __init__(self, columns: object, rows: object = None, *, orientation: str = "flat",
                 offset: str = "odd", col_digits: int = 2, row_digits: int = 2) -> None:
        self.min_col, self.max_col, self.min_row, self.max_row = _as_bounds(columns, rows)
        for label, value, allowed in (("orientation", orientation, ("flat", "pointy")),
                                      ("offset", offset, ("odd", "even"))):
            if value not in allowed:
                raise KsError(f"HexGrid: unknown {label} {value!r}: expected "
                              + " or ".join(repr(a) for a in allowed),
                              hint=did_you_mean(str(value), allowed))
        if col_digits < 1 or row_digits < 1:
            raise KsError("HexGrid: col_digits and row_digits must be at least 1")
        self.orientation = orientation
        self.offset = offset
        self.col_digits = col_digits
        self.row_digits = row_digits
        self._steps = _FLAT_STEPS if orientation == "flat" else _POINTY_STEPS
        self._names = FLAT_DIRECTIONS if orientation == "flat" else POINTY_DIRECTIONS
        self._nbr_cache: dict[Hex, tuple[Hex, ...]] = {}
        self._parsed: dict[str, Hex] = {}  # id → hex, for ids found on the map

    def __repr__(self) -> str:
        return (f"HexGrid(({self.min_col}, {self.max_col}, {self.min_row}, {self.max_row}), "
                f"orientation={self.orientation!r}, offset={self.offset!r})")

    # ----------------------------------------------------------------- ids
    def format(self, h: Hex) -> str:
        """The printed id of *h*, zero-padded to this map's digit widths."""
        return f"{h.col:0{self.col_digits}d}.{h.row:0{self.row_digits}d}"

    def parse(self, text: str, *, on_map: bool = True,
              location: Location | None = None) -> Hex:
        """Parse a printed id such as ``"06.05"``; by default it must be on the map."""
        if on_map and type(text) is str:
            known = self._parsed.get(text)  # rules measure between the same hexes often
            if known is not None:
                return known
        match = _ID_RE.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None:
            pattern = "C" * self.col_digits + "." + "R" * self.row_digits
            raise KsError(f"bad hex id {text!r}: expected {pattern}", location)
        h = Hex(int(match.group(1)), int(match.group(2)))
        if on_map and not self.contains(h):
            first = self.format(Hex(self.min_col, self.min_row))
            last = self.format(Hex(self.max_col, self.max_row))
            raise KsError(f"hex {self.format(h)} is off the map, which runs from "
                          f"{first} to {last}", location)
        if on_map and type(text) is str:
            self._parsed[text] = h
        return h

    def printed(self, h: Hex) -> Hex:
        """*h* as printed on its sheet (itself here; see core.sheets.SheetedGrid)."""
        return h

    def same_plane(self, a: Hex, b: Hex) -> bool:
        """Whether a line can join *a* and *b* (always, on one sheet or joined ones)."""
        return True

    def contains(self, h: Hex) -> bool:
        return self.min_col <= h[0] <= self.max_col and self.min_row <= h[1] <= self.max_row

    __contains__ = contains

    def hexes(self) -> list[Hex]:
        """Every hex on the map, column by column (the Hex ordering)."""
        return [Hex(c, r) for c in range(self.min_col, self.max_col + 1)
                for r in range(self.min_row, self.max_row + 1)]

    def __len__(self) -> int:
        return (self.max_col - self.min_col + 1) * (self.max_row - self.min_row + 1)

    # -------------------------------------------------- coordinate systems
    def to_axial(self, h: Hex) -> tuple[int, int]:
        """Axial (q, r): q along the offset axis, r the other; see module doc."""
        col, row = h
        if self.orientation == "flat":
            shift = (col - (col & 1)) // 2 if self.offset == "odd" else (col + (col & 1)) // 2
            return col, row - shift
        shift = (row - (row & 1)) // 2 if self.offset == "odd" else (row + (row & 1)) // 2
        return col - shift, row

    def from_axial(self, q: int, r: int) -> Hex:
        if self.orientation == "flat":
            shift = (q - (q & 1)) // 2 if self.offset == "odd" else (q + (q & 1)) // 2
            return Hex(q, r + shift)
        shift = (r - (r & 1)) // 2 if self.offset == "odd" else (r + (r & 1)) // 2
        return Hex(q + shift, r)

    def to_cube(self, h: Hex) -> tuple[int, int, int]:
        """Cube (x, y, z) with x + y + z == 0 (x = q, z = r)."""
        q, r = self.to_axial(h)
        return q, -q - r, r

    def from_cube(self, x: int, y: int, z: int) -> Hex:
        if x + y + z != 0:
            raise KsError(f"cube coordinates must sum to 0, got ({x}, {y}, {z})")
        return self.from_axial(x, z)

    # ------------------------------------------------------------ adjacency
    @property
    def direction_names(self) -> tuple[str, ...]:
        """Names of directions 0-5 for this orientation (clockwise from the top)."""
        return self._names

    def direction_name(self, d: int) -> str:
        return self._names[d % 6]

    def neighbour(self, h: Hex, d: int) -> Hex:
        """The hex across side *d* of *h*, on the map or not."""
        q, r = self.to_axial(h)
        dq, dr = self._steps[d % 6]
        return self.from_axial(q + dq, r + dr)

    def neighbours(self, h: Hex, *, bounded: bool = True) -> tuple[Hex, ...]:
        """Adjacent hexes in direction order 0-5; ``bounded`` drops off-map ones.

        Bounded results are cached per hex: movement searches ask for the same
        hexes' neighbours thousands of times.
        """
        if bounded:
            cached = self._nbr_cache.get(h)
            if cached is None:
                cached = tuple(n for n in self.neighbours(h, bounded=False) if self.contains(n))
                self._nbr_cache[h] = cached
            return cached
        q, r = self.to_axial(h)
        return tuple(self.from_axial(q + dq, r + dr) for dq, dr in self._steps)

    def direction(self, a: Hex, b: Hex) -> int:
        """Direction 0-5 from *a* to adjacent *b* (see :attr:`direction_names`)."""
        qa, ra = self.to_axial(a)
        qb, rb = self.to_axial(b)
        try:
            return self._steps.index((qb - qa, rb - ra))
        except ValueError:
            raise KsError(f"hexes {self.format(a)} and {self.format(b)} are not adjacent") from None

    def adjacent(self, a: Hex, b: Hex) -> bool:
        return self.distance(a, b) == 1

    def distance(self, a: Hex, b: Hex) -> int:
        """Number of hex steps between *a* and *b* (ignoring the map edge)."""
        ax, ay, az = self.to_cube(a)
        bx, by, bz = self.to_cube(b)
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))

    def ring(self, h: Hex, n: int, *, bounded: bool = True) -> list[Hex]:
        """Hexes at exactly distance *n*, clockwise from the one n steps in direction 0."""
        if n < 0:
            raise KsError(f"ring radius must be >= 0, got {n}")
        if n == 0:
            return [h] if (not bounded or self.contains(h)) else []
        q, r = self.to_axial(h)
        q, r = q + n * self._steps[0][0], r + n * self._steps[0][1]
        out = []
        for d in (2, 3, 4, 5, 0, 1):
            dq, dr = self._steps[d]
            for _ in range(n):
                cell = self.from_axial(q, r)
                if not bounded or self.contains(cell):
                    out.append(cell)
                q, r = q + dq, r + dr
        return out

    def within(self, h: Hex, n: int, *, bounded: bool = True) -> list[Hex]:
        """Hexes at distance 0..n, nearest first (ring by ring)."""
        return [cell for k in range(n + 1) for cell in self.ring(h, k, bounded=bounded)]

    # -------------------------------------------------------------- hexsides
    def hexside(self, a: Hex, b: Hex) -> Hexside:
        """The side shared by adjacent *a* and *b*; KsError if they are not adjacent."""
        if self.distance(a, b) != 1:
            raise KsError(f"no hexside between {self.format(a)} and {self.format(b)}: "
                          "the hexes are not adjacent")
        return Hexside(a, b)

    def hexsides(self, h: Hex) -> list[Hexside]:
        """The six sides of *h*, in direction order 0-5."""
        return [Hexside(h, n) for n in self.neighbours(h, bounded=False)]

    def parse_hexside(self, text: str, *, location: Location | None = None) -> Hexside:
        """Parse ``"06.05/06.06"`` (either order); the hexes must be adjacent."""
        parts = text.split("/") if isinstance(text, str) else []
        if len(parts) != 2:
            raise KsError(f"bad hexside id {text!r}: expected CC.RR/CC.RR", location)
        a, b = (self.parse(p, on_map=False, location=location) for p in parts)
        try:
            return self.hexside(a, b)
        except KsError as exc:
            raise KsError(exc.message, location) from None

    def format_hexside(self, side: Hexside) -> str:
        return f"{self.format(side.a)}/{self.format(side.b)}"

    # ------------------------------------------------------------- rendering
    def center(self, h: Hex, size: float = 1.0) -> tuple[float, float]:
        """Pixel centre of *h* (y down); *size* is the centre-to-corner radius."""
        q, r = self.to_axial(h)
        if self.orientation == "flat":
            return size * 1.5 * q, size * _SQRT3 * (r + q / 2)
        return size * _SQRT3 * (q + r / 2), size * 1.5 * r

    def corners(self, h: Hex, size: float = 1.0) -> list[tuple[float, float]]:
        """The six corners, clockwise; the side in direction d joins corners d and d+1."""
        cx, cy = self.center(h, size)
        first = _FIRST_CORNER[self.orientation]
        out = []
        for i in range(6):
            angle = math.radians(first + 60 * i)
            out.append((cx + size * math.cos(angle), cy + size * math.sin(angle)))
        return out

    def hexside_segment(self, side: Hexside, size: float = 1.0
                        ) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two end points of a hexside, for drawing it."""
        d = self.direction(side.a, side.b)
        pts = self.corners(side.a, size)
        return pts[d], pts[(d + 1) % 6]

    # --------------------------------------------------------- line tracing
    def trace(self, a: Hex, b: Hex) -> Trace:
        """Exact trace of the straight line between the centres of *a* and *b*."""
        from .hexline import trace  # late import: hexline builds on this module

        return trace(self, a, b)
