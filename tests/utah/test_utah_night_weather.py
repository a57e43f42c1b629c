"""Night and Weather (utah:1.0, utah:1.1, utah:1.2, modules/utah/rules/night_weather.ksr):
the night turn, Line of Sight, the Fire and Assault Rating modifiers, the
airborne night assault bonus, Storm movement and the Fighter-Bombers."""

from __future__ import annotations

import pytest

from utah_games import INFANTRY, NIGHT_GRENADIER, PARATROOPER, TANK, unit, utah_game, weather



def term(value, name):
    return sum(t["amount"] for t in value.terms if t["name"] == name)


@pytest.fixture
def night():
    return utah_game("utah/night_drop")


@pytest.fixture
def day():
    return utah_game("utah/causeway")


def test_the_night_turn_follows_the_2100_turn(night):
    """utah:1.1#1: "The Night turn begins the turn after the 2100 turn in this game.\""""
    track = night.state.catalog["game"]["game"]["turns"]
    labels = [t["label"] for t in track]
    assert labels[:2] == ["1944-06-05 night", "1944-06-06 0700"]
    assert night.value("turn_is", "night")
    days = [t["label"].split()[1] for t in night.state.catalog["game"]["game"]["turns"]]
    assert days[0] == "night"


def test_night_and_storm_line_of_sight(night, day):
    """utah:1.1#3: "The maximum Line of Sight distance at Night is 3 hexes (if both
    Storm and Night, 2 hexes)"; utah:1.2#6: "Storm: Maximum Line of Sight distance
    is 4 hexes\"."""
    assert night.value("los_max_distance", "45.030", "direct") == 3
    weather(night, "storm")
    assert night.value("los_max_distance", "45.030", "direct") == 2
    assert day.value("los_max_distance", "35.045", "direct") == 8
    weather(day, "storm")
    assert day.value("los_max_distance", "35.045", "direct") == 4


def test_combat_strengths_at_night_and_in_storm(night, day):
    """utah:1.0, utah:1.1#4: "All Combat Strengths are reduced by 2 at Night (reduced by 3 if
    both Night and Storm)"; utah:1.2#9: "All Fire Ratings are reduced by 2 (if both
    Storm and Night they are reduced by 3)" — one term, never -4."""
    para = unit(night, PARATROOPER, "45.030")
    german = unit(night, NIGHT_GRENADIER, "45.031")
    assert term(night.value("modified_fire_rating", para, german, "direct", 0, 0), "weather") == -2
    weather(night, "storm")
    assert term(night.value("modified_fire_rating", para, german, "direct", 0, 0), "weather") == -3
    assert term(night.value("assault_rating_after_results", german), "weather") == -3
    inf = unit(day, INFANTRY, "35.045")
    tank = unit(day, TANK, "34.046")
    assert term(day.value("modified_fire_rating", inf, tank, "direct", 0, 0), "weather") == 0
    weather(day, "storm")
    assert term(day.value("modified_fire_rating", inf, tank, "direct", 0, 0), "weather") == -2
    weather(day, "overcast")
    assert term(day.value("modified_fire_rating", inf, tank, "direct", 0, 0), "weather") == 0


def test_airborne_units_assault_at_night_with_plus_three(night):
    """utah:1.1#5: "All 101st and 82nd Airborne Division Units gain a +3 benefit on
    their Fire and Assault Rating while Assaulting during Night turns" — not when
    only firing, nor a German Unit."""
    para = unit(night, PARATROOPER, "45.030")
    german = unit(night, NIGHT_GRENADIER, "45.031")
    assaulting = night.value("assault_fire_rating", para, german, True, 0, False)
    firing = night.value("assault_fire_rating", para, german, False, 0, False)
    assert term(assaulting, "airborne_at_night") == 3
    assert term(firing, "airborne_at_night") == 0
    assert term(night.value("assault_fire_rating", german, para, True, 0, False),
                "airborne_at_night") == 0
    assert term(night.value("assault_rating_after_results", para), "airborne_at_night") == 3


def test_no_night_movement_penalty_and_storm_doubles_costs(night, day):
    """utah:1.1#2: "There is no movement penalty for Night"; utah:1.2#7: "Movement
    Point costs to enter a hex are doubled unless a Unit is in Column and moving
    along a Road/Railroad.\""""
    para = unit(night, PARATROOPER, "45.030")
    night.state.map.terrain["45.031"] = "hedgerow"
    assert night.value("half_point_cost", para, "45.030", "45.031") == 4  # hedgerow, 2 MP
    inf = unit(day, INFANTRY, "35.045")
    assert day.value("half_point_cost", inf, "35.045", "35.046") == 4
    weather(day, "storm")
    assert day.value("half_point_cost", inf, "35.045", "35.046") == 8
    # in Column along the road: the road's ½ MP, not doubled
    road = unit(day, INFANTRY, "33.045", column=1)
    assert day.value("half_point_cost", road, "33.045", "34.045") == 1
    # in Column off the road: doubled
    assert day.value("half_point_cost", road, "33.045", "33.046") == 4


def test_the_weather_is_rolled_once_a_day_from_clear_overcast_and_storm(day):
    """utah:1.2#1: "Only the weather states of Clear, Overcast and Storm can occur on
    the Weather table"; utah:1.2#2: "Once determined, the weather stays the same for
    the entire day" (rolled on the first daylight turn: the weather phase)."""
    seen = set()
    for roll in range(10):
        session = utah_game("utah/causeway", rolls=[roll])
        session.perform("weather_phase")
        seen.add(session.value("current_weather"))
        assert [e.data["roll"] for e in session.events("weather_determined")] == [roll]
    assert seen == {"clear", "overcast", "storm"}
    assert "weather" in [step.name for step in day.program.decls["play_turn"].steps]
    assert day.state.catalog["game"]["game"]["turns"][0]["tags"] == ["first_daylight"]


def test_fighter_bombers_by_the_weather(day):
    """utah:1.2#4: "Clear: ... 9 Fighter Bombers are available to the Allied
    Player"; utah:1.2#5: "Overcast: ... only 5"; utah:1.2#8: Storm: "The Allied
    Player does not receive any Fighter-Bombers for the day.\""""
    for name, count in (("clear", 9), ("overcast", 5), ("storm", 0)):
        weather(day, name)
        assert day.value("allied_fighter_bombers") == count
