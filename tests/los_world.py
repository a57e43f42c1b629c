"""Small hand-made maps and sessions for the Line of Sight and Fire Zone tests
(gts:15.4, gts:17.3; crete:2.2, crete:2.10)."""

from __future__ import annotations

import copy

from conftest import CATALOG, INFANTRY

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import MapModel, TerrainType
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.core.state import Ref
from kriegsspiel.engine.session import Session

TERRAIN = (
    [TerrainType(id="clear", kind="hex"), TerrainType(id="village", kind="hex"),
     TerrainType(id="town", kind="hex", tags=["blocking"]),
     TerrainType(id="woods", kind="hex", tags=["blocking"]),
     TerrainType(id="orchard", kind="hex", tags=["blocking_in_pairs"]),
     TerrainType(id="scrub", kind="hex", tags=["blocking_in_pairs"])]
    + [TerrainType(id=t, kind="hexside") for t in ("crest", "ridge", "stream")]
    + [TerrainType(id="slope", kind="hexside", tags=["blocking", "elevation"])]
    + [TerrainType(id=t, kind="feature") for t in ("observation_post", "strongpoint")])


def los_map(hexes=None, hexsides=(), features=(), columns=(1, 20), rows=(1, 12),
            offset="odd", orientation="flat"):
    """hexes: {terrain: [ids]}; hexsides: [("a/b", feature) or ("a/b", feature, low)];
    features: [(hex, kind)]."""
    model = MapModel.model_validate({
        "id": "los", "name": "LOS", "provenance": "provisional",
        "grid": {"columns": list(columns), "rows": list(rows), "offset": offset,
                 "orientation": orientation},
        "default_terrain": "clear", "hexes": hexes or {},
        "hexsides": [{"hexside": s[0], "feature": s[1], "low_side": s[2] if len(s) > 2 else None}
                     for s in hexsides],
        "features": [{"hex": h, "kind": k} for h, k in features]})
    grid = HexGrid((columns[0], columns[1], rows[0], rows[1]), offset=offset,
                   orientation=orientation)
    return grid, MapIndex.build(model, TERRAIN, grid)


def los_session(program, gmap=None, units=None):
    """units: {id: (hex, face values, extra static)}; side 'axis' unless extra says."""
    grid, index = gmap if gmap is not None else los_map()
    catalog = copy.deepcopy(CATALOG)
    catalog["unit"] = {}
    for ident, (_, values, extra) in (units or {}).items():
        extra = dict(extra)
        side = extra.pop("side", "axis")
        division, formation = ("geb5", "pi95") if side == "axis" else ("nz2", "inf1")
        catalog["unit"][ident] = {"name": ident, "side": side, "division": division,
                                  "formation": formation, "unit_class": "infantry",
                                  "back_kind": None,
                                  "faces": {"front": {**INFANTRY, **values}}, **extra}
    players = Table({"axis": KeyedPlayer(), "allies": KeyedPlayer()})
    session = Session(program, catalog, Dice(0), players, grid, index)
    for ident, (hex_id, _, _) in (units or {}).items():
        session.place(ident, hex_id)
    return session


def los(session, a, b, purpose="direct"):
    return bool(session.value("has_los", a, b, purpose))


def obstacles(session, a, b):
    return session.program.primitives["los_obstacles"].impl(session.ctx, a, b)


def set_hex_marker(session, hex_id, name, value):
    """Through an event, as every change must be (the LOS cache listens)."""
    old = session.state.tracks.get(f"hex:{hex_id}", {}).get(name, 0)
    session.state.record("track_changed", {"entity": f"hex:{hex_id}", "track": name,
                                           "old": old, "new": value}, [])


def set_weather(session, code):
    """gts:26.0: 0 clear, 1 fog, 2 overcast, 3 rain."""
    session.state.set_track(Ref("game", "game"), "todays_weather", code, [])


def make_night(session):
    """Turn 5 of the conftest turn track is the night turn (gts:28.0)."""
    session.ctx.emit("turn_advanced", {"turn": 5})
