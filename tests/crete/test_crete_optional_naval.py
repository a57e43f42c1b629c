"""O2.0 Allied Naval Support (crete:O2.0–O2.7), switched on by name: the ships of
22 and 25 May Night, the Naval Chit, the naval sub-phase's steps, a naval shot
from the Naval Target Zone marker, daylight air attacks and morale, with scripted
dice on Scenario 3 (Heraklion) and Scenario 9 (Dancing at the Gala)."""

from __future__ import annotations

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start


def session_of(scenario="crete/heraklion", allied=None, options=("crete:O2.0",)):
    return start(scenario, Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer(allied)}),
                 options=options)


def script(session, rolls):
    session.dice.__dict__.update(Dice(script=rolls).__dict__)


def go_to(session, label):
    labels = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    session.state.turn = labels.index(label)


def at_sea(session):
    return [u.id for u in session.value("ships_at_sea")]


def test_ships_arrive_on_the_nights_of_22_and_25_may():
    """crete:O2.1: "22 May, Night ... place a DD Flotilla ... and place the Naval
    Target Zone marker"; "25 May, Night ... place Ajax, Dido, and two DD
    Flotilla Naval Units"; on other turns none.
    Sentences: crete:O2.1#2, crete:O2.1#5, crete:O2.7#1.
    """
    session = session_of("crete/piling_on")
    go_to(session, "1941-05-22 1900")
    session.perform("reinforcements_to_boxes")
    assert at_sea(session) == []
    go_to(session, "1941-05-22 night")
    session.perform("reinforcements_to_boxes")
    assert at_sea(session) == ["DD Flotilla 1"]
    assert session.value("target_zone") in session.value("coastal_hexes")
    assert session.value("terrain", session.value("target_zone")) == "no_dot"
    go_to(session, "1941-05-25 night")
    session.perform("reinforcements_to_boxes")
    assert sorted(at_sea(session)) == ["Ajax", "DD Flotilla 1", "DD Flotilla 2",
                                       "DD Flotilla 3", "Dido"]


def test_without_the_option_no_ship_and_no_chit():
    """The ships come only with crete:O2.0 switched on."""
    session = session_of(options=())
    assert "DD Flotilla 1" not in session.state.catalog["unit"]
    assert not session.program.has("naval_subphase") if hasattr(session.program, "has") \
        else "naval_subphase" not in session.program.decls


def test_the_naval_chit_goes_in_while_ships_are_at_sea():
    """crete:O2.2: "Starting on the Night Turn of 22 May, the Allied player adds
    the Naval Chit to the mug. The Naval Chit is automatically added each turn
    when Naval Units are present on any map.
    Sentences: crete:O2.1#3, crete:O2.1#6, crete:O2.2#1, crete:O2.2#2.
    """
    session = session_of()
    chit = session.ref("chit", "naval:Allied")
    session.perform("fill_mug")
    assert chit not in session.value("pool_contents", "mug")
    go_to(session, "1941-05-22 night")
    session.perform("reinforcements_to_boxes")
    session.perform("fill_mug")
    assert chit in session.value("pool_contents", "mug")


def coastal_target(session):
    """A German Unit on a land hex next to a coastal sea hex, and that sea hex."""
    sea = session.value("coastal_hexes")[0]
    land = next(h for h in session.value("neighbours", sea)
                if session.value("terrain", h) != "no_dot")
    german = session.ref("unit", "13. FJR 1 •")
    session.place("13. FJR 1 •", land)
    return sea, land, german


def test_a_naval_shot_is_indirect_he_from_the_target_zone_at_night():
    """crete:O2.4: a target "in line of sight of the Naval Target Zone marker";
    range from the marker + 20 within the ship's Fire Range; "treating it as
    Indirect HE fire" (gts:16.5): the rating without range modifiers, night -2
    (crete:1.0), the Indirect HE row: a 0 is a Step loss ("1"), and a barrage
    marker (gts:16.6.2.1).
    Sentences: crete:O2.4#4, crete:O2.4#5, crete:O2.4#6, crete:O2.4#7, crete:O2.5#1.
    """
    session = session_of()
    sea, land, german = coastal_target(session)
    session.perform("reinforcements_to_boxes")  # not yet: 20 May 1700
    go_to(session, "1941-05-22 night")
    session.players.players["Allied"].answers.update(
        {"naval_target_zone": sea, "naval_action": "fire", "naval_fire_target": german,
         "naval_move": "remain"})
    session.perform("reinforcements_to_boxes")
    ship = session.ref("unit", "DD Flotilla 1")
    assert session.value("naval_range", german) == 21
    assert german in session.value("naval_targets", ship)
    rating = session.value("final_fire_rating", ship, german, "indirect", 0, 0)
    terms = {t["name"]: t["amount"]
             for t in session.value("modified_fire_rating", ship, german, "indirect", 0, 0)
             .explain()["terms"]}
    assert terms.get("night") == -2 and "range" not in terms
    steps = session.value("current_steps", german)
    script(session, [0])
    session.perform("naval_subphase")
    [shot] = [e.data for e in session.events("fire_resolved")]
    assert shot == {"firer": "DD Flotilla 1", "target": "13. FJR 1 •", "rating": rating,
                    "roll": 0, "hit": True, "result": "1"}
    assert session.value("current_steps", german) == steps - 1 or \
        session.attr(german, "eliminated")
    assert session.value("barrage_at", land) >= 1
    assert not session.events("air_strike_resolved")  # "skip during a Night Turn"


