"""Sentence by sentence: Off-Map Movement (crete:S1.0), Allied Shipping (crete:S2.0)
and Ad-hoc Airdrops (crete:S3.0) — what the older tests of test_crete_offmap.py,
test_crete_boxes.py and test_crete_airdrops.py leave unchecked.  Played on the
Off-Map Display test scenario (joined Maleme and Canea-Suda sheets, from 1900 26
May; S1.0, S3.0, S6.0 in effect), with S2.0 switched on where shipping is tried:
Canea (49.07) and Suda (59.13) are its two ports."""

from __future__ import annotations

import copy

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.core.jsonable import jsonable
from kriegsspiel.tools.explaining import explained
from kriegsspiel.engine.starting import start
from test_crete_boxes import GERMAN, NZ, SCENARIO, TANK, in_box

NIGHT = 1
NZ_DIV = "2nd New Zealand Division"
FLIEGER = "7. Flieger Division"
LEADER = "5th NZ Bde Leader"
CANEA, SUDA = "49.07", "59.13"


@pytest.fixture
def make(tmp_path):
    def make(allied=None, axis=None, rolls=None, shipping=False):
        text = SCENARIO
        if shipping:
            text = text.replace('"crete:S6.0"]', '"crete:S6.0", "crete:S2.0"]')
        path = tmp_path / "s1_s3.yaml"
        path.write_text(text, encoding="utf-8")
        allied = allied or KeyedPlayer()
        axis = axis or KeyedPlayer()
        for player in (allied, axis):
            player.answers.setdefault("action", "pass")
        session = start(str(path), Table({"Allied": allied, "Axis": axis}), seed=1)
        if rolls is not None:
            session.dice.__dict__.update(Dice(script=rolls).__dict__)
        return session
    return make


def cp(session, division=NZ_DIV):
    return session.attr(session.ref("division", division), "cp")


def set_cp(session, points, division=NZ_DIV):
    session.set_initial(session.ref("division", division), "cp", points)


def asked(session, side, key):
    return [d for d in session.players.players[side].asked if d.key == key]


# ---- S1.0 Off-Map Movement ---------------------------------------------------------

def test_s1_a_stack_pays_a_point_for_each_unit(make):
    """crete:S1.0#2: "at the cost of 1 Command Point from the appropriate Division per
    unit": a stack of two leaving together needs two points, and spends them."""
    session = make(allied=KeyedPlayer({"move": "leave_map"}))
    leg, tank = session.ref("unit", NZ), session.ref("unit", TANK)
    session.place(NZ, "01.18")
    session.place(TANK, "01.18")
    set_cp(session, 1)
    assert session.value("exclusive_move_choices", [leg, tank], "formation", False) == []
    set_cp(session, 2)
    assert session.value("exclusive_move_choices", [leg, tank], "formation", False) == \
        ["leave_map"]
    session.perform("move", [leg, tank], "formation")
    assert cp(session) == 0
    assert session.attr(leg, "off_map") == 1 and session.attr(tank, "off_map") == 1


def test_s1_off_the_map_as_soon_as_the_move_reaches_the_exit_hex(make):
    """crete:S1.0#5: "Once it reaches an Exit Hex, the Unit may immediately be placed on
    the Off-Map Display in the box for the map and Exit Hex": in one Movement Action
    the Unit steps into the Exit Hex 01.18 and goes on off the map."""
    session = make(allied=KeyedPlayer({"move": ["01.18", "leave_map"]}))
    unit = session.ref("unit", NZ)
    session.place(NZ, "02.18")
    session.place(TANK, None)
    session.perform("move", [unit], "formation")
    assert session.attr(unit, "off_map") == 1
    assert session.attr(unit, "off_map_box").id == "maleme-west"
    assert session.attr(unit, "left_map_from").id == "01.18"


def test_s1_the_point_is_on_top_of_a_direct_command(make):
    """crete:S1.0#3: "This Command Point to move off map is in addition to any Command
    Point used to activate the Unit": Direct Command (one point) and off the map (one
    more)."""
    session = make(allied=KeyedPlayer({"direct_command_unit": [NZ, "done"], "action": "move",
                                       "move": "leave_map"}))
    session.place(NZ, "01.18")
    session.place(LEADER, "01.18", "leader")
    set_cp(session, 3)
    session.perform("direct_command", session.ref("side", "Allied"))
    assert session.attr(session.ref("unit", NZ), "off_map") == 1
    assert cp(session) == 1


