"""Artillery Parks (gts:16.2.x) and radio contact (gts:16.3, gts:16.3.1) in
step E, and Parks under fire (gts:16.2.5, gts:16.7)."""

from __future__ import annotations

from conftest import INFANTRY

from kriegsspiel.core.players import KeyedPlayer


def gun(session, ident, hex_id, side="allies", **face):
    division, formation = ("nz2", "inf1") if side == "allies" else ("geb5", "pi95")
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": side, "division": division, "formation": formation,
        "unit_class": "gun", "back_kind": None,
        "faces": {"front": {**INFANTRY, "weapon_class": "IHE", "fire_range": 12,
                            "contact_pending": 5, "contact_in": 3, **face}}}
    session.place(ident, hex_id)
    return session.ref("unit", ident)


def hex_track(session, hex_id, name):
    return session.state.tracks.get(f"hex:{hex_id}", {}).get(name, 0)


def test_creating_a_park_costs_a_dispatch_point(make_session):
    """gts:16.2.1: in step E, for 1 DP, in a hex with a ready Orange Unit of the
    Division; the Units in that hex go into it (out of Column); one Park a hex;
    gts:16.2: a Unit in a Park is always In Command; gts:16.2.3: it may not move."""
    allies = KeyedPlayer({"create_artillery_park": lambda d: d.options[0]})
    session = make_session(allies=allies)
    session.state.tracks["division:nz2"] = {"dp": 2}
    g1, g2 = gun(session, "g1", "04.10"), gun(session, "g2", "04.10")
    session.state.tracks["unit:g2"] = {"column": 1}
    session.perform("create_parks", session.ref("division", "nz2"))
    assert hex_track(session, "04.10", "artillery_park") == 1
    assert [session.attr(g, "in_artillery_park") for g in (g1, g2)] == [1, 1]
    assert session.attr(g2, "column") == 0
    assert session.attr(session.ref("division", "nz2"), "dp") == 1   # one Park, one hex
    assert session.value("in_command", g1)                           # far from Bedding
    assert session.value("legal_actions", g1, "formation") == ["pass"]


def test_disbanding_returns_the_units_and_loses_contact(make_session):
    """gts:16.2.4 and gts:16.3.1: back to the hex, Column at the owner's choice,
    contact lost. gts:16.3.1#5, gts:16.3.2#10: "When the Artillery Unit's Artillery
    Park is disbanded" contact is lost."""
    allies = KeyedPlayer({"create_artillery_park": lambda d: d.options[0],
                          "column_after_park": 1})
    session = make_session(allies=allies)
    session.state.tracks["division:nz2"] = {"dp": 1}
    g1 = gun(session, "g1", "04.10")
    session.perform("create_parks", session.ref("division", "nz2"))
    session.state.tracks["unit:g1"]["in_contact"] = 1
    session.state.links["unit:g1"] = {"contact_with": "leader:bedding"}
    session.perform("disband_park", "04.10")
    assert session.attr(g1, "in_artillery_park") == 0 and session.attr(g1, "column") == 1
    assert session.attr(g1, "contact_with") is None
    assert hex_track(session, "04.10", "artillery_park") == 0


def test_contact_attempts(make_session):
    """gts:16.3: roll equal to or under the Contact Pending number (5), -3 for a
    Leader of another Division (gts:21.6.3#1: "with a negative modifier to their
    Contact Pending number, they may attach to Leaders of other Divisions"); one
    attempt a Unit per step E."""
    allies = KeyedPlayer({"contact_leader": "bedding"})
    session = make_session(rolls=[5], allies=allies)
    g1 = gun(session, "g1", "04.10", weapon_class="EMPLACED")
    session.perform("contact_attempts", session.ref("side", "allies"))
    assert session.attr(g1, "in_contact") == 1
    assert session.attr(g1, "contact_with") == session.ref("leader", "bedding")
    attempt = session.events("contact_attempted")[-1].data
    assert (attempt["roll"], attempt["target"], attempt["made"]) == (5, 5, True)
    other = make_session(rolls=[3], axis=KeyedPlayer({"contact_leader": "schaette"}))
    axis_gun = gun(other, "g2", "04.10", side="axis", weapon_class="EMPLACED")
    other.state.catalog["leader"]["schaette"]["division"] = "other"
    other.perform("contact_attempts", other.ref("side", "axis"))
    assert other.events("contact_attempted")[-1].data["target"] == 5 - 3
    assert other.attr(axis_gun, "in_contact") == 0


