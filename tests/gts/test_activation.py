"""Activations: Division (gts:10.0.1, gts:8.0), Formation with attachments
(gts:21.5, gts:21.6), Direct Command (gts:10.0.5), Second Actions (gts:10.0.2),
Leaders (gts:21.2) and Rally (gts:20.0)."""

from __future__ import annotations

from conftest import INFANTRY

from kriegsspiel.core.players import KeyedPlayer


def add_unit(session, ident, stripe=None, hex_id="15.07", **face):
    """An independent (striped) Unit of the 5. Gebirgs Division, in a Formation
    without a Leader (gts:21.4: "Independent Formations have no Leaders")."""
    session.state.catalog["formation"].setdefault("indep", {
        "name": "Independents", "side": "axis", "division": "geb5", "leader": None})
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": "axis", "division": "geb5", "formation": "indep",
        "back_kind": None, "faces": {"front": {**INFANTRY, "stripe": stripe, **face}}}
    session.place(ident, hex_id)
    return session.ref("unit", ident)


def marks(session, unit, **values):
    session.state.tracks.setdefault(f"unit:{unit}", {}).update(values)


def actions_offered(player, unit):
    return [d.options for d in player.asked if d.key == "action" and d.subject.id == unit]


def test_division_activation_brings_reinforcements_on(make_session):
    """gts:8.0: due units wait in the Reinforcement Box (step C) and enter on the
    entry hex when the Division chit is drawn — in Column if the owner wishes —
    Out of Command there (gts:21.4)."""
    axis = KeyedPlayer({"action": lambda d: "pass" if "pass" in d.options else "move",
                        "move": lambda d: "stop" if "stop" in d.options else d.options[0],
                        "stack_with": "done", "transfer_leader": "stay",
                        "reinforcement_column": 1})
    session = make_session(rolls=[4, 4], axis=axis)
    truck = session.ref("unit", "truck")
    session.place("truck", None)
    session.state.catalog["unit"]["truck"].update(arrival_turn=0, entry_hex="20.06")
    session.perform("reinforcements_to_boxes")
    assert session.attr(truck, "in_box") == 1 and session.attr(truck, "hex") is None
    session.perform("activate_division", session.ref("division", "geb5"))
    placed = [e.data["destination"] for e in session.events("unit_placed")
              if e.data["unit"] == "truck"]
    assert placed[-1] == "20.06"
    entered = [e for e in session.events("track_changed")
               if e.data["track"] == "in_entry_hex" and e.data["entity"] == "unit:truck"]
    assert [e.data["new"] for e in entered] == [1, 0]  # Out of Command there, then out
    assert session.attr(truck, "hex") != "20.06"      # it had to leave (gts:8.0)
    assert session.attr(truck, "column") == 1
    assert [d.options for d in axis.asked if d.key == "reinforcement_column"] == [(0, 1)]
    assert session.attr(session.ref("division", "geb5"), "cp") == 3 + 2  # rating 3 + half of 4


def test_division_activation_limits_and_second_actions(make_session):
    """gts:13.2: under a Division chit no fire or assault; gts:10.0.2: an In Command
    Unit may buy a Second Action of another type for 1 CP, free of those limits."""
    axis = KeyedPlayer({"stack_with": "done",
                        "action": lambda d: "pass" if "pass" in d.options else "rally",
                        "second_action": lambda d: d.subject.id == "pi1"})
    session = make_session(rolls=[0, 9], axis=axis)
    marks(session, "pi1", cohesion_hits=1)
    session.perform("activate_division", session.ref("division", "geb5"))
    offered = actions_offered(axis, "pi1")
    assert "fire" not in offered[0] and "assault" not in offered[0]
    assert offered[0] == ("move", "rally", "engineer", "pass")
    assert offered[1] == ("move", "rally")  # the Second Action: a different type, no pass
    assert session.attr(session.ref("unit", "pi1"), "cohesion_hits") == 0
    assert session.attr(session.ref("division", "geb5"), "cp") == 3 - 1


def test_no_second_action_out_of_command_or_without_points(make_session):
    """gts:10.0.2: In Command and one Command Point per Unit, or no Second Action."""
    axis = KeyedPlayer({"action": "pass", "second_action": False, "stack_with": "done"})
    session = make_session(rolls=[0, 9], axis=axis, placement={"pi1": "01.01"})
    marks(session, "pi1", cohesion_hits=1)
    session.perform("activate_division", session.ref("division", "geb5"))
    assert not [d for d in axis.asked if d.key == "second_action" and d.subject.id == "pi1"]


