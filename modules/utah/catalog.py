"""Utah's pieces of a game's catalog (hook ks_lay_out_catalog): the drop and
landing zones of utah:3.2 (the map's overlays tagged ``drop_zone``), the
airborne battalions of utah:3.4 (each Unit's ``battalion:…`` tag, for the
divisions that drop), and the drops a scenario schedules (its effects of kind
``drop``: units, zone, drop, landing, turn).  When and how they drop is the
rules' (paradrops.ksr, stragglers.ksr)."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.errors import KsError
from kriegsspiel.engine.scenario_maps import grid_of, on_sheet, sheets_of
from kriegsspiel.engine.starting import turn_index

ZONE_TAG = "drop_zone"
# Other areas the rules name (the east side of the Merderet, 3.4.4), each an
# entity of kind "area" whose hexes a rule reads as it reads a drop zone's.
AREA_TAG = "area"
# The Beach Overlay's Gaps (utah:4.2.4): each hexside of this feature is an
# entity of kind "gap" (its two hexes), so a Gap Open marker can sit on it.
GAP_FEATURE = "gap"


def lay_out(cat: dict, game: Any, scenario: Any) -> None:
    if scenario is None:
        return
    grid, sheets = grid_of(game, scenario), sheets_of(game, scenario)
    cat["zone"] = {}
    cat["area"] = {}
    for sheet in sheets:
        for overlay in sheet.overlays:
            for tag, kind in ((ZONE_TAG, "zone"), (AREA_TAG, "area")):
                if tag in overlay.tags:
                    hexes = [_canon(grid, on_sheet(sheet, grid, h)) for spec in overlay.hexes
                             for h in _expand(spec)]
                    cat[kind][overlay.id] = {"name": overlay.id, "hexes": hexes}
    cat["gap"] = {}
    for sheet in sheets:
        for side in sheet.hexsides:
            if side.feature == GAP_FEATURE:
                a, b = (_canon(grid, on_sheet(sheet, grid, h)) for h in side.hexside.split("/"))
                cat["gap"][f"{a}/{b}"] = {"name": f"{a}/{b}", "hexes": [a, b]}
    _sea_reinforcement_hexes(cat, scenario, grid, sheets)
    labels = [t["label"] for t in cat["game"]["game"]["turns"]]
    dropping_divisions = set()
    for rule in scenario.scenario_rules:
        for n, effect in enumerate(rule.effects, 1):
            extra = effect.model_extra or {}
            if effect.kind != "drop":
                continue
            zone = extra.get("zone")
            if zone not in cat["zone"]:
                raise KsError(f"scenario '{scenario.id}': {rule.id}: no drop zone '{zone}' on "
                              f"the maps in play (zones: {', '.join(sorted(cat['zone']))})")
            for unit_id in extra.get("units", []):
                entry = cat["unit"][unit_id]
                entry.update({"drop": extra.get("drop", "first"),
                              "landing": extra.get("landing", "paradrop"),
                              "drop_zone": zone,
                              "drop_turn": turn_index(labels, extra.get("turn")),
                              "stick": extra.get("stick") or f"{rule.id} {n}"})
                dropping_divisions.add(_division_of(cat, entry))
    cat["battalion"] = {}
    for unit_id, entry in cat["unit"].items():
        battalion = next((t.split(":", 1)[1] for t in entry.get("tags", [])
                          if t.startswith("battalion:")), None)
        division = _division_of(cat, entry)
        if battalion is None or division not in dropping_divisions:
            continue
        entry["airborne_battalion"] = battalion
        known = cat["battalion"].setdefault(battalion, {"name": battalion,
                                                        "division": division, "zone": None})
        known["zone"] = known["zone"] or entry.get("drop_zone")


def _sea_reinforcement_hexes(cat: dict, scenario: Any, grid: Any, sheets: list) -> None:
    """Units a scenario puts at sea (effects of kind ``naval_boxes``) enter, once
    their Beach is cleared, as reinforcements (utah:4.3.3, 4.7.5 C): at the
    scenario's Beach Overlay's first reinforcement hex (its ``beach_overlay``
    effect's ``hexes``) unless the scenario gives them one."""
    effects = [e for rule in scenario.scenario_rules for e in rule.effects]
    overlay_hexes = next((list((e.model_extra or {}).get("hexes") or []) for e in effects
                          if e.kind == "beach_overlay"), [])
    if not overlay_hexes:
        return
    entry_hex = overlay_hexes[0]
    for e in effects:
        if e.kind == "naval_boxes":
            for unit_id in (e.model_extra or {}).get("units", []):
                if unit_id in cat["unit"]:
                    cat["unit"][unit_id].setdefault("entry_hex", None)
                    cat["unit"][unit_id]["entry_hex"] = (cat["unit"][unit_id]["entry_hex"]
                                                         or entry_hex)


def _division_of(cat: dict, entry: dict) -> str | None:
    formation = cat.get("formation", {}).get(entry.get("formation") or "", {})
    return entry.get("division") or formation.get("division")


def _canon(grid: Any, hex_id: str) -> str:
    """The game's own spelling of a hex id: a range expands to '18.26', the
    game writes '18.026' (a map's id_digits)."""
    return grid.format(grid.parse(hex_id, on_map=False))


def _expand(spec: str) -> list[str]:
    from kriegsspiel.core.models import expand_hexes
    return expand_hexes(spec)
