"""Combat results (gts:19.1–19.2.5), sentence by sentence.

The conftest pieces: 1. Geb.Pi. 95 (pi1) is a two-Step Unit (TQ 6, Fire 3,
Assault 3) whose back is its reduced side (TQ 5, Fire 2); the truck a two-Step
Unit whose back is its Organic Transport side; the Greek 1 A/1 Inf a one-Step
Unit; the Kastelli police a zero-Step Unit.  All In Command.
"""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer


def marks(session, unit, **values):
    session.state.tracks.setdefault(f"unit:{unit}", {}).update(values)


def markers(session, unit):
    ref = session.ref("unit", unit)
    return {m: session.attr(ref, m) for m in ("suppressed", "cohesion_hits", "step_loss")}


def asked(player, key):
    return [d for d in player.asked if d.key == key]


@pytest.mark.parametrize("result, effect", [
    ("S?", {"suppressed": 1, "cohesion_hits": 0, "step_loss": 0}),
    ("S", {"suppressed": 1, "cohesion_hits": 0, "step_loss": 0}),
    ("C", {"suppressed": 0, "cohesion_hits": 1, "step_loss": 0}),
    ("E", None)])
def test_each_combat_result_does_what_its_row_says(make_session, result, effect):
    """gts:19.1#2-5: "S?" Possible Suppression (a failed check: a Suppression),
    "S" Suppression, "C" Cohesion Hit, "E" Elimination — on the truck (no
    conversion tried, the S? check failed with a 9)."""
    axis = KeyedPlayer({"convert_suppression": False, "buy:tq_check": False})
    session = make_session(rolls=[9], axis=axis)
    truck = session.ref("unit", "truck")
    session.perform("apply_result", truck, result)
    if effect is None:
        assert session.attr(truck, "eliminated") and session.attr(truck, "hex") is None
    else:
        assert markers(session, "truck") == effect
    assert session.program.const("combat_results") == ["S?", "S", "C", "1", "E"]


@pytest.mark.parametrize("roll, suppressed", [(6, 0), (7, 1)])
def test_possible_suppression_is_a_troop_quality_check(make_session, roll, suppressed):
    """gts:19.2.1#3: "make a Troop Quality Check"; gts:19.2.1#4: on a pass (a 6
    against TQ 6) no effect; gts:19.2.1#5: on a failure (a 7) it is a Suppression
    result, followed through the Suppression rules — the conversion is offered."""
    axis = KeyedPlayer({"buy:tq_check": False, "convert_suppression": False})
    session = make_session(rolls=[roll], axis=axis)
    session.perform("apply_result", session.ref("unit", "pi1"), "S?")
    assert markers(session, "pi1")["suppressed"] == suppressed
    assert len(asked(axis, "convert_suppression")) == suppressed


def test_a_command_point_buys_the_possible_suppression_check(make_session):
    """gts:19.2.1#6: an In Command Unit may spend a Command Point to pass the "S?"
    check (no die rolled: the script is empty); Out of Command, none is offered
    and the die is rolled."""
    axis = KeyedPlayer({"buy:tq_check": True})
    session = make_session(rolls=[], axis=axis)
    session.state.tracks["division:geb5"] = {"cp": 2}
    session.perform("apply_result", session.ref("unit", "pi1"), "S?")
    assert markers(session, "pi1")["suppressed"] == 0
    assert session.attr(session.ref("division", "geb5"), "cp") == 1
    axis = KeyedPlayer({"buy:tq_check": True})
    session = make_session(rolls=[3], axis=axis, placement={"pi1": "01.01"})
    session.state.tracks["division:geb5"] = {"cp": 2}
    session.perform("apply_result", session.ref("unit", "pi1"), "S?")
    assert session.attr(session.ref("division", "geb5"), "cp") == 2
    assert not asked(axis, "buy:tq_check")


