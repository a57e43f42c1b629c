"""gts:16.2 (16.2.1-16.2.5) sentence by sentence: creating, joining, the
restrictions on, disbanding and attacking an Artillery Park."""

from __future__ import annotations

from artillery16_helpers import add, artillery, hex_track, in_contact, in_park, set_tracks

from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.core.state import Ref
from kriegsspiel.engine.rulebook import build_program

FIRST = {"create_artillery_park": lambda d: d.options[0]}


def step_e_session(make_session, dp=1, **answers):
    session = make_session(allies=KeyedPlayer({**FIRST, **answers}))
    session.state.tracks["division:nz2"] = {"dp": dp}
    return session


def nz2(session):
    return session.ref("division", "nz2")


def test_a_park_in_step_e_for_one_dispatch_point_each(make_session):
    """gts:16.2.1#2: "Artillery Parks may be created during Step E of the Sequence
    of Play, at a cost of one Dispatch Point each": two Parks possible, one
    Dispatch Point: one Park; with none left, no Park. Step E runs it (gts:4.0)."""
    session = step_e_session(make_session, dp=1)
    artillery(session, "g1", "allies", "04.10")
    artillery(session, "g2", "allies", "08.10")
    session.perform("parks_and_contact")
    made = [hex_track(session, h, "artillery_park") for h in ("04.10", "08.10")]
    assert sorted(made) == [0, 1]
    assert session.attr(nz2(session), "dp") == 0
    session.perform("create_parks", nz2(session))
    assert sorted(hex_track(session, h, "artillery_park") for h in ("04.10", "08.10")) == [0, 1]



def test_every_division_may_have_a_park_and_more_than_one(make_session):
    """gts:16.2.1#1: "Every Division has at least one Artillery Park, with markers
    and boxes on its Division Display": a Division that starts with none creates
    one, and "at least one" is never a limit — with two Dispatch Points it has
    two, each its own (docs/gts.md: a Park is a hex marker of its Division)."""
    session = step_e_session(make_session, dp=2)
    assert session.value("park_hexes", nz2(session)) == []
    for ident, hex_id in (("g1", "04.10"), ("g2", "08.10")):
        artillery(session, ident, "allies", hex_id)
    session.perform("parks_and_contact")
    assert sorted(session.value("park_hexes", nz2(session))) == ["04.10", "08.10"]
    assert session.value("park_hexes", session.ref("division", "geb5")) == []
    assert session.attr(nz2(session), "dp") == 0

def test_the_park_goes_where_a_ready_orange_unit_of_the_division_is(make_session):
    """gts:16.2.1#3-5: the marker goes to a hex that "must already contain at least
    one ready-to-fire Orange Fire Rating Unit (a Dismounted or Self-Propelled
    Artillery Unit) from the same Division", and the Artillery Units go into the
    Park box: a towed gun in Transport Mode is not ready (no Park offered on it);
    another Division's gun neither; gts:16.2.1#7: "You need not be In Command"."""
    offered = []
    session = make_session(allies=KeyedPlayer({
        "create_artillery_park": lambda d: offered.extend(d.options) or d.options[0]}))
    session.state.tracks["division:nz2"] = {"dp": 3}
    front = {**session.state.catalog["unit"]["greek"]["faces"]["front"],
             "weapon_class": "IHE", "fire_range": 12}
    session.state.catalog["unit"]["towed"] = {
        "name": "towed", "side": "allies", "division": "nz2", "formation": "inf1",
        "unit_class": "gun", "back_kind": "transport",
        "faces": {"front": {**front, "organic_transport": True},
                  "back": {**front, "fire_rating": None, "weapon_class": None, "fire_range": 1,
                           "movement": 8, "movement_class": "wheeled"}}}
    session.place("towed", "12.10")
    towed = session.ref("unit", "towed")
    session.perform("mount", towed)
    assert session.attr(towed, "face") == "back"
    session.state.catalog["division"]["nz3"] = {"name": "other", "side": "allies",
                                                "command_rating": 1, "dispatch_rating": None}
    stranger = artillery(session, "stranger", "allies", "14.10", division="nz3")
    ready = artillery(session, "ready", "allies", "18.10")
    assert not session.value("in_command", ready)
    session.perform("create_parks", nz2(session))
    assert ready in offered and stranger not in offered and towed not in offered
    assert hex_track(session, "18.10", "artillery_park") == 1
    assert session.attr(ready, "in_artillery_park") == 1
    assert session.state.links["hex:18.10"]["park_of"] == "division:nz2"


