"""Leaders, command and attachment sentence by sentence (gts:21.1–21.7)."""

from __future__ import annotations

import pytest
from conftest import INFANTRY

from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.engine.rulebook import ExtraRules, build_program

DOORS = ExtraRules("doors21.ksr", '''
procedure test_chit21(chit: chit) @gts:21.3 {
  step set @gts:21.3 { for g in all_of("game") { set g.active_chit = chit } }
}
procedure test_eliminate21(unit: unit) @gts:21.3 {
  step go @gts:21.3 { do eliminate(unit) }
}
''', layer="scenario")


@pytest.fixture(scope="module")
def program():
    return build_program(["gts"], extra=[DOORS])


def add_unit(session, ident, stripe=None, hex_id="15.07", formation="indep",
             division="geb5", side="axis", **face):
    session.state.catalog["formation"].setdefault("indep", {
        "name": "Independents", "side": "axis", "division": "geb5", "leader": None})
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": side, "division": division, "formation": formation,
        "unit_class": "infantry", "back_kind": None,
        "faces": {"front": {**INFANTRY, "stripe": stripe, **face}}}
    session.place(ident, hex_id)
    return session.ref("unit", ident)


def second_leader(session, hex_id):
    """A second Formation of the 5. Gebirgs Division, its Leader in *hex_id*."""
    session.state.catalog["formation"]["gj85"] = {
        "name": "GJR 85", "side": "axis", "division": "geb5", "leader": "krakau"}
    session.state.catalog["leader"]["krakau"] = {
        "name": "Obst Krakau", "side": "axis", "division": "geb5", "formation": "gj85",
        "command_range": 3, "attachment_rating": 1}
    session.place("krakau", hex_id, "leader")
    return session.ref("leader", "krakau")


def where(session, kind, ident):
    return session.attr(session.ref(kind, ident), "hex")


def test_leaders_have_no_movement_and_are_not_units(make_session):
    """gts:21.1#2: "Leaders are not Units"; gts:21.2#1: "Leaders have no movement
    allowances — they transfer": a Formation activation gives its Units Actions,
    never its Leader; gts:21.2#7: "Leaders never count against stacking limits"."""
    axis = KeyedPlayer({"action": "pass", "transfer_leader": "stay", "stack_with": "done"})
    session = make_session(axis=axis)
    session.perform("activate_formation", session.ref("formation", "pi95"))
    acted = {d.subject.id for d in axis.asked if d.key == "action"}
    assert acted == {"pi1", "truck"}
    assert [u.id for u in session.state.units_at("15.06")] == ["pi1", "truck"]
    before = session.value("stacked_steps_in", "15.06")
    session.place("bedding", "15.06", "leader")
    assert session.value("stacked_steps_in", "15.06") == before
    assert not session.value("overstacked", "15.06")


def test_leader_transfers_last_at_the_end_of_formation_and_division_activations(make_session):
    """gts:21.2#2: the Leader transfers at the end of his Formation's and of his
    Division's activation; gts:21.2#3: to any hex with a Unit of his Formation or
    an independent Unit of his Division; gts:21.2#6: the transfer is the last
    thing in the activation, after every Active Unit has acted."""
    axis = KeyedPlayer({"action": "pass", "stack_with": "done", "attach": "none",
                        "transfer_leader": lambda d: d.options[-1],
                        "second_action": False})
    session = make_session(axis=axis, rolls=[0, 0])
    session.state.catalog["unit"]["truck"]["formation"] = "pi95"
    session.place("truck", "12.06")
    add_unit(session, "white1", stripe="white", hex_id="13.03")
    add_unit(session, "enemy", hex_id="13.06", formation="inf1", division="nz2", side="allies")
    session.perform("activate_formation", session.ref("formation", "pi95"))
    keys = [d.key for d in axis.asked if d.key in ("action", "transfer_leader")]
    assert keys[-1] == "transfer_leader" and keys.count("action") >= 2
    offered = next(d for d in axis.asked if d.key == "transfer_leader").options
    ids = {getattr(o, "id", o) for o in offered}
    assert {"stay", "pi1", "truck", "white1"} <= ids and "enemy" not in ids
    assert where(session, "leader", "schaette") == "13.03"     # the white-striped Unit
    session.perform("activate_division", session.ref("division", "geb5"))
    assert [d.key for d in axis.asked][-1] == "transfer_leader"