def test_direct_fire_on_a_park_disbands_it_and_firing_flips_it(make_session):
    """gts:16.2.5: Direct Fire announced at a Unit in a Park disbands the Park first;
    gts:16.7: a Park whose Unit fires is flipped to Fired until cleanup (gts:11.0).
    gts:16.7#2: "When any Artillery Unit in an Artillery Park fires, flip the
    Artillery Park marker to its 'Fired' side" (Direct Fire here); gts:16.7#11:
    flipped back when the barrage markers go."""
    allies = KeyedPlayer({"column_after_park": 0, "convert_suppression": False,
                          "buy:tq_check": False})
    session = make_session(rolls=[9] * 4, allies=allies, axis=KeyedPlayer())
    g1 = gun(session, "g1", "15.08")
    session.state.tracks["unit:g1"] = {"in_artillery_park": 1}
    from kriegsspiel.core.state import Ref
    session.state.set_track(Ref("hex", "15.08"), "artillery_park", 1, [])
    session.perform("direct_fire", session.ref("unit", "pi1"), g1, "direct", 0)
    assert session.attr(g1, "in_artillery_park") == 0
    assert hex_track(session, "15.08", "artillery_park") == 0
    g2 = gun(session, "g2", "04.10")
    session.state.tracks["unit:g2"] = {"in_artillery_park": 1}
    session.state.set_track(Ref("hex", "04.10"), "artillery_park", 1, [])
    session.perform("direct_fire", g2, session.ref("unit", "pi1"), "direct", 0)
    assert hex_track(session, "04.10", "park_fired") == 1
    session.perform("cleanup_phase")
    assert hex_track(session, "04.10", "park_fired") == 0


def test_counter_battery_fire(make_session):
    """gts:16.7: a Park Unit in contact with the active Formation's Leader may fire,
    without a spotter, at a Unit in an enemy Park on its Fired side, at -2; the
    other Units of that Park take "S?". gts:16.7#3, gts:16.7#8: only a Park on its
    Fired side; gts:16.7#5: in contact with the active Formation; gts:16.7#9: the
    -2; gts:16.2.5#5: "Counter-battery fire (16.7) allows Artillery Parks to be
    fired upon without a spotter"."""
    from kriegsspiel.core.state import Ref
    axis = KeyedPlayer({"buy:tq_check": False})
    session = make_session(rolls=[9, 0, 2], axis=axis,
                           placement={"greek": "20.12", "bedding": "20.12", "police": "20.11"})
    mine = gun(session, "mine", "01.12")
    target, other = gun(session, "t1", "08.06", side="axis"), gun(session, "t2", "08.06",
                                                                 side="axis")
    session.state.tracks["unit:mine"] = {"in_artillery_park": 1, "in_contact": 1}
    session.state.links["unit:mine"] = {"contact_with": "leader:bedding"}
    for u in ("t1", "t2"):
        session.state.tracks[f"unit:{u}"] = {"in_artillery_park": 1}
    session.state.set_track(Ref("hex", "08.06"), "artillery_park", 1, [])
    assert session.value("indirect_targets", mine) == []          # not Fired, no spotter
    session.state.set_track(Ref("hex", "08.06"), "park_fired", 1, [])
    assert session.value("indirect_targets", mine) == []          # no active Formation
    session.state.set_link(Ref("game", "game"), "active_chit", Ref("chit", "formation:inf1"),
                           [])
    assert session.value("indirect_targets", mine) == [target, other]
    session.perform("indirect_fire", mine, target)
    shot = session.events("fire_resolved")[-1].data
    assert shot["rating"] == 3 - 2 + 2 and shot["result"] == "1"   # -2, mass of 4 Steps +2
    assert session.attr(target, "step_loss") == 1   # no reduced side printed: a marker
    checks = [c for e in session.state.log for c in e.cause if c.get("what") == "check tq_check"]
    assert checks and checks[-1]["roll"] == 2                      # t2's S? check


