"""Opportunity Fire against the Actions that change a Unit's mode in its hex
(gts:17.2, gts:14.6, gts:14.10.2, gts:14.10.3, gts:22.2.5): getting in or out of
Column, mounting and dismounting — in Column, out of the improved position, and
before or after the mode change at the firing player's choice."""

from __future__ import annotations

from test_fire import add

from kriegsspiel.core.players import KeyedPlayer

FAR = {"police": "01.12", "greek": "01.11", "bedding": "01.11"}


def mark(session, ident, **markers):
    session.state.tracks.setdefault(f"unit:{ident}", {}).update(markers)


def resolved(session):
    return [e.data for e in session.events("fire_resolved")]


def rating_terms(session):
    """The modifier terms of the last Opportunity Fire's rating."""
    ratings = [r for e in session.events("fire_resolved") for r in e.cause
               if r.get("what") == "modifiers modified_fire_rating"]
    return {t["name"]: t["amount"] for t in ratings[-1]["terms"]}


def column_session(make_session, axis, rolls, **pi1):
    """pi1 (Axis, two Steps) in 05.03, an American rifle (Fire Rating 3, Troop
    Quality 6) adjacent in 05.04; clear ground."""
    allies = KeyedPlayer({"opportunity_fire": True})
    session = make_session(rolls=rolls, axis=axis, allies=allies,
                           placement={**FAR, "pi1": "05.03", "truck": "09.09",
                                      "schaette": "05.03"})
    add(session, "us", "allies", "05.04", fire_rating=3, fire_range=2, troop_quality=6)
    mark(session, "pi1", **pi1)
    return session


def test_entering_column_takes_the_fire_in_column_and_out_of_the_position(make_session):
    """gts:17.2#15: "Units entering or exiting Column always take Opportunity Fire
    in Column"; gts:22.2.5#1 and gts:17.2#13: getting in Column ends the improved
    position, and a Unit leaving an improved position never benefits from it
    under that fire; gts:17.2#5 and gts:17.6#8: entering Column draws the fire,
    +2.  Fire Rating 3 + 2 (trigger) + 2 (target in Column), range 0: 7."""
    axis = KeyedPlayer({"move": ["enter_column", "stop"]})
    session = column_session(make_session, axis, [3, 9], improved_position=1)
    pi1 = session.ref("unit", "pi1")
    session.perform("move", [pi1], "formation")
    assert [f["rating"] for f in resolved(session)] == [7]
    assert rating_terms(session) == {"opportunity": 2, "target_in_column": 2}
    assert session.attr(pi1, "column") == 1 and session.attr(pi1, "improved_position") == 0
    taken = [e.data for e in session.events("movement_action")]
    assert taken == [{"unit": "pi1", "what": "enter_column"}]


def test_exiting_column_by_a_movement_point_takes_the_fire_in_column(make_session):
    """gts:17.2#15, gts:17.2#5 and gts:14.6#5: leaving Column for one movement point draws
    Opportunity Fire, taken while still in Column (+2 trigger, +2 Column)."""
    axis = KeyedPlayer({"move": ["leave_column", "stop"]})
    session = column_session(make_session, axis, [3, 9], column=1)
    pi1 = session.ref("unit", "pi1")
    session.perform("move", [pi1], "formation")
    assert [f["rating"] for f in resolved(session)] == [7]
    assert session.attr(pi1, "column") == 0


def test_leaving_column_by_a_cohesion_hit_draws_no_fire(make_session):
    """gts:17.2#16 and gts:14.6#6: "a Unit that leaves Column by taking a Cohesion
    Hit does not trigger Opportunity Fire at all" — the firer is not even asked."""
    axis = KeyedPlayer({"move": ["leave_column_by_cohesion_hit", "stop"]})
    session = column_session(make_session, axis, [], column=1)
    pi1 = session.ref("unit", "pi1")
    session.perform("move", [pi1], "formation")
    assert resolved(session) == []
    assert not [d for d in session.events("decision") if d.data["key"] == "opportunity_fire"]
    assert (session.attr(pi1, "column"), session.attr(pi1, "cohesion_hits")) == (0, 1)


