"""Combat results gts:19.1–19.2.5 and the Troop Quality Check gts:29.47,
including the result steps of the Crete Part One worked examples."""

from __future__ import annotations

import pytest

from kriegsspiel.core.errors import KsError


def cp(session, division="geb5", value=None):
    key = f"division:{division}"
    if value is not None:
        session.state.tracks.setdefault(key, {})["cp"] = value
    return session.state.tracks.get(key, {}).get("cp", 0)


def markers(session, unit):
    ref = session.ref("unit", unit)
    return {m: session.attr(ref, m) for m in ("suppressed", "cohesion_hits", "step_loss")}


# ---- the Troop Quality Check (gts:29.47) --------------------------------------

@pytest.mark.parametrize("roll, passed", [(0, True), (5, True), (6, True), (7, False), (9, False)])
def test_tq_check_rolls_equal_or_under(make_session, roll, passed):
    """gts:29.47: pass on a roll equal to or less than the Troop Quality Rating (6)."""
    session = make_session(rolls=[roll], axis=[("buy:tq_check", False)])
    result = session.perform("tq_check", session.ref("unit", "pi1"))
    assert bool(result) is passed and result.roll == roll and result.target == 6


def test_zero_always_passes_and_nine_always_fails(make_session):
    """gts:29.47 and gts:1.2: a zero always succeeds, a nine always fails —
    whatever the modified rating (here 9 and, via the police unit, 3-1-1)."""
    session = make_session(rolls=[9, 0], allies=[("buy:tq_check", False)] * 2)
    police = session.ref("unit", "police")
    session.state.catalog["unit"]["greek"]["faces"]["front"]["troop_quality"] = 9
    assert not session.perform("tq_check", session.ref("unit", "greek"))
    session.state.tracks["unit:police"] = {"suppressed": 1, "cohesion_hits": 2}
    result = session.perform("tq_check", police)
    assert result.passed and result.target == 1 and result.reason == "a 0 always passes"


def test_tq_modifiers_explain_themselves(make_session):
    """gts:29.48 with gts:19.2.2 (-1 suppressed), gts:19.2.3 (-1 for two Cohesion
    Hits) and gts:21.7 (-1 Out of Command)."""
    session = make_session(placement={"pi1": "01.01"})  # far from Maj Schaette
    session.state.tracks["unit:pi1"] = {"suppressed": 1, "cohesion_hits": 2}
    value = session.value("troop_quality", session.ref("unit", "pi1"))
    assert value == 6 - 3
    assert [(t["name"], t["amount"]) for t in value.terms] == [
        ("out_of_command", -1), ("suppressed", -1), ("two_cohesion_hits", -1)]
    assert value.terms[0]["cites"] == ["gts:21.7", "gts:29.39"]


def test_buying_the_pass_costs_a_command_point_and_no_roll(make_session):
    """gts:29.47: an In Command Unit may spend a Command Point instead of rolling —
    not both; the dice script is empty, so any roll would fail the test."""
    session = make_session(rolls=[], axis=[("buy:tq_check", True)])
    cp(session, value=2)
    result = session.perform("tq_check", session.ref("unit", "pi1"))
    assert result.passed and result.bought and result.roll is None
    assert cp(session) == 1


def test_no_point_offered_out_of_command_or_with_none_left(make_session):
    """gts:29.39, gts:21.7#1: no Command Point may be spent on an Out of Command Unit; and a
    Division with no points is never asked (the scripted player has no answers)."""
    session = make_session(rolls=[3], placement={"pi1": "01.01"})
    cp(session, value=5)
    assert session.perform("tq_check", session.ref("unit", "pi1")).roll == 3
    session = make_session(rolls=[3])
    cp(session, value=0)
    assert session.perform("tq_check", session.ref("unit", "pi1")).roll == 3


# ---- the results (gts:19.2) -------------------------------------------------

def test_direct_fire_example_converts_suppression(make_session):
    """Crete Part One, Direct Fire Example (gts:15.5, gts:19.2.2): an "S" on the
    para Unit; it tries to convert, rolls a zero, passes: a Cohesion Hit marker."""
    session = make_session(rolls=[0], allies=[("convert_suppression", True),
                                              ("buy:tq_check", False)])
    cp(session, "nz2", 1)
    session.perform("apply_result", session.ref("unit", "greek"), "S")
    assert markers(session, "greek") == {"suppressed": 0, "cohesion_hits": 1, "step_loss": 0}


def test_suppression_stands_when_conversion_fails(make_session):
    """gts:19.2.2: on a failed conversion check the Unit takes the Suppression."""
    session = make_session(rolls=[8], axis=[("convert_suppression", True),
                                            ("buy:tq_check", False)])
    session.perform("apply_result", session.ref("unit", "pi1"), "S")
    assert markers(session, "pi1")["suppressed"] == 1
    assert markers(session, "pi1")["cohesion_hits"] == 0
    assert session.events("unit_suppressed")[-1].data == {"unit": "pi1"}


def test_second_suppression_is_a_cohesion_hit(make_session):
    """gts:19.2.2: a Suppressed Unit that is Suppressed again takes a Cohesion Hit
    and remains Suppressed."""
    session = make_session(axis=[("convert_suppression", False)] * 2)
    unit = session.ref("unit", "pi1")
    session.perform("apply_result", unit, "S")
    session.perform("apply_result", unit, "S")
    assert markers(session, "pi1") == {"suppressed": 1, "cohesion_hits": 1, "step_loss": 0}


