"""Rearguards (gts:24.0–24.5)."""

from __future__ import annotations

from conftest import INFANTRY

from kriegsspiel.core.players import KeyedPlayer

REARGUARD = {**INFANTRY, "steps": 0, "troop_quality": 5, "fire_rating": 1,
             "assault_rating": None, "defense": 0, "movement": None,
             "movement_class": "immobile"}


def with_rearguards(session, count=1):
    for n in range(1, count + 1):
        session.state.catalog["unit"][f"rg{n}"] = {
            "name": "Rearguard", "side": "axis", "division": "geb5", "formation": None,
            "unit_class": "infantry", "back_kind": None, "tags": ["rearguard"],
            "faces": {"front": dict(REARGUARD)}}


def test_creating_a_rearguard(make_session):
    """gts:24.0, gts:24.1, gts:24.2 and gts:24.3: an Infantry Unit not in Column
    passes a Troop Quality Check (no Command Point) and places a zero-Step
    Rearguard of its Formation within two hexes, in no enemy Fire Zone, empty of
    friends; it may not act in that Activation.  gts:24.2#1, gts:24.1#4 (only
    "pass" until rearguards_settle ends the Activation), gts:24.4#2 (then it may
    be removed as an Action), gts:24.3#1 (15.04 yes; its own hex, and 15.03 three
    hexes off, no)."""
    axis = KeyedPlayer({"rearguard_hex": "15.04", "create_rearguard": True,
                        "buy:tq_check": False})
    session = make_session(rolls=[3], axis=axis, placement={"greek": "01.12",
                                                            "bedding": "01.12"})
    with_rearguards(session)
    session.state.tracks["division:geb5"] = {"cp": 4}
    unit = session.ref("unit", "pi1")
    hexes = session.value("rearguard_hexes", unit, "formation")
    assert "15.04" in hexes and "15.06" not in hexes and "15.03" not in hexes
    assert "engineer" in session.value("legal_actions", unit, "formation")
    session.perform("perform_action", [unit], "engineer", "formation")
    rg = session.ref("unit", "rg1")
    assert session.attr(rg, "hex") == "15.04"
    assert session.attr(rg, "formation") == session.ref("formation", "pi95")
    assert session.value("legal_actions", rg, "formation") == ["pass"]
    assert session.attr(session.ref("division", "geb5"), "cp") == 4
    session.perform("rearguards_settle")
    assert "remove_rearguard" in session.value("legal_actions", rg, "formation")


def test_rearguards_are_limited_and_come_back(make_session):
    """gts:24.4 and gts:24.5: the counters are the limit (gts:24.2#4); a removed or
    eliminated Rearguard's counter is available again (gts:24.5#2); it suffers
    combat results like any other Unit (gts:24.4#1: a "C" on zero Steps)."""
    axis = KeyedPlayer({"rearguard_hex": "15.04", "create_rearguard": True,
                        "buy:tq_check": False})
    session = make_session(rolls=[3, 3], axis=axis, placement={"greek": "01.12",
                                                               "bedding": "01.12"})
    with_rearguards(session, count=1)
    unit = session.ref("unit", "pi1")
    geb5 = session.ref("division", "geb5")
    session.perform("create_rearguard", unit, "formation")
    assert not session.value("may_create_rearguard", unit, "formation")   # none left
    rg = session.ref("unit", "rg1")
    session.perform("apply_result", rg, "C")                            # zero Steps: gone
    assert not session.attr(rg, "on_map")
    assert [r.id for r in session.value("available_rearguards", geb5)] == ["rg1"]
    session.perform("create_rearguard", unit, "formation")
    assert session.attr(rg, "on_map") and not session.attr(rg, "eliminated")
    session.perform("remove_rearguard", rg)
    assert not session.attr(rg, "on_map")


def test_a_rearguard_may_be_created_exactly_when_there_is_a_hex_for_it(make_session):
    """gts:24.2 and gts:24.3: the Engineer Action is offered only when some hex
    within two qualifies and is within one Action's move — the quick "is there
    any?" search agrees with the list the player would choose from
    (gts:24.3#1 (iii): not more than one activation's non-forced-march move)."""
    session = make_session(placement={"greek": "01.12", "bedding": "01.12"})
    with_rearguards(session)
    unit = session.ref("unit", "pi1")
    candidates = session.value("rearguard_candidates", unit)
    assert session.value("rearguard_hexes", unit, "formation")
    assert session.value("may_create_rearguard", unit, "formation")
    # No allowance to move: the same hexes qualify, none is within a move.
    session.state.catalog["unit"]["pi1"]["faces"]["front"]["movement"] = 0
    assert session.value("rearguard_candidates", unit) == candidates
    assert session.value("rearguard_hexes", unit, "formation") == []
    assert not session.value("may_create_rearguard", unit, "formation")
