"""Improved positions and entrenchments sentence by sentence (gts:22.1–22.3.6)."""

from __future__ import annotations

import pytest
from conftest import INFANTRY

from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.core.state import Ref
from kriegsspiel.engine.rulebook import ExtraRules, build_program

DOORS = ExtraRules("doors22.ksr", '''
procedure test_chit22(chit: chit) @gts:22.3.1 {
  step set @gts:22.3.1 { for g in all_of("game") { set g.active_chit = chit } }
}
procedure test_end22(chit: chit) @gts:22.3.1 {
  step end @gts:22.3.1 {
    for g in all_of("game") { set g.active_chit = none }
    emit activation_ended(chit = chit)
  }
}
''', layer="scenario")


@pytest.fixture(scope="module")
def program():
    return build_program(["gts"], extra=[DOORS])


def add(session, ident, hex_id, side="axis", **face):
    division, formation = ("geb5", "pi95") if side == "axis" else ("nz2", "inf1")
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": side, "division": division, "formation": formation,
        "unit_class": face.pop("unit_class", "infantry"),
        "back_kind": face.pop("back_kind", None),
        "faces": {"front": {**INFANTRY, **face}}}
    session.place(ident, hex_id)
    return session.ref("unit", ident)


def dig(session, hex_id, side="axis", count=1):
    """An abandoned entrenchment of *side* in *hex_id* (22.3.5)."""
    session.state.set_track(Ref("hex", hex_id), "entrenchments", count, [])
    session.state.set_link(Ref("hex", hex_id), "entrenchments_of", Ref("side", side), [])


def test_entering_an_entrenchment_leaves_the_improved_position(make_session):
    """gts:22.1#4: "Multiple improved positions and entrenchments can be built in a
    single hex but a Unit can only benefit from one of them" — a Unit in its
    improved position that enters a free entrenchment has the entrenchment's
    benefit only (+2 Troop Quality, not +3; -2 Defense, not -3)."""
    session = make_session()
    unit = session.ref("unit", "pi1")
    dig(session, "15.06")
    session.state.tracks["unit:pi1"] = {"improved_position": 1}
    session.perform("entrench", unit)
    assert session.attr(unit, "entrenched") == 1
    assert session.attr(unit, "improved_position") == 0
    assert session.value("troop_quality", unit) == 6 + 2
    assert session.value("position_defense", unit) == -2


def test_an_entrenched_unit_must_leave_before_mounting_or_entering_column(make_session):
    """gts:22.3.3#3: "it takes an entire Action to enter or leave an entrenchment" —
    no moving, mounting up (which may put it in Column) or Assaulting straight out
    of one; gts:22.3.4#2: "only one Unit, not in Column, can occupy an
    entrenchment"."""
    session = make_session()
    truck = session.ref("unit", "truck")                  # it has Organic Transport
    dig(session, "15.06")
    assert "transport" in session.value("legal_actions", truck, "formation")
    session.perform("entrench", truck)
    assert session.attr(truck, "entrenched") == 1
    legal = session.value("legal_actions", truck, "formation")
    assert "transport" not in legal and "move" not in legal and "assault" not in legal
    assert "entrench" in legal                            # leaving is its own Action
    session.perform("entrench", truck)
    assert session.attr(truck, "entrenched") == 0
    assert "transport" in session.value("legal_actions", truck, "formation")


