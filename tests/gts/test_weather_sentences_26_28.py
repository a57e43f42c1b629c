"""Weather, airpower and night sentence by sentence (gts:26.0–28.0)."""

from __future__ import annotations

import pytest
from conftest import open_map
from test_fire import set_weather

from kriegsspiel.core.players import KeyedPlayer


@pytest.mark.parametrize("code, strikes", [(0, True), (1, False), (2, False), (3, False)])
def test_air_strikes_only_in_clear_weather(make_session, code, strikes):
    """gts:27.0#3-4: air Units only on clear weather turns; gts:26.0#5-7: no air
    strikes in fog, overcast or rain; gts:27.0#6: a strike attacks an enemy Unit."""
    session = make_session(rolls=[0], allies=KeyedPlayer({"convert_suppression": False}),
                           placement={"greek": "15.07", "bedding": "15.07"})
    set_weather(session, code)
    session.perform("air_strike", session.ref("side", "axis"), session.ref("unit", "greek"),
                    3, "DP")
    assert bool(session.events("air_strike_resolved")) == strikes


def test_clear_weather_changes_nothing(make_session):
    """gts:26.0#4: clear weather has no effect: no fire or movement term."""
    session = make_session(placement={"greek": "15.07", "bedding": "15.07"})
    firer, target = session.ref("unit", "pi1"), session.ref("unit", "greek")
    set_weather(session, 0)
    terms = {t["name"]: t["amount"]
             for t in session.value("modified_fire_rating", firer, target, "direct", 0, 0).terms}
    assert terms.get("weather", 0) == 0
    assert session.value("half_point_cost", firer, "15.06", "16.06") == 2
    set_weather(session, 2)                               # overcast: the same on the ground
    assert session.value("half_point_cost", firer, "15.06", "16.06") == 2
    assert session.value("assault_rating_after_results", firer) == 3


def test_rain_costs_one_more_except_in_column_on_a_road(make_session):
    """gts:26.0#7: in rain "movement cost to enter a hex is increased by one if a
    Unit is not In Column and moving on a Road" — a Unit in Column on the road
    pays the road rate alone; gts:26.0#5: fog adds one to every cost."""
    session = make_session()
    _, session.state.map = open_map(roads=[["15.06", "16.06"]])
    pi1 = session.ref("unit", "pi1")
    session.state.tracks["unit:pi1"] = {"column": 1}
    set_weather(session, 3)
    assert session.value("half_point_cost", pi1, "15.06", "16.06") == 1      # ½ MP
    session.state.tracks["unit:pi1"] = {"column": 0}
    assert session.value("half_point_cost", pi1, "15.06", "16.06") == 2 + 2
    set_weather(session, 1)
    session.state.tracks["unit:pi1"] = {"column": 1}
    assert session.value("half_point_cost", pi1, "15.06", "16.06") == 1 + 2
