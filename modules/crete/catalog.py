"""Crete's pieces of a game's catalog (hook ks_lay_out_catalog): the airfields
and the airlanding serials that land on them (crete:S7.0), and the units that
arrive by parachute or glider in a Drop Zone (crete:3.0), in the order they
land.  When and where they land is the rules' (drops.ksr, airlanding.ksr)."""

from __future__ import annotations

from typing import Any

from kriegsspiel.engine.scenario_maps import grid_of, on_sheet, sheets_of
from kriegsspiel.engine.starting import hexes_within, turn_index


def lay_out(cat: dict, game: Any, scenario: Any) -> None:
    if scenario is None:
        return
    labels = [t["label"] for t in cat["game"]["game"]["turns"]]
    grid, sheets = grid_of(game, scenario), sheets_of(game, scenario)
    _airlanding(cat, sheets, grid, scenario, labels)
    _drops(cat, sheets, grid, scenario, labels)


def _airlanding(cat: dict, sheets: list, grid: Any, scenario: Any, labels: list[str]) -> None:
    """Airlanding serials (arrival: airlanding) and the airfields they land on: each
    unit gets its serial and the index of the first turn it may land; each airfield of
    the map in play (its features of kind airfield, grouped by name) becomes an entity
    listing its runway hexes."""
    airfields: dict[str, list[str]] = {}
    for sheet, feature in ((m, f) for m in sheets for f in m.features):
        if feature.kind == "airfield":
            where = on_sheet(sheet, grid, feature.hex)
            airfields.setdefault(feature.name or where, []).append(where)
    cat["airfield"] = {name: {"name": name, "hexes": hexes} for name, hexes in airfields.items()}
    for r in scenario.reinforcements:
        if r.serial is None:
            continue
        for unit_id in r.units:
            cat["unit"][unit_id].update({"arrival": r.arrival, "serial": r.serial,
                                         "airlanding_turn": turn_index(labels, r.turn),
                                         # whose serial it is: Scenario 11's Serial 5
                                         # flies 3. Fsch.Art. 7 in with the Gebirgs
                                         "serial_division": r.division})
        for leader_id in r.leaders:
            cat["leader"][leader_id]["serial"] = r.serial


def _drops(cat: dict, sheets: list, grid: Any, scenario: Any, labels: list[str]) -> None:
    """Units that drop in a zone: the zone's hexes, the turn, the stick and the
    order they land in (stick by stick, unit by unit, as printed)."""
    dropping = 0
    for r in scenario.reinforcements:
        if r.drop_zone is None:
            continue
        turn = turn_index(labels, r.turn)
        zone = hexes_within(grid, sheets, r.drop_zone.around, r.drop_zone.within)
        for unit_id in r.units:
            cat["unit"][unit_id].update({"arrival": r.arrival, "drop_zone": zone,
                                         "drop_turn": turn, "stick": r.stick,
                                         "drop_order": dropping})
            dropping += 1
        # "Leaders arrive with any Unit of their Formation on the first turn a
        # Unit arrives" (Scenarios, General Comments).
        for leader_id in r.leaders:
            cat["leader"][leader_id]["drop_turn"] = turn