def test_suppression_not_converted_is_a_suppressed_marker(make_session):
    """gts:19.2.2#3: the owner decides whether to try converting; gts:19.2.2#4:
    declining, a Suppressed marker goes on the Unit and no check is made."""
    axis = KeyedPlayer({"convert_suppression": False})
    session = make_session(rolls=[], axis=axis)
    session.perform("apply_result", session.ref("unit", "pi1"), "S")
    assert markers(session, "pi1") == {"suppressed": 1, "cohesion_hits": 0, "step_loss": 0}
    assert [d.subject.id for d in asked(axis, "convert_suppression")] == ["pi1"]


@pytest.mark.parametrize("roll, effect", [(6, (0, 1)), (7, (1, 0))])
def test_conversion_is_a_troop_quality_check(make_session, roll, effect):
    """gts:19.2.2#5: trying, the Unit makes a Troop Quality Check; gts:19.2.2#6: a
    pass (6) gives a Cohesion Hit instead of the Suppression, a failure (7) the
    Suppression."""
    axis = KeyedPlayer({"convert_suppression": True, "buy:tq_check": False})
    session = make_session(rolls=[roll], axis=axis)
    session.perform("apply_result", session.ref("unit", "pi1"), "S")
    got = markers(session, "pi1")
    assert (got["suppressed"], got["cohesion_hits"]) == effect


def test_a_command_point_buys_the_conversion(make_session):
    """gts:19.2.2#7: an In Command Unit may spend a Command Point to pass the
    conversion check — no die (empty script), one point spent, a Cohesion Hit."""
    axis = KeyedPlayer({"convert_suppression": True, "buy:tq_check": True})
    session = make_session(rolls=[], axis=axis)
    session.state.tracks["division:geb5"] = {"cp": 1}
    session.perform("apply_result", session.ref("unit", "pi1"), "S")
    assert markers(session, "pi1") == {"suppressed": 0, "cohesion_hits": 1, "step_loss": 0}
    assert session.attr(session.ref("division", "geb5"), "cp") == 0


def test_conversion_may_be_tried_even_if_it_eliminates(make_session):
    """gts:19.2.2#8: any time a Unit takes a Suppression the conversion may be
    tried "even if doing so would eliminate the Unit" — the one-Step Greek with
    two Cohesion Hits converts and is eliminated; gts:19.2.3#16: a Unit already
    marked with Cohesion Hits may still try."""
    allies = KeyedPlayer({"convert_suppression": True, "buy:tq_check": False})
    session = make_session(rolls=[0], allies=allies)
    marks(session, "greek", cohesion_hits=2)
    session.perform("apply_result", session.ref("unit", "greek"), "S")
    assert asked(allies, "convert_suppression")
    assert session.attr(session.ref("unit", "greek"), "eliminated")


def test_a_suppressed_unit_may_only_rally_or_pass(make_session):
    """gts:19.2.2#10: a Suppressed Unit "can do nothing except try to Rally itself
    out of Suppression and defend in an Assault" — its Actions are Rally (and
    passing), it may not Assault nor Opportunity Fire; gts:19.2.3#18: a Unit
    with one or two Cohesion Hits "can still perform Actions"."""
    session = make_session()
    unit = session.ref("unit", "pi1")
    marks(session, "pi1", cohesion_hits=2)
    assert {"move", "rally", "pass"} <= set(session.value("legal_actions", unit, "formation"))
    marks(session, "pi1", suppressed=1)
    assert session.value("legal_actions", unit, "formation") == ["rally", "pass"]
    assert not session.value("may_assault", unit)
    assert not session.value("can_opportunity_fire", unit)


def test_suppression_lowers_assault_and_troop_quality(make_session):
    """gts:19.2.2#11: "Its Assault Rating is reduced by two and its Troop Quality
    Rating by one" (3 - 2 and 6 - 1); the Fire Rating is untouched."""
    session = make_session()
    unit = session.ref("unit", "pi1")
    marks(session, "pi1", suppressed=1)
    assert session.value("assault_rating_after_results", unit) == 1
    assert session.value("troop_quality", unit) == 5
    assert session.value("fire_rating_after_results", unit) == 3


