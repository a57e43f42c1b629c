"""Improved positions and entrenchments (gts:22.x), road blocks (gts:23.x) and
Men at Work (gts:25.0)."""

from __future__ import annotations

from conftest import INFANTRY

from kriegsspiel.core.players import KeyedPlayer


def add(session, ident, hex_id, side="axis", **face):
    division, formation = ("geb5", "pi95") if side == "axis" else ("nz2", "inf1")
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": side, "division": division, "formation": formation,
        "unit_class": face.pop("unit_class", "infantry"), "back_kind": None,
        "faces": {"front": {**INFANTRY, **face}}}
    session.place(ident, hex_id)
    return session.ref("unit", ident)


def hex_track(session, hex_id, name):
    return session.state.tracks.get(f"hex:{hex_id}", {}).get(name, 0)


def test_leg_infantry_digs_an_improved_position(make_session):
    """gts:22.0, gts:22.1, gts:22.2, gts:22.2.1 and gts:22.2.4: a Leg Infantry Unit
    passes a Troop Quality Check (no Command Point) and gets -1 Defense, +1 Troop
    Quality; gts:22.2.3: only it benefits; gts:22.2.5#1: moving away ends it.
    gts:22.2.1#1-2, gts:22.2.4#1; gts:22.2.3#1: the truck in its hex has no share."""
    axis = KeyedPlayer({"engineer_work": "improved_position", "move": ["15.05", "stop"],
                        "buy:tq_check": False})
    session = make_session(rolls=[5], axis=axis, placement={"greek": "15.09",
                                                            "bedding": "15.09"})
    session.state.tracks["division:geb5"] = {"cp": 5}
    unit = session.ref("unit", "pi1")
    assert "engineer" in session.value("legal_actions", unit, "formation")
    session.perform("engineer", unit)
    assert session.attr(unit, "improved_position") == 1
    assert session.attr(session.ref("division", "geb5"), "cp") == 5
    assert session.value("troop_quality", unit) == 6 + 1
    shot = session.value("modified_fire_rating", session.ref("unit", "greek"), unit,
                         "direct", 0, 0)
    assert {t["name"]: t["amount"] for t in shot.terms}["position"] == -1
    assert session.attr(session.ref("unit", "truck"), "improved_position") == 0
    session.perform("move", [unit], "formation")
    assert session.attr(unit, "improved_position") == 0


def test_engineers_build_for_guns_and_dig_entrenchments(make_session):
    """gts:22.2.2: an engineer builds an improved position for a Gun without a
    check; gts:22.2.3: only that Unit benefits; gts:22.3, gts:22.3.1 and gts:22.3.2: only an engineer turns an occupied one into
    an entrenchment; gts:22.3.4, gts:22.3.6: +2 Troop Quality, -2 Defense, +1 Fire,
    and fire at it reads the Armored line.  gts:22.2.1#4 (no die is rolled for
    the Gun's), gts:22.2.2#1."""
    axis = KeyedPlayer({"engineer_work": ["improved_position_for", "entrenchment"],
                        "improved_position_for": "gun", "entrench_unit": "gun"})
    session = make_session(rolls=[3], axis=axis)
    sapper = add(session, "sapper", "15.06", engineer=True)
    gun = add(session, "gun", "15.06", unit_class="gun")
    assert "improved_position" not in session.value("engineer_works", gun)   # a Gun
    session.perform("engineer", sapper)
    assert session.attr(gun, "improved_position") == 1
    session.perform("engineer", sapper)
    assert (session.attr(gun, "entrenched"), session.attr(gun, "improved_position")) == (1, 0)
    assert hex_track(session, "15.06", "entrenchments") == 1
    assert session.value("troop_quality", gun) == 6 + 2
    assert session.value("troop_quality", sapper) == 6                 # not the builder
    assert session.value("target_kind_of", gun) == "armored"
    assert session.value("assault_rating_after_results", gun) == 3 + 1


def test_entering_and_leaving_an_entrenchment(make_session):
    """gts:22.3.3: a Movement Action of its own, which triggers Opportunity Fire;
    gts:22.3.5: the entrenchment stays when abandoned and serves a friendly Unit
    — of the side that dug it (gts:22.3.4) — that enters it."""
    from kriegsspiel.core.state import Ref
    session = make_session()
    unit = session.ref("unit", "pi1")
    session.state.set_track(Ref("hex", "15.06"), "entrenchments", 1, [])
    session.state.set_link(Ref("hex", "15.06"), "entrenchments_of", Ref("side", "axis"), [])
    assert "entrench" in session.value("legal_actions", unit, "formation")
    session.perform("entrench", unit)
    assert session.attr(unit, "entrenched") == 1
    assert not session.value("free_entrenchment", session.ref("unit", "truck"))  # one a Unit
    session.perform("entrench", unit)
    assert session.attr(unit, "entrenched") == 0 and hex_track(session, "15.06",
                                                               "entrenchments") == 1
    kinds = [e.data["what"] for e in session.events("movement_action")]
    assert kinds == ["enter_entrenchment", "leave_entrenchment"]


