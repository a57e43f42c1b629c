"""Rearguards sentence by sentence (gts:24.1–24.5)."""

from __future__ import annotations

from test_rearguards import with_rearguards

from kriegsspiel.core.players import KeyedPlayer


def test_only_infantry_not_in_column_and_never_for_a_command_point(make_session):
    """gts:24.1#1 and gts:24.2#1: an Infantry Unit not in Column creates one;
    gts:24.2#2-3: an Engineer Action, so no Command Point activates a Unit for it
    nor buys its check; gts:24.2#6: it triggers Opportunity Fire against the
    Infantry Unit."""
    axis = KeyedPlayer({"rearguard_hex": "15.04", "buy:tq_check": True})
    session = make_session(rolls=[3], axis=axis, placement={"greek": "01.12",
                                                            "bedding": "01.12"})
    with_rearguards(session)
    session.state.tracks["division:geb5"] = {"cp": 4}
    pi1, truck = session.ref("unit", "pi1"), session.ref("unit", "truck")
    assert session.value("may_create_rearguard", pi1, "formation")
    assert not session.value("may_create_rearguard", truck, "formation")   # not Infantry
    session.state.tracks["unit:pi1"] = {"column": 1}
    assert not session.value("may_create_rearguard", pi1, "formation")
    session.state.tracks["unit:pi1"] = {"column": 0}
    for kind in ("direct", "division_second", "formation_second"):
        assert "engineer" not in session.value("legal_actions", pi1, kind)
    session.perform("create_rearguard", pi1, "formation")
    assert session.attr(session.ref("unit", "rg1"), "hex") == "15.04"
    assert not [d for d in axis.asked if d.key.startswith("buy:")]
    assert session.attr(session.ref("division", "geb5"), "cp") == 4
    assert [e.data["units"] for e in session.events("opportunity_trigger")] == [["pi1"]]


def test_where_a_rearguard_may_go(make_session):
    """gts:24.3#1: a hex empty of friendly Units, (i) not in an enemy Fire Zone,
    (ii) within two hexes of the creator."""
    session = make_session(placement={"greek": "15.02", "bedding": "15.02",
                                      "truck": "16.05"})
    with_rearguards(session)
    hexes = session.value("rearguard_hexes", session.ref("unit", "pi1"), "formation")
    assert "16.05" not in hexes                               # the truck is there
    assert "15.04" not in hexes and "15.05" in hexes          # the Greek's Fire Zone: 2
    assert "15.08" in hexes and "15.09" not in hexes


def test_the_rearguard_stays_spots_and_can_be_shot(make_session):
    """gts:24.1#5: it belongs to its creator's Formation and spots for its Indirect
    Fire; gts:24.4#1: enemy Units may fire at it; gts:24.4#3: it stays when its
    creator moves away."""
    axis = KeyedPlayer({"rearguard_hex": "15.04", "move": ["14.07", "stop"]})
    session = make_session(rolls=[3], axis=axis, placement={"greek": "15.02",
                                                            "bedding": "15.02"})
    with_rearguards(session)
    session.state.catalog["unit"]["mortar"] = {
        "name": "mortar", "side": "axis", "division": "geb5", "formation": "pi95",
        "unit_class": "gun", "back_kind": None,
        "faces": {"front": {**session.state.catalog["unit"]["pi1"]["faces"]["front"],
                            "weapon_class": "MORTAR", "fire_range": 8}}}
    session.place("mortar", "15.07")
    session.place("greek", "15.01")
    session.perform("create_rearguard", session.ref("unit", "pi1"), "formation")
    rg = session.ref("unit", "rg1")
    session.perform("rearguards_settle")
    assert rg in session.value("spotters", session.ref("unit", "mortar"), "15.01")
    session.perform("move", [session.ref("unit", "pi1")], "formation")
    assert session.attr(rg, "hex") == "15.04"
    session.place("greek", "15.02")
    assert rg in session.value("direct_fire_targets", session.ref("unit", "greek"))
