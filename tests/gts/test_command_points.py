"""Command and Dispatch Points: gts:10.0.3 (rolls, conversion, pre-night bonus)
and gts:10.0.4 (never below 0 nor above 19)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


def set_points(session, division, cp=None, dp=None):
    ref = session.ref("division", division)
    session.state.tracks.setdefault(f"division:{division}", {})
    if cp is not None:
        session.state.tracks[f"division:{division}"]["cp"] = cp
    if dp is not None:
        session.state.tracks[f"division:{division}"]["dp"] = dp
    return ref


@pytest.mark.parametrize("roll, gained", [(1, 2), (0, 3), (2, 1)])
def test_dispatch_roll_example(make_session, roll, gained):
    """The gts:10.0.3#11-12 example: Dispatch Rating six, current Dispatch Points
    two — a roll of one gives two more, zero gives three, two gives one: the
    results of gts:10.0.3#7-9 stack (gts:10.0.3#10)."""
    session = make_session()
    div = set_points(session, "geb5", dp=2)
    value = session.value("dispatch_points_gained", div, roll)
    assert value == gained
    assert {t["name"] for t in value.terms} <= {"zero", "within_rating", "below_current"}
    assert all(t["cites"] == ["gts:10.0.3"] for t in value.terms)


def test_nine_loses_a_dispatch_point(make_session):
    """gts:10.0.3#6: nine loses one; the rating never passes a nine here (rating 6)."""
    session = make_session()
    div = set_points(session, "geb5", dp=2)
    assert session.value("dispatch_points_gained", div, 9) == -1


def test_command_points_are_rating_plus_half_the_roll(make_session):
    """gts:10.0.3#2-3: Command Rating + half the die roll, rounded down."""
    session = make_session()
    div = session.ref("division", "geb5")
    assert [session.value("command_points_gained", div, r) for r in (0, 1, 2, 7, 9)] == \
        [3, 3, 4, 6, 7]


def test_drawing_the_division_chit_rolls_both(make_session):
    """gts:10.0.3#1, gts:10.0.3#4 and gts:10.0.1#7: one roll for CP (rating 3 + half
    of 7 = 6), one for DP
    (roll 1 against rating 6 and current 2: +2); each is an event with its explanation."""
    session = make_session(rolls=[7, 1])
    div = set_points(session, "geb5", cp=1, dp=2)
    session.perform("roll_division_points", div)
    assert session.attr(div, "cp") == 7
    assert session.attr(div, "dp") == 4
    changes = session.events("track_changed")
    cp_event = next(e for e in changes if e.data["track"] == "cp")
    assert {"what": "roll d10", "value": 7, "for": ""} in cp_event.cause
    assert any(c["what"] == "def command_points_gained" and c["value"] == 6
               for c in cp_event.cause)
    reported = session.events("division_points_rolled")[-1].data
    assert reported == {"division": "geb5", "command_points": 7, "dispatch_points": 4}


def test_pre_night_bonus_only_on_the_turn_before_night(make_session):
    """gts:10.0.3#14: +2 Dispatch Points on the turn before the night turn."""
    session = make_session(rolls=[0, 5, 0, 5])
    div = set_points(session, "geb5", cp=0, dp=0)
    session.perform("roll_division_points", div)  # turn 0 (0900): no bonus
    assert session.attr(div, "dp") == 1  # roll 5 ≤ rating 6
    session.state.turn = 4  # 1700; the 1900 turn is night
    session.perform("roll_division_points", div)
    assert session.attr(div, "dp") == 1 + 1 + 2


def test_no_dispatch_rating_means_no_rating_gain(make_session):
    """A Division whose scenario does not use Dispatch Ratings (rating none) gains
    only from zero and from rolling under its current points (gts:10.0.3)."""
    session = make_session()
    div = set_points(session, "nz2", dp=0)
    assert session.value("dispatch_points_gained", div, 3) == 0
    assert session.value("dispatch_points_gained", div, 0) == 1


def test_converting_command_points(make_session):
    """gts:10.0.3#13 / gts:4.0#7 (step D): every 2 CP spent buys 1 DP of the same
    Division."""
    session = make_session()
    div = set_points(session, "geb5", cp=5, dp=0)
    assert session.perform("convert_command_points", div, 3) == 2
    assert (session.attr(div, "cp"), session.attr(div, "dp")) == (1, 2)
    assert session.perform("convert_command_points", div, 1) == 0
    assert (session.attr(div, "cp"), session.attr(div, "dp")) == (1, 2)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # a factory fixture
@given(cp=st.integers(0, 19), dp=st.integers(0, 19),
       rolls=st.lists(st.integers(0, 9), min_size=2, max_size=2), turn=st.integers(0, 5))
def test_points_always_between_0_and_19(make_session, cp, dp, rolls, turn):
    """gts:10.0.4#1-2: a Division never has fewer than 0 or more than 19 CP or DP."""
    session = make_session(rolls=rolls)
    div = set_points(session, "geb5", cp=cp, dp=dp)
    session.state.turn = turn
    session.perform("roll_division_points", div)
    assert 0 <= session.attr(div, "cp") <= 19
    assert 0 <= session.attr(div, "dp") <= 19
    expected_cp = min(19, cp + 3 + rolls[0] // 2)
    assert session.attr(div, "cp") == expected_cp
