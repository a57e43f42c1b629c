"""Parachute Drops and Glider Landings (crete:4.2, 4.2.1, 4.2.2) sentence by
sentence, on Scenario 1 "SNAFU": what a drop does not do (Column, transport,
Opportunity Fire), the glider's markers and modifiers, and what a marked Unit
still does."""

from __future__ import annotations

from test_crete_drops import FJR, land, script, snafu, unit

PARA = "9./III./FJR 2 •"
OTHER = "3./I./FJR 2 •"


def opportunity_triggers(session, start=0):
    return [e for e in session.state.log[start:] if e.kind == "opportunity_trigger"]


def test_units_drop_out_of_column_and_not_mounted():
    """crete:4.2#2: "Units cannot drop in Column or mounted" — every Unit lands
    on its front (not transport) face and out of Column, even one whose counter
    has a transport side."""
    session = snafu()
    catalog = session.state.catalog["unit"][PARA]
    catalog["back_kind"] = "transport"
    catalog["faces"]["back"] = {**catalog["faces"]["front"], "movement_class": "wheeled",
                                "movement": 8}
    script(session, [0] * 14)
    session.perform("drop_division", session.ref("division", FJR))
    landed = [e.data["unit"] for e in session.events("unit_dropped")]
    assert PARA in landed
    for name in landed:
        assert session.attr(unit(session, name), "column") == 0
        assert session.attr(unit(session, name), "face") == "front"


def test_only_a_parachute_landing_brings_a_paradrop_marker():
    """crete:4.2#6: "Each Unit that arrives by parachute (not glider landing) has a
    paradrop marker placed on top of it" — with every Drop Table roll a 0 (no
    effect), the parachutists keep one marker, the glider Unit has none."""
    session = snafu()
    session.state.catalog["unit"][OTHER]["arrival"] = "glider"
    script(session, [0] * 14)
    session.perform("drop_division", session.ref("division", FJR))
    landed = [e.data["unit"] for e in session.events("unit_dropped")]
    assert OTHER in landed and PARA in landed
    for name in landed:
        expected = 0 if name == OTHER else 1
        assert session.attr(unit(session, name), "drop_markers") == expected


def test_neither_the_drop_nor_its_roll_triggers_opportunity_fire():
    """crete:4.2#8: "Dropped Units can be fired at during subsequent enemy
    activations, but the drop itself does not trigger Opportunity Fire";
    crete:4.2.1#3: "Rolling on the Drop Table does not trigger opportunity fire"
    — Stick Four comes down into Allied Fire Zones (31.11), no Opportunity Fire is
    asked, and afterwards the Allied Units there may fire at the Unit in 25.12."""
    session = snafu(allied={"opportunity_fire": True})
    script(session, [0] * 14)
    session.perform("drop_division", session.ref("division", FJR))
    assert opportunity_triggers(session) == []
    assert session.events("fire_resolved") == []
    lander = unit(session, "2./I./FJR 2 •")
    zones = session.value("drop_fire_zones", lander)
    assert zones, "Stick Three's hex 25.12 lies in Allied Fire Zones"
    assert any(lander in session.value("direct_fire_targets", z) for z in zones)


def test_a_glider_unit_takes_two_in_cover_and_the_modifiers_add_up():
    """crete:4.2.1#10: "A Paradrop unit suffers a +1 and a Glider unit suffers +2
    for landing in an Orchard/Vineyard, Village, or Scrub hex"; crete:4.2.1#11:
    "All of these modifiers are cumulative" — an Allied Unit beside the orchard
    17.15 adds its Fire Zone's +1 to the cover's."""
    session = snafu()
    land(session, PARA, "17.15")
    lander = unit(session, PARA)
    assert session.value("terrain", "17.15") == "orchard"
    assert session.value("drop_modifiers", lander) == 1                 # cover alone
    session.place("Gallos", "17.16")
    assert len(session.value("drop_fire_zones", lander)) == 1
    assert session.value("drop_modifiers", lander) == 2                 # + the Fire Zone
    session.state.catalog["unit"][PARA]["arrival"] = "glider"
    terms = {t["name"]: t["amount"] for t in session.value("drop_modifiers", lander).terms}
    assert terms == {"fire_zones": 1, "glider_cover": 2}
    assert session.value("drop_modifiers", lander) == 3


def test_removing_a_marker_triggers_no_opportunity_fire():
    """crete:4.2.2#2: "Removing a glider/paradrop marker does not trigger
    Opportunity Fire" — in an Allied Fire Zone, the marker comes off and no
    Allied Unit is asked to fire."""
    session = snafu(allied={"opportunity_fire": True})
    land(session, PARA, "17.15")
    session.place("Gallos", "17.16")
    lander = unit(session, PARA)
    assert session.value("hex_in_enemy_fire_zone", "17.15", session.attr(lander, "side"))
    start = len(session.state.log)
    session.perform("perform_action", [lander], "remove_drop_marker", "formation")
    assert session.attr(lander, "drop_markers") == 0
    assert opportunity_triggers(session, start) == []
    assert session.events("fire_resolved") == []


def test_a_marked_unit_projects_its_fire_zone_opportunity_fires_and_defends():
    """crete:4.2.2#6: "A Unit with a glider/paradrop marker projects a Fire Zone
    normally and may Opportunity Fire and defend if Assaulted" — the marker does not
    change its Fire Zone, and it fires at an Allied Unit moving in that zone; it
    defends, with the Assault chart's +2 for the marker (gts:18.7#27)."""
    session = snafu(axis={"opportunity_fire": True, "opportunity_target": None})
    land(session, PARA, "17.15")
    lander = unit(session, PARA)
    session.place("Gallos", "17.17")
    mover = unit(session, "Gallos")
    marked_zone = session.value("fire_zone", lander)
    marked_defence = session.value("assault_defense", lander, True, "17.15")
    assert session.value("can_opportunity_fire", lander)
    session.set_initial(lander, "drop_markers", 0)
    assert session.value("fire_zone", lander) == marked_zone
    assert session.value("assault_defense", lander, True, "17.15") == marked_defence - 2
    session.set_initial(lander, "drop_markers", 1)
    assert "17.16" in marked_zone
    session.place("Gallos", "17.16")
    script(session, [0, 0, 0, 0])
    session.ctx.emit("opportunity_trigger", {"units": [mover], "origin": "17.16",
                                             "destination": "17.15"})
    assert [e.data["firer"] for e in session.events("fire_resolved")] == [PARA]