def test_out_of_line_of_sight_or_range_no_target():
    """crete:O2.4: at night the Line of Sight is 3 hexes (gts:15.4): a Unit four
    hexes from the marker cannot be fired at.
    Sentences: crete:O2.4#4, crete:O2.4#7.
    """
    session = session_of()
    sea, land, german = coastal_target(session)
    go_to(session, "1941-05-22 night")
    session.players.players["Allied"].answers["naval_target_zone"] = sea
    session.perform("reinforcements_to_boxes")
    ship = session.ref("unit", "DD Flotilla 1")
    far = next(h for h in session.value("hexes_within", sea, 4)
               if session.value("distance", sea, h) == 4 and
               session.value("terrain", h) not in ("no_dot", "town", "city"))
    session.place("13. FJR 1 •", far)
    assert german not in session.value("naval_targets", ship)


@pytest.mark.parametrize("die, result", [(3, "S"), (9, None)])
def test_daylight_air_attack_white_six_plus_defense_only(die, result):
    """crete:O2.5: "each naval unit suffers a white six (6) air attack ... the
    only modifiers considered are the Direct Fire modifiers with positive
    values": 6 + the ship's Defense Rating 1 (provisional) = 7 on the white
    (DP) row: a 3 Suppresses, a 9 misses.
    Sentences: crete:O2.5#1, crete:O2.5#2.
    """
    session = session_of(allied={"naval_action": "none", "naval_move": "remain"})
    go_to(session, "1941-05-22 1500")
    ship = session.ref("unit", "DD Flotilla 1")
    session.set_initial(ship, "at_sea", 1)
    assert session.value("naval_air_attack_rating", ship) == 7
    script(session, [die] + ([9] if result else []))  # the S: its conversion TQ check
    session.perform("naval_subphase")
    [attack] = [e.data for e in session.events("air_strike_resolved")]
    assert (attack["target"], attack["rating"], attack["roll"], attack["result"]) == \
        ("DD Flotilla 1", 7, die, result)


def test_a_sunk_ship_costs_four_morale_and_withdrawal_is_forced():
    """crete:O2.5 "Adjust the Allied Morale for any Naval Unit losses" (crete:S5.0:
    -4 per naval unit eliminated); crete:O2.6 "Once Allied Withdrawal is in
    effect, Naval Units must be withdrawn"; crete:O2.7 with none left the marker
    goes.
    Sentences: crete:O2.5#3, crete:O2.6#4, crete:O2.7#3, crete:S5.0#6.
    """
    session = session_of("crete/gala", allied={"naval_action": "none"})
    go_to(session, "1941-05-25 night")
    session.perform("reinforcements_to_boxes")
    ship = session.ref("unit", "DD Flotilla 2")
    before = session.value("allied_morale")
    session.perform("take_step_loss", ship)
    assert session.attr(ship, "eliminated")
    assert session.value("allied_morale") == before - 4
    assert "DD Flotilla 2" not in at_sea(session)
    for g in session.value("all_of", "game"):
        session.set_initial(g, "allied_withdrawal", 1)
    assert session.value("naval_moves", session.ref("unit", "Ajax")) == ["withdraw"]
    session.perform("naval_subphase")
    assert at_sea(session) == []
    assert all(e.data["forced"] for e in session.events("naval_unit_withdrawn"))
    assert session.value("target_zone") is None


