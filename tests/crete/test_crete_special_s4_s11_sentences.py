"""Sentence by sentence: Supply (crete:S4.0), Allied Morale and Withdrawal
(crete:S5.0), German Reinforcements (crete:S7.0), Allied Battalions (crete:S9.1)
and Divisional Trucks (crete:S10.0) — what the older tests of those rules leave
unchecked."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start
from kriegsspiel.rule_index import load_sentences


@pytest.fixture(scope="module")
def jump():
    """Scenario 6 "Jump, Die, Repeat" (maleme, rethymnon, heraklion, kastelli; S10.0)."""
    return start("crete/jump", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}), seed=1)


# ---- S10.0 Divisional Trucks -----------------------------------------------------------

def test_s10_trucks_only_on_the_maleme_canea_suda_and_georgeoupolis_maps(jump):
    """crete:S10.0#15: "Divisional Trucks may only be used on the Maleme, Canea-Suda,
    and Georgeoupolis maps": in Scenario 6 a CREFOR Unit In Command on the Heraklion
    sheet may not take a truck, one on the Maleme sheet may — the sheet of the Unit's
    hex decides, not the first map of the scenario; the Canea-Suda sheet (canea_suda)
    is one of the three."""
    on_heraklion, on_maleme = jump.ref("unit", "1 1/7 Inf"), jump.ref("unit", "1 1/2 Inf")
    assert jump.value("map_of", jump.attr(on_heraklion, "hex")) == "heraklion"
    assert jump.value("map_of", jump.attr(on_maleme, "hex")) == "maleme"
    assert jump.value("in_command", on_heraklion) and jump.value("in_command", on_maleme)
    assert not jump.value("may_board_truck", on_heraklion)
    assert jump.value("may_board_truck", on_maleme)
    gala = start("crete/gala", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}), seed=1)
    on_canea_suda = gala.ref("unit", "B 1 Welch")
    assert gala.value("map_of", gala.attr(on_canea_suda, "hex")) == "canea_suda"
    assert gala.value("truck_map_at", gala.attr(on_canea_suda, "hex"))


def test_s10_a_loaded_truck_never_drives_onto_another_sheet(jump):
    """crete:S10.0#15: a truck is used wherever it drives: a loaded truck may enter a
    Maleme hex, not a Heraklion one."""
    truck = jump.ref("unit", "CREFOR Divisional Truck 1")
    load = jump.ref("unit", "1 1/2 Inf")
    jump.state.set_link(truck, "truck_carrying", load, [{"what": "test"}])
    try:
        assert jump.value("may_enter", truck, "maleme:47.18", "formation")
        assert not jump.value("may_enter", truck, "heraklion:20.12", "formation")
        assert jump.value("may_enter", load, "heraklion:20.12", "formation")
    finally:
        jump.state.set_link(truck, "truck_carrying", None, [{"what": "test"}])


def test_s10_german_trucks_after_maleme_airfield_on_a_campaign_of_several_sheets():
    """crete:S10.0#17: "The turn following simultaneous German control of all three
    hexes of Maleme Airfield, with no Allied Fire Zones to any hex of the airfield,
    the German player receives one Divisional Truck for each Division" — in Scenario
    6, whose hexes carry their sheet's name (maleme:09.04), as on the Maleme map
    alone."""
    session = start("crete/jump", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    seed=1)
    axis = session.ref("side", "Axis")
    for unit_id, hex_id in list(session.state.placement.items()):
        if hex_id.startswith("maleme:") and unit_id in session.state.catalog["unit"] and \
                session.state.catalog["unit"][unit_id]["side"] == "Allied":
            session.place(unit_id, None)
    airfield = ["maleme:09.04", "maleme:10.04", "maleme:11.05"]
    assert session.value("maleme_airfield_hexes") == airfield
    fd = session.ref("division", "7. Flieger Division")
    assert session.value("trucks_on_display", fd) == []
    for hex_id in airfield[:2]:
        session.state.set_link(session.value("hex_at", hex_id), "controlled_by", axis, [])
    session.ctx.emit("turn_advanced", {"turn": 1})
    assert session.value("trucks_on_display", fd) == []        # two of the three
    session.state.set_link(session.value("hex_at", airfield[2]), "controlled_by", axis, [])
    session.ctx.emit("turn_advanced", {"turn": 2})
    assert [u.id for u in session.value("trucks_on_display", fd)] == \
        ["7. Flieger Divisional Truck"]


# ---- S9.1 Allied Battalions ----------------------------------------------------------------

# Spellings of the order of battle that differ from S9.1's list (the counters' own).
COUNTER_SPELLING = {"A /N Hussars": "A/N Hussar", "B /N Hussars": "B/N Hussar",
                    "4 NZ Fld Regt": "4 Nz Fld Regt"}


def battalions_in_the_data():
    from kriegsspiel.core.loading import shipped_roots
    from kriegsspiel.engine.reading import read_game
    game = read_game(shipped_roots()[0] / "crete")
    found: dict[str, set[str]] = {}
    for unit in game.units:
        for tag in unit.tags or []:
            if tag.startswith("battalion:"):
                name = unit.id.removesuffix(" •")
                found.setdefault(tag.split(":", 1)[1], set()).add(COUNTER_SPELLING.get(name, name))
    return game, found


def test_s9_1_each_battalion_is_the_units_the_list_names():
    """crete:S9.1#2-21 (CREFORCE) and crete:S9.1#24-31 (2nd New Zealand Infantry
    Division): "Below is a list of the Units that belong to each Battalion that can be
    attached" — row by row, the Battalion tags of the order of battle hold exactly
    the Units each line names (crete:S9.1#1)."""
    sentences = load_sentences()["crete"]
    _, found = battalions_in_the_data()
    rows = [sentences[f"crete:S9.1#{n}"]["text"] for n in list(range(2, 22)) + list(range(24, 32))]
    assert len(rows) == 28
    for row in rows:
        name, members = row.split(": ", 1)
        listed = {m.strip() for m in members.split(";")}
        assert found.get(name) == listed, name


def test_s9_1_who_is_in_no_battalion_and_layforce():
    """crete:S9.1#22: "Layforce has no Attachment Chit, and cannot be attached. 2/8 Fld
    RAE is not part of a battalion"; crete:S9.1#32: "FPC; 7 NZ Fld; 19 A Trp are not
    part of a battalion" — none of them has a Battalion tag, and Layforce's own
    companies are never attachable (attachments.ksr)."""
    game, found = battalions_in_the_data()
    tagged = set().union(*found.values())
    for loose in ("2/8 Fld RAE", "FPC", "7 NZ Fld", "19 A Trp"):
        assert any(u.id.removesuffix(" •") == loose for u in game.units), loose
        assert loose not in tagged
    mercury = start("crete/mercury", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    seed=1)
    layforce = [u for u, e in mercury.state.catalog["unit"].items()
                if e.get("formation") == "Layforce"]
    assert layforce
    assert not any(mercury.value("attachable_unit", mercury.ref("unit", u)) for u in layforce)


# ---- S4.0 Supply ----------------------------------------------------------------------------

def test_s4_full_and_reduced_supply_change_nothing():
    """crete:S4.0#8: "Full Supply and Reduced Supply have no effect on gameplay": at
    Reduced, Troop Quality and Fire Rating are as printed; crete:S4.0#7: "The supply
    marker has 4 stages" — full, reduced, diminished, emergency, in that order."""
    from test_crete_supply import BRITISH, heraklion
    reduced = heraklion(effects=[{"kind": "supply_level", "side": "Allied", "level": "reduced"}])
    plain = heraklion(rules=())
    unit, printed = reduced.ref("unit", BRITISH), plain.ref("unit", BRITISH)
    assert reduced.value("unit_supply", unit) == 1
    assert reduced.value("troop_quality", unit) == plain.value("troop_quality", printed)
    assert reduced.value("fire_rating_after_results", unit) == \
        plain.value("fire_rating_after_results", printed)
    assert [reduced.program.lookup("supply_name", n) for n in range(4)] == \
        ["full", "reduced", "diminished", "emergency"]


# ---- S5.0 Allied Withdrawal -------------------------------------------------------------------

def test_s5_the_sfakia_exit_is_a_withdrawal_hex():
    """crete:S5.0#19: "The Allied player may begin exiting forces off Sfakia Exit and
    Heraklion Withdrawal hexes (Sfakia Exit Map: hex 78.67 and Heraklion Map: hex
    28.26)" — the Sfakia half (test_crete_withdrawal.py withdraws at 28.26), on
    Scenario 10, which starts with Allied Withdrawal in effect."""
    session = start("crete/hot_pursuit", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    seed=1)
    assert session.value("withdrawal_in_effect")
    exits = [h for h in session.value("feature_hexes", "withdrawal_exit")]
    assert len(exits) == 1 and exits[0].endswith("78.67")
    assert session.value("map_of", exits[0]) == "sfakia"
    assert session.value("withdrawal_exit", exits[0])


def test_s5_a_greek_unit_in_command_may_buy_its_night_check():
    """crete:S5.0#26: "Command Points may be spent to pass the TQ check if the Greek
    Unit is In Command": the dice would fail it (9), a point is spent instead."""
    from test_crete_withdrawal import GREEK, LEADER, alone, at_night, piling_on
    session = piling_on(rolls=[], allied=KeyedPlayer({"buy:tq_check": True}))
    greek, _ = alone(session, {GREEK: "05.12", LEADER: "05.13"})
    assert session.value("in_command", greek)
    division = session.value("command_division", greek)
    session.set_initial(division, "cp", 2)
    at_night(session)
    session.perform("greek_withdrawal_checks")
    assert not session.attr(greek, "eliminated")
    assert session.attr(division, "cp") == 1


# ---- S7.0 German Reinforcements -------------------------------------------------------------

# "Airlanding Reinforcements may arrive on the following game turns." (S7.0#6-14)
PRINTED_AIRLANDING = {21: ["1700", "1900"], 22: ["0700", "1100", "1500", "1900"],
                      23: ["0700", "1100", "1500", "1900"], 24: ["0700", "1500", "1900"],
                      25: ["0700", "1500"], 26: ["0700", "1500"], 27: ["0700", "1500"],
                      28: ["0700", "1500"], 29: ["0700", "1500"]}


def test_s7_the_airlanding_turns_row_by_row(tmp_path):
    """crete:S7.0#5-14: "Airlanding Reinforcements may arrive on the following game
    turns" — each printed row (21 May: 1700, 1900 ... 29 May: 0700, 1500) and no other
    turn of 20-30 May, the Night Turns included (crete:S7.0#1: from 1700 21 May)."""
    from test_crete_airlanding import game
    session = game(tmp_path)
    sentences = load_sentences()["crete"]
    for n, day in zip(range(6, 15), range(21, 30)):
        assert sentences[f"crete:S7.0#{n}"]["text"] == \
            f"{day} May: " + ", ".join(PRINTED_AIRLANDING[day])
    turns = session.state.catalog["game"]["game"]["turns"]
    for day in range(20, 31):
        for time in ["0700", "0900", "1100", "1300", "1500", "1700", "1900", "night"]:
            turns[session.state.turn] = {"label": f"1941-05-{day} {time}", "tags": []}
            assert session.value("airlanding_turn") == \
                (time in PRINTED_AIRLANDING.get(day, [])), (day, time)


def test_s7_no_serial_lands_on_a_turn_of_ad_hoc_airdrops(tmp_path):
    """crete:S7.0#23 (and crete:S3.0#11): "Airlanding Reinforcements may not be
    received on a turn the German conducts Ad-hoc Airdrops" — the same airlanding
    turn, its serial due, lands nothing once the Air Drop box has dropped."""
    from test_crete_airlanding import T1700, at_turn, division, game, landed
    session = game(tmp_path)
    at_turn(session, T1700)
    assert session.value("serial_due", division(session))
    game_entity = session.ref("game", "game")
    session.set_initial(game_entity, "airdropped_on", T1700 + 1)
    assert not session.value("serial_due", division(session))
    session.perform("airlanding_activation", division(session))
    assert landed(session) == []


# ---- S9.0 Allied Attachments ---------------------------------------------------------------

def test_s9_no_roll_is_required():
    """crete:S9.0#4: "No roll is required": the attachment is made with no die rolled
    (an empty dice script: any roll would fail)."""
    from test_crete_attachments import attached_to, session_for
    from kriegsspiel.core.dice import Dice
    from kriegsspiel.engine.rulebook import build_program
    player = KeyedPlayer({"battalion_attachment": ["20 Bn", "none"],
                          "attachment_formation": "5th NZ Bde"})
    session = session_for(build_program(["crete"]), player)
    session.dice.__dict__.update(Dice(script=[]).__dict__)
    session.perform("attach_allied_battalions")
    assert attached_to(session, "A 20 Bn") == "5th NZ Bde"


def test_s10_every_scenario_with_s10_issues_the_trucks_as_printed():
    """crete:S10.0#16: "Allies receive two Divisional Trucks for the 2nd New Zealand
    Division and two Divisional Trucks for CREFORCE command"; crete:S10.0#17: the
    Germans "one Divisional Truck for each Division", earned at Maleme Airfield — in
    every scenario that lists S10.0 (crete:S10.0#1: they "appear at the start of
    play")."""
    from kriegsspiel.engine.reading import read_scenario
    from kriegsspiel.engine.starting import find_scenario
    listing = []
    for name in ("learning", "snafu", "precision", "heraklion", "piling_on", "descent", "jump",
                 "last_chance", "kiwis", "gala", "hot_pursuit", "mercury", "main_event",
                 "free_for_all"):
        scenario = read_scenario(find_scenario(f"crete/{name}"))
        if "crete:S10.0" not in (scenario.special_rules or []):
            continue
        listing.append(name)
        trucks, from_the_start = {}, False
        for rule in scenario.scenario_rules or []:
            # Scenarios 9 and 10 say otherwise: "The Germans receive one Divisional
            # Truck for each division" from the start.
            from_the_start |= "The Germans receive one Divisional Truck" in (rule.text or "")
            for e in rule.effects or []:
                e = e if isinstance(e, dict) else e.model_dump()
                if e.get("kind") == "divisional_trucks":
                    trucks[e["division"]] = (len(e["units"]), e.get("earned"))
        german = None if from_the_start else "maleme_airfield"
        assert trucks == {"2nd New Zealand Division": (2, None), "CREFOR": (2, None),
                          "7. Flieger Division": (1, german),
                          "5. Gebirgs Division": (1, german)}, name
    assert listing


def test_s4_every_sheet_of_the_game_has_a_supply_marker_per_side():
    """crete:S4.0#1: "each player rolls a die to determine the supply status of his
    forces on each map" — every map sheet of the game, Georgeoupolis and the Sfakia
    Exit map too, has its pair of Supply markers; Scenario 10 (which lists S4.0 and
    plays those sheets) rolls for each of its four maps and both players."""
    from kriegsspiel.core.loading import shipped_roots
    from kriegsspiel.engine.reading import read_game
    game = read_game(shipped_roots()[0] / "crete")
    session = start("crete/hot_pursuit", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    seed=1)
    for game_map in game.maps:
        for side in ("Allied", "Axis"):
            assert session.value("supply_marker", session.ref("side", side), game_map.id), \
                (game_map.id, side)
    session.dice.script, session.dice._next = [5] * 8, 0
    session.perform("supply_determination")
    rolled = {(e.data["side"], e.data["map"]) for e in session.events("supply_rolled")}
    assert rolled == {(s, m) for s in ("Allied", "Axis")
                      for m in ("maleme", "canea_suda", "georgeoupolis", "sfakia")}
