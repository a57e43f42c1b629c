"""Exact tracing of the straight line between two hex centres (for line of sight).

Line-of-sight rules care about three distinct situations, so a trace keeps
them apart instead of returning "a list of hexes":

``hex``
    the line crosses the interior of the hex;
``along``
    the line runs exactly along the hexside shared by two hexes, touching both
    and crossing the interior of neither (rules usually say such a line is
    blocked only if *both* sides block, or look at the hexside itself);
``vertex``
    the line passes exactly through a corner where three hexes meet, going
    from one hex's interior straight into the next and touching the third
    ("grazed") hex at that single point only.

The vertex case is real: it is *not* true that a centre-to-centre line meets
a vertex only while running along a hexside.  The line from cube (0,0,0) to
(4,1,-5) passes exactly through the corner shared by (1,0,-1), (2,0,-2) and
(1,1,-2) a third of the way along (see docs/hexgrid.md and the tests).

Why exact arithmetic: the along-hexside and vertex cases are measure-zero
events that floating point (or the usual "nudge by epsilon" lerp) finds only
by luck.  In cube coordinates the hex containing point p is the c with
``|(px-py)-(cx-cy)| <= 1`` and likewise for y-z and z-x; boundaries therefore
lie on lines where one of x-y, y-z, z-x is an integer.  Along the segment each
of those differences is linear in t, so every possible boundary event happens
at a rational t with a known denominator.  We cut the segment at all those t
(scaled to integers), classify the open piece between each pair of cuts by
rounding its midpoint, and classify each cut between two different hexes as an
edge crossing or a vertex.  Everything is integer arithmetic.

The trace is pure geometry: hexes off the map edge may appear (a line along
the map's top row can run along a hexside shared with an off-map hex).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import lcm
from typing import TYPE_CHECKING

from .hexgrid import Hex, Hexside

if TYPE_CHECKING:  # pragma: no cover
    from .hexgrid import HexGrid

__all__ = ["HEX", "ALONG", "VERTEX", "TraceStep", "Trace", "trace"]

HEX = "hex"
ALONG = "along"
VERTEX = "vertex"

# Cube unit steps perpendicular to the three boundary families x-y, y-z, z-x:
# crossing the boundary where (x-y) grows by one moves the hex by (1, -1, 0).
_FAMILY_STEPS = ((1, -1, 0), (0, 1, -1), (-1, 0, 1))


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One stretch of the line: a hex interior, a hexside run, or a vertex.

    ``hexes`` is ``(h,)`` for ``hex``, the two hexes in canonical (sorted)
    order for ``along``, and ``(grazed,)`` for ``vertex``.
    """

    kind: str
    hexes: tuple[Hex, ...]
    hexside: Hexside | None = None  # only for ``along``: the side run along

    @property
    def hex(self) -> Hex:
        """The single hex of a ``hex`` or ``vertex`` step."""
        if len(self.hexes) != 1:
            raise ValueError(f"a {self.kind} step has two hexes; use .hexes")
        return self.hexes[0]


@dataclass(frozen=True, slots=True)
class Trace:
    """The ordered steps of the line from ``start`` to ``end``.

    The first step is always the ``hex`` step of ``start`` and the last that
    of ``end`` (centres lie inside their hexes).  Two consecutive ``hex``
    steps mean the line crossed the interior of the side between them; a
    ``vertex`` step between two ``hex`` steps means it crossed at a corner.
    ``trace(b, a).steps`` is exactly ``trace(a, b).steps`` reversed.
    """

    start: Hex
    end: Hex
    steps: tuple[TraceStep, ...]

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """Every hex the line touches, in order, endpoints included.

        "Touches" includes along-hexside pairs (both, in canonical order) and
        hexes grazed at a vertex; use :attr:`interior` for the hexes actually
        crossed.  No hex appears twice.
        """
        return tuple(h for step in self.steps for h in step.hexes)

    @property
    def interior(self) -> tuple[Hex, ...]:
        """Hexes whose interior the line crosses, excluding the two endpoints."""
        return tuple(s.hexes[0] for s in self.steps[1:-1] if s.kind == HEX)

    @property
    def along(self) -> tuple[tuple[Hex, Hex], ...]:
        """The (hexA, hexB) pairs the line runs between, along their shared side."""
        return tuple((s.hexes[0], s.hexes[1]) for s in self.steps if s.kind == ALONG)

    @property
    def along_hexsides(self) -> tuple[Hexside, ...]:
        """The hexsides the line runs along (same order as :attr:`along`)."""
        return tuple(s.hexside for s in self.steps if s.kind == ALONG)  # type: ignore[misc]

    @property
    def hexsides_crossed(self) -> tuple[Hexside, ...]:
        """Sides whose interior the line crosses, between consecutive interior hexes."""
        out = []
        for first, second in zip(self.steps, self.steps[1:]):
            if first.kind == HEX and second.kind == HEX:
                out.append(Hexside(first.hexes[0], second.hexes[0]))
        return tuple(out)

    @property
    def vertices(self) -> tuple[tuple[Hex, Hex, Hex], ...]:
        """``(before, grazed, after)`` for each corner the line passes through.

        The line goes from ``before`` straight into ``after`` (which share a
        side ending at that corner) and touches ``grazed`` at the corner only.
        Corners met at the ends of an along-hexside run are not listed: there
        the line is running along the sides, not crossing at the corner.
        """
        return tuple((self.steps[i - 1].hexes[0], s.hexes[0], self.steps[i + 1].hexes[0])
                     for i, s in enumerate(self.steps) if s.kind == VERTEX)

    def touches(self, h: Hex) -> bool:
        return any(h in step.hexes for step in self.steps)


