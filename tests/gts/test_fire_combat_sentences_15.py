"""Fire combat sentence by sentence (gts:15.1, gts:15.2, gts:15.3, gts:15.5): who may
fire, at whom, and how one shot is resolved, on small hand-made situations."""

from __future__ import annotations

from los_world import los_map, los_session, set_hex_marker
from test_fire import add, resolved

from kriegsspiel.core.players import KeyedPlayer


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
    # (and a barrage at a hex empty of Units, an Indirect Fire mission: gts:16.5#1)
    assert [d.options for d in allies.asked if d.key == "fire_kind"] == \
        [("direct", "indirect", "barrage")]
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


def test_purple_light_mortars_fire_directly_and_leave_no_barrage(make_session):
    """gts:15.1#11: "Purple-rated Units use Direct Fire and so may attempt
    Opportunity Fire"; gts:15.1#12: they "cannot use Indirect Fire the way regular
    (green Fire Rating) mortars do, and their fire does not cause Barrage markers
    to be placed" — no Indirect Fire even five hexes off, where a green mortar
    would fire; Direct Fire within range, and the target's hex stays unmarked."""
    axis = KeyedPlayer({"convert_suppression": False, "buy:tq_check": False})
    session = make_session(rolls=[2], axis=axis,
                           placement={"pi1": "10.09", "truck": "10.06", "schaette": "10.09"})
    light = add(session, "light", "allies", "10.11", steps=1, weapon_class="LM",
                fire_rating=4, fire_range=5)
    pi1 = session.ref("unit", "pi1")
    assert session.value("can_opportunity_fire", light)
    assert not session.value("indirect_capable", light)
    assert not session.value("may_indirect_fire", light)
    assert ids(session.value("direct_fire_targets", light)) == ["pi1", "truck"]
    session.perform("direct_fire", light, pi1, "direct", 0)
    assert resolved(session)[0]["hit"] and session.attr(pi1, "suppressed") == 1
    assert barrage(session, "10.09") == 0
    session.state.catalog["unit"]["light"]["faces"]["front"]["weapon_class"] = "MORTAR"
    assert session.value("may_indirect_fire", light)      # a green mortar would


# ---- 15.2 Which Units get to fire? --------------------------------------------


def test_only_the_active_units_fire(make_session):
    """gts:15.2#1: "Any Active Unit with a Fire Rating may fire" and gts:15.5#9 "It
    must be Active": under the Allied Formation chit the Greek Unit, with the
    German in range, is offered the Fire Action; the German Units, Non-Active, are
    asked for no Action at all (their only fire is Opportunity Fire, gts:15.2#2)."""
    allies = KeyedPlayer({"action": "pass", "stack_with": "done", "transfer_leader": "stay"})
    axis = KeyedPlayer()
    session = make_session(rolls=[], allies=allies, axis=axis,
                           placement={"pi1": "04.07", "schaette": "04.07"})
    greek = session.ref("unit", "greek")
    assert ids(session.value("direct_fire_targets", greek)) == ["pi1"]
    session.perform("activate_formation", session.ref("formation", "inf1"))
    offered = {d.subject.id: d.options for d in allies.asked if d.key == "action"}
    assert "fire" in offered["greek"]
    assert [d for d in axis.asked if d.key == "action"] == []


# ---- 15.3 Which Units can be fired at? ----------------------------------------


def test_direct_fire_at_a_stack_affects_only_its_target(make_session):
    """gts:15.3#4: "Direct Fire at a Unit in a stack affects only that Unit" — the
    hit on pi1 leaves the truck beside it untouched, though its Steps count for
    the mass (gts:15.6#22: four Steps, +2; range -1)."""
    session = make_session(rolls=[1], placement={"pi1": "10.09", "truck": "10.09",
                                                 "schaette": "10.09"})
    rifle = add(session, "rifle", "allies", "10.11", steps=1)
    pi1, truck = session.ref("unit", "pi1"), session.ref("unit", "truck")
    session.perform("direct_fire", rifle, pi1, "direct", 0)
    assert resolved(session)[0]["rating"] == 3 - 1 + 2
    assert resolved(session)[0]["result"] == "C" and session.attr(pi1, "cohesion_hits") == 1
    assert (session.attr(truck, "cohesion_hits"), session.attr(truck, "suppressed")) == (0, 0)


def test_an_adjacent_enemy_leaves_only_adjacent_targets(make_session):
    """gts:15.3#11 and gts:15.5#18: "A Unit's Fire Range is reduced to one hex if
    it is adjacent to an enemy Unit": the rifle that reached the truck two hexes
    off may, once pi1 stands next to it, fire at pi1 only."""
    session = make_session(placement={"pi1": "10.05", "truck": "10.09", "schaette": "10.05"})
    rifle = add(session, "rifle", "allies", "10.11", fire_range=2)
    assert ids(session.value("direct_fire_targets", rifle)) == ["truck"]
    session.place("pi1", "10.10")
    assert ids(session.value("direct_fire_targets", rifle)) == ["pi1"]


# ---- 15.5 How do I fire at a Unit? --------------------------------------------


