"""A scenario's map sheets as one game's grid: sheets that number on from each
other are one plane (joined), a sheet that numbers from 01.01 again a plane of
its own (core.sheets), and a play area clips the grid; hex ids of a sheet's
own file as the game spells them."""

from __future__ import annotations

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.models import Game, MapModel
from kriegsspiel.core.scenario import Scenario
from kriegsspiel.core.sheets import SheetedGrid, id_digits, plan_sheets, split_qualified


def planes_of(game: Game, scenario: Scenario) -> list[list[MapModel]]:
    """The scenario's map sheets, grouped into planes (core.sheets.plan_sheets):
    sheets that number on from each other (Crete's Maleme, columns 1–48, and
    Canea–Suda, 49 on) are one plane, one map; a sheet that numbers from 01.01
    again (Rethymnon, Heraklion, Kastelli) is a plane of its own."""
    sheets = [next(m for m in game.maps if m.id == map_id) for map_id in scenario.maps]
    return plan_sheets(sheets, scenario.id)


def sheets_of(game: Game, scenario: Scenario) -> list[MapModel]:
    """The map sheets a scenario plays on, in the order listed."""
    return [m for plane in planes_of(game, scenario) for m in plane]


def grid_of(game: Game, scenario: Scenario) -> HexGrid:
    planes = planes_of(game, scenario)
    if len(planes) > 1:  # separate sheets: each on its own plane, ids name their sheet
        if scenario.play_area is not None:
            raise KsError(f"scenario '{scenario.id}': a play area is for one map; this "
                          "scenario plays on separate sheets")
        return SheetedGrid(planes)
    sheets = planes[0]
    g = sheets[0].grid
    bounds = ((min(m.grid.columns[0] for m in sheets), max(m.grid.columns[1] for m in sheets)),
              (min(m.grid.rows[0] for m in sheets), max(m.grid.rows[1] for m in sheets)))
    # Printed ids are zero-padded to two digits and grow past 99 ("09.04" and
    # "108.44" on Crete's joined western sheets): a minimum width of two,
    # unless the sheets print wider ids ("28.048": id_digits [2, 3]).
    col_digits, row_digits = id_digits(sheets)
    # "Only the area west of hex column 26.XX is in play": the grid stops there.
    area = scenario.play_area
    columns = _clip(bounds[0], area.columns if area else None)
    rows = _clip(bounds[1], area.rows if area else None)
    return HexGrid((columns[0], columns[1], rows[0], rows[1]),
                   orientation=g.orientation, offset=g.offset,
                   col_digits=col_digits, row_digits=row_digits)


def on_sheet(sheet: MapModel, grid: HexGrid, hex_id: str) -> str:
    """A hex id from *sheet*'s own file as the game spells it ('27.12' on the
    Rethymnon sheet is 'rethymnon:27.12' when the game has separate sheets)."""
    if isinstance(grid, SheetedGrid):
        return grid.format(grid.parse(f"{sheet.id}:{hex_id}", on_map=False))
    return hex_id


def on_a_sheet(sheets: list[MapModel], grid: HexGrid, hex_id: str) -> bool:
    if isinstance(grid, SheetedGrid):
        sheet_id, local = split_qualified(hex_id)
        return any(m.id == sheet_id and m.contains(local) for m in sheets)
    return any(sheet.contains(hex_id) for sheet in sheets)


def _clip(bounds: tuple[int, int], area: tuple[int, int] | None) -> tuple[int, int]:
    if area is None:
        return bounds[0], bounds[1]
    low, high = max(bounds[0], area[0]), min(bounds[1], area[1])
    if low > high:
        raise KsError(f"the play area {list(area)} lies outside the map's {list(bounds)}")
    return low, high


__all__ = ["planes_of", "sheets_of", "grid_of", "on_sheet", "on_a_sheet"]