def test_an_ip_built_this_activation_is_not_entrenched_in_it(make_session, program):
    """gts:22.3.1#2: the engineer "must begin its activation in the same hex as an
    improved position that is occupied by a Unit"; gts:22.3.1#8: "a Unit can't
    build an IP for itself and then have an engineer attempt to convert it to an
    entrenchment in the same activation"; gts:22.3.1#7: the engineer's own IP
    converts in a later Action (never a Second Action: gts:22.3.1#6)."""
    axis = KeyedPlayer({"engineer_work": "improved_position"})
    session = make_session(program=program, rolls=[0], axis=axis)
    chit = session.ref("chit", "formation:pi95")
    sapper = add(session, "sapper", "15.06", engineer=True)
    pi1 = session.ref("unit", "pi1")
    session.perform("test_chit22", chit)
    session.perform("engineer", pi1)
    assert session.attr(pi1, "improved_position") == 1
    assert "entrenchment" not in session.value("engineer_works", sapper)
    session.perform("test_end22", chit)
    assert "entrenchment" in session.value("engineer_works", sapper)
    assert "engineer" not in session.value("second_actions", sapper, "move", "formation")


def test_who_builds_improved_positions(make_session):
    """gts:22.2.1#1: a Leg Infantry Unit not in Column builds one for itself on a
    Troop Quality Check; gts:22.2.1#2: the marker goes on that Unit;
    gts:22.2.1#3: an engineer not in Column builds one for itself or another Unit
    not in Column in its hex; gts:22.2.1#4: without a check; gts:22.2.2#1: not a
    Gun or Vehicle for itself, but an engineer for it (not in Column);
    gts:22.2.2#2: an Immobile Unit neither, but an engineer for it."""
    axis = KeyedPlayer({"engineer_work": "improved_position_for",
                        "improved_position_for": "sapper"})
    session = make_session(rolls=[], axis=axis, placement={"truck": "01.01"})
    pi1 = session.ref("unit", "pi1")
    assert "improved_position" in session.value("engineer_works", pi1)
    session.state.tracks["unit:pi1"] = {"column": 1}
    assert session.value("engineer_works", pi1) == []
    sapper = add(session, "sapper", "15.06", engineer=True)
    gun = add(session, "gun", "15.06", unit_class="gun")
    tank = add(session, "tank", "15.06", unit_class="vehicle", movement_class="tracked")
    static = add(session, "static", "15.06", movement=None, movement_class="immobile")
    for unit in (gun, tank, static):
        assert "improved_position" not in session.value("engineer_works", unit)
    session.perform("engineer", sapper)                  # no die: no check
    assert session.attr(sapper, "improved_position") == 1
    asked = next(d for d in axis.asked if d.key == "improved_position_for")
    assert {o.id for o in asked.options} == {"sapper", "gun", "tank", "static"}  # pi1: Column
    session.state.tracks["unit:sapper"]["column"] = 1
    assert session.value("engineer_works", sapper) == []


def test_engineer_actions_draw_opportunity_fire_and_take_no_command_point(make_session):
    """gts:22.2.1#5: building an improved position is an Engineer Action: it
    triggers Opportunity Fire and no Command Point activates a Unit for it;
    gts:22.3.1#6: the same for an entrenchment; gts:22.3.1#3: the check is never
    bought, and a failure earns a Men at Work marker."""
    axis = KeyedPlayer({"engineer_work": ["improved_position", "entrenchment"],
                        "entrench_unit": "pi1", "buy:tq_check": True})
    session = make_session(rolls=[0, 9], axis=axis)
    session.state.tracks["division:geb5"] = {"cp": 5}
    pi1 = session.ref("unit", "pi1")
    for kind in ("direct", "division_second", "formation_second"):
        assert "engineer" not in session.value("legal_actions", pi1, kind)
    session.perform("engineer", pi1)
    sapper = add(session, "sapper", "15.06", engineer=True)
    session.perform("engineer", sapper)
    assert [e.data["units"] for e in session.events("opportunity_trigger")] == \
        [["pi1"], ["sapper"]]
    assert session.attr(sapper, "men_at_work") == 1 and session.attr(pi1, "entrenched") == 0
    assert not [d for d in axis.asked if d.key.startswith("buy:")]
    assert session.attr(session.ref("division", "geb5"), "cp") == 5


