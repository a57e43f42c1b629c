"""Divisional Trucks (crete:S10.0) over the series' Transport Mode (gts:14.10)."""

from __future__ import annotations

import copy

import pytest

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.rulebook import build_program

from conftest import INFANTRY, session_on_open_map

NZ_TRUCKS = ["2nd NZ Divisional Truck 1", "2nd NZ Divisional Truck 2"]
GERMAN_TRUCK = "7. Flieger Divisional Truck"
# What games/crete/units/trucks.yaml prints (provisional values).
TRUCK_FACE = {**INFANTRY, "steps": 2, "troop_quality": 5, "fire_rating": None,
              "weapon_class": None, "assault_rating": None, "movement": 10,
              "movement_class": "wheeled", "defense": 2, "stripe": "white"}


@pytest.fixture(scope="module")
def crete():
    return build_program(["crete"])


def _unit(side, division, formation, back=None, unit_class="infantry", tags=(), **front):
    entry = {"name": "", "side": side, "division": division, "formation": formation,
             "unit_class": unit_class, "back_kind": None, "tags": list(tags),
             "faces": {"front": {**INFANTRY, **front}}}
    if back is not None:
        entry["back_kind"], entry["faces"]["back"] = back
    return entry


def _truck(side, division, formation):
    return {"name": "Divisional Truck", "side": side, "division": division,
            "formation": formation, "unit_class": "vehicle", "back_kind": None,
            "tags": ["divisional_truck"], "faces": {"front": dict(TRUCK_FACE)}}


CATALOG = {
    "side": {"Allied": {"name": "Allied"}, "Axis": {"name": "Axis"}},
    "division": {"nz": {"name": "2nd New Zealand Division", "side": "Allied",
                        "command_rating": 4},
                 "fd": {"name": "7. Flieger Division", "side": "Axis", "command_rating": 5}},
    "formation": {
        "5th NZ Bde": {"division": "nz", "side": "Allied", "leader": "L5", "kind": "brigade"},
        "NZ Independent": {"division": "nz", "side": "Allied", "leader": None,
                           "kind": "independent"},
        "LLSR": {"division": "fd", "side": "Axis", "leader": "Ramcke", "kind": "regiment"},
        "7FD Independent": {"division": "fd", "side": "Axis", "leader": None,
                            "kind": "independent"},
    },
    "leader": {"L5": {"name": "", "side": "Allied", "division": "nz", "formation": "5th NZ Bde",
                      "command_range": 3, "attachment_rating": 1},
               "Ramcke": {"name": "", "side": "Axis", "division": "fd", "formation": "LLSR",
                          "command_range": 3, "attachment_rating": 1}},
    "unit": {
        "A 22 Bn": _unit("Allied", "nz", "5th NZ Bde",
                         back=("reduced", {**INFANTRY, "steps": 1, "fire_rating": 2})),
        "C 22 Bn": _unit("Allied", "nz", "5th NZ Bde", steps=1),
        "19 A Trp": _unit("Allied", "nz", "5th NZ Bde", unit_class="gun", movement="star"),
        "HQ": _unit("Allied", "nz", "5th NZ Bde", steps=0),
        "Bren Carriers": _unit("Allied", "nz", "5th NZ Bde",
                               back=("transport", {**INFANTRY, "movement": 8,
                                                   "movement_class": "wheeled"}),
                               organic_transport=True),
        "Det D 7 RTR": _unit("Allied", "nz", "5th NZ Bde", movement=6,
                             movement_class="tracked"),
        NZ_TRUCKS[0]: _truck("Allied", "nz", "NZ Independent"),
        NZ_TRUCKS[1]: _truck("Allied", "nz", "NZ Independent"),
        "1. Kgr. Ramcke": _unit("Axis", "fd", "LLSR"),
        GERMAN_TRUCK: _truck("Axis", "fd", "7FD Independent"),
    },
    "chit": {"division:nz": {"kind": "division", "division": "nz", "side": "Allied"}},
    "effect": {
        "s10 1": {"kind": "divisional_trucks", "rule": "s10", "division": "nz",
                  "units": NZ_TRUCKS},
        "s10 2": {"kind": "divisional_trucks", "rule": "s10", "division": "fd",
                  "units": [GERMAN_TRUCK], "earned": "maleme_airfield"},
    },
    "control": {"control 1": {"side": "Axis", "hexes": ["09.04", "10.04", "11.05"]}},
    "airfield": {"Maleme Airfield": {"name": "Maleme Airfield",
                                     "hexes": ["09.04", "10.04", "11.05"]}},
    "special_rule": {"crete:S10.0": {"name": "crete:S10.0"}},
    "game": {"game": {"turns": [{"label": "0700"}, {"label": "1100"}, {"label": "1500"}],
                      "maps": ["maleme"]}},
}

