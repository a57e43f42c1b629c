"""Indirect Fire (gts:16.1, gts:16.4–16.6) with the Crete Part One Self-Spotted
and Spotted Indirect Fire Examples; barrage markers (gts:16.6.2, gts:11.0)."""

from __future__ import annotations

from conftest import INFANTRY

from kriegsspiel.core.players import KeyedPlayer


def add(session, ident, side, hex_id, formation=None, **face):
    division, default = ("geb5", "pi95") if side == "axis" else ("nz2", "inf1")
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": side, "division": division, "formation": formation or default,
        "unit_class": "gun", "back_kind": None, "faces": {"front": {**INFANTRY, **face}}}
    session.place(ident, hex_id)
    return session.ref("unit", ident)


def barrage(session, hex_id):
    return session.state.tracks.get(f"hex:{hex_id}", {}).get("barrage", 0)


def test_self_spotted_indirect_fire_example(make_session):
    """Crete Part One Self-Spotted Indirect Fire Example: the Mortar (Fire Rating 3)
    sees the German Unit; no terrain modifier (HE), no range modifier (gts:16.5),
    Defense 0, no mass; the Company Bonus roll of 1 gives 5; the roll of 1 is an
    "S?", and the German passes its Troop Quality Check with a 3 (gts:19.2.1).
    A Fire Rating of five or less leaves a light barrage (gts:16.6.2.1)."""
    session = make_session(rolls=[1, 1, 3], placement={"pi1": "10.06", "truck": "01.01",
                                                       "schaette": "10.06"})
    mortar = add(session, "mortar", "allies", "10.09", weapon_class="MORTAR", fire_rating=3,
                 fire_range=6)
    german = session.ref("unit", "pi1")
    assert session.value("indirect_targets", mortar) == [german]
    assert session.value("direct_fire_targets", mortar) == []      # Mortars: indirect only
    session.perform("indirect_fire", mortar, german)
    shot = session.events("fire_resolved")[-1].data
    assert (shot["rating"], shot["roll"], shot["result"]) == (5, 1, "S?")
    assert session.attr(german, "suppressed") == 0
    assert barrage(session, "10.06") == 1


def spotted_example(make_session, rolls):
    """The Spotted Indirect Fire Example's set-up: the gun in a Park, In Contact
    with Bedding, the flak and pi1 in 10.04, one Command Point."""
    axis = KeyedPlayer({"buy:tq_check": [False, True], "convert_suppression": True})
    session = make_session(rolls=rolls, axis=axis,
                           placement={"pi1": "10.04", "truck": "01.01", "schaette": "10.04",
                                      "greek": "10.06", "bedding": "10.06"})
    session.state.tracks["division:geb5"] = {"cp": 1}
    gun = add(session, "gun", "allies", "10.12", weapon_class="IHE", fire_rating=4,
              fire_range=12)
    flak = add(session, "flak", "axis", "10.04", steps=0, defense=1, weapon_class="DHE")
    session.state.tracks["unit:gun"] = {"in_artillery_park": 1, "in_contact": 1}
    session.state.links["unit:gun"] = {"contact_with": "leader:bedding"}
    return session, gun, flak


def test_spotted_indirect_fire_example(make_session):
    """Crete Part One Spotted Indirect Fire Example: the artillery Unit in a Park,
    In Contact with the Leader, fires on the zero-Step flak with an In Command
    spotter: 4, +1 for the flak's Defense, +2 Company Bonus = 7; roll 4: "C",
    which eliminates the zero-Step Unit (gts:19.2.3); the other German Unit takes
    "S?" (gts:16.6.1), fails with a 7 and spends a Command Point to convert the
    Suppression into a Cohesion Hit (gts:19.2.2); 6 or more: a heavy barrage."""
    session, gun, flak = spotted_example(make_session, [1, 4, 7])
    assert not session.value("self_spots", gun, "10.04")      # a Park never self-spots
    assert [s.id for s in session.value("spotters", gun, "10.04")] == ["greek"]
    session.perform("indirect_fire", gun, flak)
    shot = session.events("fire_resolved")[-1].data
    assert (shot["rating"], shot["roll"], shot["result"]) == (7, 4, "C")
    assert session.attr(flak, "eliminated")
    german = session.ref("unit", "pi1")
    assert (session.attr(german, "cohesion_hits"), session.attr(german, "suppressed")) == (1, 0)
    assert session.attr(session.ref("division", "geb5"), "cp") == 0
    assert barrage(session, "10.04") == 2


def test_reinforcements_in_their_entry_hex_take_no_s_query(make_session):
    """gts:8.0: "Reinforcement Units in reinforcement entry hexes may not be
    targeted by any type of fire": the Spotted Indirect Fire Example's "C" on the
    flak that moved into its side's entry hex, but the German Unit still waiting
    there as a reinforcement takes no "S?" (gts:16.6.1) — no check, so no third
    roll (the script holds two: a third would be an error)."""
    session, gun, flak = spotted_example(make_session, [1, 4])
    session.state.tracks["unit:pi1"] = {"in_entry_hex": 1}
    session.perform("indirect_fire", gun, flak)
    assert session.events("fire_resolved")[-1].data["result"] == "C"
    assert session.attr(flak, "eliminated")
    german = session.ref("unit", "pi1")
    assert (session.attr(german, "cohesion_hits"), session.attr(german, "suppressed")) == (0, 0)
    assert session.attr(session.ref("division", "geb5"), "cp") == 1


