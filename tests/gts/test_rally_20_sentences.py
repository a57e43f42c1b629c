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