PLACES = {"L5": "15.10", "A 22 Bn": "15.10", "C 22 Bn": "15.11", "19 A Trp": "16.10",
          "HQ": "14.10", "Bren Carriers": "14.11", "Det D 7 RTR": "16.11",
          "Ramcke": "10.04", "1. Kgr. Ramcke": "10.04"}


def session_for(program, allied=None, axis=None, special=True, maps=("maleme",)):
    catalog = copy.deepcopy(CATALOG)
    if not special:
        catalog["special_rule"] = {}
    catalog["game"]["game"]["maps"] = list(maps)
    players = Table({"Allied": allied or KeyedPlayer({"column_after_mount": 0}),
                     "Axis": axis or KeyedPlayer({"column_after_mount": 0})})
    return session_on_open_map(program, catalog, players, PLACES)


def unit(session, ident):
    return session.ref("unit", ident)


def attr(session, ident, name):
    return session.state.attr(unit(session, ident), name)


def may_take_truck(session, ident, kind="formation"):
    return "transport" in [a for a in session.value("legal_actions", unit(session, ident), kind)]


def board(session, ident, kind="formation"):
    session.perform("perform_action", [unit(session, ident)], "transport", kind)


def test_a_leg_unit_boards_a_truck_as_its_first_action(crete):
    """crete:S10.0: "As an Action, a Leg or Gun Unit with a ★ movement, may mount just as
    if it had Organic Transportation. Take an available Divisional Truck from the Unit's
    Division Display and place the Divisional Truck on top of the Unit ... the Unit loaded
    in it is inactive while it is loaded"; "only ... on Units that are currently active
    but haven't performed any actions yet".
    Sentences: crete:S10.0#2, crete:S10.0#4, crete:S10.0#5, crete:S10.0#6, crete:S10.0#10,
    crete:S10.0#11, crete:S10.0#12, crete:S10.0#13, crete:S10.0#14.
    """
    session = session_for(crete)
    assert may_take_truck(session, "A 22 Bn") and may_take_truck(session, "19 A Trp")
    assert not may_take_truck(session, "A 22 Bn", "formation_second")   # a Second Action
    assert not may_take_truck(session, "A 22 Bn", "division_second")
    assert not may_take_truck(session, "Det D 7 RTR")                   # not Leg
    assert not may_take_truck(session, "HQ")                            # "Zero-step units"
    board(session, "A 22 Bn")
    truck = NZ_TRUCKS[0]
    assert attr(session, "A 22 Bn", "hex") is None                      # inside the truck
    assert attr(session, truck, "hex") == "15.10"
    assert attr(session, truck, "truck_carrying") == unit(session, "A 22 Bn")
    assert attr(session, "A 22 Bn", "riding_in") == unit(session, truck)
    assert session.value("current_steps", unit(session, truck)) == 2
    assert [u.id for u in session.value("trucks_on_display", session.ref("division", "nz"))] \
        == [NZ_TRUCKS[1]]
    # "If you place a Truck on a one-step unit, the Truck is also placed as a one-step Truck."
    board(session, "C 22 Bn")
    assert session.value("current_steps", unit(session, NZ_TRUCKS[1])) == 1
    # Both trucks out: none left on the Division Display.
    assert not may_take_truck(session, "19 A Trp")


