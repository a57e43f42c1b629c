"""Module III's Combined Arms Modifiers (tld:III.B): the chart is provisional
(combined_arms.ksr), so these tests check how categories are found and used."""

from __future__ import annotations

from tld_world import INFANTRY, TANKS, ARTILLERY, counter, side, stay, world

III = ("tld:I", "tld:III")   # without Module II: no HQ needed for supply


def cam(session, units):
    return session.value("cam_category_of", [session.ref("unit", u) for u in units])


def test_categories_come_from_types_sharing_a_hex():
    """tld:III.B#1, tld:III.B#3-4: infantry and armor in one hex are combined;
    the same types in different hexes are not; artillery counts as neither."""
    units = {"I1": counter("Allied", "05.05", INFANTRY), "T1": counter("Allied", "05.05", TANKS),
             "T2": counter("Allied", "06.05", TANKS), "I2": counter("Allied", "06.06", INFANTRY),
             "R": counter("Allied", "04.04", ARTILLERY)}
    session, _ = world(units, rules=III)
    assert cam(session, ["I1", "T1"]) == "combined"
    assert cam(session, ["T2", "I2"]) == "armor"
    assert cam(session, ["I2"]) == "infantry" and cam(session, ["R"]) == "other"


def test_the_modifier_is_cross_indexed_and_added_to_the_attack_die():
    """tld:III.B#2, tld:III.B#5-7: the attackers' and defenders' categories give
    the die modifier, whatever their supply or terrain; only with Module III."""
    units = {"G1": counter("German", "05.04", INFANTRY, front=(6, 4, 4)),
             "G2": counter("German", "05.04", TANKS, front=(6, 4, 10)),
             "A1": counter("Allied", "05.05", INFANTRY, front=(4, 6, 4))}

    def answer(d):
        if d.key == "attack_hex":
            return "05.05" if "05.05" in d.options else "end"
        if d.key == "join_attack":
            return True
        return stay(d)
    session, _ = world(units, rules=III, answer=answer, dice=[3], terrain={"forest": ["05.05"]})
    session.perform("combat_phase", side(session, "German"))
    [fight] = [e.data for e in session.state.log if e.kind == "attack_resolved"]
    drm = session.value("attack_die_modifier", "05.05",
                        [session.ref("unit", "G1"), session.ref("unit", "G2")],
                        [session.ref("unit", "A1")])
    assert fight["modifier"] == 2 and drm == 2
    assert [t["name"] for t in drm.terms] == ["combined_arms"]
    without, _ = world(units, answer=answer, dice=[3], terrain={"forest": ["05.05"]})
    without.perform("combat_phase", side(without, "German"))
    assert [e.data["modifier"] for e in without.state.log if e.kind == "attack_resolved"] == [0]


def test_no_combined_arms_in_defensive_fire():
    """tld:III.B#8: defensive fire takes only the terrain and disruption modifiers."""
    units = {"A": counter("Allied", "05.05", INFANTRY, tags=["division:1"]),
             "AT": counter("Allied", "05.05", TANKS, tags=["division:1"]),
             "G": counter("German", "05.04", INFANTRY, tags=["division:2"]),
             "GA": counter("German", "05.02", ARTILLERY, tags=["division:2"])}

    def answer(d):
        if d.key == "defensive_fire_hex":
            return "05.05" if "05.05" in d.options else "end"
        return True if d.key in ("defensive_fire", "fire_on") else stay(d)
    session, _ = world(units, rules=("tld:I", "tld:III"), answer=answer, dice=[3])
    session.perform("defensive_fire_phase", side(session, "German"))
    [fire] = [e.data for e in session.state.log if e.kind == "defensive_fire_resolved"]
    assert fire["modifier"] == 0