def test_s1_no_movement_units_stay_on_the_map(make):
    """crete:S1.0#8: "The Unit must be capable of moving (No Suppressed Units or Units
    with a "No" movement)" — the "No" movement half (test_crete_offmap.py checks the
    Suppressed one)."""
    session = make()
    unit = session.ref("unit", NZ)
    session.place(NZ, "01.18")
    assert session.value("exclusive_move_choices", [unit], "formation", False) == ["leave_map"]
    for face in session.state.catalog["unit"][NZ]["faces"].values():
        face.update(movement=None)
    assert session.value("exclusive_move_choices", [unit], "formation", False) == []


def test_s1_status_markers_go_column_too(make):
    """crete:S1.0#11: "Units moved to the Off-Map display remove any status markers
    (Cohesion Hits, Column makers…)"."""
    session = make(allied=KeyedPlayer({"move": "leave_map"}))
    unit = session.ref("unit", NZ)
    session.place(NZ, "01.18")
    session.set_initial(unit, "column", 1)
    session.set_initial(unit, "cohesion_hits", 1)
    session.perform("move", [unit], "formation")
    assert session.attr(unit, "off_map") == 1
    assert session.attr(unit, "column") == 0 and session.attr(unit, "cohesion_hits") == 0


def test_s1_returning_units_may_overstack_and_draw_no_fire(make):
    """crete:S1.0#16: "They may be placed overstacked, and this placement does not
    trigger Opportunity Fire": the Exit hex 01.18 already holds more than a stack may,
    and the Unit still comes back there, with no Opportunity Fire asked of anyone."""
    session = make(rolls=[0] * 5, allied=KeyedPlayer({"return_from_off_map": "01.18"}),
                   axis=KeyedPlayer({"opportunity_fire": True}))
    units = session.state.catalog["unit"]
    crowd = [f"copy {n} of A 22 Bn" for n in range(4)]   # test counters, two steps each
    for other in crowd:
        units[other] = copy.deepcopy(units[NZ])
        session.place(other, "01.18")
    assert not session.value("overstacked", "01.18")
    unit = in_box(session, NZ, "maleme-west")
    start_at = len(session.state.log)
    session.perform("return_from_off_map", session.ref("division", NZ_DIV))
    assert session.attr(unit, "hex") == "01.18"
    assert session.value("overstacked", "01.18")
    kinds = [e.kind for e in session.state.log[start_at:]]
    assert "opportunity_trigger" not in kinds and "fire_resolved" not in kinds


def test_s1_an_enemy_fire_zone_on_the_exit_hex_sends_them_along_the_edge(make):
    """crete:S1.0#17: "If an enemy Unit occupies the Exit hex, or an enemy Fire Zone is
    projected into the Exit hex, reinforcements may be placed in any permissible and
    unoccupied map edge hex within 5 hexes" — the Fire Zone half."""
    session = make()
    unit = in_box(session, NZ, "maleme-west")
    assert "01.18" in session.value("return_hexes", unit)
    session.place(GERMAN, "02.18")                      # next to the Exit: its Fire Zone
    allied = session.ref("side", "Allied")
    assert session.value("hex_in_enemy_fire_zone", "01.18", allied)
    hexes = session.value("return_hexes", unit)
    assert hexes and "01.18" not in hexes
    for h in hexes:
        assert session.value("map_edge", h) and session.value("distance", h, "01.18") <= 5
        assert not session.value("units_at", h)
        assert not session.value("hex_in_enemy_fire_zone", h, allied)


def test_s1_only_allied_units_roll_on_the_interdiction_table(make):
    """crete:S1.0#18: "When Allied Units are placed as reinforcements from the Off-map
    Display, roll once on the Airland/Interdiction Table for each Unit ignoring any
    modifiers" — a German Unit coming back rolls nothing (an empty dice script: a
    roll would fail)."""
    session = make(rolls=[], axis=KeyedPlayer({"return_from_off_map": "01.18"}))
    for other in ("4./I./LLSR", "5./II./LLSR", "6./II./LLSR", NZ, TANK):
        session.place(other, None)                      # none with a Fire Zone on 01.18
    german = in_box(session, GERMAN, "maleme-west")
    session.perform("return_from_off_map", session.ref("division", FLIEGER))
    assert session.attr(german, "hex") == "01.18"
    assert session.events("airlanding_interdicted") == []