def test_only_engineers_not_in_column_dig_entrenchments(make_session):
    """gts:22.3.1#1: only engineer Units not in Column build entrenchments;
    gts:22.3.2#1: non-engineer Units may not; gts:22.3.1#4: passing, the improved
    position marker becomes an entrenchment; gts:22.3.1#5: its occupant is in it at
    once."""
    axis = KeyedPlayer({"engineer_work": "entrenchment", "entrench_unit": "pi1"})
    session = make_session(rolls=[0], axis=axis)
    pi1 = session.ref("unit", "pi1")
    session.state.tracks["unit:pi1"] = {"improved_position": 1}
    truck = session.ref("unit", "truck")
    assert "entrenchment" not in session.value("engineer_works", truck)
    sapper = add(session, "sapper", "15.06", engineer=True)
    session.state.tracks["unit:sapper"] = {"column": 1}
    assert "entrenchment" not in session.value("engineer_works", sapper)
    session.state.tracks["unit:sapper"] = {"column": 0}
    session.perform("engineer", sapper)
    assert (session.attr(pi1, "improved_position"), session.attr(pi1, "entrenched")) == (0, 1)
    assert session.value("troop_quality", pi1) == 6 + 2


def test_entering_takes_an_action_not_in_column_and_draws_fire_without_benefit(make_session):
    """gts:22.3.3#1: entering or leaving is a Movement Action and triggers
    Opportunity Fire; gts:22.3.3#2: the Unit must start it not in Column;
    gts:22.3.4#5 and gts:22.3.4#7: entering (or leaving) under that fire it has no
    benefit from the entrenchment; gts:22.3.4#6: a Unit not made entrenched by
    the engineer must enter; gts:22.3.5#2: a free friendly one serves it."""
    allies = KeyedPlayer({"opportunity_fire": True, "opportunity_target": "pi1"})
    axis = KeyedPlayer({"convert_suppression": False})
    session = make_session(rolls=[0, 9], allies=allies, axis=axis,
                           placement={"greek": "15.08", "bedding": "15.08"})
    pi1 = session.ref("unit", "pi1")
    dig(session, "15.06")
    session.state.tracks["unit:pi1"] = {"column": 1}
    assert "entrench" not in session.value("legal_actions", pi1, "formation")
    session.state.tracks["unit:pi1"] = {"column": 0}
    assert session.attr(pi1, "entrenched") == 0          # the hex alone gives nothing
    session.perform("entrench", pi1)
    assert session.attr(pi1, "entrenched") == 1
    shots = session.events("fire_resolved")
    assert shots and session.events("opportunity_trigger")[0].data["units"] == ["pi1"]
    terms = [c for c in shots[-1].cause if c.get("what") == "modifiers modified_fire_rating"]
    assert all(t["name"] != "position" for t in terms[-1]["terms"])
    assert [e.data["what"] for e in session.events("movement_action")] == ["enter_entrenchment"]


def test_one_unit_of_the_digging_side_in_an_entrenchment(make_session):
    """gts:22.3.4#1: only the Unit in it benefits; gts:22.3.4#2: only one Unit
    occupies it; gts:22.3.4#4: only the side that made it; gts:22.3.5#1: it stays
    when abandoned."""
    session = make_session(placement={"greek": "15.06"})
    pi1, truck = session.ref("unit", "pi1"), session.ref("unit", "truck")
    greek = session.ref("unit", "greek")
    dig(session, "15.06")
    assert not session.value("free_entrenchment", greek)          # the Allies did not dig it
    session.perform("entrench", pi1)
    assert not session.value("free_entrenchment", truck)          # taken
    assert session.value("position_defense", truck) == 0
    assert session.value("troop_quality", truck) == 6
    session.perform("entrench", pi1)
    assert hex_track(session, "15.06", "entrenchments") == 1
    assert session.value("free_entrenchment", truck)
    dig(session, "15.06", count=2)
    session.perform("entrench", pi1)
    assert session.value("free_entrenchment", truck)              # a second one


