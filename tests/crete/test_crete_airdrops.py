"""Ad-hoc Airdrops (crete:S3.0, modules/crete/rules/airdrops.ksr), on the
Off-Map Display test scenario (joined Maleme and Canea-Suda sheets, from the
1900 turn of 26 May, S1.0 and S3.0 in effect)."""

from __future__ import annotations

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start
from test_crete_boxes import GERMAN, MORE_GERMANS, NZ, SCENARIO

T1900, NIGHT, T0700, T0900 = 0, 1, 2, 3
T1500 = 6
FLIEGER = "7. Flieger Division"


@pytest.fixture
def make(tmp_path):
    def make(axis=None, rolls=None):
        path = tmp_path / "airdrops.yaml"
        path.write_text(SCENARIO, encoding="utf-8")
        axis = axis or KeyedPlayer()
        axis.answers.setdefault("action", "pass")
        session = start(str(path), Table({"Allied": KeyedPlayer({"action": "pass"}),
                                          "Axis": axis}), seed=1)
        if rolls is not None:
            session.dice.__dict__.update(Dice(script=rolls).__dict__)
        return session
    return make


def cp(session):
    return session.attr(session.ref("division", FLIEGER), "cp")


def may_airdrop(session, unit_id):
    return "airdrop" in session.value("legal_actions", session.ref("unit", unit_id), "division")


def test_from_the_night_turn_of_26_may_from_an_airfield(make):
    """crete:S3.0: "Starting on the Night Turn of 26 May, the German player may move
    ... 7. Flieger-Division Units from an airfield hex to the air-drop box".
    Sentences: crete:S3.0#1.
    """
    session = make()
    assert not may_airdrop(session, GERMAN)                 # 1900 26 May: not yet
    session.state.turn = NIGHT
    assert may_airdrop(session, GERMAN)
    session.place(GERMAN, "13.06")                          # no airfield hex
    assert not may_airdrop(session, GERMAN)
    session.place(GERMAN, "10.04")
    session.place(NZ, "09.03")                              # the Germans' own division only
    assert not may_airdrop(session, NZ)


def test_not_from_an_enemy_fire_zone_and_one_point_each(make):
    """crete:S3.0: "Units in an enemy Fire Zone may not be moved to the Air Drop
    Box"; "at the cost of 1 Command Point per Unit (the Unit does not have to be
    In Command for the point to be spent)".
    Sentences: crete:S3.0#2, crete:S3.0#3, crete:S3.0#4, crete:S3.0#5.
    """
    session = make()
    session.state.turn = NIGHT
    session.place(NZ, "09.05")                              # adjacent: its Fire Zone
    assert session.value("hex_in_enemy_fire_zone", "09.04", session.ref("side", "Axis"))
    assert not may_airdrop(session, GERMAN)
    session.place(NZ, "30.20")
    division = session.ref("division", FLIEGER)
    session.set_initial(division, "cp", 0)
    assert not may_airdrop(session, GERMAN)
    session.set_initial(division, "cp", 2)
    unit = session.ref("unit", GERMAN)
    session.set_initial(unit, "cohesion_hits", 1)
    session.perform("perform_action", [unit], "airdrop", "division")
    assert cp(session) == 1
    assert session.attr(unit, "on_map") is False and session.attr(unit, "in_air_drop_box") == 1
    assert session.attr(unit, "cohesion_hits") == 0          # off the map: markers go (S1.0)
    assert session.attr(unit, "off_map_box") is None         # in no box of S1.0's
    assert [u.id for u in session.value("air_drop_box_units")] == [GERMAN]


def test_up_to_three(make):
    """crete:S3.0: "up to three German 7. Flieger-Division Units".
    Sentences: crete:S3.0#1.
    """
    session = make()
    session.state.turn = NIGHT
    for unit_id in MORE_GERMANS:
        unit = session.ref("unit", unit_id)
        session.set_initial(unit, "in_air_drop_box", 1)
        session.set_initial(unit, "off_map", 1)
    assert len(session.value("air_drop_box_units")) == 3
    assert not may_airdrop(session, GERMAN)


def in_air_drop_box(session, unit_id):
    unit = session.ref("unit", unit_id)
    session.place(unit_id, None)
    session.set_initial(unit, "off_map", 1)
    session.set_initial(unit, "in_air_drop_box", 1)
    return unit


def test_they_drop_together_on_or_next_to_the_drop_zone_at_0700(make):
    """crete:S3.0: "Units in the Air Drop Box ... may enter as reinforcements during
    the 0700 or 1500 game turn via Parachute drop (rule 4.0) on any map. The German
    player designates any Clear, Orchard/Vineyard, Scrub, or Village hex a Drop
    Zone. All Units from the Air Drop Box must be placed at the same time and must
    drop on or adjacent to the Drop Zone hex"; each rolls on the Drop Table with
    its paradrop marker (crete:4.2, 4.2.1), +1 in Scrub for a paradrop.
    Sentences: crete:S3.0#8, crete:S3.0#9, crete:S3.0#10.
    """
    second = MORE_GERMANS[0]
    session = make(rolls=[0, 3] + [0] * 40, axis=KeyedPlayer({"airdrop_zone": "20.10",
                                                  "drop_hex": ["20.10", "20.11"]}))
    first, other = in_air_drop_box(session, GERMAN), in_air_drop_box(session, second)
    chit = session.ref("chit", f"division:{FLIEGER}")
    session.state.turn = T0900
    assert not session.value("airdrop_turn")                   # 0900: no
    session.state.turn = T0700
    assert session.value("airdrop_turn")
    zones = session.value("airdrop_zones")
    assert zones and all(session.value("terrain", h) in ("clear", "orchard", "scrub", "village")
                         for h in zones)
    assert "49.07" not in zones                                 # Canea: a city
    session.perform("play_chit", chit)
    assert session.attr(first, "hex") == "20.10" and session.attr(other, "hex") == "20.11"
    assert session.attr(first, "in_air_drop_box") == 0 and session.attr(first, "off_map") == 0
    dropped = [e.data for e in session.events("drop_resolved")]
    assert [d["unit"] for d in dropped] == [GERMAN, second]
    assert [d["roll"] for d in dropped] == [0, 3]
    assert session.attr(first, "drop_markers") >= 1
    assert session.value("ad_hoc_airdrop_this_turn")           # no airlanding this turn (S7.0)
    assert [e.data["hex"] for e in session.events("ad_hoc_airdrop_zone")] == ["20.10"]


def test_the_german_player_may_wait(make):
    """crete:S3.0 says they "may" enter: the German player may keep them in the box."""
    session = make(axis=KeyedPlayer({"airdrop_zone": "wait"}))
    unit = in_air_drop_box(session, GERMAN)
    session.state.turn = T1500
    session.perform("play_chit", session.ref("chit", f"division:{FLIEGER}"))
    assert session.attr(unit, "in_air_drop_box") == 1 and session.attr(unit, "on_map") is False


def test_no_airdrop_on_a_turn_a_serial_airlanded(make):
    """crete:S3.0: "Airlanding Reinforcements (see S7.0) may not be received on a
    turn the German conducts Ad-hoc Airdrops" — the one excludes the other.
    Sentences: crete:S3.0#11.
    """
    session = make()
    in_air_drop_box(session, GERMAN)
    session.state.turn = T0700
    assert session.value("airdrop_turn")
    gebirgs = session.ref("division", FLIEGER)
    session.set_initial(gebirgs, "serial_landed_on", T0700 + 1)
    assert not session.value("airdrop_turn")