def _round_scaled(px: int, py: int, pz: int, scale: int) -> tuple[int, int, int]:
    """The hex (cube) containing the point (px, py, pz) / scale, exactly.

    Standard cube rounding in integers: round each coordinate, then recompute
    the one that moved furthest so the sum stays zero.  On a boundary it
    returns one of the touching hexes; callers handle the other.
    """
    twice = 2 * scale
    rx = (2 * px + scale) // twice
    ry = (2 * py + scale) // twice
    rz = (2 * pz + scale) // twice
    ex, ey, ez = abs(px - rx * scale), abs(py - ry * scale), abs(pz - rz * scale)
    if ex > ey and ex > ez:
        rx = -ry - rz
    elif ey > ez:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return rx, ry, rz


def _pieces(a: tuple[int, int, int], d: tuple[int, int, int]) -> list[tuple]:
    """Classify the segment a -> a+d (cube) into pieces, merged, with cut points.

    Returns a list of ``(kind, cubes, cut)`` where ``kind`` is HEX or ALONG,
    ``cubes`` the hex (or sorted pair of hexes) and ``cut`` the scaled
    position ``(px, py, pz, scale)`` where the piece begins.
    """
    dx, dy, dz = d
    spans = (dx - dy, dy - dz, dz - dx)
    nonzero = [abs(s) for s in spans if s]
    scale = 2 * lcm(*nonzero)  # cuts land on even multiples, midpoints on integers
    cuts = sorted({s for n in set(nonzero) for s in range(0, scale + 1, scale // n)})
    ax, ay, az = a
    ox, oy, oz = scale * ax, scale * ay, scale * az
    # Collinear families: the line lies on x-y == const (etc.) for the whole way,
    # so it may run along sides of that family; keep the constant to test.
    collinear = [(i, (ax - ay, ay - az, az - ax)[i]) for i in range(3) if spans[i] == 0]
    pieces: list[tuple] = []
    for s0, s1 in zip(cuts, cuts[1:]):
        m = (s0 + s1) // 2
        c = _round_scaled(ox + m * dx, oy + m * dy, oz + m * dz, scale)
        key: tuple = (HEX, (c,))
        for family, const in collinear:
            off = const - (c[0] - c[1], c[1] - c[2], c[2] - c[0])[family]
            if off:  # off is +-1: the midpoint is on the side toward c + off*step
                step = _FAMILY_STEPS[family]
                other = (c[0] + off * step[0], c[1] + off * step[1], c[2] + off * step[2])
                key = (ALONG, tuple(sorted((c, other))))
        if pieces and pieces[-1][0] == key[0] and pieces[-1][1] == key[1]:
            continue
        pieces.append((key[0], key[1], (ox + s0 * dx, oy + s0 * dy, oz + s0 * dz, scale)))
    return pieces


def trace(grid: HexGrid, a: Hex, b: Hex) -> Trace:
    """Trace the line from the centre of *a* to the centre of *b* on *grid*."""
    ca, cb = grid.to_cube(a), grid.to_cube(b)
    if ca == cb:
        return Trace(a, b, (TraceStep(HEX, (a,)),))
    d = (cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2])
    pieces = _pieces(ca, d)
    cache: dict[tuple[int, int, int], Hex] = {}

    def to_hex(c: tuple[int, int, int]) -> Hex:
        h = cache.get(c)
        if h is None:
            h = cache[c] = grid.from_axial(c[0], c[2])
        return h

    steps: list[TraceStep] = []
    previous = None
    for kind, cubes, (px, py, pz, scale) in pieces:
        if kind == ALONG:
            pair = Hexside(to_hex(cubes[0]), to_hex(cubes[1]))
            steps.append(TraceStep(ALONG, pair.hexes, pair))
        else:
            cube = cubes[0]
            if previous is not None and previous[0] == HEX and (px - py) % scale == 0 \
                    and (py - pz) % scale == 0:
                # The cut is a corner (all three differences integral) between two
                # interior stretches: the third hex there is touched only at that
                # point.  The three hexes around a corner average to the corner.
                before = previous[1][0]
                grazed = tuple(3 * p // scale - u - v for p, u, v in zip((px, py, pz), before, cube))
                steps.append(TraceStep(VERTEX, (to_hex(grazed),)))  # type: ignore[arg-type]
            steps.append(TraceStep(HEX, (to_hex(cube),)))
        previous = (kind, cubes)
    return Trace(a, b, tuple(steps))
