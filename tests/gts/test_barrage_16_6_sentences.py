"""gts:16.6.1 and gts:16.6.2.x sentence by sentence: the rest of the stack under
Indirect Fire, and barrage markers — when placed, which, and their effects."""

from __future__ import annotations

import pytest
from artillery16_helpers import add, artillery, hex_track, in_contact, in_park, set_tracks

from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.core.state import Ref

AXIS = {"buy:tq_check": False, "convert_suppression": False}


def target_world(make_session, rolls, truck="10.04", **face):
    """An Allied Organic gun at 10.10 self-spotting the Germans (pi1 and truck,
    Troop Quality 6) at 10.04 (the truck elsewhere if *truck* says so)."""
    session = make_session(rolls=rolls, axis=KeyedPlayer(AXIS),
                           allies=KeyedPlayer({"buy:tq_check": False}),
                           placement={"pi1": "10.04", "truck": truck, "schaette": "10.04"})
    gun = artillery(session, "gun", "allies", "10.10", "ORGANIC", **face)
    return session, gun


def checks(session):
    return [c for e in session.state.log for c in e.cause
            if isinstance(c, dict) and c.get("what") == "check tq_check"]


@pytest.mark.parametrize("tq_roll,stack_checked", [(3, False), (8, True)])
def test_the_stack_takes_s_query_when_the_targets_s_query_fails(make_session, tq_roll,
                                                                 stack_checked):
    """gts:16.6.1#1-2: the other Units in the hex "suffer an 'S?' result if: The
    target Unit receives an 'S?' result and fails its Troop Quality Check" — an
    "S?" (Organic row, roll 5) passed with a 3 puts none on the truck; failed
    with an 8, the truck checks too (a 9: Suppressed)."""
    session, gun = target_world(make_session, [5, tq_roll] + ([9] if stack_checked else []),
                                fire_rating=5)
    session.perform("indirect_fire", gun, session.ref("unit", "pi1"))
    assert session.events("fire_resolved")[-1].data["result"] == "S?"
    assert len(checks(session)) == (2 if stack_checked else 1)
    assert session.attr(session.ref("unit", "truck"), "suppressed") == (1 if stack_checked
                                                                        else 0)


def test_the_stack_takes_s_query_on_any_other_result(make_session):
    """gts:16.6.1#3: "The target Unit receives any other combat result" — an "S"
    (roll 1) on the target, an "S?" on the truck (failed with a 9)."""
    session, gun = target_world(make_session, [1, 9], fire_rating=5)
    session.perform("indirect_fire", gun, session.ref("unit", "pi1"))
    assert session.events("fire_resolved")[-1].data["result"] == "S"
    assert session.attr(session.ref("unit", "truck"), "suppressed") == 1


@pytest.mark.parametrize("face,tracks,level", [
    ({"fire_rating": 5}, {}, 1),                      # five or less: light
    ({"fire_rating": 6}, {}, 2),                      # six or more: heavy
    ({"fire_rating": 6}, {"column": 1}, 1),           # Column: 6 - 1
    ({"fire_rating": 6}, {"cohesion_hits": 1}, 1),    # a marker on the Unit: 6 - 1
    ({"fire_rating": 4, "steps": 2}, {}, 2),          # Company Bonus: 4 + 2
])
def test_light_or_heavy_by_the_modified_printed_rating(make_session, face, tracks, level):
    """gts:16.6.2.1#2-3: a light barrage if the printed Fire Rating, "as modified by
    any Company Bonus modifier and any modifiers from markers on the Unit, such as
    Column — is five or less; and The fire combat die roll is less than nine";
    gts:16.6.2.1#5-6: heavy at six or more — the Fire Rating, not the Assault
    Rating (7 here, never counted). A miss (8) still places it."""
    rolls = ([1] if face.get("steps") == 2 else []) + [8]
    session, gun = target_world(make_session, rolls, truck="01.01", assault_rating=7, **face)
    set_tracks(session, gun, **tracks)
    session.perform("indirect_fire", gun, session.ref("unit", "pi1"))
    assert session.events("fire_resolved")[-1].data["hit"] is False
    assert hex_track(session, "10.04", "barrage") == level


def test_ratings_of_different_firers_are_not_added(make_session):
    """gts:16.6.2.1#8: "You do not combine the Fire Ratings of different Units firing
    into the same hex — three twos are not a six"."""
    session, gun = target_world(make_session, [8, 8, 8], truck="01.01", fire_rating=2)
    others = [artillery(session, f"g{i}", "allies", f"{11 + i}.10", "ORGANIC", fire_rating=2)
              for i in range(2)]
    for firer in [gun] + others:
        session.perform("indirect_fire", firer, session.ref("unit", "pi1"))
    assert hex_track(session, "10.04", "barrage") == 1