def test_a_striped_unit_does_not_let_the_leader_stay(make_session):
    """gts:21.2#4: a Leader in a hex with no Unit of his Formation must transfer to
    one; gts:21.2#5: "only a Unit of the Leader's own Formation counts — not a
    black- or white-striped Unit"."""
    axis = KeyedPlayer({"transfer_leader": lambda d: d.options[0]})
    session = make_session(axis=axis, placement={"schaette": "10.10"})
    add_unit(session, "white1", stripe="white", hex_id="10.10")
    session.perform("transfer_leader", session.ref("leader", "schaette"))
    ask = next(d for d in axis.asked if d.key == "transfer_leader")
    assert "stay" not in ask.options
    assert {o.id for o in ask.options} == {"pi1", "truck"}
    assert where(session, "leader", "schaette") == "15.06"


def test_direct_command_the_leader_stays_with_his_units_and_never_transfers(make_session):
    """gts:21.2#9: a Leader stacked with a Unit that moves under Direct Command must
    remain stacked with a Unit of his Formation; gts:21.2#10: with another Unit of
    his Formation left in the hex he may stay behind or go; gts:21.2#11: he
    cannot transfer at the end of a Direct Command activation."""
    axis = KeyedPlayer({"direct_command_unit": ["pi1", "done"], "stack_with": "done",
                        "action": "move", "move": ["15.05", "stop"],
                        "leader_goes_with": True})
    session = make_session(axis=axis)
    session.state.tracks["division:geb5"] = {"cp": 3}
    session.perform("direct_command", session.ref("side", "axis"))
    assert where(session, "unit", "pi1") == "15.05"
    assert where(session, "unit", "truck") == "15.06"
    assert where(session, "leader", "schaette") == "15.05"        # he chose to go
    assert not [d for d in axis.asked if d.key == "transfer_leader"]
    axis = KeyedPlayer({"direct_command_unit": ["pi1", "done"], "stack_with": "done",
                        "action": "move", "move": ["14.06", "stop"],
                        "leader_goes_with": False})
    session = make_session(axis=axis)
    session.state.tracks["division:geb5"] = {"cp": 3}
    session.perform("direct_command", session.ref("side", "axis"))
    assert where(session, "leader", "schaette") == "15.06"        # the truck is still there


def test_a_second_action_move_takes_the_leader_along(make_session):
    """gts:21.2#9: "... or as a Second Action — the Leader must remain stacked with a
    Unit of his Formation": the only one of his Units there moves, he goes too."""
    axis = KeyedPlayer({"move": ["15.05", "stop"]})
    session = make_session(axis=axis, placement={"truck": "10.10"})
    session.perform("move", [session.ref("unit", "pi1")], "formation_second")
    assert where(session, "leader", "schaette") == "15.05"
    session = make_session(axis=KeyedPlayer({"move": ["15.05", "stop"]}),
                           placement={"truck": "10.10"})
    session.perform("move", [session.ref("unit", "pi1")], "formation")
    assert where(session, "leader", "schaette") == "15.06"        # he transfers later


@pytest.mark.parametrize("kind, follows", [("formation_second", True), ("formation", False)])
def test_a_second_action_assault_takes_the_leader_along(make_session, kind, follows):
    """gts:21.2#9: a Unit that "moves or Assaults ... as a Second Action": the
    Leader must remain stacked with a Unit of his Formation — the only one of
    his Units there advances into the hex it took, and he goes with it; under
    the Formation's own first Action he waits to transfer at its end."""
    allies = KeyedPlayer({"stand_or_run": "run_away", "run_away_to": lambda d: d.options[0],
                          "opportunity_fire": False})
    axis = KeyedPlayer({"opportunity_fire": False})
    session = make_session(rolls=[0] * 10, allies=allies, axis=axis,
                           placement={"greek": "14.06", "bedding": "14.06", "police": "01.12",
                                      "truck": "20.01"})
    session.perform("assault", [session.ref("unit", "pi1")], kind)
    assert where(session, "unit", "pi1") == "14.06"
    assert where(session, "leader", "schaette") == ("14.06" if follows else "15.06")


