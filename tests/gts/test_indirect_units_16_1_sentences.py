"""gts:16.1 sentence by sentence: the four kinds of Indirect Fire Units — what
each fires, on which Combat Results Table row, who spots for it, and the
Artillery Park."""

from __future__ import annotations

import pytest
from artillery16_helpers import add, add_leader, artillery, crt_keys, in_contact, in_park

from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.core.state import Ref

ARTILLERY = ["IHE", "EMPLACED", "ORGANIC"]


@pytest.mark.parametrize("weapon_class,indirect", [
    ("MORTAR", True), ("IHE", True), ("EMPLACED", True), ("ORGANIC", True),
    ("LM", False), ("DHE", False), ("SA", False)])
def test_the_indirect_fire_units(make_session, weapon_class, indirect):
    """gts:16.1#1: "Mortar, Indirect HE, Emplaced Artillery and Organic Artillery
    are the Indirect Fire Units." gts:16.1#8: a light mortar (purple, LM) "fires
    using the Direct Fire procedure and is not considered a mortar for Indirect
    Fire" — no Indirect Fire target at five hexes, a Direct Fire one at two."""
    session = make_session(placement={"pi1": "10.05", "truck": "10.08", "schaette": "10.05"})
    unit = add(session, "u", "allies", "10.10", weapon_class=weapon_class, fire_range=6)
    assert session.value("indirect_capable", unit) is indirect
    assert session.value("may_indirect_fire", unit) is indirect     # pi1, five hexes off
    if weapon_class == "LM":
        assert session.ref("unit", "truck") in session.value("direct_fire_targets", unit)


def test_mortars_fire_indirectly_only_on_the_green_row_and_never_opportunity_fire(
        make_session):
    """gts:16.1#3: Mortars "Use Indirect Fire only — they may not Direct Fire" (a
    target two hexes off, in sight and range, is an Indirect Fire target only);
    gts:16.1#4: on the green Mortar row (a 0 is "C" there, "1" for the artillery);
    gts:16.1#5: "May not Opportunity Fire"."""
    session = make_session(rolls=[0], placement={"pi1": "10.08", "truck": "01.01",
                                                 "schaette": "10.08"},
                           axis=KeyedPlayer({"convert_suppression": False}))
    mortar = add(session, "mortar", "allies", "10.10", weapon_class="MORTAR", fire_range=6,
                 steps=1)
    target = session.ref("unit", "pi1")
    assert session.value("direct_fire_targets", mortar) == []
    assert session.value("indirect_targets", mortar) == [target]
    assert not session.value("can_opportunity_fire", mortar)
    session.perform("indirect_fire", mortar, target)
    assert crt_keys(session) == [("MORTAR", "unarmored", 0)]
    assert session.events("fire_resolved")[-1].data["result"] == "C"


@pytest.mark.parametrize("weapon_class", ARTILLERY)
def test_artillery_fires_directly_to_three_hexes_and_indirectly_from_four(make_session,
                                                                          weapon_class):
    """gts:16.1#10-11, gts:16.1#17-18, gts:16.1#24-25: Indirect HE, Emplaced and
    Organic Artillery "Use Indirect Fire or Direct Fire depending on range":
    no Indirect Fire closer than four hexes, no Direct Fire beyond three;
    gts:16.5#2: "If such a Unit fires at a target three or fewer hexes away, use
    the Direct Fire procedure (15.5) instead"."""
    session = make_session(placement={"pi1": "10.07", "truck": "10.06", "schaette": "10.07"})
    gun = artillery(session, "gun", "allies", "10.10", weapon_class)
    at_three, at_four = session.ref("unit", "pi1"), session.ref("unit", "truck")
    assert session.value("direct_fire_targets", gun) == [at_three]
    assert session.value("indirect_targets", gun) == [at_four]


@pytest.mark.parametrize("weapon_class", ARTILLERY)
def test_artillery_rows_indirect_own_colour_direct_yellow(make_session, weapon_class):
    """gts:16.1#12, gts:16.1#19, gts:16.1#26: the Indirect Fire reads the Unit's
    own row (orange Indirect HE, black Emplaced, brown Organic), its Direct Fire
    the yellow Direct HE row."""
    session = make_session(rolls=[5, 1, 5, 1], placement={"pi1": "10.07", "truck": "10.06",
                                                    "schaette": "10.07"},
                           axis=KeyedPlayer({"buy:tq_check": False}))
    gun = artillery(session, "gun", "allies", "10.10", weapon_class, fire_rating=8)
    session.perform("direct_fire", gun, session.ref("unit", "pi1"), "direct", 0)
    assert crt_keys(session) == [("DHE", "unarmored", 5)]
    session.perform("indirect_fire", gun, session.ref("unit", "truck"))
    assert crt_keys(session) == [(weapon_class, "unarmored", 5)]


@pytest.mark.parametrize("weapon_class", ARTILLERY)
def test_artillery_opportunity_fires_with_its_direct_fire(make_session, weapon_class):
    """gts:16.1#13, gts:16.1#20, gts:16.1#27: "May perform Opportunity Fire with
    their Direct Fire": the German moving out of the gun's Fire Zone (three
    hexes) draws its fire, on the yellow Direct HE row."""
    allies = KeyedPlayer({"opportunity_fire": True})
    axis = KeyedPlayer({"move": ["10.06", "stop"], "buy:tq_check": False})
    session = make_session(rolls=[0, 0], allies=allies, axis=axis,
                           placement={"pi1": "10.07", "truck": "01.01", "schaette": "10.07"})
    gun = artillery(session, "gun", "allies", "10.10", weapon_class, fire_rating=1)
    assert session.value("can_opportunity_fire", gun)
    session.perform("move", [session.ref("unit", "pi1")], "formation")
    shot = session.events("fire_resolved")[-1].data
    assert shot["firer"] == "gun"
    assert crt_keys(session) == [("DHE", "unarmored", 0)]