def test_s1_units_on_the_display_perform_no_actions(make):
    """crete:S1.0#22: "Units on the Off-map Display may not perform any Actions": the
    Division's activation offers it no Action, nor may Direct Command pick it."""
    allied = KeyedPlayer({"return_from_off_map": "stay", "box_move": "stay",
                          "stack_with": "done"})
    session = make(allied=allied)
    unit = in_box(session, NZ, "maleme-west")
    set_cp(session, 5)
    assert not session.value("direct_command_eligible", unit, session.ref("side", "Allied"))
    session.perform("play_chit", session.ref("chit", f"division:{NZ_DIV}"))
    offered = {o.id for d in asked(session, "Allied", "next_unit") for o in d.options
               if hasattr(o, "id")}
    assert TANK in offered and NZ not in offered
    assert session.attr(unit, "off_map") == 1


# ---- S2.0 Allied Shipping ---------------------------------------------------------------

def at_canea_by_night(session, leader=True):
    session.state.turn = NIGHT
    session.place(NZ, CANEA)
    if leader:
        session.place(LEADER, CANEA, "leader")
    set_cp(session, 5)
    return session.ref("unit", NZ)


def test_s2_out_of_command_may_ship(make):
    """crete:S2.0#1: "(the Unit does not have to be In Command for the point to be
    spent)"."""
    session = make(shipping=True)
    unit = at_canea_by_night(session, leader=False)
    session.place(LEADER, "01.01", "leader")
    assert not session.value("in_command", unit)
    assert "ship" in session.value("legal_actions", unit, "formation")


def test_s2_port_to_port_is_a_movement_action(make):
    """crete:S2.0#2: "Moving from port to port is considered a Movement Action": it
    cannot be the Second Action of a Unit that moved, nor be followed by a move."""
    session = make(shipping=True)
    unit = at_canea_by_night(session)
    assert session.value("action_category", "ship") == "movement"
    assert "ship" in session.value("legal_actions", unit, "formation_second")
    assert "ship" not in session.value("second_actions", unit, "move", "formation")
    session.set_initial(unit, "cohesion_hits", 1)
    assert "ship" in session.value("second_actions", unit, "rally", "formation")


def test_s2_suppressed_or_no_movement_units_may_not_ship(make):
    """crete:S2.0#3: "The Unit must be capable of moving (No Suppressed Units or Units
    with a "No" movement)"."""
    session = make(shipping=True)
    unit = at_canea_by_night(session)
    assert "ship" in session.value("legal_actions", unit, "formation")
    session.set_initial(unit, "suppressed", 1)
    assert "ship" not in session.value("legal_actions", unit, "formation")
    session.set_initial(unit, "suppressed", 0)
    for face in session.state.catalog["unit"][NZ]["faces"].values():
        face.update(movement=None)
    assert "ship" not in session.value("legal_actions", unit, "formation")


def test_s2_shipping_draws_fire_as_into_clear_ground_out_of_any_fire_zone(make):
    """crete:S2.0#4: "Moving to the Off–Map Display is considered moving to an adjacent
    clear hex that is not in a Fire Zone for the purposes of Opportunity Fire": a
    German next to the port may fire, at -1 (Fire Zone to non-Fire Zone)."""
    session = make(shipping=True, rolls=[0, 9, 0, 0],
                   allied=KeyedPlayer({"ship_to": SUDA, "convert_suppression": False}),
                   axis=KeyedPlayer({"opportunity_fire": True}))
    unit = at_canea_by_night(session)
    session.place(GERMAN, "49.08")
    session.perform("perform_action", [unit], "ship", "formation")
    [fired] = session.events("fire_resolved")
    assert fired.data["firer"] == GERMAN and fired.data["target"] == NZ
    why = [explained(r) for r in jsonable(fired.cause)]
    assert any("opportunity -1 [gts:17.6]" in line for line in why)
    assert session.attr(unit, "hex") == SUDA             # missed: shipped