def test_suppressed_units_project_no_fire_zone(make_session):
    """gts:19.2.2#12: the Greek next to pi1 puts it in an enemy Fire Zone until
    the Greek is Suppressed."""
    session = make_session(placement={"greek": "15.07"})
    pi1, greek = session.ref("unit", "pi1"), session.ref("unit", "greek")
    assert session.value("in_enemy_fire_zone", pi1)
    marks(session, "greek", suppressed=1)
    assert not session.value("projects_fire_zone", greek)
    assert not session.value("in_enemy_fire_zone", pi1)


def test_a_suppressed_unit_hit_again_stays_suppressed(make_session):
    """gts:19.2.2#13: another Suppression is a Cohesion Hit and the Unit remains
    Suppressed (the conversion, offered, is declined here);
    gts:19.2.2#14: a Cohesion Hit or a Step Loss is taken and the Unit remains
    Suppressed."""
    axis = KeyedPlayer({"convert_suppression": False})
    session = make_session(axis=axis)
    unit = session.ref("unit", "pi1")
    marks(session, "pi1", suppressed=1)
    session.perform("apply_result", unit, "S")
    assert markers(session, "pi1") == {"suppressed": 1, "cohesion_hits": 1, "step_loss": 0}
    session.perform("apply_result", unit, "C")
    assert markers(session, "pi1") == {"suppressed": 1, "cohesion_hits": 2, "step_loss": 0}
    session.perform("apply_result", unit, "1")
    assert session.attr(unit, "face") == "back"
    assert markers(session, "pi1") == {"suppressed": 1, "cohesion_hits": 2, "step_loss": 0}


@pytest.mark.parametrize("result, unit", [("S", "pi1"), ("C", "pi1"), ("1", "pi1"),
                                          ("1", "truck")])
def test_indirect_fire_units_lose_radio_contact_when_hit(make_session, result, unit):
    """gts:19.2.2#15 (a Suppression), gts:19.2.3#19 (a Cohesion Hit) and
    gts:19.2.4#5 (a Step Loss, flipped or marked): an Indirect Fire Unit loses
    its radio contact with a spotter Formation."""
    axis = KeyedPlayer({"convert_suppression": False})
    session = make_session(axis=axis)
    ref = session.ref("unit", unit)
    session.state.catalog["unit"][unit]["faces"]["front"]["weapon_class"] = "IHE"
    marks(session, unit, in_contact=1)
    session.state.links[f"unit:{unit}"] = {"contact_with": "leader:schaette"}
    session.perform("apply_result", ref, result)
    assert session.attr(ref, "in_contact") == 0 and session.attr(ref, "contact_with") is None


def test_cohesion_hit_ladder(make_session):
    """gts:19.2.3#6-9, the "What you do" table row by row: no marker → a one
    Cohesion Hit marker; a zero-Step Unit is eliminated; one → two; two → a Step
    Loss.  gts:19.2.3#11: the two-Step Unit flips and keeps its two Cohesion Hits
    marker; gts:19.2.3#10: at its last Step it is eliminated."""
    session = make_session()
    unit = session.ref("unit", "pi1")
    session.perform("apply_result", unit, "C")
    assert markers(session, "pi1")["cohesion_hits"] == 1
    session.perform("apply_result", session.ref("unit", "police"), "C")
    assert session.attr(session.ref("unit", "police"), "eliminated")
    session.perform("apply_result", unit, "C")
    assert markers(session, "pi1")["cohesion_hits"] == 2
    session.perform("apply_result", unit, "C")
    assert session.attr(unit, "face") == "back" and session.value("current_steps", unit) == 1
    assert markers(session, "pi1")["cohesion_hits"] == 2
    session.perform("apply_result", unit, "C")
    assert session.attr(unit, "eliminated")


def test_third_cohesion_hit_on_one_step_and_transport_units(make_session):
    """gts:19.2.3#10: the Step Loss of a third Cohesion Hit eliminates a one-Step
    Unit; gts:19.2.3#12: a two-Step Unit whose reverse is its Organic Transport
    side takes a Step Loss marker instead of flipping, keeping its hits."""
    session = make_session(allies=KeyedPlayer())
    marks(session, "greek", cohesion_hits=2)
    marks(session, "truck", cohesion_hits=2)
    session.perform("apply_result", session.ref("unit", "greek"), "C")
    assert session.attr(session.ref("unit", "greek"), "eliminated")
    truck = session.ref("unit", "truck")
    session.perform("apply_result", truck, "C")
    assert session.attr(truck, "face") == "front"
    assert markers(session, "truck") == {"suppressed": 0, "cohesion_hits": 2, "step_loss": 1}


