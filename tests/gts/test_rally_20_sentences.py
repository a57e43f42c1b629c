"""Rally (gts:20.0), sentence by sentence.

The conftest map: 1. Geb.Pi. 95 (pi1, TQ 6) stands with Maj Schaette at 15.06,
In Command; the Greek 1 A/1 Inf (Fire Range 2) is placed next to it when a test
wants pi1 in an enemy Fire Zone.
"""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer


def marks(session, unit, **values):
    session.state.tracks.setdefault(f"unit:{unit}", {}).update(values)


def state(session, unit="pi1"):
    ref = session.ref("unit", unit)
    return {m: session.attr(ref, m) for m in ("suppressed", "cohesion_hits", "men_rallying")}


def night(session):
    session.state.catalog["game"]["game"]["turns"][0]["tags"] = ["night"]


def test_no_cohesion_rally_offered_in_an_enemy_fire_zone_by_day(make_session):
    """gts:20.0#15: "A Unit may never Rally to remove Cohesion Hits while it is in
    an enemy Fire Zone during a daylight turn — though it may still Rally from
    Suppression."  A Unit with only Cohesion Hits in an enemy Fire Zone by day
    has nothing a Rally could remove: Rally is not among its Actions; Suppressed
    as well, it may Rally (from the Suppression)."""
    session = make_session(placement={"greek": "15.07"})
    unit = session.ref("unit", "pi1")
    assert session.value("in_enemy_fire_zone", unit)
    marks(session, "pi1", cohesion_hits=1)
    assert "rally" not in session.value("legal_actions", unit, "formation")
    marks(session, "pi1", suppressed=1)
    assert "rally" in session.value("legal_actions", unit, "formation")


def test_no_men_rallying_pile_up_for_nothing_removable(make_session):
    """gts:20.0#15 with gts:20.0#7: an Out of Command Unit with Cohesion Hits in an
    enemy Fire Zone by day makes no Rally roll (the empty dice script would
    fail the test) and so earns no Men Rallying marker."""
    session = make_session(rolls=[], placement={"pi1": "01.01", "greek": "01.02"})
    unit = session.ref("unit", "pi1")
    marks(session, "pi1", cohesion_hits=2)
    assert not session.value("in_command", unit)
    session.perform("rally", unit)
    assert state(session) == {"suppressed": 0, "cohesion_hits": 2, "men_rallying": 0}


def test_at_night_cohesion_hits_rally_off_in_a_fire_zone(make_session):
    """gts:20.0#16: "At night a Unit may remove Cohesion Hits regardless of
    whether it is in an enemy Fire Zone" — offered and done."""
    session = make_session(rolls=[], placement={"greek": "15.07"})
    night(session)
    unit = session.ref("unit", "pi1")
    marks(session, "pi1", cohesion_hits=1)
    assert "rally" in session.value("legal_actions", unit, "formation")
    session.perform("rally", unit)
    assert state(session)["cohesion_hits"] == 0


def test_rally_is_an_action_of_a_hit_unit(make_session):
    """gts:20.0#2: "Rally is an Action" — offered among a marked Unit's Actions
    (also as a Second Action), not to an unmarked one; chosen, it is performed as
    that Unit's Action.  gts:20.0#1: it removes a Suppressed marker."""
    axis = KeyedPlayer({"action": "rally", "second_action": False})
    session = make_session(rolls=[], axis=axis)
    unit = session.ref("unit", "pi1")
    assert "rally" not in session.value("legal_actions", unit, "formation")
    marks(session, "pi1", suppressed=1)
    assert "rally" in session.value("legal_actions", unit, "formation")
    session.state.tracks["division:geb5"] = {"cp": 1}
    assert "rally" in session.value("second_actions", unit, "fire", "formation")
    session.perform("unit_action", session.ref("side", "axis"), [unit], "formation")
    assert state(session)["suppressed"] == 0


def test_in_command_rally_needs_no_check(make_session):
    """gts:20.0#3: "If a Unit is In Command, a Rally Action is automatically
    successful" — no die is rolled (the empty script would fail the test)."""
    session = make_session(rolls=[])
    marks(session, "pi1", cohesion_hits=2)
    session.perform("rally", session.ref("unit", "pi1"))
    assert state(session)["cohesion_hits"] == 1
    assert not [e for e in session.state.log if e.kind == "decision"]


