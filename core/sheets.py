"""Several map sheets in one game: joined sheets and separate sheets.

Printed sheets come in two kinds when a game uses more than one:

* **joined** sheets number their hexes on from each other (Crete's Canea–Suda
  sheet, columns 49–96, continues the Maleme sheet's 1–48): they are one map in
  one coordinate system, and hexes meet across the seam;
* **separate** sheets each number from 01.01 (Crete's Rethymnon, Heraklion and
  Kastelli sheets): their hex ids repeat each other's, and nothing on one sheet
  is next to, in sight of or at any distance from anything on another.

:func:`plan_sheets` groups a scenario's sheets into *planes*: each plane is one
sheet or several joined ones.  With one plane the game is played on a plain
:class:`~kriegsspiel.core.hexgrid.HexGrid`, exactly as before.  With several,
:class:`SheetedGrid` places each plane on its own band of one coordinate space
(plane k at column k × 1000, shifted one column more when its offset parity
differs from the first plane's, so each keeps its own layout) and writes every
hex id qualified by its sheet: ``rethymnon:27.12``.  Adjacency and lines of
sight never leave a plane; the distance between planes is :data:`SEPARATE`.

Nothing here knows any game rule; it is geometry over map data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from .errors import KsError, Location, did_you_mean
from .hexgrid import Hex, HexGrid
from .models import MapModel

__all__ = ["SEPARATE", "PLANE_STRIDE", "plan_sheets", "SheetedGrid", "split_qualified",
           "qualified"]

# The distance between hexes of separate sheets: farther than any range a rule
# measures, so "within N hexes" never reaches across.
SEPARATE = 1_000_000
# Columns between the origins of two planes; a plane's columns number below
# PLANE_STRIDE // 2 (printed sheets have two or three digits).
PLANE_STRIDE = 1000
_GAP = 3.0  # hex widths between planes drawn side by side


def split_qualified(text: str) -> tuple[str | None, str]:
    """'rethymnon:27.12' → ('rethymnon', '27.12'); '27.12' → (None, '27.12')."""
    sheet, sep, local = text.rpartition(":")
    return (sheet, local) if sep else (None, text)


def id_digits(sheets: list[MapModel]) -> tuple[int, int]:
    """The widths the sheets print their hex ids in: the widest any declares
    (grid.id_digits, '28.048': [2, 3]), two each by default."""
    declared = [m.grid.id_digits for m in sheets if m.grid.id_digits is not None]
    return (max([2] + [d[0] for d in declared]), max([2] + [d[1] for d in declared]))


def _bounds(m: MapModel) -> tuple[int, int, int, int]:
    (c0, c1), (r0, r1) = m.grid.columns, m.grid.rows
    return c0, c1, r0, r1


def _overlap(a: MapModel, b: MapModel) -> bool:
    ac0, ac1, ar0, ar1 = _bounds(a)
    bc0, bc1, br0, br1 = _bounds(b)
    return ac0 <= bc1 and bc0 <= ac1 and ar0 <= br1 and br0 <= ar1


def _layout(m: MapModel) -> tuple[str, str]:
    return m.grid.orientation, m.grid.offset


def plan_sheets(sheets: list[MapModel], scenario_id: str = "?") -> list[list[MapModel]]:
    """The planes of a scenario's sheets, in the order listed.

    A sheet joins the first plane whose numbering it continues: it repeats none of
    the ids of that plane's sheets (their grids do not overlap) and is laid out
    alike (orientation and offset), as Canea–Suda's columns 49–96 continue
    Maleme's 1–48.  Any other sheet is separate: a plane of its own.  (List a
    joined map's sheets together, the first sheet first: a sheet decides by the
    planes before it.)  One hex grid has one orientation, so every sheet must
    share it.
    """
    planes: list[list[MapModel]] = []
    for sheet in sheets:
        if planes and sheet.grid.orientation != planes[0][0].grid.orientation:
            raise KsError(f"scenario '{scenario_id}': map '{sheet.id}' has "
                          f"{sheet.grid.orientation}-topped hexes, map '{planes[0][0].id}' "
                          f"{planes[0][0].grid.orientation}-topped: the sheets of one game "
                          "must share an orientation")
        for plane in planes:
            if (not any(_overlap(sheet, other) for other in plane)
                    and all(_layout(sheet) == _layout(other) for other in plane)):
                plane.append(sheet)
                break
        else:
            planes.append([sheet])
    return planes


@dataclass(frozen=True)
class _Sheet:
    id: str
    plane: int
    col_shift: int
    row_shift: int
    bounds: tuple[int, int, int, int]  # printed min_col, max_col, min_row, max_row

    def holds(self, local: Hex) -> bool:
        c0, c1, r0, r1 = self.bounds
        return c0 <= local[0] <= c1 and r0 <= local[1] <= r1


class SheetedGrid(HexGrid):
    """One hex grid holding several planes of sheets (see the module doc).

    Every id it formats names its sheet (``maleme:48.07``); it parses qualified
    ids, and an unqualified id only when exactly one plane's sheet has that hex.
    """

    __slots__ = ("sheets", "_by_id", "_plane_rects", "_plane_first", "_dx", "_formatted",
                 "_qualified")

    def __init__(self, planes: list[list[MapModel]]) -> None:
        base = planes[0][0].grid
        sheets: list[_Sheet] = []
        rects = []
        for k, plane in enumerate(planes):
            flip = 0 if plane[0].grid.offset == base.offset else 1
            col_shift = k * PLANE_STRIDE + (flip if base.orientation == "flat" else 0)
            row_shift = flip if base.orientation == "pointy" else 0
            for m in plane:
                sheets.append(_Sheet(m.id, k, col_shift, row_shift, _bounds(m)))
            c0 = min(m.grid.columns[0] for m in plane) + col_shift
            c1 = max(m.grid.columns[1] for m in plane) + col_shift
            r0 = min(m.grid.rows[0] for m in plane) + row_shift
            r1 = max(m.grid.rows[1] for m in plane) + row_shift
            if c1 - col_shift >= PLANE_STRIDE // 2:
                raise KsError(f"map '{plane[0].id}': columns number up to {c1 - col_shift}; "
                              f"separate sheets need columns below {PLANE_STRIDE // 2}")
            rects.append((c0, c1, r0, r1))
        super().__init__((min(r[0] for r in rects), max(r[1] for r in rects),
                          min(r[2] for r in rects), max(r[3] for r in rects)),
                         orientation=base.orientation, offset=base.offset)
        # every sheet's ids as wide as the widest any prints
        self.col_digits, self.row_digits = id_digits([m for plane in planes for m in plane])
        self.sheets = sheets
        self._by_id = {s.id: s for s in sheets}
        self._plane_rects = rects
        self._plane_first = [next(s for s in sheets if s.plane == k) for k in range(len(planes))]
        self._formatted: dict[Hex, str] = {}
        self._qualified: dict[tuple[str, bool], Hex] = {}
        # Drawn side by side, left to right in plane order, a gap between them.
        self._dx, right = [0.0], HexGrid.center(self, Hex(rects[0][1], rects[0][2]))[0]
        for c0, c1, r0, _ in rects[1:]:
            dx = right + 1.5 * _GAP - HexGrid.center(self, Hex(c0, r0))[0]
            self._dx.append(dx)
            right = HexGrid.center(self, Hex(c1, r0))[0] + dx

    def __repr__(self) -> str:
        return f"SheetedGrid({', '.join(s.id for s in self.sheets)})"

    # ---------------------------------------------------------------- planes
    def plane_of(self, h: Hex) -> int:
        return (h[0] + PLANE_STRIDE // 2) // PLANE_STRIDE

    def same_plane(self, a: Hex, b: Hex) -> bool:
        return self.plane_of(a) == self.plane_of(b)

    def _local(self, h: Hex) -> tuple[_Sheet, Hex]:
        k = self.plane_of(h)
        first = self._plane_first[min(max(k, 0), len(self._plane_first) - 1)]
        local = Hex(h[0] - first.col_shift, h[1] - first.row_shift)
        for s in self.sheets:
            if s.plane == first.plane and s.holds(local):
                return s, local
        return first, local

    def printed(self, h: Hex) -> Hex:
        """The hex as printed on its own sheet (column and row)."""
        return self._local(h)[1]

    def sheet_of(self, h: Hex) -> str:
        return self._local(h)[0].id

    # ------------------------------------------------------------------- ids
    def format(self, h: Hex) -> str:
        text = self._formatted.get(h)
        if text is None:
            sheet, local = self._local(h)
            text = self._formatted[h] = \
                f"{sheet.id}:{local[0]:0{self.col_digits}d}.{local[1]:0{self.row_digits}d}"
        return text

    def parse(self, text: str, *, on_map: bool = True,
              location: Location | None = None) -> Hex:
        if text.__class__ is str:
            known = self._qualified.get((text, on_map))
            if known is not None:
                return known
        if not isinstance(text, str):
            raise KsError(f"bad hex id {text!r}: expected sheet:CC.RR", location)
        sheet_id, local_text = split_qualified(text.strip())
        local = HexGrid.parse(self, local_text, on_map=False, location=location)
        if sheet_id is not None:
            sheet = self._by_id.get(sheet_id)
            if sheet is None:
                raise KsError(f"hex {text}: no sheet '{sheet_id}' in this game (its sheets: "
                              f"{', '.join(self._by_id)})", location,
                              did_you_mean(sheet_id, self._by_id))
        else:
            sheet = self.resolve(local, text, location, on_map)
        if on_map and not sheet.holds(local):
            c0, c1, r0, r1 = sheet.bounds
            raise KsError(f"hex {text} is off the {sheet.id} sheet, which runs from "
                          f"{c0:02d}.{r0:02d} to {c1:02d}.{r1:02d}", location)
        h = Hex(local[0] + sheet.col_shift, local[1] + sheet.row_shift)
        if text.__class__ is str:
            self._qualified[(text, on_map)] = h
        return h

    def resolve(self, local: Hex, text: str, location: Location | None = None,
                on_map: bool = True) -> _Sheet:
        """The one sheet an unqualified id can mean, or a located error."""
        holding = [s for s in self.sheets if s.holds(local)]
        if len(holding) == 1:
            return holding[0]
        if len(holding) > 1:
            many = {2: "two", 3: "three", 4: "four"}.get(len(holding), str(len(holding)))
            raise KsError(f"hex {text} is on {many} sheets in this scenario; write "
                          + " or ".join(f"{s.id}:{text}" for s in holding), location)
        if not on_map:
            return self._plane_first[0]
        raise KsError(f"hex {text} is on none of this game's sheets "
                      f"({', '.join(self._by_id)})", location)

    def joined_sheet_holding(self, sheet_id: str, local_text: str) -> str:
        """The sheet an entry's ``map`` means for one of its hexes: that sheet, or the
        sheet joined to it that has the hex (Crete's Scenario 11 lists 48.09, a Maleme
        hex at the seam, under "Canea - Suda Map")."""
        sheet = self._by_id.get(sheet_id)
        if sheet is None:
            return sheet_id
        local = HexGrid.parse(self, local_text, on_map=False)
        if sheet.holds(local):
            return sheet_id
        joined = [s for s in self.sheets if s.plane == sheet.plane and s.holds(local)]
        return joined[0].id if len(joined) == 1 else sheet_id

    def contains(self, h: Hex) -> bool:
        k = self.plane_of(h)
        if not 0 <= k < len(self._plane_rects):
            return False
        c0, c1, r0, r1 = self._plane_rects[k]
        return c0 <= h[0] <= c1 and r0 <= h[1] <= r1

    __contains__ = contains

    def hexes(self) -> list[Hex]:
        return [Hex(c, r) for c0, c1, r0, r1 in self._plane_rects
                for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]

    def __len__(self) -> int:
        return sum((c1 - c0 + 1) * (r1 - r0 + 1) for c0, c1, r0, r1 in self._plane_rects)

    # -------------------------------------------------------------- geometry
    def distance(self, a: Hex, b: Hex) -> int:
        if self.plane_of(a) != self.plane_of(b):
            return SEPARATE
        return HexGrid.distance(self, a, b)

    def center(self, h: Hex, size: float = 1.0) -> tuple[float, float]:
        x, y = HexGrid.center(self, h, size)
        k = self.plane_of(h)
        return x + size * self._dx[min(max(k, 0), len(self._dx) - 1)], y


# Fields and effect keys that hold hex ids in scenario data.
_HEX_KEYS = frozenset({"hex", "hexes", "around"})


def qualified(model: Any, grid: SheetedGrid) -> Any:
    """A copy of scenario data with every hex id as *grid* spells it ('sheet:CC.RR').

    An object with a ``map`` (a placement, a reinforcement) qualifies its own
    unqualified hexes with that sheet; everything else must already say which
    sheet, or name a hex only one sheet has (the cross-reference check has said
    so, with its location, before this runs)."""
    return _qualify(model, grid, None)


def _qualify(obj: Any, grid: SheetedGrid, sheet: str | None) -> Any:
    if isinstance(obj, list):
        return [_qualify(item, grid, sheet) for item in obj]
    if not isinstance(obj, BaseModel):
        return obj
    own = getattr(obj, "map", None)
    sheet = own if isinstance(own, str) else sheet
    update = {}
    for name in type(obj).model_fields:
        value = getattr(obj, name)
        if name in _HEX_KEYS and value is not None:
            update[name] = _hexes(value, grid, sheet)
        elif isinstance(value, (BaseModel, list)):
            update[name] = _qualify(value, grid, sheet)
    copy = obj.model_copy(update=update)
    extra = copy.__pydantic_extra__
    if extra:
        copy.__pydantic_extra__ = {k: _hexes(v, grid, sheet) if k in _HEX_KEYS else v
                                   for k, v in extra.items()}
    return copy


def _hexes(value: Any, grid: SheetedGrid, sheet: str | None) -> Any:
    if isinstance(value, list):
        return [_hexes(v, grid, sheet) for v in value]
    if not isinstance(value, str):
        return value
    if sheet is not None and split_qualified(value)[0] is None:
        value = f"{grid.joined_sheet_holding(sheet, value)}:{value}"
    return grid.format(grid.parse(value))
