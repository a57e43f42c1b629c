"""gts:16.3, 16.3.1, 16.3.2 sentence by sentence: who may seek radio contact in
step E, the roll, and what breaks contact."""

from __future__ import annotations

import pytest
from artillery16_helpers import add_leader, artillery, in_contact, in_park, set_tracks

from kriegsspiel.core.players import KeyedPlayer


def attempts(session, unit):
    return [e.data for e in session.events("contact_attempted") if e.data["unit"] == unit.id]


@pytest.mark.parametrize("weapon_class,park,seeks", [
    ("IHE", True, True), ("IHE", False, False), ("EMPLACED", False, True),
    ("ORGANIC", False, False), ("MORTAR", False, False)])
def test_who_may_seek_contact(make_session, weapon_class, park, seeks):
    """gts:16.3#1: "All Orange and Black Fire Rating Artillery Units have a Contact
    marker" (Organic and Mortar Units have none and need none, gts:16.4#10);
    gts:16.4#4: "each Indirect HE and Emplaced Artillery Unit has its own In
    Contact / Contact Pending marker";
    gts:16.3#3: "Orange firepower Units must be in an Artillery Park to make the
    attempt" — Emplaced ones need none."""
    session = make_session(rolls=[0], allies=KeyedPlayer({"contact_leader": "bedding"}))
    gun = artillery(session, "gun", "allies", "10.10", weapon_class,
                    **({"contact_pending": 5, "contact_in": 3}
                       if weapon_class in ("ORGANIC", "MORTAR") else {}))
    if park:
        in_park(session, "10.10", gun)
    session.perform("contact_attempts", session.ref("side", "allies"))
    assert bool(attempts(session, gun)) is seeks
    assert (session.attr(gun, "in_contact") == 1) is seeks


def test_suppressed_units_make_no_attempt(make_session):
    """gts:16.3#2: "Non-suppressed Artillery Units may attempt to establish radio
    contact with Leaders during Step E" — a Suppressed one may not."""
    session = make_session(rolls=[0, 0], allies=KeyedPlayer({"contact_leader": "bedding"}))
    calm = artillery(session, "calm", "allies", "10.10", "EMPLACED")
    shaken = artillery(session, "shaken", "allies", "10.11", "EMPLACED")
    set_tracks(session, shaken, suppressed=1)
    session.perform("parks_and_contact")            # step E (gts:4.0)
    assert attempts(session, calm) and not attempts(session, shaken)


@pytest.mark.parametrize("roll,made", [(5, True), (6, False), (0, True)])
def test_the_roll_against_contact_pending(make_session, roll, made):
    """gts:16.3#4: "To achieve contact, roll equal to or less than the Contact
    Pending number on that Unit's Contact marker" (5 here); gts:16.3#6: "On
    success, place the Contact marker on that Leader, In Contact side up"."""
    session = make_session(rolls=[roll], allies=KeyedPlayer({"contact_leader": "bedding"}))
    gun = artillery(session, "gun", "allies", "10.10", "EMPLACED")
    session.perform("contact_attempts", session.ref("side", "allies"))
    assert attempts(session, gun)[0]["target"] == 5
    assert (session.attr(gun, "contact_with") == session.ref("leader", "bedding")) is made
    assert session.attr(gun, "in_contact") == (1 if made else 0)


def test_another_divisions_leader_costs_three(make_session):
    """gts:16.3#5: "Apply the Radio Contact modifier of -3 to the Contact Pending
    value if the Leader being contacted is not from the same Division as the
    Artillery Unit": 5 - 3 = 2; a roll of 3 fails, which would succeed with the
    own Division's Leader."""
    session = make_session(rolls=[3], allies=KeyedPlayer({"contact_leader": "other"}))
    session.state.catalog["division"]["nz3"] = {"name": "other", "side": "allies",
                                                "command_rating": 1, "dispatch_rating": None}
    add_leader(session, "other", "allies", "12.10", "inf9", division="nz3")
    gun = artillery(session, "gun", "allies", "10.10", "EMPLACED")
    session.perform("contact_attempts", session.ref("side", "allies"))
    attempt = attempts(session, gun)[0]
    assert (attempt["target"], attempt["made"]) == (2, False)
    assert session.value("contact_number", gun, session.ref("leader", "bedding")) == 5


def test_one_attempt_a_unit_a_step_e(make_session):
    """gts:16.3#7: "An Artillery Unit may only attempt to contact a Leader once in
    this phase"; gts:16.3#8: "On a failure, you may not try again until next
    turn" — one roll, one question for the Unit, though a second Leader is near;
    the next turn's step E gives it another."""
    allies = KeyedPlayer({"contact_leader": "bedding"})
    session = make_session(rolls=[9, 1], allies=allies)
    add_leader(session, "other", "allies", "12.10", "inf2")
    gun = artillery(session, "gun", "allies", "10.10", "EMPLACED")
    session.perform("parks_and_contact")
    asked = [d for d in session.players.record if d["key"] == "contact_leader"]
    assert len(attempts(session, gun)) == 1 and len(asked) == 1
    assert session.attr(gun, "in_contact") == 0
    session.perform("parks_and_contact")            # next turn's step E
    assert len(attempts(session, gun)) == 2 and session.attr(gun, "in_contact") == 1


def test_a_barrage_marker_does_not_break_contact(make_session):
    """gts:16.3.1#1: "A barrage marker on an Artillery Unit's hex does not cause it
    to lose contact"."""
    session = make_session()
    gun = artillery(session, "gun", "allies", "10.10", "EMPLACED")
    in_contact(session, gun, "bedding")
    session.perform("place_barrage", "10.10", 2)
    assert session.attr(gun, "in_contact") == 1
    assert session.attr(gun, "contact_with") == session.ref("leader", "bedding")


@pytest.mark.parametrize("result,rolls,lost", [
    ("S?", [3], False),        # passed S? (Troop Quality 6): not a result
    ("S?", [8], True),         # failed S?: Suppressed
    ("S", [], True), ("C", [], True), ("1", [], True)])
def test_any_combat_result_breaks_contact(make_session, result, rolls, lost):
    """gts:16.3.1#7: "If the Artillery Unit suffers any combat result from any
    source — a failed S? counts as a combat result; a passed S? does not";
    gts:16.3.2#9, gts:16.3.2#13: effective fire is a step loss, a Cohesion Hit
    or a Suppression."""
    session = make_session(rolls=rolls, allies=KeyedPlayer({"buy:tq_check": False,
                                                            "convert_suppression": False}))
    gun = artillery(session, "gun", "allies", "10.10", "EMPLACED", steps=2)
    in_contact(session, gun, "bedding")
    session.perform("apply_result", gun, result)
    assert (session.attr(gun, "in_contact") == 0) is lost
    assert (session.attr(gun, "contact_with") is None) is lost