def hex_track(session, hex_id, name):
    return session.state.tracks.get(f"hex:{hex_id}", {}).get(name, 0)


def test_entrenched_units_do_not_assault_and_fire_better(make_session):
    """gts:22.3.3#5: a Unit in an entrenchment may not Assault; gts:22.3.6#1: +1
    Fire and Assault Rating, -2 Defense, +2 Troop Quality; gts:22.3.6#3: fire at it
    uses the Armored line; gts:22.3.6#4: its range modifier stays an unarmored
    Unit's."""
    session = make_session(placement={"greek": "15.09", "bedding": "15.09"})
    pi1, greek = session.ref("unit", "pi1"), session.ref("unit", "greek")
    session.state.tracks["unit:pi1"] = {"entrenched": 1}
    session.state.tracks["unit:greek"] = {"entrenched": 1}
    assert not session.value("may_assault", pi1)
    shot = session.value("modified_fire_rating", pi1, greek, "direct", 0, 0)
    terms = {t["name"]: t["amount"] for t in shot.terms}
    assert terms["firer_entrenched"] == 1 and terms["position"] == -2
    assert terms["range"] == 1 - 3                               # unarmored: -1 a hex
    assert session.value("target_kind_of", greek) == "armored"
    assert session.value("troop_quality", pi1) == 6 + 2
    assert session.value("assault_rating_after_results", pi1) == 3 + 1


def test_running_away_leaves_the_entrenchment_at_once(make_session):
    """gts:22.3.3#4: a Unit in an entrenchment running away from an Assault leaves
    it at once, with no Opportunity Fire for leaving it (the run itself may draw
    some)."""
    allies = KeyedPlayer({"stand_or_run": "run_away", "run_away_to": lambda d: d.options[0],
                          "opportunity_fire": False})
    axis = KeyedPlayer({"opportunity_fire": False})
    session = make_session(rolls=[0] * 10, allies=allies, axis=axis,
                           placement={"greek": "14.06", "bedding": "14.06", "police": "01.12"})
    session.state.tracks["unit:greek"] = {"entrenched": 1}
    session.perform("assault", [session.ref("unit", "pi1")], "formation")
    greek = session.ref("unit", "greek")
    assert session.attr(greek, "entrenched") == 0
    assert session.attr(greek, "hex") != "14.06"
    assert not [e for e in session.events("movement_action")
                if e.data["what"] == "leave_entrenchment"]
    assert not [e for e in session.events("opportunity_trigger")
                if "greek" in e.data["units"] and e.data["destination"] is None]


def test_each_side_occupies_only_the_entrenchments_it_dug(make_session):
    """gts:22.3.4#4: "Only the side ... that made the entrenchment may occupy it" —
    an Allied engineer digging in a hex holding an abandoned German entrenchment
    does not make the German one Allied, nor take it from the Germans."""
    allies = KeyedPlayer({"engineer_work": "entrenchment", "entrench_unit": "greek"})
    session = make_session(rolls=[0], allies=allies,
                           placement={"police": "04.05", "bedding": "04.05"})
    dig(session, "04.05", side="axis")
    session.state.catalog["unit"]["sapper"] = dict(
        session.state.catalog["unit"]["greek"], name="sapper",
        faces={"front": {**INFANTRY, "engineer": True}})
    session.place("sapper", "04.05")
    greek, police = session.ref("unit", "greek"), session.ref("unit", "police")
    session.state.tracks["unit:greek"] = {"improved_position": 1}
    assert not session.value("free_entrenchment", police)
    session.perform("engineer", session.ref("unit", "sapper"))
    assert session.attr(greek, "entrenched") == 1
    assert not session.value("free_entrenchment", police)          # only the German one is free
    for ident in ("greek", "police", "sapper"):
        session.place(ident, None)
    session.place("pi1", "04.05")
    assert session.value("free_entrenchment", session.ref("unit", "pi1"))