def test_trucks_need_command_the_maps_and_the_special_rule(crete):
    """crete:S10.0: "If In Command ..."; "only ... on the Maleme, Canea-Suda, and
    Georgeoupolis maps"; the rule acts only when the scenario lists S10.0; a Unit with
    Organic Transport mounts its own (gts:14.10.2).
    Sentences: crete:S10.0#3, crete:S10.0#15.
    """
    session = session_for(crete)
    assert may_take_truck(session, "A 22 Bn")
    session.place("L5", "01.01", "leader")                              # out of range
    assert not may_take_truck(session, "A 22 Bn")
    assert not may_take_truck(session_for(crete, maps=("rethymnon",)), "A 22 Bn")
    assert not may_take_truck(session_for(crete, special=False), "A 22 Bn")
    carriers = session_for(crete)
    board(carriers, "Bren Carriers")
    assert attr(carriers, "Bren Carriers", "face") == "back"             # its own transport
    assert attr(carriers, NZ_TRUCKS[0], "hex") is None


def test_dismounting_returns_the_truck_and_the_unit_waits(crete):
    """crete:S10.0: "When the loaded Unit dismounts, remove the Divisional Truck from the
    map and put it back on its Division Display ... The Unit may not be active during the
    activation it dismounts ... even if they suffered a step loss while in play, they
    return to the display at full strength and they can be reused".
    Sentences: crete:S10.0#7, crete:S10.0#8, crete:S10.0#9.
    """
    truck = NZ_TRUCKS[0]
    player = KeyedPlayer({
        "column_after_mount": 0, "stack_with": "done", "second_action": False,
        "transfer_leader": "stay",
        "next_unit": lambda d: next((u for u in d.options if u.id == truck), d.options[0]),
        "action": lambda d: "transport" if d.subject.id == truck else "pass"})
    session = session_for(crete, allied=player)
    board(session, "A 22 Bn")
    session.perform("take_cohesion_hit", unit(session, truck))
    session.perform("take_step_loss", unit(session, truck))             # the truck's 2nd step
    assert session.value("current_steps", unit(session, truck)) == 1
    session.perform("activate_division", session.ref("division", "nz"))
    offers = [{u.id for u in d.options} for d in player.asked if d.key == "next_unit"]
    assert truck in offers[0] and not any("A 22 Bn" in o for o in offers)
    assert attr(session, "A 22 Bn", "hex") == "15.10"
    assert attr(session, truck, "hex") is None
    assert session.value("current_steps", unit(session, truck)) == 2    # full strength
    assert attr(session, truck, "cohesion_hits") == 0
    # What the truck suffered, the Unit keeps (as a Unit in Transport Mode would).
    assert attr(session, "A 22 Bn", "face") == "back"
    assert attr(session, "A 22 Bn", "cohesion_hits") == 1
    assert attr(session, "A 22 Bn", "acted") == 1                       # not this activation
    session.ctx.emit("activation_ended", {"chit": session.ref("chit", "division:nz")})
    assert attr(session, "A 22 Bn", "acted") == 0
    assert truck in [u.id for u in session.value("trucks_on_display",
                                                 session.ref("division", "nz"))]


def test_a_truck_eliminated_is_gone_with_its_load(crete):
    """crete:S10.0: "If any Divisional Trucks are eliminated ... these assets are removed
    from the game" — and the Unit aboard with it.
    Sentences: crete:S10.0#9.
    """
    session = session_for(crete)
    board(session, "C 22 Bn")
    session.perform("take_step_loss", unit(session, NZ_TRUCKS[0]))      # a one-step truck
    assert attr(session, NZ_TRUCKS[0], "eliminated")
    assert attr(session, "C 22 Bn", "eliminated")
    assert [u.id for u in session.value("trucks_on_display", session.ref("division", "nz"))] \
        == [NZ_TRUCKS[1]]


def test_german_trucks_come_the_turn_after_maleme_airfield(crete):
    """crete:S10.0: "The turn following simultaneous German control of all three hexes of
    Maleme Airfield, with no Allied Fire Zones to any hex of the airfield, the German
    player receives one Divisional Truck for each Division".
    Sentences: crete:S10.0#17.
    """
    session = session_for(crete)
    fd = session.ref("division", "fd")
    assert session.value("trucks_on_display", fd) == []
    session.place("A 22 Bn", "11.06")                     # its Fire Zone covers 11.05
    session.ctx.emit("turn_advanced", {"turn": 1})
    assert session.value("trucks_on_display", fd) == []
    session.place("A 22 Bn", "15.10")
    session.ctx.emit("turn_advanced", {"turn": 2})
    assert [u.id for u in session.value("trucks_on_display", fd)] == [GERMAN_TRUCK]