def test_direct_command_costs_a_point_per_unit_and_skips_independents(make_session):
    """gts:10.0.5: 1 CP per In Command, non-independent Unit; no Second Actions;
    gts:21.4.1#5: independents never activate under Direct Command."""
    axis = KeyedPlayer({"direct_command_unit": ["pi1", "done"], "action": "move",
                        "move": "stop", "second_action": True, "stack_with": "done"})
    session = make_session(axis=axis)
    add_unit(session, "white1", stripe="white", hex_id="15.06")
    session.state.tracks["division:geb5"] = {"cp": 3}
    session.perform("direct_command", session.ref("side", "axis"))
    first = next(d for d in axis.asked if d.key == "direct_command_unit")
    assert [getattr(o, "id", o) for o in first.options] == ["pi1", "truck", "done"]
    assert session.attr(session.ref("division", "geb5"), "cp") == 2
    assert not [d for d in axis.asked if d.key == "second_action"]


def test_formation_attaches_white_up_to_rating_and_black_freely(make_session):
    """gts:21.5, gts:21.6, gts:21.6.1 and gts:21.6.2: white-striped Units of the Division In
    Command of the Leader up to his
    Attachment Rating (1 here); gts:21.6.4: black-striped ones do not count.
    gts:21.5#1, gts:21.6.1#1, gts:21.6.2#1-2 (far_white, out of range, is not
    offered), gts:21.6.4#1."""
    axis = KeyedPlayer({"attach": "white1", "next_unit": lambda d: d.options[0],
                        "action": "pass", "transfer_leader": "stay", "stack_with": "done"})
    session = make_session(axis=axis)
    for ident, stripe in (("white1", "white"), ("white2", "white"), ("black1", "black")):
        add_unit(session, ident, stripe=stripe)
    add_unit(session, "far_white", stripe="white", hex_id="01.01")
    session.perform("activate_formation", session.ref("formation", "pi95"))
    attach = [d for d in axis.asked if d.key == "attach"]
    assert len(attach) == 1
    assert [getattr(o, "id", o) for o in attach[0].options] == ["white1", "white2", "none"]
    acted = {d.subject.id for d in axis.asked if d.key == "action"}
    assert acted == {"pi1", "truck", "white1", "black1"}
    assert all(session.attr(session.ref("unit", u), "attached_to") is None for u in acted)


def test_leader_must_transfer_to_his_own_formation(make_session):
    """gts:21.2: a Leader whose hex has no Unit of his Formation must transfer to
    one that has; otherwise he may stay."""
    axis = KeyedPlayer({"transfer_leader": lambda d: d.options[0]})
    session = make_session(axis=axis, placement={"schaette": "10.10"})
    session.perform("transfer_leader", session.ref("leader", "schaette"))
    ask = next(d for d in axis.asked if d.key == "transfer_leader")
    assert "stay" not in ask.options
    assert session.attr(session.ref("leader", "schaette"), "hex") == "15.06"
    session.perform("transfer_leader", session.ref("leader", "schaette"))
    assert axis.asked[-1].options[0] == "stay"


def test_rally_in_command_needs_no_roll(make_session):
    """gts:20.0: an In Command Unit rallies automatically — Suppression first."""
    session = make_session(rolls=[])
    marks(session, "pi1", suppressed=1, cohesion_hits=1)
    unit = session.ref("unit", "pi1")
    session.perform("rally", unit)
    assert (session.attr(unit, "suppressed"), session.attr(unit, "cohesion_hits")) == (0, 1)
    session.perform("rally", unit)
    assert session.attr(unit, "cohesion_hits") == 0


def test_rally_out_of_command_rolls_and_men_rallying_help(make_session):
    """gts:20.0: Out of Command (TQ 6 - 1 = 5) rolls; a failure earns a Men Rallying
    +1 marker, which counts on the next try; success removes them."""
    session = make_session(rolls=[6, 6], placement={"pi1": "01.01"})
    marks(session, "pi1", cohesion_hits=1)
    unit = session.ref("unit", "pi1")
    session.perform("rally", unit)
    assert session.attr(unit, "men_rallying") == 1 and session.attr(unit, "cohesion_hits") == 1
    session.perform("rally", unit)
    assert session.attr(unit, "men_rallying") == 0 and session.attr(unit, "cohesion_hits") == 0


def test_no_cohesion_rally_in_an_enemy_fire_zone_by_day(make_session):
    """gts:20.0 and gts:28.0: by day a Unit in an enemy Fire Zone may rally from
    Suppression but not from Cohesion Hits; at night it may (gts:28.0#3)."""
    session = make_session(placement={"greek": "15.07", "bedding": "15.07"})
    marks(session, "pi1", cohesion_hits=1)
    unit = session.ref("unit", "pi1")
    session.perform("rally", unit)
    assert session.attr(unit, "cohesion_hits") == 1
    session.state.catalog["game"]["game"]["turns"][0]["tags"] = ["night"]
    session.perform("rally", unit)
    assert session.attr(unit, "cohesion_hits") == 0