@pytest.mark.parametrize("roll, passed", [(5, True), (6, False)])
def test_out_of_command_rally_is_a_troop_quality_check(make_session, roll, passed):
    """gts:20.0#4: "Out of Command Units must pass a Troop Quality Check to Rally"
    — TQ 6, -1 Out of Command: a 5 passes, a 6 fails; no Command Point may be
    bought (none is asked for though the Division has points)."""
    session = make_session(rolls=[roll], placement={"pi1": "01.01"})
    session.state.tracks["division:geb5"] = {"cp": 3}
    marks(session, "pi1", cohesion_hits=1)
    session.perform("rally", session.ref("unit", "pi1"))
    assert state(session)["cohesion_hits"] == (0 if passed else 1)
    assert session.attr(session.ref("division", "geb5"), "cp") == 3


def test_rally_check_counts_the_troop_quality_reductions(make_session):
    """gts:20.0#5: "Suppressed markers, two Cohesion Hit markers, and being Out of
    Command all reduce a Unit's Troop Quality Rating" — for the Rally check too:
    6 - 1 - 1 - 1 = 3, so a 4 fails."""
    session = make_session(rolls=[4], placement={"pi1": "01.01"})
    marks(session, "pi1", suppressed=1, cohesion_hits=2)
    unit = session.ref("unit", "pi1")
    assert session.value("rally_quality", unit) == 3
    assert {t["name"] for t in session.value("troop_quality", unit).terms} == {
        "out_of_command", "suppressed", "two_cohesion_hits"}
    session.perform("rally", unit)
    assert state(session) == {"suppressed": 1, "cohesion_hits": 2, "men_rallying": 1}


def test_men_rallying_markers_accumulate_and_help(make_session):
    """gts:20.0#7: every failed Rally check earns a Men Rallying +1 marker;
    gts:20.0#9: without limit (four failures, four markers); gts:20.0#8: each adds
    one to the Rally check — TQ 6 - 1 (Out of Command) - 1 (two hits) + 4 = 8, so
    an 8 now passes; gts:20.0#10: the success removes them all."""
    session = make_session(rolls=[9, 9, 9, 9, 8], placement={"pi1": "01.01"})
    marks(session, "pi1", cohesion_hits=2)
    unit = session.ref("unit", "pi1")
    for n in range(1, 5):
        session.perform("rally", unit)
        assert state(session)["men_rallying"] == n
    assert session.value("rally_quality", unit) == 6 - 1 - 1 + 4
    assert session.value("troop_quality", unit) == 6 - 1 - 1    # only for Rally
    session.perform("rally", unit)
    assert state(session) == {"suppressed": 0, "cohesion_hits": 1, "men_rallying": 0}


def test_men_rallying_markers_go_with_any_other_action(make_session):
    """gts:20.0#10: the markers "are removed ... when it performs any Action other
    than Rally" — here a pass; a Rally that fails keeps them."""
    axis = KeyedPlayer({"action": "pass"})
    session = make_session(rolls=[9], axis=axis, placement={"pi1": "01.01"})
    marks(session, "pi1", cohesion_hits=1, men_rallying=2)
    unit = session.ref("unit", "pi1")
    session.perform("rally", unit)
    assert state(session)["men_rallying"] == 3
    session.perform("unit_action", session.ref("side", "axis"), [unit], "formation")
    assert state(session)["men_rallying"] == 0


def test_a_rally_removes_the_suppression_first_then_one_hit(make_session):
    """gts:20.0#12: a successful Rally recovers from Suppression or from one
    Cohesion Hit; gts:20.0#13: a Suppressed Unit with hits loses the Suppression
    first, and only one hit a Rally after that; gts:20.0#1: both markers go by
    Rallying."""
    session = make_session(rolls=[])
    marks(session, "pi1", suppressed=1, cohesion_hits=2)
    unit = session.ref("unit", "pi1")
    expected = [(0, 2), (0, 1), (0, 0)]
    for want in expected:
        session.perform("rally", unit)
        assert (state(session)["suppressed"], state(session)["cohesion_hits"]) == want


def test_suppression_rallies_off_in_an_enemy_fire_zone_by_day(make_session):
    """gts:20.0#15: "though it may still Rally from Suppression" — and the
    Cohesion Hit stays until the Unit leaves the Fire Zone."""
    session = make_session(rolls=[], placement={"greek": "15.07"})
    marks(session, "pi1", suppressed=1, cohesion_hits=1)
    unit = session.ref("unit", "pi1")
    session.perform("rally", unit)
    assert (state(session)["suppressed"], state(session)["cohesion_hits"]) == (0, 1)
    session.place("greek", "04.05")
    session.perform("rally", unit)
    assert state(session)["cohesion_hits"] == 0