def test_road_blocks(make_session):
    """gts:23.0, gts:23.1 and gts:23.2: an engineer passing its check blocks the
    roads of a road hex for the enemy and other Divisions; gts:23.3: an engineer
    removes it automatically, a Leg Infantry Unit with a check."""
    from conftest import open_map
    session = make_session(rolls=[2, 4],
                           axis=KeyedPlayer({"engineer_work": "road_block"}),
                           allies=KeyedPlayer({"engineer_work": "remove_road_block"}))
    _, session.state.map = open_map(roads=[["14.06", "15.06", "16.06"]])
    sapper = add(session, "sapper", "15.06", engineer=True)
    session.perform("engineer", sapper)
    assert hex_track(session, "15.06", "road_block") == 1
    enemy = add(session, "enemy_col", "14.06", side="allies")
    friend = session.ref("unit", "truck")
    for u in ("enemy_col", "truck"):
        session.state.tracks.setdefault(f"unit:{u}", {})["column"] = 1
    assert session.value("half_point_cost", enemy, "14.06", "15.06") == 2   # no road rate
    assert session.value("half_point_cost", friend, "16.06", "15.06") == 1  # same Division
    greek = add(session, "greek_inf", "15.06", side="allies")
    session.perform("engineer", greek)
    assert hex_track(session, "15.06", "road_block") == 0


def test_men_at_work(make_session):
    """gts:25.0: a failed Engineer Action earns a Men at Work +1 marker, adding one
    to the next try; success or another Action removes them."""
    axis = KeyedPlayer({"engineer_work": "improved_position"})
    session = make_session(rolls=[8, 7], axis=axis)
    unit = session.ref("unit", "pi1")
    session.state.catalog["unit"]["pi1"]["faces"]["front"]["troop_quality"] = 6
    session.perform("engineer", unit)
    assert session.attr(unit, "men_at_work") == 1 and session.attr(unit, "improved_position") == 0
    assert session.value("engineer_quality", unit) == 7
    session.perform("engineer", unit)                       # 7 <= 6 + 1
    assert session.attr(unit, "men_at_work") == 0 and session.attr(unit, "improved_position") == 1
    assert [e.data["done"] for e in session.events("engineer_action")] == [False, True]


def test_road_blocks_are_limited_per_army(make_session):
    """gts:23.1: an Army may not have more road blocks in play than its limit."""
    session = make_session()
    session.state.catalog["army"] = {"German": {"name": "German", "side": "axis",
                                                "road_block_limit": 0}}
    session.state.catalog["division"]["geb5"]["army"] = "German"
    from conftest import open_map
    _, session.state.map = open_map(roads=[["14.06", "15.06"]])
    sapper = add(session, "sapper", "15.06", engineer=True)
    assert "road_block" not in session.value("engineer_works", sapper)
    session.state.catalog["army"]["German"]["road_block_limit"] = 1
    assert "road_block" in session.value("engineer_works", sapper)


def test_an_entrenched_unit_must_leave_it_before_moving(make_session):
    """gts:22.3.3: leaving an entrenchment takes a whole Action — no moving
    straight out; gts:22.2.3: a Unit leaving its improved position has no
    benefit from it under the Opportunity Fire that draws (gts:22.2.3#3)."""
    allies = KeyedPlayer({"opportunity_fire": True})
    axis = KeyedPlayer({"move": ["15.05", "stop"], "buy:tq_check": False,
                        "convert_suppression": False})
    session = make_session(rolls=[0, 9], allies=allies, axis=axis,
                           placement={"greek": "16.06", "bedding": "16.06"})
    unit = session.ref("unit", "pi1")
    session.state.tracks["unit:pi1"] = {"entrenched": 1}
    assert "move" not in session.value("legal_actions", unit, "formation")
    session.state.tracks["unit:pi1"] = {"improved_position": 1}
    session.perform("move", [unit], "formation")
    shot = session.events("fire_resolved")[-1]
    terms = [c for c in shot.cause if c.get("what") == "modifiers modified_fire_rating"]
    assert terms and all(t["name"] != "position" for t in terms[-1]["terms"])