def spotting_world(make_session, weapon_class):
    """A gun of Bedding's Formation (inf1) at 10.09, In Command; a German at 10.04,
    five hexes off behind a barrage (10.08) it cannot see through; possible
    spotters at 10.06 and around."""
    session = make_session(placement={"pi1": "10.04", "truck": "01.01", "schaette": "10.04",
                                      "greek": "10.06", "bedding": "10.06",
                                      "police": "20.12"})
    gun = artillery(session, "gun", "allies", "10.09", weapon_class)
    session.state.set_track(Ref("hex", "10.08"), "barrage", 1, [])
    return session, gun


def spotter_ids(session, gun):
    return sorted(s.id for s in session.value("spotters", gun, "10.04"))


@pytest.mark.parametrize("weapon_class", ["MORTAR", "ORGANIC"])
def test_mortar_and_organic_spotters_are_of_their_formation(make_session, weapon_class):
    """gts:16.1#6, gts:16.1#28: a Mortar or Organic Artillery Unit "May be spotted
    for by any In Command Unit in their Formation, or any Independent Unit in
    Command of their Formation's Leader" — not by a Unit of another Formation,
    nor one Out of Command; no Contact marker is needed (gts:16.4#9-10)."""
    session, gun = spotting_world(make_session, weapon_class)
    assert session.value("self_spots", gun, "10.04") is False
    add_leader(session, "other", "allies", "11.06", "inf2")
    add(session, "stranger", "allies", "11.06", formation="inf2")
    add(session, "independent", "allies", "09.06", stripe="white")
    add(session, "far_away", "allies", "10.02")                    # out of Bedding's range
    assert spotter_ids(session, gun) == ["greek", "independent"]


@pytest.mark.parametrize("weapon_class", ["IHE", "EMPLACED"])
def test_contact_artillery_is_spotted_by_its_contact_leaders_formation(make_session,
                                                                       weapon_class):
    """gts:16.1#14, gts:16.1#21: Indirect HE and Emplaced Artillery "May be put in
    Contact with any friendly Leader, and be spotted for by any In Command Unit of
    that Leader's Formation, or any Independent Unit In Command of that Leader":
    in contact with the Leader of another Formation, its Units spot and Bedding's
    do not; with no contact, nobody spots."""
    session, gun = spotting_world(make_session, weapon_class)
    if weapon_class == "IHE":
        in_park(session, "10.09", gun)
    add_leader(session, "other", "allies", "11.06", "inf2")
    add(session, "theirs", "allies", "11.06", formation="inf2")
    add(session, "independent", "allies", "12.06", stripe="white")
    assert spotter_ids(session, gun) == []
    in_contact(session, gun, "other")
    assert spotter_ids(session, gun) == ["independent", "theirs"]
    allies = KeyedPlayer({"contact_leader": "other"})
    other = make_session(rolls=[5], allies=allies)
    add_leader(other, "other", "allies", "11.06", "inf2")
    remote = artillery(other, "remote", "allies", "01.12", weapon_class)
    if weapon_class == "IHE":
        in_park(other, "01.12", remote)
    other.perform("contact_attempts", other.ref("side", "allies"))
    assert other.attr(remote, "contact_with") == other.ref("leader", "other")


def test_indirect_he_is_spotted_only_in_a_park_where_it_may_not_self_spot(make_session):
    """gts:16.1#15: Indirect HE "Must be in an Artillery Park to use spotted
    Indirect Fire, and while in an Artillery Park may not self-spot": out of a
    Park, In Contact, no spotter serves it but it self-spots what it sees; in a
    Park, the spotter serves and it no longer self-spots. gts:16.2#1: "to perform
    a spotted Indirect Fire attack, they must be in an Artillery Park"."""
    session = make_session(placement={"pi1": "10.04", "truck": "01.01", "schaette": "10.04",
                                      "greek": "10.06", "bedding": "10.06"})
    gun = artillery(session, "gun", "allies", "10.12")
    in_contact(session, gun, "bedding")
    assert session.value("spotters", gun, "10.04") == []
    assert session.value("self_spots", gun, "10.04")
    in_park(session, "10.12", gun)
    assert [s.id for s in session.value("spotters", gun, "10.04")] == ["greek"]
    assert not session.value("self_spots", gun, "10.04")


@pytest.mark.parametrize("weapon_class", ["MORTAR", "EMPLACED", "ORGANIC"])
def test_only_indirect_he_enters_a_park(make_session, weapon_class):
    """gts:16.1#7, gts:16.1#22, gts:16.1#29: Mortars, Emplaced and Organic
    Artillery "Cannot enter an Artillery Park": no Park can be made on them, nor
    do they join one in their hex (gts:16.2.3#2)."""
    allies = KeyedPlayer({"create_artillery_park": lambda d: d.options[0],
                          "join_artillery_park": 1})
    session = make_session(allies=allies)
    session.state.tracks["division:nz2"] = {"dp": 2}
    gun = artillery(session, "gun", "allies", "04.10", weapon_class)
    session.perform("create_parks", session.ref("division", "nz2"))
    assert session.attr(gun, "in_artillery_park") == 0
    orange = artillery(session, "orange", "allies", "04.10")
    session.perform("create_parks", session.ref("division", "nz2"))
    session.perform("join_parks", session.ref("division", "nz2"))
    assert session.attr(orange, "in_artillery_park") == 1
    assert session.attr(gun, "in_artillery_park") == 0
