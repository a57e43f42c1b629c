"""Off-Map Movement (crete:S1.0) and Allied Shipping (crete:S2.0), on Scenario 4
"Piling On" (crete:scenario:4), whose Allied Units leaving by them are set aside."""

from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.core.jsonable import jsonable
from kriegsspiel.tools.explaining import explained
from kriegsspiel.engine.starting import start

SCENARIO = Path(__file__).parents[2] / "scenarios" / "crete" / "piling_on.yaml"
BLACK_WATCH = "A 2/B W •"     # a CREFOR (14th Infantry Brigade) Unit, two steps
LEADER = "14th Infantry Brigade Leader"


def piling_on(rolls=None, allied=None, axis=None, scenario=SCENARIO):
    allied = allied or KeyedPlayer()
    axis = axis or KeyedPlayer()
    session = start(str(scenario), Table({"Allied": allied, "Axis": axis}), dice=Dice(0))
    if rolls is not None:  # scripted from here on (the set-up's random placements are done)
        session.dice.__dict__.update(Dice(script=rolls).__dict__)
    return session, allied, axis


def only_black_watch_on_the_map(session, hex_id):
    """Clear the map but for A 2/B W and its Leader, in *hex_id*."""
    for unit_id in list(session.state.placement):
        session.place(unit_id, None, "leader" if "Leader" in unit_id else "unit")
    session.place(BLACK_WATCH, hex_id)
    session.place(LEADER, hex_id, "leader")
    return session.ref("unit", BLACK_WATCH)


def cp(session):
    return session.attr(session.ref("division", "CREFOR"), "cp")


def test_the_off_map_example(tmp_path):
    """crete:S1.0 Off-Map Movement Example: the CREFORCE Unit in the West Exit hex
    moves off; the German Unit in 01.10 takes its Opportunity Fire at 6 - 1 (Fire
    Zone to non-Fire Zone) = 5 and rolls a 3: Suppression; the Allied player
    spends a Command Point to convert it to a Cohesion Hit, the Unit enters the
    Heraklion box for another Command Point, and the Cohesion Hit goes.
    Sentences: crete:S1.0#9, crete:S1.0#10, crete:S1.0#11, crete:S1.0#23-32.
    """
    session, allied, axis = piling_on(
        rolls=[0, 3], allied=KeyedPlayer({"move": "leave_map", "convert_suppression": True,
                                          "buy:tq_check": True}),
        axis=KeyedPlayer({"opportunity_fire": True}))
    unit = only_black_watch_on_the_map(session, "01.11")
    german = "6./II./FJR 1 •"
    session.place(german, "01.10")
    # The example's numbers: Fire Rating 6, and nothing else to modify it.
    face = session.state.catalog["unit"][german]["faces"]["front"]
    face.update(fire_rating=6, troop_quality=6, steps=1)
    before = cp(session)
    session.perform("move", [unit], "formation")
    fired = [e.data for e in session.events("fire_resolved")]
    assert fired == [{"firer": german, "target": BLACK_WATCH, "rating": 5, "roll": 3,
                      "hit": True, "result": "S"}]
    why = [explained(r) for r in jsonable(session.events("fire_resolved")[0].cause)]
    assert "modified_fire_rating = 5: base 6, opportunity -1 [gts:17.6]" in why
    assert cp(session) == before - 2                    # the conversion, and the move off
    assert session.attr(unit, "on_map") is False
    assert session.attr(unit, "off_map") == 1
    assert session.attr(unit, "cohesion_hits") == 0    # "the Cohesion Hit marker is removed"
    assert session.attr(unit, "left_map_from").id == "01.11"
    assert session.attr(unit, "steps_off_map") == 2
    assert [e.data["hex"] for e in session.events("unit_left_map")] == ["01.11"]


def test_a_suppressed_unit_stays():
    """crete:S1.0: "This would leave the Allied Unit stuck in the current hex, and
    unable to leave the map" — unconverted, and no point spent for the move.
    Sentences: crete:S1.0#8, crete:S1.0#28.
    """
    session, _, _ = piling_on(
        rolls=[0, 3, 9], allied=KeyedPlayer({"move": ["leave_map", "stop"],
                                             "convert_suppression": True,
                                             "buy:tq_check": False}),
        axis=KeyedPlayer({"opportunity_fire": True}))
    unit = only_black_watch_on_the_map(session, "01.11")
    german = "6./II./FJR 1 •"
    session.place(german, "01.10")
    session.state.catalog["unit"][german]["faces"]["front"].update(fire_rating=6,
                                                                  troop_quality=6, steps=1)
    before = cp(session)
    session.perform("move", [unit], "formation")
    assert session.attr(unit, "hex") == "01.11" and session.attr(unit, "suppressed") == 1
    assert cp(session) == before and session.attr(unit, "off_map") == 0


def test_with_an_enemy_on_the_map_only_from_an_exit_hex():
    """crete:S1.0: "If there is at least one Enemy Unit currently on the map, the
    activated Unit must first move to an Exit Hex"; with none, "the active Unit
    may be picked up" anywhere.
    Sentences: crete:S1.0#4, crete:S1.0#6, crete:S1.0#9.
    """
    session, _, _ = piling_on()
    unit = only_black_watch_on_the_map(session, "05.12")
    assert session.value("exclusive_move_choices", [unit], "formation", False) == ["leave_map"]
    session.place("6./II./FJR 1 •", "40.20")
    assert session.value("exclusive_move_choices", [unit], "formation", False) == []
    session.place(BLACK_WATCH, "01.11")
    assert session.value("exclusive_move_choices", [unit], "formation", False) == ["leave_map"]


