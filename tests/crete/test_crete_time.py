"""Crete weather and time (crete:1.0) over the series rules."""

from __future__ import annotations

from kriegsspiel.engine.rulebook import build_program


def test_combat_strengths_are_two_lower_at_night(make_session):
    """crete:1.0#6: "All Combat Strengths are reduced by 2 at night" — Fire and
    Assault Ratings; gts:28.0 alone has no such modifier."""
    crete = make_session(program=build_program(["crete"]),
                         placement={"greek": "15.07", "bedding": "15.07"})
    series = make_session(placement={"greek": "15.07", "bedding": "15.07"})
    for session in (crete, series):
        session.state.catalog["game"]["game"]["turns"][0]["tags"] = ["night"]
    firer, target = crete.ref("unit", "pi1"), crete.ref("unit", "greek")
    night = crete.value("modified_fire_rating", firer, target, "direct", 0, 0)
    assert {t["name"]: t["amount"] for t in night.terms}["night"] == -2
    assert [t["cites"] for t in night.terms if t["name"] == "night"] == [["crete:1.0"]]
    assert crete.value("assault_rating_after_results", firer) == 3 - 2
    assert series.value("assault_rating_after_results", firer) == 3


def test_assault_fire_is_two_lower_at_night(make_session):
    """crete:1.0#6: "All Combat Strengths are reduced by 2 at night" — in an Assault
    too: the attackers' Assault Rating and the defenders' Fire Rating (gts:18.7),
    each two lower than by day."""
    crete = make_session(program=build_program(["crete"]),
                         placement={"greek": "15.07", "bedding": "15.07"})
    firer, target = crete.ref("unit", "pi1"), crete.ref("unit", "greek")
    day = [crete.value("assault_fire_rating", firer, target, with_assault, 0, False)
           for with_assault in (True, False)]
    crete.state.catalog["game"]["game"]["turns"][0]["tags"] = ["night"]
    night = [crete.value("assault_fire_rating", firer, target, with_assault, 0, False)
             for with_assault in (True, False)]
    assert night == [day[0] - 2, day[1] - 2]