def test_one_park_a_hex(make_session):
    """gts:16.2.1#6: "No more than one Artillery Park may occupy a hex at any
    time": a second Division's Orange Unit in a Park's hex may not make its own."""
    session = step_e_session(make_session, dp=2)
    session.state.catalog["division"]["nz3"] = {"name": "other", "side": "allies",
                                                "command_rating": 1, "dispatch_rating": None}
    mine = artillery(session, "mine", "allies", "04.10")
    in_park(session, "04.10", mine)
    theirs = artillery(session, "theirs", "allies", "04.10", division="nz3")
    session.state.tracks["division:nz3"] = {"dp": 2}
    session.perform("create_parks", session.ref("division", "nz3"))
    assert session.attr(theirs, "in_artillery_park") == 0
    assert session.attr(session.ref("division", "nz3"), "dp") == 2


def test_joining_a_park_in_column_and_without_limit(make_session):
    """gts:16.2.2#1: further Orange Units of the Division join the Park by being in
    its hex (at step E: the reading in docs/gts.md); gts:16.2.2#2: it may arrive in Column, but in
    the Park box it is not in Column; gts:16.2.2#3: leaving Column so draws no
    Opportunity Fire (an enemy at two hexes has it in its Fire Zone);
    gts:16.2.2#4: no limit to the Units in a Park (five here, ten Steps)."""
    session = step_e_session(make_session, join_artillery_park=1)
    first = artillery(session, "first", "allies", "04.10")
    in_park(session, "04.10", first)
    add(session, "watcher", "axis", "04.08")
    joiners = [artillery(session, f"j{i}", "allies", "04.10", steps=2) for i in range(5)]
    set_tracks(session, joiners[0], column=1)
    session.perform("join_parks", nz2(session))
    assert all(session.attr(j, "in_artillery_park") == 1 for j in joiners)
    assert session.attr(joiners[0], "column") == 0
    assert not session.events("opportunity_trigger")


def test_another_divisions_park_is_never_entered(make_session):
    """gts:16.2.2#5: "An Artillery Unit may never enter another Division's
    Artillery Park, though it may enter and occupy the same hex"."""
    session = step_e_session(make_session, join_artillery_park=1)
    session.state.catalog["division"]["nz3"] = {"name": "other", "side": "allies",
                                                "command_rating": 1, "dispatch_rating": None}
    owner = artillery(session, "owner", "allies", "04.10", division="nz3")
    in_park(session, "04.10", owner)
    guest = artillery(session, "guest", "allies", "04.10")
    session.perform("join_parks", nz2(session))
    session.perform("join_parks", session.ref("division", "nz3"))
    assert session.attr(guest, "in_artillery_park") == 0
    assert session.attr(guest, "hex") == "04.10"


def test_a_park_unit_is_in_command_and_fires_directly(make_session):
    """gts:16.2#3: "An Artillery Unit in an Artillery Park is always In Command, and
    may perform Direct Fire as normal": far from any Leader it is In Command,
    and an enemy two hexes off is a Direct Fire target (on the yellow row)."""
    session = make_session(rolls=[9])
    gun = artillery(session, "gun", "allies", "15.09")
    assert not session.value("in_command", gun)
    in_park(session, "15.09", gun)
    assert session.value("in_command", gun)
    pi1 = session.ref("unit", "pi1")
    assert pi1 in session.value("direct_fire_targets", gun)
    assert "fire" in session.value("legal_actions", gun, "formation")