def test_joining_a_park_and_the_contact_summary(make_session):
    """gts:16.2.2: another Orange Unit of the Division in the Park's hex joins it
    in step E; gts:16.3.2: contact on another Leader is transferred by rolling
    under the In Contact number (3 here), and is lost on effective fire.
    gts:16.3.1#4, gts:16.3.2#2-4, gts:16.3.2#7: a different Formation's Leader
    "successfully establishes contact ... by rolling equal to or less than the In
    Contact number on the marker during Step E" and the marker moves to him;
    gts:16.3.2#9: effective fire (a "C") loses it."""
    allies = KeyedPlayer({"create_artillery_park": lambda d: d.options[0],
                          "join_artillery_park": 1, "contact_leader": "bedding"})
    session = make_session(rolls=[3, 9], allies=allies,
                           axis=KeyedPlayer({"contact_leader": "none"}))
    session.state.tracks["division:nz2"] = {"dp": 1}
    g1 = gun(session, "g1", "04.10")
    session.perform("create_parks", session.ref("division", "nz2"))
    g2 = gun(session, "g2", "04.10")
    session.perform("join_parks", session.ref("division", "nz2"))
    assert session.attr(g2, "in_artillery_park") == 1
    session.state.tracks["unit:g1"]["in_contact"] = 1
    session.state.links["unit:g1"] = {"contact_with": "leader:schaette"}
    session.state.tracks["unit:g2"]["suppressed"] = 1       # Suppressed: no attempt
    session.perform("contact_attempts", session.ref("side", "allies"))
    attempt = session.events("contact_attempted")[-1].data
    assert (attempt["unit"], attempt["target"], attempt["made"]) == ("g1", 3, True)
    assert session.attr(g1, "contact_with") == session.ref("leader", "bedding")
    session.perform("apply_result", g1, "C")
    assert session.attr(g1, "contact_with") is None


def test_every_way_contact_is_lost(make_session):
    """gts:16.3.1: a Leader may give contact up in step E (and the Unit may not try
    again that turn); an Emplaced Unit that self-spots loses contact.
    gts:16.3.1#9, gts:16.3.2#12: the Leader gives up contact: lost at once, no new
    contact until the next turn; gts:16.3.1#6, gts:16.3.2#11: an Emplaced
    Artillery Unit that self-spots a target loses contact."""
    allies = KeyedPlayer({"give_up_contact": True, "contact_leader": "bedding"})
    session = make_session(rolls=[5], allies=allies,
                           placement={"pi1": "10.04", "truck": "01.01", "schaette": "10.04"})
    g1 = gun(session, "g1", "10.09", weapon_class="EMPLACED")
    session.state.tracks["unit:g1"] = {"in_contact": 1}
    session.state.links["unit:g1"] = {"contact_with": "leader:bedding"}
    session.perform("contact_attempts", session.ref("side", "allies"))
    assert session.attr(g1, "in_contact") == 0
    assert session.events("contact_given_up")[-1].data == {"unit": "g1", "leader": "bedding"}
    assert not session.events("contact_attempted")                 # not this turn
    session.state.tracks["unit:g1"]["in_contact"] = 1
    session.state.links["unit:g1"] = {"contact_with": "leader:bedding"}
    session.dice.script += [2, 0]
    session.players.players["axis"] = KeyedPlayer({"buy:tq_check": False,
                                                   "convert_suppression": False})
    session.perform("indirect_fire", g1, session.ref("unit", "pi1"))
    assert session.attr(g1, "in_contact") == 0