def test_a_nine_loses_contact_and_fires_nothing(make_session):
    """gts:16.5 / gts:16.3.1: a nine on the mission: contact is lost, no fire, no barrage.
    gts:16.5#20-22, gts:16.3.1#3, gts:16.3.2#6, gts:16.3.2#8: "If a nine is rolled
    during the Indirect Fire procedure, radio contact is lost" — the marker back on
    the Unit, Contact Pending side up; "No Indirect Fire takes place" (no result,
    no barrage marker)."""
    session = make_session(rolls=[9], placement={"pi1": "10.04", "truck": "01.01",
                                                 "schaette": "10.04"})
    gun = add(session, "gun", "allies", "10.12", weapon_class="IHE", fire_rating=4,
              fire_range=12, steps=1)
    session.state.tracks["unit:gun"] = {"in_contact": 1}
    session.state.links["unit:gun"] = {"contact_with": "leader:bedding"}
    session.perform("indirect_fire", gun, session.ref("unit", "pi1"))
    assert session.attr(gun, "in_contact") == 0 and session.attr(gun, "contact_with") is None
    assert barrage(session, "10.04") == 0


def test_artillery_fires_directly_close_and_indirectly_far(make_session):
    """gts:16.1: Indirect HE, Emplaced and Organic Artillery fire indirectly at four
    hexes or more and directly at three or less."""
    session = make_session(placement={"pi1": "10.08", "truck": "10.05", "schaette": "10.08"})
    gun = add(session, "gun", "allies", "10.11", weapon_class="ORGANIC", fire_range=8)
    near, far = session.ref("unit", "pi1"), session.ref("unit", "truck")
    assert session.value("direct_fire_targets", gun) == [near]
    assert session.value("indirect_targets", gun) == [far]


def test_barrage_markers_hurt_both_sides_and_go_at_cleanup(make_session):
    """gts:16.6.2.2: -1/-2 to Troop Quality, Fire and Assault Ratings, +2 MP to
    leave; a heavy one costs a Cohesion Hit and a Troop Quality Check to leave;
    gts:11.0: all are picked up at the end of the turn. gts:16.6.2.1#11-12: one
    marker a hex, heavy replaces light and never the reverse; gts:16.6.2.1#14:
    all are removed after the Activation Phase (cleanup); gts:16.6.2.2#5, light:
    +2 movement points."""
    axis = KeyedPlayer({"move": ["15.07", "stop"], "buy:tq_check": False})
    session = make_session(rolls=[8], axis=axis)
    unit = session.ref("unit", "pi1")
    session.perform("place_barrage", "15.06", 1)
    assert session.value("troop_quality", unit) == 6 - 1
    assert session.value("assault_rating_after_results", unit) == 3 - 1
    assert {t["name"]: t["amount"] for t in session.value(
        "modified_fire_rating", unit, session.ref("unit", "greek"), "direct", 0, 0).terms
    }["barrage"] == -1
    assert session.value("half_point_cost", unit, "15.06", "15.07") == 2 + 4
    session.perform("place_barrage", "15.06", 2)
    session.perform("place_barrage", "15.06", 1)            # never reduced
    assert barrage(session, "15.06") == 2
    assert session.value("troop_quality", unit) == 6 - 2
    session.perform("move", [unit], "formation")
    assert session.attr(unit, "hex") == "15.06" and session.attr(unit, "cohesion_hits") == 1
    session.perform("cleanup_phase")
    assert barrage(session, "15.06") == 0


def test_the_whole_stack_takes_s_query_but_not_from_mortars(make_session):
    """gts:16.0 and gts:16.6: artillery's effective hit puts "S?" on the rest of the
    stack; a Mortar's does not (gts:16.6.1); gts:16.6.2 places the barrage."""
    session = make_session(rolls=[0], axis=KeyedPlayer({"buy:tq_check": False,
                                                                 "convert_suppression": False}),
                           placement={"pi1": "10.04", "truck": "10.04", "schaette": "10.04"})
    mortar = add(session, "mortar", "allies", "10.09", weapon_class="MORTAR", fire_rating=3,
                 fire_range=6, steps=1)
    session.perform("indirect_fire", mortar, session.ref("unit", "pi1"))
    assert session.events("fire_resolved")[-1].data["result"] == "C"
    assert session.attr(session.ref("unit", "pi1"), "cohesion_hits") == 1
    assert session.attr(session.ref("unit", "truck"), "suppressed") == 0   # no "S?" check
    assert barrage(session, "10.04") == 1