@pytest.mark.parametrize("goes", [True, False])
def test_a_second_action_assault_leaves_the_leader_a_choice(make_session, goes):
    """gts:21.2#10: the truck staying in the hex, the Leader may advance with the
    Assaulting Unit or stay behind with it."""
    allies = KeyedPlayer({"stand_or_run": "run_away", "run_away_to": lambda d: d.options[0],
                          "opportunity_fire": False})
    axis = KeyedPlayer({"opportunity_fire": False, "leader_goes_with": goes})
    session = make_session(rolls=[0] * 10, allies=allies, axis=axis,
                           placement={"greek": "14.06", "bedding": "14.06", "police": "01.12"})
    session.perform("assault", [session.ref("unit", "pi1")], "formation_second")
    assert where(session, "leader", "schaette") == ("14.06" if goes else "15.06")


def test_leader_runs_away_with_his_units(make_session):
    """gts:21.2#12: "If Units stacked with a Leader run away during an Assault, the
    Leader must run away with them"."""
    allies = KeyedPlayer({"stand_or_run": "run_away", "run_away_to": lambda d: d.options[0],
                          "opportunity_fire": False})
    axis = KeyedPlayer({"opportunity_fire": False})
    session = make_session(rolls=[0] * 10, allies=allies, axis=axis,
                           placement={"greek": "14.06", "bedding": "14.06", "police": "01.12"})
    session.perform("assault", [session.ref("unit", "pi1")], "formation")
    greek_at = where(session, "unit", "greek")
    assert greek_at not in (None, "14.06")
    assert where(session, "leader", "bedding") == greek_at


def test_a_wiped_out_formation_loses_its_leader_until_reinforcements(make_session, program):
    """gts:21.3#2: the whole Formation wiped out, the Leader is removed at once;
    gts:21.3#3: when Units of that Formation arrive later as reinforcements, he
    returns and is placed with them."""
    allies = KeyedPlayer({"reinforcement_column": 0})
    session = make_session(program=program, allies=allies,
                           placement={"police": "04.05"})
    session.perform("test_chit21", session.ref("chit", "division:geb5"))
    session.perform("test_eliminate21", session.ref("unit", "greek"))
    assert where(session, "leader", "bedding") == "04.05"           # the police remain
    session.perform("test_eliminate21", session.ref("unit", "police"))
    assert where(session, "leader", "bedding") is None
    session.state.catalog["unit"]["late"] = dict(session.state.catalog["unit"]["greek"],
                                                 name="late", entry_hex="01.06")
    session.perform("reinforcement_arrives", session.ref("unit", "late"))
    assert where(session, "leader", "bedding") == "01.06"


def test_command_range_counts_hexes_only(make_session):
    """gts:21.4#1: In Command up to the Leader's Command Range in hexes (2 here);
    gts:21.4#2: enemy Units between do not interfere."""
    session = make_session(placement={"pi1": "15.08", "truck": "15.09"})
    add_unit(session, "enemy", hex_id="15.07", formation="inf1", division="nz2", side="allies")
    assert session.value("in_command", session.ref("unit", "pi1"))        # two hexes
    assert not session.value("in_command", session.ref("unit", "truck"))  # three


def test_command_is_checked_the_instant_before_a_second_action(make_session):
    """gts:21.4#3: command is checked the instant before the Unit does what needs it:
    moved out of range, the Unit may buy no Second Action (the book's Leader
    Movement Example); back in range, it may."""
    session = make_session()
    session.state.tracks["division:geb5"] = {"cp": 2}
    pi1 = session.ref("unit", "pi1")
    session.state.tracks.setdefault("unit:pi1", {})["cohesion_hits"] = 1
    assert session.value("second_actions", pi1, "move", "formation")
    session.place("pi1", "15.10")
    assert session.value("second_actions", pi1, "move", "formation") == []


