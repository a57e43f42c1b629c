"""Direct Fire (gts:15.5, gts:15.6) and Opportunity Fire (gts:17.x), with the
Crete Part One Direct Fire and Opportunity Fire Examples."""

from __future__ import annotations

import pytest
from conftest import INFANTRY
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kriegsspiel.core.players import KeyedPlayer


def add(session, ident, side, hex_id, formation=None, **face):
    division, default = ("geb5", "pi95") if side == "axis" else ("nz2", "inf1")
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": side, "division": division, "formation": formation or default,
        "unit_class": "infantry", "back_kind": None, "faces": {"front": {**INFANTRY, **face}}}
    session.place(ident, hex_id)
    return session.ref("unit", ident)


def resolved(session):
    return [e.data for e in session.events("fire_resolved")]


def test_direct_fire_example(make_session):
    """Crete Part One Direct Fire Example: a Direct HE flak Unit, Fire Rating 3, one
    Step (no Company Bonus), at a two-Step para Unit two hexes away in the open:
    range -1, no terrain, Defense 0, no mass — modified 2. A roll of one hits:
    "S"; the para Unit converts it with a zero: one Cohesion Hit (gts:19.2.2)."""
    session = make_session(rolls=[1, 0], allies=KeyedPlayer({"convert_suppression": True,
                                                            "buy:tq_check": False}),
                           placement={"pi1": "01.01", "truck": "01.02", "schaette": "01.01"})
    flak = add(session, "flak", "axis", "10.05", steps=1, fire_rating=3, weapon_class="DHE",
               fire_range=3)
    para = session.ref("unit", "greek")
    session.place("greek", "10.07")
    session.state.catalog["unit"]["greek"]["faces"]["front"].update(steps=2, troop_quality=6)
    session.place("bedding", "10.07", "leader")
    session.perform("direct_fire", flak, para, "direct", 0)
    assert resolved(session) == [{"firer": "flak", "target": "greek", "rating": 2, "roll": 1,
                                  "hit": True, "result": "S"}]
    assert session.attr(para, "cohesion_hits") == 1 and session.attr(para, "suppressed") == 0
    rating = session.value("modified_fire_rating", flak, para, "direct", 0, 0)
    assert {t["name"]: t["amount"] for t in rating.terms} == {"range": -1}


def test_opportunity_fire_example(make_session):
    """Crete Part One Opportunity Fire Example (gts:13.4, gts:17.2, gts:17.4, gts:17.6;
    gts:15.2#2 a Non-Active Unit fires; gts:15.1#7 and gts:15.5#1 the fire rules
    resolve it — range, the 17.6 modifier, the die, the Small Arms line;
    gts:17.1#2, gts:17.2#2, gts:17.6#3, gts:17.7#1):
    leaving a hex in the American Unit's Fire Zone triggers it; a nine fails the
    Troop Quality Check and nothing happens. Later, Fire Zone to Fire Zone:
    Fire Rating 4 + 2 = 6, roll 3: Suppressed; the conversion roll (6) fails and
    the German Unit stops where it was shot at (gts:17.7)."""
    allies = KeyedPlayer({"opportunity_fire": True})
    axis = KeyedPlayer({"move": ["05.04", "stop"], "convert_suppression": True,
                        "buy:tq_check": False})
    session = make_session(rolls=[9, 2, 3, 6], allies=allies, axis=axis,
                           placement={"truck": "01.01", "schaette": "05.03", "police": "01.12",
                                      "greek": "01.11", "bedding": "01.11"})
    add(session, "us", "allies", "06.04", fire_rating=4, fire_range=3, troop_quality=7)
    # a second American Unit whose Fire Zone covers 05.05 but not 05.03 or 05.04
    add(session, "us2", "allies", "05.07", fire_rating=4, fire_range=2)
    german = session.ref("unit", "pi1")
    session.place("pi1", "05.03")
    session.state.catalog["unit"]["pi1"]["faces"]["front"]["troop_quality"] = 5
    session.perform("move", [german], "formation")
    assert resolved(session) == []                     # the nine: no Opportunity Fire
    assert session.attr(german, "hex") == "05.04"
    axis.answers["move"] = ["05.05", "stop"]
    session.perform("move", [german], "formation")
    assert resolved(session) == [{"firer": "us", "target": "pi1", "rating": 6, "roll": 3,
                                  "hit": True, "result": "S"}]
    assert session.attr(german, "suppressed") == 1
    assert session.attr(german, "hex") == "05.04"      # stopped in the hex it was leaving