def test_cohesion_hits_lower_the_ratings(make_session):
    """gts:19.2.3#15, the "What happens" table: one Cohesion Hit, Assault and
    Fire -1, Troop Quality unchanged; two (the row the index lost; see the
    audit), -2, -2 and -1."""
    session = make_session()
    unit = session.ref("unit", "pi1")
    values = ("assault_rating_after_results", "fire_rating_after_results", "troop_quality")
    marks(session, "pi1", cohesion_hits=1)
    assert [session.value(v, unit) for v in values] == [3 - 1, 3 - 1, 6]
    marks(session, "pi1", cohesion_hits=2)
    assert [session.value(v, unit) for v in values] == [3 - 2, 3 - 2, 6 - 1]


def test_a_step_loss_keeps_the_cohesion_hits(make_session):
    """gts:19.2.3#17: a Unit with one Cohesion Hit that takes a "1" keeps it."""
    session = make_session()
    unit = session.ref("unit", "pi1")
    marks(session, "pi1", cohesion_hits=1)
    session.perform("apply_result", unit, "1")
    assert session.attr(unit, "face") == "back"
    assert markers(session, "pi1")["cohesion_hits"] == 1


def test_step_loss_eliminates_zero_and_one_step_units(make_session):
    """gts:19.2.4#2: a Step Loss eliminates zero-Step and one-Step Units, and a
    two-Step Unit already down to one Step; gts:19.2.4#3: a full two-Step Unit
    flips, or takes a Step Loss marker when its back is its Transport side."""
    session = make_session(allies=KeyedPlayer())
    for ident in ("police", "greek"):
        session.perform("apply_result", session.ref("unit", ident), "1")
        assert session.attr(session.ref("unit", ident), "eliminated")
    pi1, truck = session.ref("unit", "pi1"), session.ref("unit", "truck")
    session.perform("apply_result", pi1, "1")
    session.perform("apply_result", truck, "1")
    assert session.attr(pi1, "face") == "back" and session.attr(truck, "step_loss") == 1
    for ref in (pi1, truck):
        session.perform("apply_result", ref, "1")
        assert session.attr(ref, "eliminated")


def test_a_reduced_unit_rates_one_less_and_loses_the_company_bonus(make_session):
    """gts:19.2.4#4: down to one Step, Fire, Assault and Troop Quality one less
    and no Company Bonus — the flipped counter prints its reduced ratings (TQ 5,
    Fire 2); the Step Loss marker subtracts one from each."""
    session = make_session()
    pi1, truck = session.ref("unit", "pi1"), session.ref("unit", "truck")
    assert session.value("company_bonus_eligible", pi1)
    assert session.value("company_bonus_eligible", truck)
    session.perform("apply_result", pi1, "1")
    session.perform("apply_result", truck, "1")
    assert session.value("troop_quality", pi1) == 5
    assert session.value("fire_rating_after_results", pi1) == 2
    assert [session.value(v, truck) for v in ("fire_rating_after_results",
                                              "assault_rating_after_results",
                                              "troop_quality")] == [3 - 1, 3 - 1, 6 - 1]
    assert not session.value("company_bonus_eligible", pi1)
    assert not session.value("company_bonus_eligible", truck)


def test_elimination_takes_the_unit_off_for_good(make_session):
    """gts:19.2.5#2: "take the Unit off the map permanently" — off the map,
    eliminated, and no longer among its Division's Units that may act."""
    session = make_session()
    unit = session.ref("unit", "pi1")
    session.perform("apply_result", unit, "E")
    assert session.attr(unit, "eliminated") and not session.attr(unit, "on_map")
    assert session.attr(unit, "hex") is None
    assert session.events("unit_eliminated")[-1].data == {"unit": "pi1"}