def transport_session(make_session, axis, rolls, face="front", **markers):
    """truck (Axis, Organic Transport: Defense 0 on foot, 1 on its wheels) in
    05.03; the American rifle adjacent in 05.04."""
    allies = KeyedPlayer({"opportunity_fire": True, **axis.pop("allies", {})})
    session = make_session(rolls=rolls, axis=KeyedPlayer(axis), allies=allies,
                           placement={**FAR, "truck": "05.03", "pi1": "09.09",
                                      "schaette": "05.03"})
    session.state.catalog["unit"]["truck"]["faces"]["back"]["defense"] = 1
    session.state.faces["truck"] = face
    add(session, "us", "allies", "05.04", fire_rating=3, fire_range=2, troop_quality=6)
    mark(session, "truck", **markers)
    return session


def test_mounting_the_firer_shoots_before_or_after(make_session):
    """gts:14.10.2#5-6, gts:17.2#4 and gts:17.2#14: mounting triggers Opportunity Fire and the
    firing player decides whether to shoot before the mounting (the foot side,
    Defense 0) or after it (the Vehicle side, Defense 1: gts:14.10.4#1, its values
    when attacked); gts:17.6#8: +2."""
    for timing, defense in (("before", 0), ("after", 1)):
        session = transport_session(make_session, {"allies": {
            "opportunity_fire_timing": timing}}, [3, 9])
        truck = session.ref("unit", "truck")
        session.perform("mount", truck)
        asked = [d.data for d in session.events("decision")
                 if d.data["key"] == "opportunity_fire_timing"]
        assert [(a["player"], a["answer"]) for a in asked] == [("allies", timing)]
        assert [f["rating"] for f in resolved(session)] == [3 + 2 + defense]
        assert session.attr(truck, "face") == "back"


def test_mounting_into_column_or_out_of_a_position_under_fire(make_session):
    """gts:14.10.2#3 with gts:17.2#15: a Unit put in Column as it mounts takes the
    fire in Column, before the mounting too; gts:22.2.5#1 and gts:17.2#13: it
    leaves its improved position as it mounts, with no benefit under the fire."""
    session = transport_session(make_session, {"column_after_mount": 1, "allies": {
        "opportunity_fire_timing": "before"}}, [3, 9], improved_position=1)
    truck = session.ref("unit", "truck")
    session.perform("mount", truck)
    assert [f["rating"] for f in resolved(session)] == [3 + 2 + 2]
    assert rating_terms(session) == {"opportunity": 2, "target_in_column": 2}
    assert (session.attr(truck, "column"), session.attr(truck, "improved_position")) == (1, 0)


def test_a_unit_stopped_before_mounting_does_not_mount(make_session):
    """gts:17.7#2: Suppression stops the Unit — shot before the mounting, it
    stays on foot."""
    session = transport_session(make_session, {"allies": {
        "opportunity_fire_timing": "before"}}, [3, 3])
    truck = session.ref("unit", "truck")
    session.perform("mount", truck)
    assert resolved(session)[0]["result"] == "S"
    assert session.attr(truck, "face") == "front" and session.attr(truck, "suppressed") == 1


def test_dismounting_the_firer_shoots_before_or_after(make_session):
    """gts:14.10.3#5, gts:17.2#5 and gts:17.2#14: dismounting triggers Opportunity Fire, before
    (Vehicle side, Defense 1) or after (foot side, Defense 0) at the firing
    player's choice; gts:14.10.3#1: half the Vehicle side's allowance (8 of 8:
    4), so a Unit that has spent more cannot."""
    for timing, defense in (("before", 1), ("after", 0)):
        session = transport_session(make_session, {"move": ["dismount"], "allies": {
            "opportunity_fire_timing": timing}}, [3, 9], face="back")
        truck = session.ref("unit", "truck")
        session.perform("move", [truck], "formation")
        assert [f["rating"] for f in resolved(session)] == [3 + 2 + defense]
        assert session.attr(truck, "face") == "front"


def test_dismounting_in_and_out_of_column_is_fired_on_in_column(make_session):
    """gts:14.10.3#3 and gts:14.6#3 with gts:17.2#15: a Unit in Column that
    dismounts out of Column,
    and one dismounting into Column, are both fired on in Column; the Unit
    ends as its owner chose; a Unit already in Column may stay in it."""
    for was, chosen in ((1, 0), (0, 1), (1, 1)):
        session = transport_session(make_session, {
            "move": ["dismount"], "column_after_dismount": chosen,
            "allies": {"opportunity_fire_timing": "after"}}, [3, 9], face="back", column=was)
        truck = session.ref("unit", "truck")
        session.perform("move", [truck], "formation")
        assert [f["rating"] for f in resolved(session)] == [3 + 2 + 2], (was, chosen)
        assert session.attr(truck, "column") == chosen, (was, chosen)
