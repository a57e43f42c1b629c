"""A small battlefield for the Assault sentence tests (gts:18.x): Allied Units
(division nz2, Major Bedding) attack from 05.05 into Axis Units (division
geb5, Maj Schaette) at 06.05 unless told otherwise."""

from __future__ import annotations

import copy

from conftest import CATALOG, INFANTRY

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import MapModel, TerrainType
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.rulebook import build_program
from kriegsspiel.engine.session import Session

ATTACKER_HEX, DEFENDER_HEX = "05.05", "06.05"
ALLIED = {**INFANTRY, "troop_quality": 8, "fire_rating": 4, "assault_rating": 5,
          "defense": -1}
GERMAN = {**INFANTRY, "troop_quality": 6, "fire_rating": 4, "assault_rating": 4,
          "defense": 0}
TERRAIN = ("clear", "woods", "town", "marsh")
_PROGRAMS: dict = {}


def program(modules=("gts",)):
    if modules not in _PROGRAMS:
        _PROGRAMS[modules] = build_program(list(modules))
    return _PROGRAMS[modules]


def battle(units, rolls=None, allies=None, axis=None, hexes=None, hexsides=(), tracks=None,
           modules=("gts",), leaders=True):
    """units: {id: (side, {face overrides}, hex)}; Allied faces start from ALLIED,
    Axis from GERMAN.  rolls None: seeded dice.  tracks: {id: {marker: n}}."""
    grid = HexGrid((1, 12, 1, 10))
    model = MapModel.model_validate({
        "id": "a", "name": "A", "provenance": "provisional",
        "grid": {"columns": [1, 12], "rows": [1, 10]}, "default_terrain": "clear",
        "hexes": hexes or {},
        "hexsides": [{"hexside": h, "feature": f} for h, f in hexsides]})
    terrain = [TerrainType(id=t, kind="hex") for t in TERRAIN] + \
        [TerrainType(id=f, kind="hexside") for f in {f for _, f in hexsides}]
    catalog = copy.deepcopy(CATALOG)
    catalog["unit"] = {}
    for ident, (side, face, _) in units.items():
        division, formation = ("nz2", "inf1") if side == "allies" else ("geb5", "pi95")
        full = {**(ALLIED if side == "allies" else GERMAN), **face}
        catalog["unit"][ident] = {"name": ident, "side": side, "division": division,
                                  "formation": formation, "unit_class": "infantry",
                                  "back_kind": "reduced", "faces": {"front": full,
                                                                    "back": full}}
    dice = Dice(0) if rolls is None else Dice(0, script=list(rolls))
    allies = allies if hasattr(allies, "decide") else KeyedPlayer(allies or {})
    axis = axis if hasattr(axis, "decide") else KeyedPlayer(axis or {})
    session = Session(program(tuple(modules)), catalog, dice,
                      Table({"allies": allies, "axis": axis}), grid,
                      MapIndex.build(model, terrain, grid))
    for ident, (_, _, hex_id) in units.items():
        session.place(ident, hex_id)
    if leaders:
        session.place("bedding", ATTACKER_HEX, "leader")
        session.place("schaette", DEFENDER_HEX, "leader")
    for ident, values in (tracks or {}).items():
        session.state.tracks.setdefault(f"unit:{ident}", {}).update(values)
    return session


def u(session, ident):
    return session.ref("unit", ident)


def assault(session, attackers, kind="formation"):
    session.perform("assault", [u(session, a) for a in attackers], kind)
    return session


def shots(session):
    return [(e.data["firer"], e.data["target"], e.data["with_assault"], e.data["rating"])
            for e in session.events("assault_fire_resolved")]


def outcome(session):
    return session.events("assault_over")[-1].data["outcome"]


def asked(player, key):
    return [d for d in player.asked if d.key == key]