def test_moving_into_the_open_is_minus_one(make_session):
    """gts:17.6#4: -1 when the mover heads for a hex in no enemy Fire Zone;
    gts:17.6#7 and gts:17.2#11: the fire is from the hex left (range 2, not 3)."""
    allies = KeyedPlayer({"opportunity_fire": True})
    axis = KeyedPlayer({"move": ["04.03", "stop"]})
    session = make_session(rolls=[0, 9], allies=allies, axis=axis,
                           placement={"truck": "01.01", "schaette": "05.03", "police": "01.12",
                                      "greek": "01.11", "bedding": "01.11", "pi1": "05.03"})
    add(session, "us", "allies", "07.03", fire_rating=4, fire_range=2)
    session.perform("move", [session.ref("unit", "pi1")], "formation")
    fired = resolved(session)
    assert len(fired) == 1 and fired[0]["rating"] == 4 - 1 - 1  # range 2, into the open


def test_company_bonus_needs_a_full_two_step_unit_and_never_opportunity_fire(make_session):
    """gts:15.6 / gts:29.19: a full two-Step firer passing a Troop Quality Check (no
    Command Point may buy it) gets +2; gts:17.6#6: never for Opportunity Fire.
    gts:15.6#7, gts:15.6#16-18."""
    session = make_session(rolls=[3, 8], axis=KeyedPlayer(),
                           placement={"greek": "15.08", "bedding": "15.08"})
    firer, target = session.ref("unit", "pi1"), session.ref("unit", "greek")
    session.state.tracks["division:geb5"] = {"cp": 5}
    session.perform("direct_fire", firer, target, "direct", 0)
    assert resolved(session)[0]["rating"] == 3 - 1 + 2      # range 2, bonus
    assert session.attr(session.ref("division", "geb5"), "cp") == 5  # not offered
    session.dice.script += [5]
    session.perform("direct_fire", firer, target, "opportunity", 2)
    assert resolved(session)[1]["rating"] == 3 - 1 + 2      # +2 from 17.6, no bonus roll


def test_defender_modifiers(make_session):
    """gts:15.6 items 7–11: Defense Rating, mass of the whole hex, terrain, and
    Column (+2, no beneficial terrain, gts:14.6.1); the result is capped at 8.
    gts:15.6#22: the mass counts every Unit in the hex, not just the target."""
    session = make_session(placement={"greek": "15.07", "bedding": "15.07"})
    firer, target = session.ref("unit", "pi1"), session.ref("unit", "greek")
    for i in range(3):
        add(session, f"extra{i}", "allies", "15.07")           # 1 + 6 = 7 Steps: +3
    rating = session.value("modified_fire_rating", firer, target, "direct", 0, 0)
    assert {t["name"]: t["amount"] for t in rating.terms} == {"mass": 3}
    session.state.tracks["unit:greek"] = {"column": 1}
    rating = session.value("modified_fire_rating", firer, target, "direct", 2, 0)
    assert rating == 3 + 3 + 2 + 2
    assert session.value("final_fire_rating", firer, target, "direct", 2, 0) == 8


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(roll=st.integers(0, 9), fire_rating=st.integers(0, 6), defense=st.integers(-3, 3),
       distance_col=st.integers(16, 17))
def test_modifiers_change_the_rating_never_the_die(make_session, roll, fire_rating, defense,
                                                    distance_col):
    """gts:15.5 / gts:15.6: a hit on a roll equal to or under the modified Fire
    Rating; a 0 always hits and a 9 always misses, whatever the modifiers.
    gts:15.5#22 and gts:15.6#2 (modifiers change the rating, never the die),
    gts:15.5#25-26, gts:15.5#28-29."""
    session = make_session(rolls=[roll], placement={"greek": f"{distance_col}.06",
                                                    "bedding": f"{distance_col}.06"})
    firer = add(session, "shooter", "axis", "15.06", steps=1, fire_rating=fire_rating)
    target = session.ref("unit", "greek")
    session.state.catalog["unit"]["greek"]["faces"]["front"]["defense"] = defense
    expected = int(session.value("final_fire_rating", firer, target, "direct", 0, 0))
    session.players.players["allies"] = KeyedPlayer({"convert_suppression": False,
                                                     "buy:tq_check": False})
    session.dice.script += [5] * 4
    session.perform("direct_fire", firer, target, "direct", 0)
    shot = resolved(session)[0]
    assert shot["roll"] == roll and shot["rating"] == expected
    assert shot["hit"] == (roll == 0 or (roll != 9 and roll <= expected))



