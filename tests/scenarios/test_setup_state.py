"""What a Crete set-up says beyond the hexes: Artillery Parks and contact ("place
in 2nd NZ Div Artillery Park A (15.10)", "Both units are In Contact with the 5th
NZ Brigade Leader": crete:scenario:5, 7-10; gts:16.2.1, gts:16.3), Obrst Ramcke
as a replacement leader (Scenarios 7-10), and the General Comments' "All Units
may setup mounted or not, in Column or not".  The hexes, units and Leaders
below are copied from the book, not from the scenario files."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.core.models import item_model
from kriegsspiel.engine.starting import start

NZ, GD = "2nd New Zealand Division", "5. Gebirgs Division"
# scenario: [(hex, units, division, leader in contact or None)]
PARKS = {
    "descent": [("15.10", ["A 27 Art", "B 27 Art"], NZ, None),
                ("18.08", ["C 27 Art"], NZ, None),
                ("41.11", ["F 28 Art", "1 LT Trp RA"], NZ, None)],
    "last_chance": [("15.10", ["A 27 Art", "B 27 Art"], NZ, "5th NZ Bde Leader"),
                    ("18.08", ["C 27 Art"], NZ, "5th NZ Bde Leader")],
    "kiwis": [("29.08", ["C 27 Art"], NZ, "5th NZ Bde Leader"),
              ("11.10", ["3./II./Geb.Art. 95"], GD, "Geb.Jäg.Rgt. 100 Leader")],
    "gala": [("25.09", ["2./I./Geb.Art. 95", "1./I./Geb.Art. 95", "3./II./Geb.Art. 95"], GD,
              "Geb.Jäg.Rgt. 100 Leader")],
    "hot_pursuit": [("64.14", ["C 27 Art"], NZ, None),
                    ("36.14", ["2./I./Geb.Art. 95", "1./I./Geb.Art. 95", "3./II./Geb.Art. 95"],
                     GD, None)],
}


@pytest.mark.parametrize("name", sorted(PARKS))
def test_the_guns_start_in_their_parks_and_in_contact(name):
    """gts:16.2.1 / gts:16.3 at set-up: each printed Park is made in its hex,
    of its Division, with its guns in it and not in Column, In Contact where
    the book says so; no other Park, and no Dispatch Point spent.
    Sentences: crete:O4.0#22.
    """
    session = start(f"crete/{name}", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                    seed=1)
    divisions = {d for _, _, d, _ in PARKS[name]}
    dp = {d: session.attr(session.ref("division", d), "dp") for d in divisions}
    session.perform("deploy_units")
    attr = session.attr
    parks = {}
    for hex_id, units, division, leader in PARKS[name]:
        park = session.value("hex_at", hex_id)
        assert attr(park, "artillery_park") == 1, hex_id
        assert attr(park, "park_of").id == division, hex_id
        parks[hex_id] = division
        for unit_id in units:
            unit = session.ref("unit", unit_id)
            assert attr(unit, "hex") == hex_id and attr(unit, "in_artillery_park") == 1, unit_id
            assert attr(unit, "column") == 0
            if leader is None:
                assert attr(unit, "in_contact") == 0, unit_id
            else:
                assert attr(unit, "in_contact") == 1, unit_id
                assert attr(unit, "contact_with").id == leader, unit_id
    # No other Park, and each is recorded as made
    assert set(session.value("hexes_marked", "artillery_park")) == set(parks)
    assert {e.data["hex"] for e in session.events("park_created")} == set(parks)
    # A Park at set-up costs no Dispatch Point (16.2.1's cost is for step E)
    assert {d: session.attr(session.ref("division", d), "dp") for d in divisions} == dp


def test_guns_set_up_in_a_park_may_be_spotted_for_by_their_contact():
    """gts:16.1: Indirect HE needs a Park to be spotted for, and 16.4 spotters
    come from the Formation whose Leader it is In Contact with: before the
    start of play C 27 Art may not be spotted for; after it, the 5th NZ Bde
    Leader's Formation spots for it."""
    session = start("crete/last_chance", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                    seed=1)
    gun = session.ref("unit", "C 27 Art")
    assert session.value("may_be_spotted", gun) is False
    session.perform("deploy_units")
    assert session.value("may_be_spotted", gun) is True
    assert session.value("spotter_formation_leader", gun).id == "5th NZ Bde Leader"


def gts_placement():
    """A set-up entry as a GTS scenario reads it (ks_scenario_schema)."""
    from kriegsspiel.engine.plugins import load_registry
    from kriegsspiel.engine.reading import model_of
    return item_model(model_of(load_registry(), ["gts"]), "setup")


def test_a_park_needs_one_hex():
    """A Park is one hex, and only Units start in one."""
    placement = gts_placement()
    with pytest.raises(Exception, match="an 'artillery_park' is in one hex"):
        placement.model_validate({"units": ["A 27 Art"], "hex": "15.10", "within": 1,
                                  "artillery_park": "Park A"})
    with pytest.raises(Exception, match="for placing units"):
        placement.model_validate({"leader": "5th NZ Bde Leader", "hex": "15.10",
                                  "in_contact_with": "5th NZ Bde Leader"})