def test_one_unit_fires_at_one_unit_and_fire_is_never_combined(make_session):
    """gts:15.5#11-12 and gts:15.5#17: "One Unit targets one Unit. Units may not
    combine fire, and more than one Unit may not be targeted": two rifles of a
    stack firing together at pi1 shoot one after the other, each at its own
    rating (3, -1 for range: 2), never one shot at 4; each shot names one target."""
    allies = KeyedPlayer({"fire_kind": "direct", "fire_target": "pi1"})
    session = make_session(rolls=[9, 9], allies=allies,
                           placement={"pi1": "10.09", "truck": "01.01", "schaette": "10.09"})
    first = add(session, "first", "allies", "10.11", steps=1)
    second = add(session, "second", "allies", "10.11", steps=1)
    session.perform("perform_action", [first, second], "fire", "formation")
    assert [(s["firer"], s["target"], s["rating"]) for s in resolved(session)] == \
        [("first", "pi1", 2), ("second", "pi1", 2)]
    targets = [d.options for d in allies.asked if d.key == "fire_target"]
    assert targets == [(session.ref("unit", "pi1"),)] * 2     # one question, one Unit, a shot


def test_the_rating_starts_from_the_printed_fire_rating(make_session):
    """gts:15.5#20: "Start with the Fire Rating printed on the upper left of the
    counter" — 3 on pi1's full side, 2 once it is flipped to its reduced side,
    with no modifier at one hex in the open."""
    session = make_session(placement={"greek": "15.07", "bedding": "15.07"})
    pi1, greek = session.ref("unit", "pi1"), session.ref("unit", "greek")
    rating = session.value("modified_fire_rating", pi1, greek, "direct", 0, 0)
    assert rating == 3 and rating.terms == []
    session.perform("take_step_loss", pi1)
    assert session.attr(pi1, "face") == "back"
    rating = session.value("modified_fire_rating", pi1, greek, "direct", 0, 0)
    assert rating == 2 and rating.terms == []


def test_one_die_decides_the_hit_and_the_damage(make_session):
    """gts:15.5#24 "Roll one die" and gts:15.5#33 "the same roll that determines a
    hit also determines the damage": a one-Step rifle (no Company Bonus roll)
    rating 3 rolls 1 — a hit, and the Small Arms roll of 1 is a "C" — from a
    script of that single die."""
    session = make_session(rolls=[1], placement={"greek": "15.07", "bedding": "15.07"})
    rifle = add(session, "rifle", "axis", "15.06", steps=1)
    greek = session.ref("unit", "greek")
    session.perform("direct_fire", rifle, greek, "direct", 0)
    assert resolved(session) == [{"firer": "rifle", "target": "greek", "rating": 3, "roll": 1,
                                  "hit": True, "result": "C"}]
    assert session.attr(greek, "cohesion_hits") == 1
    assert session.dice.count == 1


def test_a_miss_ends_the_action_with_nothing_applied(make_session):
    """gts:15.5#28 and gts:15.5#30: "Miss if the die roll is greater than the
    modified Fire Rating ... The firing Unit's Action is over": a 4 against a
    rating of 3 changes nothing and asks for no further die."""
    session = make_session(rolls=[4], placement={"greek": "15.07", "bedding": "15.07"})
    rifle = add(session, "rifle", "axis", "15.06", steps=1)
    greek = session.ref("unit", "greek")
    session.perform("direct_fire", rifle, greek, "direct", 0)
    assert [(s["hit"], s["result"]) for s in resolved(session)] == [(False, None)]
    assert (session.attr(greek, "cohesion_hits"), session.attr(greek, "suppressed")) == (0, 0)
    assert session.dice.count == 1


def test_the_crt_crosses_the_roll_with_weapons_class_and_target_type(make_session):
    """gts:15.5#32: "Cross-index the die roll ... with the Weapons Class ... and the
    target type (Armored or Unarmored), and immediately apply the result": the
    same Small Arms roll of 1 is a "C" on an unarmored target and an "S?" on an
    armored one, which makes its Troop Quality Check at once (and passes)."""
    allies = KeyedPlayer({"buy:tq_check": False})
    session = make_session(rolls=[1, 2], allies=allies,
                           placement={"greek": "15.07", "bedding": "15.07"})
    rifle = add(session, "rifle", "axis", "15.06", steps=1)
    greek = session.ref("unit", "greek")
    assert session.value("crt_result", rifle, greek, 1) == "C"
    session.state.catalog["unit"]["greek"]["faces"]["front"]["armored"] = True
    assert session.value("crt_result", rifle, greek, 1) == "S?"
    session.perform("direct_fire", rifle, greek, "direct", 0)
    assert resolved(session)[0]["result"] == "S?"
    assert session.dice.count == 2 and session.attr(greek, "suppressed") == 0


def test_artillery_firing_directly_uses_the_direct_he_line(make_session):
    """gts:15.5#34: "Indirect HE, Emplaced Artillery, or Organic Artillery Units
    performing Direct Fire use the yellow Direct HE Weapons Class": at three hexes
    each reads a roll of 2 on the Direct HE line ("C"), not its own ("S")."""
    session = make_session(placement={"greek": "10.08", "bedding": "10.08"})
    greek = session.ref("unit", "greek")
    for kind in ("IHE", "EMPLACED", "ORGANIC"):
        gun = add(session, f"gun_{kind}", "axis", "10.11", weapon_class=kind, fire_range=12)
        assert session.value("direct_fire_targets", gun) == [greek]
        assert session.value("crt_result", gun, greek, 2) == "C"
        assert session.program.lookup("crt", kind, "unarmored", 2) == "S"