def test_a_heavy_barrage_is_never_reduced_by_choice(make_session):
    """gts:16.6.2.1#9: "You must place a heavy barrage marker when mandated; you may
    not voluntarily 'reduce' it" — no question is put about it."""
    session, gun = target_world(make_session, [8], truck="01.01", fire_rating=7)
    session.perform("indirect_fire", gun, session.ref("unit", "pi1"))
    assert hex_track(session, "10.04", "barrage") == 2
    asked = {d["key"] for d in session.players.record}
    assert not any("barrage" in key for key in asked)


def test_the_marker_comes_after_the_attack(make_session):
    """gts:16.6.2.1#10: "Barrage markers are placed after the Indirect Fire attack
    is resolved": the target's Troop Quality Check for its "S?" is made at 6,
    not at 6 - 2 under the heavy barrage its own attack leaves."""
    session, gun = target_world(make_session, [5, 6], fire_rating=7)
    session.perform("indirect_fire", gun, session.ref("unit", "pi1"))
    assert checks(session)[0]["target"] == 6 and checks(session)[0]["passed"]
    placed = session.events("barrage_placed")[-1].seq
    assert placed > session.events("fire_resolved")[-1].seq
    assert hex_track(session, "10.04", "barrage") == 2


def test_assaults_never_place_barrage_markers(make_session):
    """gts:16.6.2.1#15: "Assault Actions never place barrage markers, even if the
    Assault Value is the right color to do so": an Organic gun with a coloured
    Assault Rating defends with Assault Fire; no marker follows."""
    axis = KeyedPlayer({"assault_hex": "10.10", "buy:tq_check": False,
                        "stand_or_run": "stand", "charge_or_fire": "assault_fire",
                        "continue_assault": "withdraw", "convert_suppression": False})
    allies = KeyedPlayer({"opportunity_fire": False, "stand_or_run": "stand",
                          "buy:tq_check": False, "convert_suppression": False})
    session = make_session(rolls=[0] + [8] * 20, axis=axis, allies=allies,
                           placement={"pi1": "10.09", "truck": "01.01", "schaette": "10.09"})
    artillery(session, "gun", "allies", "10.10", "ORGANIC", assault_rating=7,
              assault_colored=True)
    session.perform("assault", [session.ref("unit", "pi1")], "formation")
    assert [e for e in session.events("assault_fire_resolved") if e.data["firer"] == "gun"]
    assert not session.events("barrage_placed")
    assert hex_track(session, "10.09", "barrage") == 0


def test_barrage_markers_hurt_both_sides(make_session):
    """gts:16.6.2.2#1: "Barrage markers affect Units of both sides, regardless of who
    placed them": the Allied gun's light barrage on 10.04 costs the Germans a Troop
    Quality point; an Allied Unit in a barraged hex loses one as well."""
    session, gun = target_world(make_session, [8], truck="01.01", fire_rating=5)
    session.perform("indirect_fire", gun, session.ref("unit", "pi1"))
    assert session.value("troop_quality", session.ref("unit", "pi1")) == 6 - 1
    own = add(session, "own", "allies", "04.06")            # In Command of Bedding
    session.perform("place_barrage", "04.06", 1)
    assert session.value("troop_quality", own) == 6 - 1


@pytest.mark.parametrize("level", [1, 2])
def test_barrage_effects_on_the_units_in_the_hex(make_session, level):
    """gts:16.6.2.2#3: "Fire Range of Units in the hex: Reduced to one hex", light
    or heavy; gts:16.6.2.2#6: Fire and Assault Ratings -1 / -2; gts:16.6.2.2#7:
    Troop Quality -1 / -2."""
    session = make_session()
    unit = session.ref("unit", "pi1")
    assert session.value("fire_range", unit) == 2
    session.perform("place_barrage", "15.06", level)
    assert session.value("fire_range", unit) == 1
    assert session.value("troop_quality", unit) == 6 - level
    assert session.value("assault_rating_after_results", unit) == 3 - level
    terms = {t["name"]: t["amount"] for t in session.value(
        "modified_fire_rating", unit, session.ref("unit", "greek"), "direct", 0, 0).terms}
    assert terms["barrage"] == -level