def test_s2_only_to_a_port_free_of_enemies_and_their_fire_zones(make):
    """crete:S2.0#5: "placed in another port hex not occupied by an enemy unit or in an
    enemy Fire Zone"."""
    session = make(shipping=True)
    unit = at_canea_by_night(session)
    assert SUDA in session.value("ports_open_to", unit)
    session.place(GERMAN, "59.14")                      # next to Suda: its Fire Zone
    assert SUDA not in session.value("ports_open_to", unit)
    session.place(GERMAN, SUDA)
    assert SUDA not in session.value("ports_open_to", unit)
    assert CANEA not in session.value("ports_open_to", unit)   # "another port hex"


def test_s2_shipping_ends_the_activation_and_costs_a_point_on_top(make):
    """crete:S2.0#6: "This ends the Unit's activation" — no Second Action after it,
    though the Unit is In Command and has points; crete:S2.0#7: "The Command Point to
    ship a unit is in addition to any Command Point used to activate the Unit"."""
    allied = KeyedPlayer({"action": "ship", "ship_to": SUDA, "second_action": True})
    session = make(shipping=True, allied=allied)
    unit = at_canea_by_night(session)
    assert session.value("in_command", unit)
    session.perform("unit_action", session.ref("side", "Allied"), [unit], "formation")
    assert session.attr(unit, "hex") == SUDA
    assert asked(session, "Allied", "second_action") == []
    assert cp(session) == 4
    # Direct Command: one point to activate, one to ship.
    allied.answers.update({"direct_command_unit": [NZ, "done"]})
    session.set_initial(unit, "acted", 0)
    session.set_initial(session.ref("side", "Allied"), "units_shipped", 0)
    session.place(NZ, CANEA)
    session.place(LEADER, CANEA, "leader")
    session.perform("direct_command", session.ref("side", "Allied"))
    assert session.attr(unit, "hex") == SUDA and cp(session) == 2


def test_s2_status_markers_go_at_the_other_port(make):
    """crete:S2.0#8: "Units moved from Port to Port via Allied Shipping remove any status
    markers (Cohesion Hits, Column markers…)"."""
    session = make(shipping=True, allied=KeyedPlayer({"ship_to": SUDA}))
    unit = at_canea_by_night(session)
    session.set_initial(unit, "cohesion_hits", 1)
    session.set_initial(unit, "column", 1)
    session.perform("perform_action", [unit], "ship", "formation")
    assert session.attr(unit, "hex") == SUDA
    assert session.attr(unit, "cohesion_hits") == 0 and session.attr(unit, "column") == 0


def test_s2_only_by_night(make):
    """crete:S2.0#1: "During a Night Turn": by day no Unit ships."""
    session = make(shipping=True)
    unit = at_canea_by_night(session)
    session.state.turn = 0
    assert "ship" not in session.value("legal_actions", unit, "formation")


# ---- S3.0 Ad-hoc Airdrops -----------------------------------------------------------------

def test_s3_to_the_air_drop_box_is_a_movement_action_and_out_of_command_is_fine(make):
    """crete:S3.0#7: "This is considered a Movement Action" (no Second Action after a
    move); crete:S3.0#2: "(the Unit does not have to be In Command for the point to be
    spent)"."""
    session = make()
    session.state.turn = NIGHT
    unit = session.ref("unit", GERMAN)
    assert not session.value("in_command", unit)
    assert "airdrop" in session.value("legal_actions", unit, "division")
    assert session.value("action_category", "airdrop") == "movement"
    assert "airdrop" not in session.value("second_actions", unit, "move", "division")


def test_s3_the_point_is_on_top_of_a_direct_command_and_ends_the_activation(make):
    """crete:S3.0#5: "pick up and place the Unit in the Air Drop Box ..., ending its
    activation"; crete:S3.0#6: "The Command Point to transfer the unit to the Air Drop
    Box is in addition to any Command Point used to activate the unit"."""
    axis = KeyedPlayer({"direct_command_unit": [GERMAN, "done"], "action": "airdrop"})
    session = make(axis=axis)
    session.state.turn = NIGHT
    session.place("Luftl.Sturm-Rgt Leader", "09.04", "leader")   # with 3./I./LLSR
    unit = session.ref("unit", GERMAN)
    set_cp(session, 3, FLIEGER)
    assert session.value("direct_command_eligible", unit, session.ref("side", "Axis"))
    session.perform("direct_command", session.ref("side", "Axis"))
    assert session.attr(unit, "in_air_drop_box") == 1 and session.attr(unit, "on_map") is False
    assert cp(session, FLIEGER) == 1
    assert asked(session, "Axis", "second_action") == []