def test_park_units_neither_self_spot_nor_spot(make_session):
    """gts:16.2.3#1: "Units in an Artillery Park may not self-spot and may not spot
    for other Units": a Park Unit seeing the German does not spot for a Mortar of
    its Formation, and does not self-spot."""
    session = make_session(placement={"pi1": "10.04", "truck": "01.01", "schaette": "10.04",
                                      "bedding": "10.09", "greek": "20.12"})
    eye = artillery(session, "eye", "allies", "10.09", steps=1)
    mortar = add(session, "mortar", "allies", "10.10", weapon_class="MORTAR", fire_range=8)
    assert [s.id for s in session.value("spotters", mortar, "10.04")] == ["eye"]
    in_park(session, "10.09", eye)
    assert session.value("spotters", mortar, "10.04") == []
    assert not session.value("self_spots", eye, "10.04")


def test_park_units_are_not_stacked_but_count_for_mass(make_session):
    """gts:16.2.3#3: "Artillery Units in the Park do not count toward hex stacking,
    but do count toward any mass modifier applied to fire against a target in
    that hex": five two-Step guns in a Park with the German infantry."""
    session = make_session(placement={"pi1": "10.04", "truck": "01.01", "schaette": "10.04"})
    guns = [artillery(session, f"g{i}", "axis", "10.04", steps=2) for i in range(5)]
    assert session.value("overstacked", "10.04")
    in_park(session, "10.04", *guns)
    assert not session.value("overstacked", "10.04")
    assert session.value("stacked_steps_in", "10.04") == 2
    assert session.value("steps_in", "10.04") == 12


def test_non_self_propelled_park_units_do_nothing_but_fire(make_session):
    """gts:16.2.3#4: "Once Non-Self-Propelled Units are in an Artillery Park they
    cannot leave or change status in any way ... until the Park is disbanded";
    gts:16.2.3#7: "An Artillery Park may not move" — a towed gun in a Park may
    only fire, rally or pass; disbanded, it may move again."""
    session = make_session(placement={"pi1": "10.04", "truck": "01.01", "schaette": "10.04"},
                           allies=KeyedPlayer({}))
    gun = artillery(session, "gun", "allies", "10.10", movement=4)
    assert "move" in session.value("legal_actions", gun, "formation")
    in_park(session, "10.10", gun)
    assert set(session.value("legal_actions", gun, "formation")) <= {"fire", "rally", "pass"}
    session.perform("disband_park", "10.10")
    assert "move" in session.value("legal_actions", gun, "formation")


def test_self_propelled_units_leave_a_park_that_keeps_one(make_session):
    """gts:16.2.3#5: "Self-Propelled Artillery Units may leave an Artillery Park
    only if at least one artillery Unit remains in it": a tracked Orange Unit in
    a Park with a towed one may move out (and is out of the Park); alone, not."""
    axis = KeyedPlayer({"move": ["10.11", "stop"]})
    session = make_session(axis=axis, allies=KeyedPlayer({"move": ["10.11", "stop"]}))
    sp = artillery(session, "sp", "allies", "10.10", movement=6, movement_class="tracked")
    towed = artillery(session, "towed", "allies", "10.10", movement=4)
    in_park(session, "10.10", sp, towed)
    assert "move" in session.value("legal_actions", sp, "formation")
    assert "move" not in session.value("legal_actions", towed, "formation")
    session.perform("move", [sp], "formation")
    assert session.attr(sp, "hex") == "10.11"
    assert session.attr(sp, "in_artillery_park") == 0
    assert session.attr(towed, "in_artillery_park") == 1
    alone = make_session()
    lone = artillery(alone, "lone", "allies", "10.10", movement=6, movement_class="tracked")
    in_park(alone, "10.10", lone)
    assert "move" not in alone.value("legal_actions", lone, "formation")