def test_an_illegal_truck_answer_changes_nothing(crete):
    """crete:S10.0: a Second Action may not take a truck: the answer is refused and the
    action undone.
    Sentences: crete:S10.0#10.
    """
    player = KeyedPlayer({"action": "transport", "stack_with": "done"})
    session = session_for(crete, allied=player)
    before, events = session.state.digest(), len(session.state.log)
    with pytest.raises(KsError):
        session.perform("unit_action", session.ref("side", "Allied"),
                        [unit(session, "A 22 Bn")], "formation_second")
    assert session.state.digest() == before and len(session.state.log) == events


def test_scenario_8_issues_the_allied_trucks_and_withholds_the_german_ones():
    """crete:S10.0 in crete:scenario:8: "Allies receive two Divisional Trucks for the 2nd
    New Zealand Division and two Divisional Trucks for CREFORCE command"; the German
    ones wait for the turn after Maleme Airfield.
    Sentences: crete:S10.0#1, crete:S10.0#2, crete:S10.0#16.
    """
    from kriegsspiel.engine.starting import start

    session = start("crete/kiwis", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    seed=1)

    def display(division):
        return [u.id for u in session.value("trucks_on_display",
                                            session.ref("division", division))]
    assert display("2nd New Zealand Division") == NZ_TRUCKS
    assert display("7. Flieger Division") == [] and display("5. Gebirgs Division") == []
    assert session.value("truck_map_in_play")


def test_a_leader_stands_with_the_truck_of_his_formations_unit(crete):
    """gts:21.2/gts:21.3 with crete:S10.0: a Leader "must always be stacked with a Unit of
    his Formation"; while that Unit rides in a truck he stands with the truck, and goes
    to it when it leaves him — he is not removed as if his Formation were wiped out."""
    session = session_for(crete)
    for ident in ("C 22 Bn", "19 A Trp", "HQ", "Bren Carriers", "Det D 7 RTR"):
        session.place(ident, None)                    # the 5th's last Unit: A 22 Bn
    board(session, "A 22 Bn")
    fifth = session.ref("formation", "5th NZ Bde")
    assert [u.id for u in session.value("leader_hosts", fifth)] == [NZ_TRUCKS[0]]
    session.place(NZ_TRUCKS[0], "17.10")
    session.perform("keep_leader_with_formation", session.ref("leader", "L5"))
    assert session.state.attr(session.ref("leader", "L5"), "hex") == "17.10"


@pytest.mark.parametrize("timing", ["before", "after"])
def test_boarding_a_truck_under_fire_is_mounting_as_the_series_has_it(crete, timing):
    """crete:S10.0#4 ("may mount just as if it had Organic Transportation") with
    gts:14.10.2#5-6 and gts:17.2#14: the Opportunity Firing player shoots before the
    boarding (at the Unit) or after it (at the truck); gts:17.2#15: a boarding
    announced in Column is fired on in Column either way; gts:22.2.5#1: the Unit
    has left its improved position as it mounts up, with no benefit under the fire."""
    allied = KeyedPlayer({"column_after_mount": 1})
    axis = KeyedPlayer({"opportunity_fire": True, "opportunity_fire_timing": timing,
                        "convert_suppression": False})
    session = session_for(crete, allied=allied, axis=axis)
    session.place("1. Kgr. Ramcke", "15.08")                  # its Fire Zone covers 15.10
    session.place("Ramcke", "15.08", "leader")
    session.state.tracks.setdefault("unit:A 22 Bn", {})["improved_position"] = 1
    session.dice.script = [0, 9]                               # the check, then a miss
    board(session, "A 22 Bn")
    [shot] = session.events("fire_resolved")
    assert shot.data["target"] == ("A 22 Bn" if timing == "before" else NZ_TRUCKS[0])
    terms = [r for r in shot.cause if r.get("what") == "modifiers modified_fire_rating"][-1]
    named = {t["name"] for t in terms["terms"]}
    assert "target_in_column" in named
    assert not any("improved" in n for n in named)
    assert attr(session, NZ_TRUCKS[0], "column") == 1
    assert attr(session, "A 22 Bn", "improved_position") == 0