def test_independents_may_activate_again_with_another_formation(make_session):
    """gts:21.6.5: white- and black-striped Units may be activated more than once
    a turn (gts:21.6.5#1); attachment lasts one activation (gts:21.5)."""
    axis = KeyedPlayer({"attach": "white1", "action": "pass", "transfer_leader": "stay",
                        "stack_with": "done"})
    session = make_session(axis=axis)
    add_unit(session, "white1", stripe="white")
    for _ in range(2):
        session.perform("activate_formation", session.ref("formation", "pi95"))
    acted = [d.subject.id for d in axis.asked if d.key == "action"]
    assert acted.count("white1") == 2


def test_units_act_one_at_a_time_in_the_players_order(make_session):
    """gts:13.0 and gts:13.1: a Formation chit activates that Formation's Units;
    gts:13.3: the
    player picks the order, and a Second Action follows its Unit's first Action
    at once, before the next Unit acts."""
    order = []

    def next_unit(decision):
        choice = decision.options[-1]  # the last listed: the reverse of the data order
        order.append(choice.id)
        return choice
    axis = KeyedPlayer({"next_unit": next_unit, "transfer_leader": "stay", "stack_with": "done",
                        "action": lambda d: ("rally" if "rally" in d.options else
                                             "pass" if "pass" in d.options else "move"),
                        "second_action": lambda d: d.subject.id == "pi1", "move": "stop"})
    session = make_session(axis=axis, rolls=[])
    session.state.tracks["division:geb5"] = {"cp": 1}
    marks(session, "pi1", cohesion_hits=1)
    session.perform("activate_formation", session.ref("formation", "pi95"))
    assert order == ["truck", "pi1"]
    keys = [(d.key, getattr(d.subject, "id", None)) for d in axis.asked
            if d.key in ("action", "second_action")]
    assert keys == [("action", "truck"), ("second_action", "truck"),
                    ("action", "pi1"), ("second_action", "pi1"), ("action", "pi1")]
    assert session.attr(session.ref("unit", "pi1"), "cohesion_hits") == 0


def test_artillery_in_contact_counts_against_the_rating(make_session):
    """gts:21.5, gts:21.6.2 and gts:21.6.3: white-striped Artillery In Contact with the Leader
    is attached automatically and uses up his Attachment Rating (1): no other
    white-striped Unit may attach; contact lost, the link goes (gts:16.3.1).
    gts:21.5#3, gts:21.6.2#4; gts:16.3#9: "If the Artillery Unit has a White Stripe, it
    now counts against that Leader's Attachment Rating"."""
    axis = KeyedPlayer({"action": "pass", "transfer_leader": "stay", "stack_with": "done"})
    session = make_session(axis=axis)
    gun = add_unit(session, "gun", stripe="white", weapon_class="IHE")
    add_unit(session, "white1", stripe="white")
    session.state.tracks["unit:gun"] = {"in_contact": 1}
    session.state.links["unit:gun"] = {"contact_with": "leader:schaette"}
    session.perform("activate_formation", session.ref("formation", "pi95"))
    assert not [d for d in axis.asked if d.key == "attach"]
    acted = {d.subject.id for d in axis.asked if d.key == "action"}
    assert "gun" in acted and "white1" not in acted
    session.perform("apply_result", gun, "C")
    assert session.attr(gun, "contact_with") is None and session.attr(gun, "in_contact") == 0


def test_attached_independent_is_commanded_by_that_leader_only(make_session):
    """gts:21.6.5 note: an independent attached to the active Leader is In Command
    only if within his range, whatever other Leaders are near."""
    session = make_session()
    unit = add_unit(session, "white1", stripe="white", hex_id="10.10")
    session.place("bedding", "10.10", "leader")  # not of its Division anyway
    assert not session.value("in_command", unit)
    session.state.links["unit:white1"] = {"attached_to": "leader:schaette"}
    assert not session.value("in_command", unit)
    session.place("white1", "15.07")
    assert session.value("in_command", unit)


def test_leaders_are_not_units(make_session):
    """gts:21.0 and gts:21.1: Leaders are not Units: they are never in a hex's Units and
    never count towards stacking (gts:14.7)."""
    session = make_session()
    assert [u.id for u in session.state.units_at("15.06")] == ["pi1", "truck"]
    assert session.value("steps_in", "15.06") == 4