def test_no_artillery_entrenches_or_holds_an_improved_position_by_a_park(make_session):
    """gts:16.2.3#6: "Artillery Units, whether in an Artillery Park or in the same
    hex as one, may never Entrench or be in an Improved Position": an engineer
    in the Park's hex cannot give the gun beside the Park an Improved Position,
    the gun may not enter the hex's entrenchment, and a Park made where a gun
    holds an Improved Position ends it."""
    session = make_session()
    engineer = add(session, "sapper", "allies", "10.10", unit_class="infantry", engineer=True)
    park_gun = artillery(session, "park_gun", "allies", "10.10")
    beside = artillery(session, "beside", "allies", "10.10", weapon_class="EMPLACED")
    session.state.set_track(Ref("hex", "10.10"), "entrenchments", 2, [])
    session.state.set_link(Ref("hex", "10.10"), "entrenchments_of", Ref("side", "allies"), [])
    assert session.value("free_entrenchment", beside)
    in_park(session, "10.10", park_gun)
    assert not session.value("free_entrenchment", beside)
    assert "entrench" not in session.value("legal_actions", beside, "formation")
    asked = []
    session.players.players["allies"] = KeyedPlayer({
        "engineer_work": "improved_position_for",
        "improved_position_for": lambda d: asked.extend(d.options) or d.options[0]})
    session.perform("engineer", engineer)
    assert asked == [engineer]                 # only the sapper itself may have one
    assert session.attr(beside, "improved_position") == 0
    other = make_session(allies=KeyedPlayer(FIRST))
    other.state.tracks["division:nz2"] = {"dp": 1}
    dug_in = artillery(other, "dug_in", "allies", "10.10")
    emplaced = artillery(other, "emplaced", "allies", "10.10", weapon_class="EMPLACED")
    set_tracks(other, dug_in, improved_position=1)
    set_tracks(other, emplaced, improved_position=1)
    other.perform("create_parks", nz2(other))
    assert other.attr(dug_in, "in_artillery_park") == 1
    assert (other.attr(dug_in, "improved_position"),
            other.attr(emplaced, "improved_position")) == (0, 0)



def test_crete_engineers_keep_the_series_park_rule(make_session):
    """gts:16.2.3#6 under the Crete rules, whose Rubble (crete:2.9) adds a work to
    the series' Engineer Action: the engineer beside a Park still cannot give
    the guns an Improved Position, and Rubble's own work is offered with the
    series' ones, not instead of them."""
    session = make_session(program=build_program(["crete"]))
    engineer = add(session, "sapper", "allies", "10.10", unit_class="infantry", engineer=True)
    park_gun = artillery(session, "park_gun", "allies", "10.10")
    artillery(session, "beside", "allies", "10.10", weapon_class="EMPLACED")
    in_park(session, "10.10", park_gun)
    session.state.set_track(Ref("hex", "10.10"), "rubble", 1, [])
    assert session.value("engineer_works", engineer) == [
        "improved_position", "improved_position_for", "clear_rubble"]
    asked = []
    session.players.players["allies"] = KeyedPlayer({
        "engineer_work": "improved_position_for",
        "improved_position_for": lambda d: asked.extend(d.options) or d.options[0]})
    session.perform("engineer", engineer)
    assert asked == [engineer]

def test_disbanding_in_step_e(make_session):
    """gts:16.2.4#1-2: the Park may disband in step E: the marker goes, the Units
    come back to the hex, in Column or not at the owner's choice; gts:16.2.4#3:
    they are then "subject to the normal overstacking rules (14.7)" (five
    two-Step guns and the infantry: ten Steps, overstacked)."""
    session = step_e_session(make_session, dp=0, disband_artillery_park=1,
                             column_after_park=[1, 0])
    guns = [artillery(session, f"g{i}", "allies", "10.10", steps=2) for i in range(5)]
    add(session, "inf", "allies", "10.10", unit_class="infantry")
    in_park(session, "10.10", *guns)
    assert not session.value("overstacked", "10.10")
    session.perform("parks_and_contact")
    assert hex_track(session, "10.10", "artillery_park") == 0
    assert [session.attr(g, "in_artillery_park") for g in guns] == [0] * 5
    assert [session.attr(g, "column") for g in guns] == [1, 0, 0, 0, 0]
    assert session.value("overstacked", "10.10")