def test_drawing_the_naval_chit_runs_the_four_steps_in_order():
    """crete:O2.2 "When the Naval Chit is drawn, play proceeds to the naval
    sub-phase"; crete:O2.3 "Step 1: Activate Naval Units. Step 2: German Air
    Attacks ... Step 3: Move Naval Units. Step 4: Move Target Zone Marker": by
    day a shot, the air attack, the withdrawal, and the marker removed
    (crete:O2.7 "If all the Naval Units have been withdrawn").
    Sentences: crete:O2.2#3, crete:O2.3#1, crete:O2.3#2, crete:O2.3#3, crete:O2.3#4, crete:O2.4#1,
    crete:O2.6#1, crete:O2.7#3.
    """
    session = session_of()
    sea, land, german = coastal_target(session)
    go_to(session, "1941-05-22 night")
    session.players.players["Allied"].answers.update(
        {"naval_target_zone": sea, "naval_action": "fire", "naval_fire_target": german,
         "naval_move": "withdraw"})
    session.perform("reinforcements_to_boxes")
    go_to(session, "1941-05-22 1500")  # a daylight turn with the ship at sea
    start_at = len(session.state.log)
    script(session, [9, 9])  # the shot misses, the air attack misses
    session.perform("play_chit", session.ref("chit", "naval:Allied"))
    kinds = [e.kind for e in session.state.log[start_at:]
             if e.kind in ("fire_resolved", "air_strike_resolved", "naval_unit_withdrawn",
                           "track_changed") and
             (e.kind != "track_changed" or e.data["track"] == "naval_target_zone")]
    assert kinds == ["fire_resolved", "air_strike_resolved", "naval_unit_withdrawn",
                     "track_changed"]
    assert session.value("target_zone") is None
    assert session.attr(session.ref("unit", "DD Flotilla 1"), "naval_withdrawn") == 1


def options_of(player, key):
    return [list(d.options) for d in player.asked if d.key == key]


def test_every_map_has_a_naval_box_and_the_ships_keep_together():
    """crete:O2.1 "place a DD Flotilla in any Naval Box on any map"; crete:O2.7
    "The Target Zone Marker must be on the same map as Naval Units"; crete:O2.6
    "All Naval Units must remain together": the ships of 25 May join those at
    sea, and the marker stays on their map (Scenario 11, seven sheets).
    Sentences: crete:O2.1#2, crete:O2.6#5, crete:O2.7#2.
    """
    session = session_of("crete/mercury")
    player = session.players.players["Allied"]
    coast = session.value("coastal_hexes")
    by_map = {m: [h for h in coast if session.value("map_of", h) == m]
              for m in session.value("naval_box_maps")}
    assert sorted(by_map) == sorted(session.value("maps_in_play"))  # each has a coast
    player.answers["naval_target_zone"] = by_map["rethymnon"][0]
    go_to(session, "1941-05-22 night")
    session.perform("reinforcements_to_boxes")
    assert options_of(player, "naval_target_zone") == [coast]  # any map, at first
    assert session.value("naval_map") == "rethymnon"
    player.answers["naval_target_zone"] = by_map["rethymnon"][1]
    go_to(session, "1941-05-25 night")
    session.perform("reinforcements_to_boxes")
    assert options_of(player, "naval_target_zone")[1] == by_map["rethymnon"]
    assert len(at_sea(session)) == 5 and session.value("naval_map") == "rethymnon"


def test_the_fleet_sails_to_another_maps_naval_box_unless_a_ship_is_suppressed():
    """crete:O2.6 "Naval Units may remain in place, move to the Naval Box on
    another map ... Suppressed Naval Units may not move to another map but may
    still withdraw"; step 4 then puts the marker on the new map's coast
    (crete:O2.7).
    Sentences: crete:O2.6#1, crete:O2.6#2, crete:O2.7#1.
    """
    session = session_of("crete/mercury")
    player = session.players.players["Allied"]
    coast = session.value("coastal_hexes")
    on = {m: [h for h in coast if session.value("map_of", h) == m]
          for m in ("rethymnon", "heraklion")}
    player.answers.update({"naval_target_zone": [on["rethymnon"][0], on["heraklion"][2]],
                           "naval_action": "none", "naval_move": "remain",
                           "naval_destination": "heraklion"})
    go_to(session, "1941-05-22 night")  # no air attack by night
    session.perform("reinforcements_to_boxes")
    assert options_of(player, "naval_destination") == []  # the sub-phase asks
    session.perform("naval_subphase")
    [offered] = options_of(player, "naval_destination")
    assert offered[0] == "remain" and "heraklion" in offered and "rethymnon" not in offered
    [sailed] = session.events("naval_fleet_sailed")
    assert (sailed.data["from_map"], sailed.data["to_map"]) == ("rethymnon", "heraklion")
    assert options_of(player, "naval_target_zone")[-1] == on["heraklion"]
    assert session.value("naval_map") == "heraklion"

    ship = session.ref("unit", "DD Flotilla 1")
    session.state.set_track(ship, "suppressed", 1, [])
    assert session.value("naval_destinations") == []
    asked = len(options_of(player, "naval_destination"))
    session.perform("naval_subphase")
    assert len(options_of(player, "naval_destination")) == asked  # not asked: it stays
    assert session.value("naval_map") == "heraklion"