@pytest.mark.parametrize("weapon_class,park,spotted,reaches", [
    ("IHE", True, True, True),          # a Park: spotted fire as normal
    ("EMPLACED", False, True, True),    # Emplaced: spotted fire as normal
    ("EMPLACED", False, False, False),  # Emplaced self-spotting: Fire Range one
    ("ORGANIC", False, True, False),    # "only for Artillery Parks and Emplaced"
    ("MORTAR", False, True, False),
    ("IHE", False, False, False),       # out of a Park, self-spotting
])
def test_the_fire_range_exception_is_for_spotted_park_and_emplaced_fire(
        make_session, weapon_class, park, spotted, reaches):
    """gts:16.6.2.2#8: "an artillery Unit in an Artillery Park (orange Fire Value) or
    an Emplaced Artillery Unit (black Fire Value) may still perform spotted
    Indirect Fire normally from a hex with a barrage marker"; gts:16.6.2.2#9:
    "This applies only to Artillery Parks and Emplaced Artillery Units" — and only
    to spotted fire: self-spotting from under a barrage is at a Fire Range of one."""
    placement = {"pi1": "10.04", "truck": "01.01", "schaette": "10.04"}
    placement.update({"greek": "10.06", "bedding": "10.07"} if spotted else
                     {"greek": "20.12", "bedding": "20.12", "police": "20.11"})
    session = make_session(placement=placement)
    gun = artillery(session, "gun", "allies", "10.09", weapon_class, fire_range=8)
    if park:
        in_park(session, "10.09", gun)
    if weapon_class in ("IHE", "EMPLACED") and spotted:
        in_contact(session, gun, "bedding")
    session.state.set_track(Ref("hex", "10.09"), "barrage", 1, [])
    assert session.value("self_spots", gun, "10.04") is (not park)
    target = session.ref("unit", "pi1")
    assert (target in session.value("indirect_targets", gun)) is reaches


def heavy_world(make_session, rolls, moving):
    axis = KeyedPlayer({"move": ["15.07", "stop"], "buy:tq_check": False,
                        "convert_suppression": False})
    session = make_session(rolls=rolls, axis=axis)
    session.perform("place_barrage", "15.06", 2)
    group = [session.ref("unit", u) for u in moving]
    return session, group


def test_leaving_a_heavy_barrage_failing_the_check(make_session):
    """gts:16.6.2.2#5: out of a heavy barrage "+2 movement points, plus a Cohesion
    Hit and a Troop Quality Check before it can move"; gts:16.6.2.2#11: "If a Unit
    fails the Troop Quality Check it must stay in the hex but still takes the
    Cohesion Hit" (a 9 fails)."""
    session, group = heavy_world(make_session, [9], ["pi1"])
    session.perform("move", group, "formation")
    assert session.attr(group[0], "hex") == "15.06"
    assert session.attr(group[0], "cohesion_hits") == 1


def test_a_stack_leaves_a_heavy_barrage_unit_by_unit(make_session):
    """gts:16.6.2.2#12-14: the moving Units are named first, each makes its Troop
    Quality Check in turn, and "those that passed must leave the hex as a stack":
    pi1 passes (1), the truck fails (9) and stays; both take the Cohesion Hit,
    and no later choice is offered between the checks."""
    session, group = heavy_world(make_session, [1, 9], ["pi1", "truck"])
    session.perform("move", group, "formation")
    pi1, truck = group
    assert session.attr(pi1, "hex") == "15.07" and session.attr(truck, "hex") == "15.06"
    assert session.attr(pi1, "cohesion_hits") == session.attr(truck, "cohesion_hits") == 1
    assert [c["roll"] for c in checks(session)][-2:] == [1, 9]


@pytest.mark.parametrize("rolls,moved", [([1, 2], True), ([9], False)])
def test_a_gun_retiring_by_prolonge_out_of_a_heavy_barrage(make_session, rolls, moved):
    """gts:16.6.2.2#5: "Any Unit moving out of a hex with a heavy barrage marker ...
    takes a Cohesion Hit, and must pass a Troop Quality Check before it can move",
    a star gun retiring by prolonge (gts:14.11) too: the Cohesion Hit, the
    barrage's check (1 passes, 9 fails: it stays, gts:16.6.2.2#11), then the
    prolonge check (2 passes)."""
    allies = KeyedPlayer({"move": "10.11", "buy:tq_check": False,
                          "convert_suppression": False})
    session = make_session(rolls=rolls, allies=allies)
    gun = artillery(session, "gun", "allies", "10.10", movement="star", troop_quality=7)
    session.perform("place_barrage", "10.10", 2)
    session.perform("move", [gun], "formation")
    assert session.attr(gun, "hex") == ("10.11" if moved else "10.10")
    assert session.attr(gun, "cohesion_hits") == 1
    assert len(checks(session)) == len(rolls)