def test_direct_fire_on_a_park_disbands_it_first_and_contact_goes_back(make_session):
    """gts:16.2.5#1-3: Park Units may be Direct Fire targets; the moment Direct Fire
    is announced the Park is disbanded, then the fire is resolved normally (on a
    Unit no longer in the Park, so not in Column unless chosen) and the In Contact
    markers go back on the Artillery Units, Contact Pending side up;
    gts:16.3.1#8 (Direct Fire)."""
    session = make_session(rolls=[9, 9], allies=KeyedPlayer({"column_after_park": 0}))
    gun = artillery(session, "gun", "allies", "15.08")
    mate = artillery(session, "mate", "allies", "15.08")
    in_park(session, "15.08", gun, mate)
    in_contact(session, mate, "bedding")
    session.perform("direct_fire", session.ref("unit", "pi1"), gun, "direct", 0)
    assert hex_track(session, "15.08", "artillery_park") == 0
    assert session.attr(mate, "in_contact") == 0 and session.attr(mate, "contact_with") is None
    disbanded = [e.seq for e in session.events("park_disbanded")]
    shot = [e.seq for e in session.events("fire_resolved")]
    assert disbanded and shot and disbanded[0] < shot[0]


def test_a_successful_assault_on_the_park_hex_disbands_it(make_session):
    """gts:16.2.5#2: "... or the hex containing the Artillery Park marker is
    successfully assaulted (the assaulting Unit passes its Bravery Check), the
    Artillery Park is immediately disbanded"; gts:16.3.1#8 (Assault): contact
    goes with it; gts:16.2.5#1: Park Units may be the targets of an Assault."""
    axis = KeyedPlayer({"assault_hex": "10.10", "buy:tq_check": False,
                        "stand_or_run": "stand", "charge_or_fire": "assault_fire",
                        "continue_assault": "withdraw"})
    allies = KeyedPlayer({"column_after_park": 0, "opportunity_fire": False,
                          "stand_or_run": "stand", "buy:tq_check": False,
                          "convert_suppression": False})
    session = make_session(rolls=[0] + [9] * 12, axis=axis, allies=allies,
                           placement={"pi1": "10.09", "truck": "01.01", "schaette": "10.09"})
    gun = artillery(session, "gun", "allies", "10.10")
    in_park(session, "10.10", gun)
    in_contact(session, gun, "bedding")
    assert session.ref("unit", "pi1") and "10.10" in session.value(
        "assault_hexes", [session.ref("unit", "pi1")])
    session.perform("assault", [session.ref("unit", "pi1")], "formation")
    assert hex_track(session, "10.10", "artillery_park") == 0
    assert session.attr(gun, "in_artillery_park") == 0
    assert session.attr(gun, "in_contact") == 0


def test_a_failed_bravery_check_leaves_the_park(make_session):
    """gts:16.2.5#2: only a successful Assault (Bravery Check passed) disbands it."""
    axis = KeyedPlayer({"assault_hex": "10.10", "buy:tq_check": False})
    session = make_session(rolls=[9] * 4, axis=axis,
                           placement={"pi1": "10.09", "truck": "01.01", "schaette": "10.09"})
    gun = artillery(session, "gun", "allies", "10.10")
    add(session, "guard", "allies", "10.11")          # a Fire Zone on the attacker: a check
    in_park(session, "10.10", gun)
    session.perform("assault", [session.ref("unit", "pi1")], "formation")
    assert hex_track(session, "10.10", "artillery_park") == 1


