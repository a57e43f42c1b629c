"""gts:13.2's Engineer Actions: one kind of Action whatever the work, so its
limits (never a Second Action, never under Direct Command) hold for every work."""

from __future__ import annotations

from conftest import INFANTRY

from kriegsspiel.core.state import Ref


def test_every_engineer_work_is_one_engineer_action(make_session):
    """gts:13.2#7: "Engineer Actions: build an improved position; build an
    entrenchment; build a road block; remove a road block; create a Rearguard" —
    an engineer standing with a dug-in Unit, on a road block, with a Rearguard
    counter to hand, finds them all behind the one "engineer" Action of a
    Formation chit's first Action, and none under Direct Command or as a Second
    Action (gts:13.2#8).  (Building a road block needs a road: tests/gts/
    test_engineering.py.)"""
    session = make_session(placement={"greek": "01.12", "bedding": "01.12"})
    catalog = session.state.catalog["unit"]
    catalog["sapper"] = {"name": "sapper", "side": "axis", "division": "geb5",
                         "formation": "pi95", "unit_class": "infantry", "back_kind": None,
                         "faces": {"front": {**INFANTRY, "engineer": True}}}
    catalog["rg1"] = {"name": "Rearguard", "side": "axis", "division": "geb5",
                      "formation": None, "unit_class": "infantry", "back_kind": None,
                      "tags": ["rearguard"],
                      "faces": {"front": {**INFANTRY, "steps": 0, "movement": None,
                                          "movement_class": "immobile"}}}
    session.place("sapper", "15.06")
    session.state.tracks["unit:pi1"] = {"improved_position": 1}
    session.state.tracks["division:geb5"] = {"cp": 3}
    session.state.set_track(Ref("hex", "15.06"), "road_block", 1, [])
    sapper = session.ref("unit", "sapper")
    works = set(session.value("engineer_works", sapper))
    assert {"improved_position", "improved_position_for", "entrenchment",
            "remove_road_block"} <= works
    assert session.value("may_create_rearguard", sapper, "formation")
    assert "engineer" in session.value("legal_actions", sapper, "formation")
    assert "engineer" not in session.value("legal_actions", sapper, "direct")
    assert "engineer" not in session.value("second_actions", sapper, "pass", "formation")