def test_self_spotted_example_possible_suppression_passes(make_session):
    """Crete Part One, Self-Spotted Indirect Fire Example (gts:19.2.1): "S?", the
    German Unit rolls a three and passes: not Suppressed."""
    session = make_session(rolls=[3], axis=[("buy:tq_check", False)])
    session.perform("apply_result", session.ref("unit", "pi1"), "S?")
    assert markers(session, "pi1") == {"suppressed": 0, "cohesion_hits": 0, "step_loss": 0}


def test_spotted_example_zero_step_unit_and_the_rest_of_the_stack(make_session):
    """Crete Part One, Spotted Indirect Fire Example: a "C" eliminates the zero-Step
    Unit (gts:19.2.3); the other Unit's "S?" check rolls seven and fails
    (gts:19.2.1), and the player spends a Command Point to convert the Suppression
    into a Cohesion Hit (gts:19.2.2)."""
    session = make_session(rolls=[7], allies=[("buy:tq_check", False),
                                              ("convert_suppression", True),
                                              ("buy:tq_check", True)],
                           placement={"police": "04.05"})
    cp(session, "nz2", 3)
    session.perform("apply_result", session.ref("unit", "police"), "C")
    assert session.attr(session.ref("unit", "police"), "eliminated")
    assert session.attr(session.ref("unit", "police"), "hex") is None
    session.perform("apply_result", session.ref("unit", "greek"), "S?")
    assert markers(session, "greek") == {"suppressed": 0, "cohesion_hits": 1, "step_loss": 0}
    assert cp(session, "nz2") == 2


def test_cohesion_hits_ladder_to_a_step_loss(make_session):
    """gts:19.2.3: none → one → two → a Step Loss, the two-hit marker staying;
    the two-Step Unit flips to its reduced side (gts:19.2.4)."""
    session = make_session()
    unit = session.ref("unit", "pi1")
    for expected in (1, 2):
        session.perform("apply_result", unit, "C")
        assert session.attr(unit, "cohesion_hits") == expected
    session.perform("apply_result", unit, "C")
    assert session.attr(unit, "face") == "back" and session.attr(unit, "steps") == 1
    assert session.attr(unit, "cohesion_hits") == 2
    session.perform("apply_result", unit, "C")
    assert session.attr(unit, "eliminated")


def test_organic_transport_takes_a_step_loss_marker(make_session):
    """gts:19.2.4 / gts:29.44: a two-Step Unit whose back is its Transport side gets
    a Step Loss marker instead of flipping: -1 Fire, Assault and Troop Quality."""
    session = make_session()
    unit = session.ref("unit", "truck")
    session.perform("apply_result", unit, "1")
    assert session.attr(unit, "face") == "front" and session.attr(unit, "step_loss") == 1
    assert session.value("current_steps", unit) == 1
    assert session.value("fire_rating_after_results", unit) == 3 - 1
    assert session.value("troop_quality", unit) == 6 - 1
    session.perform("apply_result", unit, "1")
    assert session.attr(unit, "eliminated")


def test_one_step_unit_eliminated_by_step_loss_and_e(make_session):
    """gts:19.2.4 (one-Step Unit eliminated) and gts:19.2.5 (E); Major Bedding,
    left alone, goes to the nearest Unit of his Formation (gts:21.3)."""
    session = make_session(allies=[("leader_nearest_unit", "police")])
    session.perform("apply_result", session.ref("unit", "greek"), "1")
    assert session.attr(session.ref("unit", "greek"), "eliminated")
    assert session.attr(session.ref("leader", "bedding"), "hex") == "06.05"
    session.perform("apply_result", session.ref("unit", "pi1"), "E")
    assert session.attr(session.ref("unit", "pi1"), "eliminated")
    assert [e.data["unit"] for e in session.events("unit_eliminated")] == ["greek", "pi1"]


def test_rating_effects_of_results(make_session):
    """gts:19.2.2 (Assault -2 when Suppressed) and gts:19.2.3 (one hit -1/-1,
    two hits -2/-2) as explained modifier terms."""
    session = make_session()
    unit = session.ref("unit", "pi1")
    session.state.tracks["unit:pi1"] = {"suppressed": 1, "cohesion_hits": 1}
    assault = session.value("assault_rating_after_results", unit)
    assert assault == 3 - 2 - 1
    assert {t["name"] for t in assault.terms} == {"suppressed", "one_cohesion_hit"}
    session.state.tracks["unit:pi1"] = {"cohesion_hits": 2}
    assert session.value("fire_rating_after_results", unit) == 1


def test_contact_lost_when_hit(make_session):
    """gts:19.2.2/19.2.3/19.2.4 with gts:16.3.1: an Indirect Fire Unit loses radio
    contact when Suppressed, hit or reduced — a trigger on the marker change."""
    session = make_session(axis=[("convert_suppression", False)])
    unit = session.ref("unit", "pi1")
    session.state.tracks["unit:pi1"] = {"in_contact": 1}
    session.perform("apply_result", unit, "S")
    assert session.attr(unit, "in_contact") == 0
    trig = [c for e in session.events("track_changed") for c in e.cause
            if c.get("what") == "trigger"]
    assert trig and trig[0]["trigger"] == "lose_contact_when_hit"


def test_a_failed_action_changes_nothing(make_session):
    """An action that goes wrong part-way (here: the dice script runs out after the
    conversion question) leaves state, log and decisions exactly as before
    (gts:19.2.2 conversion)."""
    session = make_session(rolls=[], axis=[("convert_suppression", True),
                                           ("buy:tq_check", False)])
    before, log_length = session.state.digest(), len(session.state.log)
    with pytest.raises(KsError):
        session.perform("apply_result", session.ref("unit", "pi1"), "S")
    assert session.state.digest() == before and len(session.state.log) == log_length
    assert session.players.record == []