def test_parks_take_normal_spotted_indirect_fire(make_session):
    """gts:16.2.5#4: "Artillery Parks may also be fired on by normal Indirect Fire,
    subject to the normal rules (spotting, etc.)": unspotted and not Fired, a Park
    Unit is no target; with a spotter it is, and the Park stays (only Direct
    Fire and Assault disband it); gts:16.7#12: spotted fire at a Park."""
    session = make_session(rolls=[9], placement={"greek": "10.06", "bedding": "10.06",
                                                 "police": "20.12"})
    gun = artillery(session, "gun", "allies", "10.12")
    in_park(session, "10.12", gun)
    in_contact(session, gun, "bedding")
    enemy = artillery(session, "enemy", "axis", "02.02")
    in_park(session, "02.02", enemy)
    assert enemy not in session.value("indirect_targets", gun)
    spotted = artillery(session, "spotted", "axis", "10.04")
    in_park(session, "10.04", spotted)
    assert spotted in session.value("indirect_targets", gun)
    session.perform("indirect_fire", gun, spotted)
    assert hex_track(session, "10.04", "artillery_park") == 1


def towed_gun(session, ident, hex_id):
    """A towed Orange gun whose flip side is its Organic Transport (mounted)."""
    front = {**session.state.catalog["unit"]["greek"]["faces"]["front"],
             "weapon_class": "IHE", "fire_range": 12, "organic_transport": True}
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": "allies", "division": "nz2", "formation": "inf1",
        "unit_class": "gun", "back_kind": "transport",
        "faces": {"front": front,
                  "back": {**front, "fire_rating": None, "weapon_class": None,
                           "fire_range": 1, "movement": 8, "movement_class": "wheeled"}}}
    session.place(ident, hex_id)
    gun = session.ref("unit", ident)
    session.state.faces[ident] = "back"
    return gun


def test_dismounting_into_the_park_draws_no_opportunity_fire(make_session):
    """gts:16.2.2#1: Orange Units of the Division "join by moving into the Park's
    hex and dismounting (if not Self-Propelled)"; gts:16.2.2#3: "A Unit that
    dismounts or leaves Column after entering a Park does not trigger Opportunity
    Fire" — a towed gun driving into the Park's hex (in a German's Fire Zone)
    dismounts into the Park with no Opportunity Fire; gts:16.2.2#2: it is not in
    Column there. Elsewhere the same dismount draws it (gts:17.2)."""
    allies = KeyedPlayer({"move": ["10.10", "dismount"], "join_artillery_park": 1,
                          "column_after_dismount": 0})
    session = make_session(allies=allies, axis=KeyedPlayer({"opportunity_fire": False}),
                           placement={"pi1": "10.07", "truck": "01.01", "schaette": "10.07"})
    first = artillery(session, "first", "allies", "10.10")
    in_park(session, "10.10", first)
    gun = towed_gun(session, "towed", "10.11")
    set_tracks(session, gun, column=1)
    session.perform("move", [gun], "formation")
    assert session.attr(gun, "hex") == "10.10" and session.attr(gun, "face") == "front"
    assert session.attr(gun, "in_artillery_park") == 1 and session.attr(gun, "column") == 0
    triggers = [e.data for e in session.events("opportunity_trigger")]
    assert all(t["destination"] is not None for t in triggers)   # the moves only
    elsewhere = make_session(allies=KeyedPlayer({"move": ["dismount"],
                                                 "column_after_dismount": 0}),
                             axis=KeyedPlayer({"opportunity_fire": False}),
                             placement={"pi1": "10.07", "truck": "01.01",
                                        "schaette": "10.07"})
    other = towed_gun(elsewhere, "towed", "10.10")
    elsewhere.perform("move", [other], "formation")
    assert [e.data["destination"] for e in elsewhere.events("opportunity_trigger")] == [None]
    assert elsewhere.attr(other, "in_artillery_park") == 0
