"""Road blocks sentence by sentence (gts:23.1–23.3)."""

from __future__ import annotations

from conftest import INFANTRY, open_map

from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import MapModel, TerrainType
from kriegsspiel.core.players import KeyedPlayer


def add(session, ident, hex_id, side="axis", division=None, **face):
    default, formation = ("geb5", "pi95") if side == "axis" else ("nz2", "inf1")
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": side, "division": division or default, "formation": formation,
        "unit_class": face.pop("unit_class", "infantry"), "back_kind": None,
        "faces": {"front": {**INFANTRY, **face}}}
    session.place(ident, hex_id)
    return session.ref("unit", ident)


def road_map(session, **kinds):
    """A road 14.06–15.06–16.06 (or the given kinds of Road)."""
    grid, _ = open_map()
    roads = kinds or {"road": [["14.06", "15.06", "16.06"]]}
    model = MapModel.model_validate({"id": "r", "name": "R", "provenance": "provisional",
                                     "grid": {"columns": [1, 20], "rows": [1, 12]},
                                     "default_terrain": "clear", "roads": roads})
    session.state.map = MapIndex.build(model, [TerrainType(id="clear", kind="hex")], grid)


def blocked(session, hex_id):
    return session.state.tracks.get(f"hex:{hex_id}", {}).get("road_block", 0)


def test_who_builds_a_road_block_and_where(make_session):
    """gts:23.1#1: only engineer Units not in Column; gts:23.1#3: only in a hex
    with a Road — a trail counts as well."""
    session = make_session()
    road_map(session, trail=[["14.06", "15.06"]])
    sapper = add(session, "sapper", "15.06", engineer=True)
    pi1 = session.ref("unit", "pi1")
    assert "road_block" in session.value("engineer_works", sapper)
    assert "road_block" not in session.value("engineer_works", pi1)
    session.state.tracks["unit:sapper"] = {"column": 1}
    assert session.value("engineer_works", sapper) == []
    session.state.tracks["unit:sapper"] = {"column": 0}
    session.place("sapper", "10.10")
    assert "road_block" not in session.value("engineer_works", sapper)


def test_building_takes_a_check_draws_fire_and_no_command_point(make_session):
    """gts:23.1#4: a Troop Quality Check, never bought, and a Men at Work marker on
    a failure; gts:23.1#5: an Engineer Action: Opportunity Fire, no Command Point
    to activate for it; gts:23.1#7: the block belongs to the builder's Division."""
    axis = KeyedPlayer({"engineer_work": "road_block", "buy:tq_check": True})
    session = make_session(rolls=[9, 6], axis=axis)
    session.state.tracks["division:geb5"] = {"cp": 4}
    road_map(session)
    sapper = add(session, "sapper", "15.06", engineer=True)
    for kind in ("direct", "division_second", "formation_second"):
        assert "engineer" not in session.value("legal_actions", sapper, kind)
    session.perform("engineer", sapper)
    assert blocked(session, "15.06") == 0 and session.attr(sapper, "men_at_work") == 1
    session.perform("engineer", sapper)
    assert blocked(session, "15.06") == 1
    assert [e.data["units"] for e in session.events("opportunity_trigger")] == \
        [["sapper"], ["sapper"]]
    assert not [d for d in axis.asked if d.key.startswith("buy:")]
    assert session.attr(session.ref("division", "geb5"), "cp") == 4
    owner = session.state.links.get("hex:15.06", {}).get("road_block_of")
    assert owner == "division:geb5"


def test_a_removed_road_block_can_be_placed_again(make_session):
    """gts:23.1#6: an Army's limit on road blocks in play (1 here); gts:23.1#8: once
    removed, the counter is available again; gts:23.3#1-2: an engineer not in
    Column removes one in its hex as an Action, with no check."""
    axis = KeyedPlayer({"engineer_work": ["road_block", "remove_road_block", "road_block"]})
    session = make_session(rolls=[0, 0], axis=axis)
    session.state.catalog["army"] = {"German": {"name": "German", "side": "axis",
                                                "road_block_limit": 1}}
    session.state.catalog["division"]["geb5"]["army"] = "German"
    road_map(session, road=[["14.06", "15.06", "16.06"], ["14.08", "15.08"]])
    sapper = add(session, "sapper", "15.06", engineer=True)
    other = add(session, "other", "15.08", engineer=True)
    session.perform("engineer", sapper)
    assert "road_block" not in session.value("engineer_works", other)    # the one is out
    session.state.tracks.setdefault("unit:sapper", {})["column"] = 1
    assert session.value("engineer_works", sapper) == []
    session.state.tracks["unit:sapper"]["column"] = 0
    session.perform("engineer", sapper)                                  # no die left
    assert blocked(session, "15.06") == 0
    assert "road_block" in session.value("engineer_works", other)


def test_a_road_block_stops_road_movement_of_other_divisions(make_session):
    """gts:23.2#1: the hex's Roads are gone for enemy Units and for friendly Units
    of another Division — not for the builder's own Division."""
    session = make_session()
    session.state.catalog["division"]["fj7"] = dict(session.state.catalog["division"]["geb5"])
    road_map(session)
    session.state.tracks["hex:15.06"] = {"road_block": 1}
    session.state.links["hex:15.06"] = {"road_block_of": "division:geb5"}
    own = add(session, "own", "16.06")
    stranger = add(session, "stranger", "16.06", division="fj7")
    enemy = add(session, "enemy", "14.06", side="allies")
    for u in ("own", "stranger", "enemy"):
        session.state.tracks[f"unit:{u}"] = {"column": 1}
    assert session.value("half_point_cost", own, "16.06", "15.06") == 1
    assert session.value("half_point_cost", stranger, "16.06", "15.06") == 2
    assert session.value("half_point_cost", enemy, "14.06", "15.06") == 2


def test_leg_infantry_removes_one_with_a_check(make_session):
    """gts:23.3#3: Leg Infantry not in Column may remove it as an Action on a Troop
    Quality Check; gts:23.3#4: an Engineer Action — Opportunity Fire, and no
    Command Point for the Action or the check."""
    axis = KeyedPlayer({"engineer_work": "remove_road_block", "buy:tq_check": True})
    session = make_session(rolls=[9, 3], axis=axis)
    session.state.tracks["division:geb5"] = {"cp": 4}
    road_map(session)
    session.state.tracks["hex:15.06"] = {"road_block": 1}
    pi1, truck = session.ref("unit", "pi1"), session.ref("unit", "truck")
    assert "remove_road_block" not in session.value("engineer_works", truck)  # not leg infantry
    session.state.tracks["unit:pi1"] = {"column": 1}
    assert session.value("engineer_works", pi1) == []
    session.state.tracks["unit:pi1"] = {"column": 0}
    assert "engineer" not in session.value("legal_actions", pi1, "formation_second")
    session.perform("engineer", pi1)
    assert blocked(session, "15.06") == 1                 # the 9 fails
    session.perform("engineer", pi1)
    assert blocked(session, "15.06") == 0
    assert len(session.events("opportunity_trigger")) == 2
    assert not [d for d in axis.asked if d.key.startswith("buy:")]
