"""Rubble (crete:2.9, modules/crete/rules/rubble.ksr), in the walled city of
Heraklion (17.08-21.10, the coast road through 18.10-20.10) on Scenario 4
"Piling On"'s set-up, the map cleared but for the Units a test places."""

from __future__ import annotations

from test_crete_offmap import piling_on

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.core.state import Ref

GUN = "A/7 Med RA •"          # made an Indirect HE firer for the test
GERMAN = "6./II./FJR 1 •"
SAPPER = "B 2/B W •"          # made an engineer for the test
CITY, OTHER_CITY = "19.09", "18.09"


def cleared(session, **places):
    for unit_id in list(session.state.placement):
        session.place(unit_id, None, "leader" if "Leader" in unit_id else "unit")
    for unit_id, hex_id in places.items():
        session.place(unit_id, hex_id)


def face(session, unit_id):
    return session.state.catalog["unit"][unit_id]["faces"]["front"]


def hex_marker(session, hex_id, name):
    return session.value("hex_marker", hex_id, name)


def rubble_in(session, hex_id):
    session.set_initial(Ref("hex", hex_id), "rubble", 1)


def test_he_indirect_fire_rolling_zero_at_a_city_places_rubble_and_destroys_the_op():
    """crete:2.9#2, crete:2.9#3: "If an HE Indirect Fire artillery attack rolls a "0" when
    attacking a City or Fortified hex, place a Rubble counter on that hex. If the
    hex has an Observation Post or a Strongpoint, that Observation Post or
    Strongpoint is no longer considered to be in the hex" — and only a 0."""
    session, _, _ = piling_on(rolls=[0] * 20)
    session.state.map.features.setdefault(CITY, []).append({"kind": "observation_post",
                                                            "name": None})
    cleared(session)
    session.place(GUN, "19.15")
    session.place(GERMAN, CITY)
    face(session, GUN).update(weapon_class="IHE")
    assert session.value("feature_in", CITY, "observation_post")
    gun, german = session.ref("unit", GUN), session.ref("unit", GERMAN)
    session.perform("indirect_fire", gun, german)
    assert [e.data["roll"] for e in session.events("fire_resolved")] == [0]
    assert hex_marker(session, CITY, "rubble") == 1
    assert [e.data["hex"] for e in session.events("rubble_placed")] == [CITY]
    assert not session.value("feature_in", CITY, "observation_post")


def test_any_other_roll_or_terrain_places_none():
    """crete:2.9#2: only a "0", only a City or Fortified hex, only HE Indirect Fire."""
    session, _, _ = piling_on(rolls=[1] * 20)
    cleared(session, **{GUN: "19.15", GERMAN: CITY})
    face(session, GUN).update(weapon_class="IHE")
    session.perform("indirect_fire", session.ref("unit", GUN), session.ref("unit", GERMAN))
    assert hex_marker(session, CITY, "rubble") == 0
    session, _, _ = piling_on(rolls=[0] * 20)
    cleared(session, **{GUN: "19.15", GERMAN: "16.10"})          # a Town hex
    face(session, GUN).update(weapon_class="IHE")
    session.perform("indirect_fire", session.ref("unit", GUN), session.ref("unit", GERMAN))
    assert hex_marker(session, "16.10", "rubble") == 0


def test_rubble_takes_one_from_the_defensive_terrain_value():
    """crete:2.9#4, crete:2.9#5: "subtract one to the defensive terrain value of the hex. This
    reduces a City defensive value to -4" — for Direct Fire and Assault fire; HE
    fire, which ignores terrain (gts:15.6), gains nothing from it."""
    session, _, _ = piling_on()
    cleared(session, **{SAPPER: "19.12", GERMAN: CITY, "6./II./FJR 1 •": CITY})
    firer, target = session.ref("unit", SAPPER), session.ref("unit", GERMAN)
    before = session.value("modified_fire_rating", firer, target, "direct", 0, 0)
    defense_before = session.value("assault_defense", target, True, CITY)
    rubble_in(session, CITY)
    assert session.value("modified_fire_rating", firer, target, "direct", 0, 0) == before - 1
    assert session.value("assault_defense", target, True, CITY) == defense_before - 1
    face(session, SAPPER).update(weapon_class="IHE")
    he_before = session.value("rubble_fire_modifier", firer, target)
    assert he_before == 0


def test_roads_are_negated_and_entry_costs_more():
    """crete:2.9#6: "Roads are negated in a Rubble hex and the cost to enter a
    rubbled hex is increased" (one Movement Point: the Chart is provisional)."""
    session, _, _ = piling_on()
    cleared(session, **{SAPPER: "18.10"})
    unit = session.ref("unit", SAPPER)
    session.set_initial(unit, "column", 1)
    assert session.value("on_road", unit, "18.10", "19.10")
    road = session.value("half_point_cost", unit, "18.10", "19.10")
    session.set_initial(unit, "column", 0)
    off_road = session.value("half_point_cost", unit, "18.10", "19.10")
    rubble_in(session, "19.10")
    assert session.value("half_point_cost", unit, "18.10", "19.10") == off_road + 2
    session.set_initial(unit, "column", 1)
    assert not session.value("on_road", unit, "18.10", "19.10")
    assert session.value("half_point_cost", unit, "18.10", "19.10") > road


def engineer_session(rolls):
    session, allied, _ = piling_on(rolls=rolls,
                                   allied=KeyedPlayer({"engineer_work": "clear_rubble"}))
    cleared(session, **{SAPPER: CITY})
    face(session, SAPPER).update(engineer=True, troop_quality=5)
    session.state.catalog["unit"][SAPPER]["engineer"] = True
    rubble_in(session, CITY)
    session.set_initial(Ref("hex", CITY), "works_destroyed", 1)
    return session, session.ref("unit", SAPPER)


def test_engineers_clear_rubble_with_a_troop_quality_check():
    """crete:2.9#7, crete:2.9#9: "Engineers may clear Rubble by being in the Rubble hex, performing
    an Engineer action and passing a Troop Quality check ... Any OP or Strongpoint
    is still considered destroyed even if the Rubble has been cleared"."""
    session, unit = engineer_session([3])
    session.state.map.features.setdefault(CITY, []).append({"kind": "observation_post",
                                                            "name": None})
    assert "clear_rubble" in session.value("engineer_works", unit)
    session.perform("engineer", unit)
    assert hex_marker(session, CITY, "rubble") == 0
    assert hex_marker(session, CITY, "works_destroyed") == 1
    assert not session.value("feature_in", CITY, "observation_post")
    assert [e.data["work"] for e in session.events("engineer_action")] == ["clear_rubble"]
    assert "clear_rubble" not in session.value("engineer_works", unit)


def test_men_at_work_applies():
    """crete:2.9#8: "Men at Work does apply" — a failed check earns the +1 marker
    (gts:25.0), which the next attempt adds to the Troop Quality."""
    session, unit = engineer_session([8])
    session.perform("engineer", unit)
    assert hex_marker(session, CITY, "rubble") == 1 and session.attr(unit, "men_at_work") == 1
    quality = session.value("engineer_quality", unit)
    assert quality == session.value("troop_quality", unit) + 1
    session.dice.__dict__.update(Dice(script=[quality]).__dict__)   # passes only with the +1
    session.perform("engineer", unit)
    assert hex_marker(session, CITY, "rubble") == 0 and session.attr(unit, "men_at_work") == 0