def test_independent_formations_are_commanded_by_any_leader_of_the_division(make_session):
    """gts:21.4#4-5: an independent Formation has no Leader; its Units are In
    Command within Command Range of any Leader of the same Division;
    gts:21.4.1#1: so is a white- or black-striped Unit (not the other side's
    Leaders)."""
    session = make_session()
    indep = add_unit(session, "indep1", hex_id="05.05")
    white = add_unit(session, "white1", stripe="white", hex_id="05.06")
    session.place("bedding", "05.05", "leader")
    assert not session.value("in_command", indep) and not session.value("in_command", white)
    second_leader(session, "06.06")
    assert session.value("in_command", indep) and session.value("in_command", white)


def test_reinforcements_and_leaders_in_entry_hexes_command_nothing(make_session):
    """gts:21.4#6: Units in reinforcement entry hexes are Out of Command;
    gts:21.4#7: a Leader in a reinforcement entry hex commands no Unit."""
    session = make_session(placement={"truck": "15.07"})
    pi1, truck = session.ref("unit", "pi1"), session.ref("unit", "truck")
    assert session.value("in_command", pi1) and session.value("in_command", truck)
    session.state.tracks.setdefault("unit:pi1", {})["in_entry_hex"] = 1
    assert not session.value("in_command", pi1)
    assert not session.value("in_command", truck)       # its Leader is in the entry hex
    session.state.tracks["unit:pi1"]["in_entry_hex"] = 0
    assert session.value("in_command", truck)


def test_artillery_in_a_park_and_emplaced_artillery_command(make_session):
    """gts:21.4.1#2: Indirect HE in an Artillery Park is In Command wherever its
    Leaders are; gts:21.4.1#3: Emplaced Artillery must be In Command of the Leader
    it is In Contact with — another Leader of its Division near it does not do."""
    session = make_session()
    park = add_unit(session, "park", stripe="white", hex_id="01.01", weapon_class="IHE")
    assert not session.value("in_command", park)
    session.state.tracks["unit:park"] = {"in_artillery_park": 1}
    assert session.value("in_command", park)
    emplaced = add_unit(session, "emp", stripe="white", hex_id="05.05",
                        weapon_class="EMPLACED")
    second_leader(session, "05.06")
    assert session.value("in_command", emplaced)
    session.state.tracks["unit:emp"] = {"in_contact": 1}
    session.state.links["unit:emp"] = {"contact_with": "leader:schaette"}
    assert not session.value("in_command", emplaced)     # Schaette is ten hexes away
    session.place("emp", "15.07")
    assert session.value("in_command", emplaced)


def test_striped_spotters_and_out_of_command_artillery(make_session):
    """gts:21.4.1#4: a striped spotter must be In Command of the Leader the
    artillery is attached to (in contact with); gts:21.7#3: an Out of Command
    Unit cannot spot; gts:21.7#4: an Out of Command Emplaced or Mortar Unit cannot
    fire a spotted mission."""
    session = make_session(placement={"greek": "15.01", "bedding": "01.12"})
    emplaced = add_unit(session, "emp", stripe="white", hex_id="15.08",
                        weapon_class="EMPLACED", fire_range=12)
    session.state.tracks["unit:emp"] = {"in_contact": 1}
    session.state.links["unit:emp"] = {"contact_with": "leader:schaette"}
    spotter = add_unit(session, "spot", stripe="white", hex_id="15.04")
    assert spotter in session.value("spotters", emplaced, "15.01")
    second_leader(session, "15.03")
    session.place("schaette", "15.08", "leader")                  # spot: four hexes away now
    assert session.value("in_command", spotter)         # Krakau commands it ...
    assert spotter not in session.value("spotters", emplaced, "15.01")  # ... not for this
    session.place("schaette", "15.06", "leader")
    session.place("krakau", None, "leader")
    assert session.value("spotters", emplaced, "15.01")
    session.place("emp", "01.01")                       # out of Schaette's range
    assert not session.value("in_command", emplaced)
    assert session.value("spotters", emplaced, "15.01") == []
    mortar = add_unit(session, "mortar", hex_id="01.02", formation="pi95",
                      weapon_class="MORTAR", fire_range=20)
    assert not session.value("in_command", mortar)
    assert session.value("spotters", mortar, "15.01") == []
    pi1 = session.ref("unit", "pi1")
    session.place("mortar", "15.07")
    assert pi1 in session.value("spotters", mortar, "15.01")
    session.place("schaette", "10.10", "leader")                  # pi1 Out of Command now
    assert pi1 not in session.value("spotters", mortar, "15.01")