@pytest.mark.parametrize("roll, fire_rating, defense, hit", [(9, 9, 2, False), (0, 0, -3, True)])
def test_a_nine_always_misses_and_a_zero_always_hits(make_session, roll, fire_rating, defense,
                                                     hit):
    """gts:15.5#29: "A die roll of nine is always a miss, whatever the modified
    Fire Rating" — a 9 against a modified rating of 9 or more, which the roll
    would otherwise hit (gts:15.5#25); gts:15.5#26: "A die roll of zero is always
    a hit" — a 0 against one below 0, which it would otherwise miss.  The rating
    rolled against is also held to 0-8 (docs/gts.md, from the Assault Examples),
    so fire_hits is asked about the uncapped ratings too."""
    session = make_session(rolls=[roll, 5, 5, 5, 5], placement={"greek": "16.06",
                                                                "bedding": "16.06"})
    firer = add(session, "shooter", "axis", "15.06", steps=1, fire_rating=fire_rating)
    target = session.ref("unit", "greek")
    session.state.catalog["unit"]["greek"]["faces"]["front"]["defense"] = defense
    modified = session.value("modified_fire_rating", firer, target, "direct", 0, 0)
    assert (modified >= 9) if roll == 9 else (modified < 0), modified
    assert session.value("fire_hits", roll, modified) is hit
    session.players.players["allies"] = KeyedPlayer({"convert_suppression": False,
                                                     "buy:tq_check": False})
    session.perform("direct_fire", firer, target, "direct", 0)
    shot = resolved(session)[0]
    assert (shot["roll"], shot["hit"]) == (roll, hit)

def set_weather(session, code):
    """The day's weather track on the game (gts:26.0): 1 fog, 3 rain."""
    from kriegsspiel.core.state import Ref
    session.state.set_track(Ref("game", "game"), "todays_weather", code, [])


def test_fog_and_rain_lower_fire_and_assault_and_slow_movement(make_session):
    """gts:26.0: Fog -1 to Fire and Assault Ratings and +1 to every movement cost;
    Rain -2 and +1 unless in Column on a road (gts:26.0#5, gts:26.0#7 — the road
    half is test_weather_sentences_26_28's)."""
    session = make_session(placement={"greek": "15.07", "bedding": "15.07"})
    firer, target = session.ref("unit", "pi1"), session.ref("unit", "greek")
    set_weather(session, 1)
    terms = {t["name"]: t["amount"]
             for t in session.value("modified_fire_rating", firer, target, "direct", 0, 0).terms}
    assert terms["weather"] == -1
    assert session.value("assault_rating_after_results", firer) == 3 - 1
    assert session.value("half_point_cost", firer, "15.06", "16.06") == 2 + 2
    set_weather(session, 3)
    assert session.value("assault_rating_after_results", firer) == 3 - 2
    assert session.value("half_point_cost", firer, "15.06", "16.06") == 2 + 2


def test_air_strikes_use_only_positive_modifiers(make_session):
    """gts:27.0: only the Direct Fire modifiers with positive values — not even the
    Defense Rating or terrain when negative; no barrage marker (gts:27.0#10-11;
    the row is the air Unit's colour, here DP)."""
    session = make_session(rolls=[4, 0], allies=KeyedPlayer({"convert_suppression": False,
                                                            "buy:tq_check": False}),
                           placement={"greek": "15.07", "bedding": "15.07"})
    target = session.ref("unit", "greek")
    session.state.catalog["unit"]["greek"]["faces"]["front"]["defense"] = -2
    rating = session.value("air_strike_rating", 3, target)
    assert rating == 3 and rating.terms == []
    session.state.tracks["unit:greek"] = {"column": 1}
    assert session.value("air_strike_rating", 3, target) == 5
    session.perform("air_strike", session.ref("side", "axis"), target, 3, "DP")
    strike = session.events("air_strike_resolved")[-1].data
    assert (strike["rating"], strike["roll"], strike["hit"]) == (5, 4, True)
    assert session.state.tracks.get("hex:15.07", {}).get("barrage", 0) == 0


def test_who_fires_and_who_may_not_opportunity_fire(make_session):
    """gts:15.0, gts:15.1 and gts:15.2: a Unit with a Fire Rating (0 included)
    fires, "No" never (gts:15.2#4-5, gts:15.5#10); gts:17.0, gts:17.1 and gts:17.5:
    Mortars and "No" Fire Ratings may not Opportunity Fire, a Fire Rating of 0 may
    (gts:17.4#1-2, gts:17.5#1); gts:19.0: a hit's result is applied."""
    session = make_session(placement={"greek": "15.08", "bedding": "15.08"})
    zero = add(session, "zero", "axis", "15.07", fire_rating=0)
    nothing = add(session, "nothing", "axis", "14.07", fire_rating=None, weapon_class=None)
    mortar = add(session, "mortar", "axis", "16.07", weapon_class="MORTAR")
    assert session.value("can_fire", zero) and not session.value("can_fire", nothing)
    assert "fire" in session.value("legal_actions", zero, "formation")
    assert "fire" not in session.value("legal_actions", nothing, "formation")
    assert session.value("can_opportunity_fire", zero)
    assert not session.value("can_opportunity_fire", mortar)
    assert not session.value("can_opportunity_fire", nothing)
