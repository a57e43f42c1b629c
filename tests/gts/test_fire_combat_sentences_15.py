"""Fire combat sentence by sentence (gts:15.1, gts:15.2, gts:15.3, gts:15.5): who may
fire, at whom, and how one shot is resolved, on small hand-made situations."""

from __future__ import annotations

from conftest import INFANTRY
from los_world import los_map, los_session, set_hex_marker

from kriegsspiel.core.players import KeyedPlayer


def add(session, ident, side, hex_id, formation=None, **face):
    division, default = ("geb5", "pi95") if side == "axis" else ("nz2", "inf1")
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": side, "division": division, "formation": formation or default,
        "unit_class": "infantry", "back_kind": None, "faces": {"front": {**INFANTRY, **face}}}
    session.place(ident, hex_id)
    return session.ref("unit", ident)


def resolved(session):
    return [e.data for e in session.events("fire_resolved")]


def ids(units):
    return sorted(u.id for u in units)


def barrage(session, hex_id):
    return session.state.tracks.get(f"hex:{hex_id}", {}).get("barrage", 0)


# ---- 15.1 Fire combat generally ------------------------------------------------


def test_fire_is_direct_or_indirect_each_with_its_own_crt_line(make_session):
    """gts:15.1#1: "Fire combat is either Direct Fire or Indirect Fire" — the Fire
    Action offers those two; gts:15.1#3: they "use different lines on the Combat
    Results Table": the same Organic gun, the same roll of 2, is a "C" on the
    Direct HE line (three hexes) and an "S" on its own Organic line (six hexes)."""
    allies = KeyedPlayer({"fire_kind": "direct", "fire_target": "pi1"})
    axis = KeyedPlayer({"convert_suppression": False, "buy:tq_check": False})
    session = make_session(rolls=[2], allies=allies, axis=axis,
                           placement={"pi1": "10.08", "truck": "10.05", "schaette": "10.08"})
    gun = add(session, "gun", "allies", "10.11", steps=1, weapon_class="ORGANIC",
              fire_rating=4, fire_range=8)
    session.perform("fire", gun)
    assert [d.options for d in allies.asked if d.key == "fire_kind"] == [("direct", "indirect")]
    assert [(s["target"], s["roll"], s["result"]) for s in resolved(session)] == \
        [("pi1", 2, "C")]
    assert session.attr(session.ref("unit", "pi1"), "cohesion_hits") == 1
    allies.answers.update(fire_kind="indirect", fire_target="truck")
    session.dice.script += [2]
    session.perform("fire", gun)
    assert [(s["target"], s["roll"], s["result"]) for s in resolved(session)][1:] == \
        [("truck", 2, "S")]
    assert session.attr(session.ref("unit", "truck"), "suppressed") == 1


def test_both_kinds_of_fire_need_the_target_within_fire_range(make_session):
    """gts:15.1#2: "For both, the firing Unit must be within Fire Range of its
    target"; gts:15.3#2 and gts:15.5#14 (Direct Fire), gts:15.3#6 (Indirect): a
    rifle of range 2 reaches two hexes, not three; a mortar of range 6, six not seven."""
    session = make_session(placement={"pi1": "10.08", "truck": "10.09", "schaette": "10.08"})
    rifle = add(session, "rifle", "allies", "10.11", fire_range=2)
    assert ids(session.value("direct_fire_targets", rifle)) == ["truck"]   # 2 hexes; pi1 at 3
    mortar = add(session, "mortar", "allies", "10.02", weapon_class="MORTAR", fire_range=6)
    assert ids(session.value("indirect_targets", mortar)) == ["pi1"]      # 6 hexes; truck at 7


def test_direct_fire_needs_a_line_of_sight_to_an_enemy_unit(gts):
    """gts:15.1#5 "Direct Fire requires a Line of Sight between firer and target";
    gts:15.3#1 "any one enemy Unit" that is gts:15.3#3 "In the Line of Sight of the
    firing Unit"; gts:15.5#15: a town between hides the one, a friendly Unit in
    range and sight is never a target."""
    s = los_session(gts, los_map(hexes={"town": ["06.05"]}),
                    units={"rifle": ("06.03", {"fire_range": 4}, {}),
                           "hidden": ("06.06", {}, {"side": "allies"}),
                           "seen": ("07.05", {}, {"side": "allies"}),
                           "friend": ("06.04", {}, {})})
    assert ids(s.value("direct_fire_targets", s.ref("unit", "rifle"))) == ["seen"]


def spotting_world(gts, **gun):
    """An allied gun at 06.01 behind a town (06.03); the German at 06.06; Bedding
    and his Unit 'eye' at 07.03, which sees it (the gun is In Command, gts:16.5)."""
    s = los_session(gts, los_map(hexes={"town": ["06.03"]}),
                    units={"gun": ("06.01", {"fire_range": 8, **gun}, {"side": "allies"}),
                           "eye": ("07.03", {}, {"side": "allies"}),
                           "german": ("06.06", {}, {})})
    s.place("bedding", "07.03", "leader")
    return s, s.ref("unit", "gun"), s.ref("unit", "german")


def test_indirect_fire_without_sight_needs_a_spotter_in_radio_contact(gts):
    """gts:15.1#6, gts:15.3#6-8 and gts:15.5#16: Indirect Fire needs no Line of Sight
    from the firer, but then a spotter "in radio contact with the firing Unit"
    that sees the target: an Emplaced gun behind a town fires only once it is
    In Contact with the Leader whose Unit sees the German."""
    s, gun, german = spotting_world(gts, weapon_class="EMPLACED")
    assert not s.value("has_los", "06.01", "06.06", "self_spot")
    assert s.value("indirect_targets", gun) == []
    s.state.tracks["unit:gun"] = {"in_contact": 1}
    s.state.links["unit:gun"] = {"contact_with": "leader:bedding"}
    assert s.value("indirect_targets", gun) == [german]
    assert ids(s.value("spotters", gun, "06.06")) == ["eye"]


def test_a_barrage_leaves_the_emplaced_exception_to_spotted_fire_only(gts):
    """gts:15.3#11: in a hex with a barrage marker the Fire Range is one hex;
    gts:15.3#12-13: "an artillery Unit in an Artillery Park, or an Emplaced
    Artillery Unit, may still perform spotted Indirect Fire normally" — spotted,
    not self-spotted: under a barrage the Emplaced gun that sees its target six
    hexes away may fire on it through a spotter, never by spotting for itself;
    a Mortar or Organic gun may do neither."""
    s = los_session(gts, units={"gun": ("06.01", {"weapon_class": "EMPLACED", "fire_range": 8},
                                        {"side": "allies"}),
                                "eye": ("07.03", {}, {"side": "allies"}),
                                "german": ("06.06", {}, {})})
    gun, german = s.ref("unit", "gun"), s.ref("unit", "german")
    set_hex_marker(s, "06.01", "barrage", 1)
    assert s.value("self_spots", gun, "06.06")
    assert s.value("indirect_targets", gun) == []          # self-spotting: range one
    s.place("bedding", "07.03", "leader")
    s.state.tracks["unit:gun"] = {"in_contact": 1}
    s.state.links["unit:gun"] = {"contact_with": "leader:bedding"}
    assert s.value("indirect_targets", gun) == [german]    # spotted: normally
    for kind in ("MORTAR", "ORGANIC"):
        s.state.catalog["unit"]["gun"]["faces"]["front"]["weapon_class"] = kind
        assert s.value("indirect_targets", gun) == [], kind