def test_it_costs_a_command_point_each_and_needs_them():
    """crete:S1.0: "at the cost of 1 Command Point from the appropriate Division per
    unit (the Unit does not have to be In Command for the point to be spent)";
    and only a Unit capable of moving (not Suppressed).
    Sentences: crete:S1.0#2, crete:S1.0#8.
    """
    session, _, _ = piling_on()
    unit = only_black_watch_on_the_map(session, "01.11")
    session.place(LEADER, None, "leader")               # out of command: still allowed
    session.place("6./II./FJR 1 •", "40.20")
    division = session.ref("division", "CREFOR")
    session.set_initial(division, "cp", 0)
    assert session.value("exclusive_move_choices", [unit], "formation", False) == []
    session.set_initial(division, "cp", 1)
    assert session.value("exclusive_move_choices", [unit], "formation", False) == ["leave_map"]
    session.set_initial(unit, "suppressed", 1)
    assert session.value("exclusive_move_choices", [unit], "formation", False) == []


def test_set_aside_units_never_return():
    """Scenario 4: "Allied units removed from play by rules S1.0 and S2.0 are set
    aside out of play for the remainder of the scenario".
    crete:scenario:4#36"""
    session, _, _ = piling_on(allied=KeyedPlayer({"move": "leave_map"}))
    unit = only_black_watch_on_the_map(session, "01.11")
    session.perform("move", [unit], "formation")
    assert session.attr(unit, "off_map") == 1
    assert session.value("may_return", unit) is False


def test_without_set_aside_a_unit_returns_at_its_exit_and_rolls_for_interdiction(tmp_path):
    """crete:S1.0: "Units in a map box may be placed as reinforcements in the
    appropriate Exit hex, during the Unit's Division Activation ... roll once on
    the Airland/Interdiction Table for each Unit ignoring any modifiers".
    Sentences: crete:S1.0#15, crete:S1.0#18, crete:S1.0#19.
    """
    text = SCENARIO.read_text(encoding="utf-8")
    variant = tmp_path / "no_set_aside.yaml"
    variant.write_text(text.replace("- {kind: set_aside_off_map, side: Allied}",
                                    "- {kind: events_not_used, side: Allied, events: []}"),
                       encoding="utf-8")
    session, allied, _ = piling_on(rolls=[0], scenario=variant,
                                   allied=KeyedPlayer({"move": "leave_map",
                                                       "return_from_off_map": "01.11"}))
    unit = only_black_watch_on_the_map(session, "01.11")
    session.perform("move", [unit], "formation")
    assert session.value("may_return", unit) is True
    session.perform("return_from_off_map", session.ref("division", "CREFOR"))
    assert session.attr(unit, "hex") == "01.11" and session.attr(unit, "off_map") == 0
    assert [e.data["unit"] for e in session.events("airlanding_interdicted")] == [BLACK_WATCH]


def test_shipping_away_by_night_scores_for_scenario_4():
    """crete:S2.0: by night an Allied Unit in a port hex may be shipped for a
    Command Point (a Movement Action; Opportunity Fire as into clear ground out of
    any Fire Zone), at most two a night; Scenario 4 counts "1VP Each Allied step
    shipped from Port".
    Sentences: crete:S2.0#1.
    crete:scenario:4#47
    """
    session, _, _ = piling_on(allied=KeyedPlayer({"ship_to": "away by sea"}))
    unit = only_black_watch_on_the_map(session, "19.08")
    assert "ship" not in session.value("legal_actions", unit, "formation")   # by day: no
    night = next(i for i, t in enumerate(session.state.catalog["game"]["game"]["turns"])
                 if "night" in t.get("tags", []))
    session.state.turn = night
    assert "ship" in session.value("legal_actions", unit, "formation")
    before = cp(session)
    session.perform("perform_action", [unit], "ship", "formation")
    assert session.attr(unit, "shipped_away") == 1 and session.attr(unit, "on_map") is False
    assert cp(session) == before - 1
    allied = session.ref("side", "Allied")
    assert session.attr(allied, "units_shipped") == 1
    shipped = next(session.ref("victory_points", ident)
                   for ident, line in session.state.catalog["victory_points"].items()
                   if line["per"] == "step_shipped")
    assert session.value("points_scored", shipped, allied) == 2
    # a Unit outside a port hex may not ship
    session.place("B 2/B W •", "05.12")
    assert "ship" not in session.value("legal_actions", session.ref("unit", "B 2/B W •"),
                                       "formation")


def test_two_a_night():
    """crete:S2.0: "the Allied player may ship up to two Units".
    Sentences: crete:S2.0#1.
    """
    session, _, _ = piling_on(allied=KeyedPlayer({"ship_to": "away by sea"}))
    unit = only_black_watch_on_the_map(session, "19.08")
    night = next(i for i, t in enumerate(session.state.catalog["game"]["game"]["turns"])
                 if "night" in t.get("tags", []))
    session.state.turn = night
    session.set_initial(session.ref("side", "Allied"), "units_shipped", 2)
    assert "ship" not in session.value("legal_actions", unit, "formation")


def test_a_bad_scenario_exit_is_a_located_error(tmp_path):
    """Victory hexes must lie on the map: a located error, not a crash in play."""
    variant = tmp_path / "bad.yaml"
    variant.write_text(SCENARIO.read_text(encoding="utf-8").replace('hex: "01.11", name: West',
                                                                   'hex: "01.99", name: West'),
                       encoding="utf-8")
    with pytest.raises(KsError) as caught:
        piling_on(scenario=variant)
    assert "01.99" in str(caught.value) and "bad.yaml" in str(caught.value)