def test_s1_an_enemy_on_another_sheet_is_not_on_the_map():
    """crete:S1.0#4: "If there is at least one Enemy Unit currently on the map, the
    activated Unit must first move to an Exit Hex"; crete:S1.0#6: "If no Enemy Units
    are on the map, the active Unit may be picked up" — the map the Unit is on: in
    Scenario 6's four separate sheets, Germans on the Maleme sheet do not tie a
    Unit on the Heraklion sheet to its Exit Hexes (S1.0 switched on)."""
    session = start("crete/jump", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    seed=1)
    session.state.catalog["special_rule"]["crete:S1.0"] = {"name": "crete:S1.0"}
    catalog = session.state.catalog["unit"]
    germans = [u for u in catalog if catalog[u]["side"] == "Axis"]
    for unit_id in germans:
        if session.state.placement.get(unit_id):
            session.place(unit_id, None)
    unit = session.ref("unit", "A 2/B W")
    here = session.attr(unit, "hex")
    assert session.value("map_of", here) == "heraklion" and not session.value("exit_hex", here)
    session.place(germans[0], "maleme:30.20")
    assert session.value("exclusive_move_choices", [unit], "formation", False) == ["leave_map"]
    session.place(germans[0], "heraklion:40.20")
    assert session.value("exclusive_move_choices", [unit], "formation", False) == []


def test_s2_a_stack_ships_for_a_point_each_and_two_a_night_at_most(make):
    """crete:S2.0#1: "the Allied player may ship up to two Units ... at the cost of 1
    Command Point from the appropriate Division per Unit": a stack of two needs two
    points (one is not enough), and a stack of three may not ship at all."""
    session = make(shipping=True, allied=KeyedPlayer({"ship_to": SUDA}))
    session.state.turn = NIGHT
    for unit_id in (NZ, TANK):
        session.place(unit_id, CANEA)
    pair = [session.ref("unit", NZ), session.ref("unit", TANK)]
    set_cp(session, 1)
    assert "ship" not in session.value("common_actions", pair, "formation")
    set_cp(session, 2)
    assert "ship" in session.value("common_actions", pair, "formation")
    units = session.state.catalog["unit"]
    units["copy of A 22 Bn"] = copy.deepcopy(units[NZ])
    session.place("copy of A 22 Bn", CANEA)
    three = pair + [session.ref("unit", "copy of A 22 Bn")]
    set_cp(session, 5)
    assert "ship" not in session.value("common_actions", three, "formation")
    session.perform("perform_action", pair, "ship", "formation")
    assert [session.attr(u, "hex") for u in pair] == [SUDA, SUDA] and cp(session) == 3


def test_s3_a_stack_flies_out_for_a_point_each_and_the_box_holds_three(make):
    """crete:S3.0#2: "at the cost of 1 Command Point per Unit"; crete:S3.0#1: "up to
    three German 7. Flieger-Division Units" — a stack of two needs two points, and
    with two in the Air Drop Box already a stack of two may not go."""
    session = make()
    session.state.turn = NIGHT
    names = [GERMAN, "4./I./LLSR"]
    for unit_id in names:
        session.place(unit_id, "09.04")
    pair = [session.ref("unit", n) for n in names]
    set_cp(session, 1, FLIEGER)
    assert "airdrop" not in session.value("common_actions", pair, "division")
    set_cp(session, 2, FLIEGER)
    assert "airdrop" in session.value("common_actions", pair, "division")
    for unit_id in ("5./II./LLSR", "6./II./LLSR"):
        in_box_unit = session.ref("unit", unit_id)
        session.place(unit_id, None)
        session.set_initial(in_box_unit, "off_map", 1)
        session.set_initial(in_box_unit, "in_air_drop_box", 1)
    assert "airdrop" not in session.value("common_actions", pair, "division")
    assert "airdrop" in session.value("common_actions", pair[:1], "division")