def test_attachments_are_settled_before_any_unit_acts(make_session):
    """gts:21.5#2: "All attachments are determined at the beginning of the
    Formation's activation": the attach question comes before the first Action,
    and a white-striped Unit that comes into range during it is not attached."""
    axis = KeyedPlayer({"attach": "none", "action": "pass", "transfer_leader": "stay",
                        "stack_with": "done"})
    session = make_session(axis=axis)
    add_unit(session, "white1", stripe="white")
    session.perform("activate_formation", session.ref("formation", "pi95"))
    keys = [d.key for d in axis.asked if d.key in ("attach", "action")]
    assert keys[0] == "attach" and "attach" not in keys[1:]
    assert "white1" not in {d.subject.id for d in axis.asked if d.key == "action"}


def test_more_artillery_in_contact_than_the_rating(make_session):
    """gts:21.5#4: with more white-striped Artillery In Contact than his rating (1),
    the owner chooses which is active, and no other white-striped Unit attaches;
    gts:21.6.1#2: Artillery In Contact attaches even from another Division."""
    axis = KeyedPlayer({"active_artillery": "gun2", "action": "pass",
                        "transfer_leader": "stay", "stack_with": "done"})
    session = make_session(axis=axis)
    session.state.catalog["division"]["fj7"] = dict(session.state.catalog["division"]["geb5"])
    for ident, division in (("gun1", "geb5"), ("gun2", "fj7")):
        add_unit(session, ident, stripe="white", weapon_class="IHE", division=division)
        session.state.tracks[f"unit:{ident}"] = {"in_contact": 1, "in_artillery_park": 1}
        session.state.links[f"unit:{ident}"] = {"contact_with": "leader:schaette"}
    add_unit(session, "white1", stripe="white")
    session.perform("activate_formation", session.ref("formation", "pi95"))
    choice = next(d for d in axis.asked if d.key == "active_artillery")
    assert {o.id for o in choice.options} == {"gun1", "gun2"}
    acted = {d.subject.id for d in axis.asked if d.key == "action"}
    assert "gun2" in acted and "gun1" not in acted and "white1" not in acted
    assert not [d for d in axis.asked if d.key == "attach"]


def test_attached_units_act_as_the_formations_own_with_second_actions(make_session):
    """gts:21.6.2#3: an attached white-striped Unit is treated as a Unit of the
    Active Formation, a Second Action included while it stays in Command Range
    — of that Leader only (gts:21.6.5#2-3: another Leader of the Division near
    it does not command it during that activation)."""
    session = make_session()
    session.state.tracks["division:geb5"] = {"cp": 2}
    white = add_unit(session, "white1", stripe="white", hex_id="15.07")
    session.state.tracks["unit:white1"] = {"cohesion_hits": 1}
    session.state.links["unit:white1"] = {"attached_to": "leader:schaette"}
    assert session.value("second_actions", white, "move", "formation")
    second_leader(session, "10.10")
    session.place("white1", "10.09")
    assert not session.value("in_command", white)
    assert session.value("second_actions", white, "move", "formation") == []
    session.state.links["unit:white1"] = {}
    assert session.value("in_command", white)            # detached: Krakau's range
