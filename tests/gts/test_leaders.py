"""Leaders stay with their Formation (gts:21.2, gts:21.3): a Leader a Unit
leaves alone follows it on a Command Point, rejoins his Formation outside his
own activation, waits during it, and a Rearguard removed from under him
(gts:24.4) sends him to his Formation too."""

from __future__ import annotations

import pytest

from kriegsspiel.engine.rulebook import ExtraRules, build_program

# A test-only door to the kernel's move primitive, with a chit in play.
DOORS = ExtraRules("doors.ksr", '''
procedure test_move(unit: unit, hex: any) @gts:21.3 {
  step go @gts:21.3 { do move_unit(unit, hex) }
}
procedure test_eliminate(unit: unit) @gts:21.3 {
  step go @gts:21.3 { do eliminate(unit) }
}
procedure test_chit(chit: chit) @gts:21.3 {
  step set @gts:21.3 { for g in all_of("game") { set g.active_chit = chit } }
}
''', layer="scenario")


@pytest.fixture(scope="module")
def program():
    return build_program(["gts"], extra=[DOORS])


def hex_of(session, kind, ident):
    return session.attr(session.ref(kind, ident), "hex")


def test_direct_command_leader_goes_with_the_unit(make_session, program):
    """21.2: "If a Leader is stacked with a Unit that moves ... with a Command
    Point as a Direct Command Chit is in play ... the Leader must remain stacked
    with a Unit of his Formation": with none left behind, he goes with it."""
    session = make_session(program=program)
    session.perform("test_chit", session.ref("chit", "direct:allies"))
    session.perform("test_move", session.ref("unit", "greek"), "04.06")
    assert hex_of(session, "leader", "bedding") == "04.06"


def test_another_chit_sends_a_lone_leader_to_the_nearest_unit(make_session, program):
    """gts:21.3#1: left with no Unit of his Formation outside his own activation, the
    Leader goes to the nearest Unit of his Formation (owner's choice)."""
    session = make_session(program=program, placement={"police": "04.05", "greek": "04.06"},
                           allies=[("leader_nearest_unit", "police")])
    session.perform("test_chit", session.ref("chit", "division:geb5"))
    # the police leave Bedding's hex under the German chit (an umpire's move)
    session.perform("test_move", session.ref("unit", "police"), "03.05")
    assert hex_of(session, "leader", "bedding") == "03.05"
    asked = session.players.players["allies"].asked
    assert [d.key for d in asked] == ["leader_nearest_unit"]
    assert {o.id for o in asked[0].options} == {"police", "greek"}  # both one hex away


def test_during_his_own_activation_the_leader_waits(make_session, program):
    """21.2/21.3: during his Formation's activation Units may leave him; he
    transfers at its end."""
    session = make_session(program=program)
    session.perform("test_chit", session.ref("chit", "formation:inf1"))
    session.perform("test_move", session.ref("unit", "greek"), "04.06")
    assert hex_of(session, "leader", "bedding") == "04.05"


def test_no_chit_in_play_leaves_the_arrangement(make_session, program):
    """A situation arranged by hand (no chit in play) is left as arranged."""
    session = make_session(program=program)
    session.perform("test_move", session.ref("unit", "greek"), "04.06")
    assert hex_of(session, "leader", "bedding") == "04.05"


def test_removing_a_rearguard_sends_the_leader_to_his_formation(make_session, program):
    """24.4 with 21.3: a Rearguard removed from the map leaves its hex; a
    Leader left alone there rejoins a Unit of his Formation."""
    session = make_session(program=program, placement={"greek": "04.05", "police": "08.05"},
                           allies=[("leader_nearest_unit", "greek")])
    catalog = session.state.catalog["unit"]
    catalog["rg"] = dict(catalog["police"], name="Rearguard", tags=["rearguard"])
    session.place("rg", "06.05")
    session.place("bedding", "06.05", "leader")
    session.perform("test_chit", session.ref("chit", "direct:allies"))
    session.perform("remove_rearguard", session.ref("unit", "rg"))
    assert hex_of(session, "unit", "rg") is None
    assert hex_of(session, "leader", "bedding") in ("04.05", "08.05")


def test_a_leader_hosted_by_a_striped_unit_rejoins_when_it_is_lost(make_session, program):
    """21.2/21.3: a Leader transferred to a striped Unit of his Division (not of
    his Formation) is not left alone when it is eliminated: he goes to the
    nearest Unit of his Formation."""
    session = make_session(program=program, placement={"bedding": "08.05"},
                           allies=[("leader_nearest_unit", "police")])
    session.state.catalog["unit"]["mg"] = {
        "name": "MG Coy", "side": "allies", "division": "nz2", "formation": None,
        "unit_class": "infantry", "back_kind": None,
        "faces": {"front": {**session.state.catalog["unit"]["greek"]["faces"]["front"],
                            "stripe": "white"}}}
    session.place("mg", "08.05", "unit")
    session.perform("test_chit", session.ref("chit", "division:geb5"))
    session.perform("test_eliminate", session.ref("unit", "mg"))
    assert hex_of(session, "leader", "bedding") == "06.05"   # police: the nearer