@pytest.mark.parametrize("name", ["last_chance", "kiwis", "gala", "hot_pursuit"])
def test_obrst_ramcke_leads_the_luftlande_sturmregiment(name):
    """crete:scenario:7-10: "Luftlande Sturmregiment (with replacement leader –
    Obrst Ramcke)": he sets up with one of its Units as its Leader; the
    regiment's own Leader is not placed; and as its Leader has been replaced, a
    5.11 Leader Loss on it is No Event."""
    session = start(f"crete/{name}", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                    seed=1)
    llsr = session.ref("formation", "Luftlande Sturmregiment")
    ramcke = session.ref("leader", "Obrst Ramcke")
    session.perform("deploy_units")
    assert session.attr(llsr, "leader") == ramcke
    assert session.attr(llsr, "leader_replaced") == 1
    hosts = {session.attr(u, "hex") for u in session.value("units_of", llsr)
             if session.attr(u, "on_map")}
    assert session.attr(ramcke, "hex") in hosts
    assert not session.attr(session.ref("leader", "Luftl.Sturm-Rgt Leader"), "on_map")
    # 5.11: the Allied player names the Luftlande Sturmregiment: nothing happens
    session.players.players["Allied"].answers["leader_loss"] = "Luftlande Sturmregiment"
    before = session.attr(ramcke, "hex")
    session.perform("leader_loss", session.ref("side", "Axis"))
    assert session.attr(ramcke, "hex") == before
    assert not [e for e in session.events("decision") if e.data["key"] == "replacement_leader"]


def test_without_a_replacement_the_regiments_own_leader_sets_up():
    """Scenario 5 prints no replacement: the Luftl.Sturm-Rgt Leader leads it."""
    session = start("crete/descent", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                    seed=1)
    session.perform("deploy_units")
    llsr = session.ref("formation", "Luftlande Sturmregiment")
    assert session.attr(llsr, "leader").id == "Luftl.Sturm-Rgt Leader"
    assert session.attr(llsr, "leader_replaced") == 0


def _asked(session, key):
    return [e.data["subject"] for e in session.events("decision") if e.data["key"] == key]


def test_units_may_set_up_in_column_one_a_hex():
    """Scenarios, General Comments: "All Units may setup ... in Column or not
    (observing stacking limits) at the owning player's choice": asked once of
    each Unit set up on the map, never of a second Unit in Column in a hex
    (gts:14.6.2), nor of guns in an Artillery Park (gts:16.2.3).
    Sentences: crete:O4.0#21.
    """
    yes = {"set_up_in_column": True, "set_up_in_ip": False}
    session = start("crete/last_chance", Table({"Axis": KeyedPlayer(yes),
                                                "Allied": KeyedPlayer(yes)}), seed=1)
    session.perform("deploy_units")
    on_map = [u for u in session.state.units() if session.attr(u, "on_map")]
    in_column = [u for u in on_map if session.attr(u, "column") > 0]
    hexes = [session.attr(u, "hex") for u in in_column]
    free = {session.attr(u, "hex") for u in on_map if not session.attr(u, "in_artillery_park")}
    assert len(hexes) == len(set(hexes)) == len(free)        # one a hex, in every such hex
    asked = _asked(session, "set_up_in_column")
    assert len(asked) == len(in_column) and len(set(asked)) == len(asked)
    for gun in ("A 27 Art", "B 27 Art", "C 27 Art"):
        assert gun not in asked and session.attr(session.ref("unit", gun), "column") == 0
    session.perform("deploy_units")                       # asked once only
    assert len(_asked(session, "set_up_in_column")) == len(asked)


def test_units_with_transport_may_set_up_mounted():
    """General Comments: "All Units may setup mounted or not": Scenario 10's
    Aufkl. 95, counters with a transport back (gts:14.10.2), set up on it; units
    without one are not asked; the guns in their Park are not (gts:16.2.3).
    Sentences: crete:O4.0#21.
    """
    yes = {"set_up_mounted": True, "set_up_in_column": False}
    session = start("crete/hot_pursuit", Table({"Axis": KeyedPlayer(yes),
                                                "Allied": KeyedPlayer(yes)}), seed=1)
    session.perform("deploy_units")
    asked = set(_asked(session, "set_up_mounted"))
    aufkl = {"1. Aufkl. 95", "2. Aufkl. 95", "3. Aufkl. 95"}
    assert aufkl <= asked
    for name in asked:
        assert session.state.catalog["unit"][name]["back_kind"] == "transport"
        assert session.attr(session.ref("unit", name), "face") == "back"
    assert "3./II./Geb.Art. 95" not in asked


def test_by_default_units_set_up_as_printed():
    """Answering no leaves every counter on its front, not in Column."""
    session = start("crete/hot_pursuit", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                    seed=1)
    session.perform("deploy_units")
    on_map = [u for u in session.state.units() if session.attr(u, "on_map")]
    assert all(session.attr(u, "column") == 0 and session.attr(u, "face") == "front"
               for u in on_map)
