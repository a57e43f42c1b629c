"""Opportunity Fire (gts:17.x) sentence by sentence: what triggers it and where,
who may fire and how, what stops the mover, and the queue of firers."""

from __future__ import annotations

from test_assault import example_session
from test_movement import game_map, moves, session_on

from kriegsspiel.core.players import KeyedPlayer

ALLIES = {"side": "allies"}


def unit(session, ident):
    return session.ref("unit", ident)


def asked(player, key="opportunity_fire"):
    return [d.subject.id for d in player.asked if d.key == key]


def terms_of(event):
    rating = [r for r in event.cause if r.get("what") == "modifiers modified_fire_rating"][-1]
    return {t["name"]: t["amount"] for t in rating["terms"]}


def test_fire_is_drawn_by_leaving_a_fire_zone_hex_not_by_entering_one():
    """gts:17.2#1 and gts:17.2#3: Opportunity Fire may come when a Unit leaves a
    hex in an enemy Fire Zone — entering the Fire Zone draws none."""
    allies = KeyedPlayer()
    axis = KeyedPlayer({"move": ["03.02", "03.03", "stop"]})
    session = session_on(game_map(), {"u": ("03.01", {}, {}),
                                      "e": ("03.05", {"fire_range": 2}, dict(ALLIES))},
                         axis=axis, allies=allies)
    session.perform("move", [unit(session, "u")], "formation")
    assert moves(session) == ["03.02", "03.03"] and asked(allies) == []
    axis.answers["move"] = ["03.02", "stop"]
    session.perform("move", [unit(session, "u")], "formation")
    assert asked(allies) == ["e"]


def test_every_fire_zone_hex_left_is_another_trigger():
    """gts:17.3#6-7 and gts:17.8#6: each hex of a Fire Zone the Active Unit leaves
    is a trigger — an enemy with a range of five gets four as a Unit comes from
    six hexes off to its side, from the same Non-Active Unit each time."""
    allies = KeyedPlayer()
    axis = KeyedPlayer({"move": ["05.03", "06.03", "07.03", "08.03", "09.03", "stop"]})
    session = session_on(game_map(), {"u": ("04.03", {"movement": 6}, {}),
                                      "e": ("10.03", {"fire_range": 5}, dict(ALLIES))},
                         axis=axis, allies=allies)
    session.perform("move", [unit(session, "u")], "formation")
    assert moves(session)[-1] == "09.03"
    assert asked(allies) == ["e"] * 4


def test_artillery_opportunity_fire_uses_the_direct_he_row():
    """gts:17.4#3: an Indirect HE (or Emplaced, or Organic Artillery) Unit that
    Opportunity Fires uses the yellow Direct HE Weapons Class."""
    allies = KeyedPlayer({"opportunity_fire": True})
    axis = KeyedPlayer({"move": ["03.02", "stop"]})
    session = session_on(game_map(), {"u": ("03.03", {}, {}), "gun": (
        "03.04", {"weapon_class": "IHE", "fire_range": 20}, dict(ALLIES))},
        axis=axis, allies=allies, rolls=[0, 1])
    session.perform("move", [unit(session, "u")], "formation")
    [shot] = session.events("fire_resolved")
    crt = [r for r in shot.cause if r.get("what") == "table crt"]
    assert crt and crt[-1]["keys"][0] == "DHE"


def test_the_check_to_opportunity_fire_is_never_bought_and_may_be_declined():
    """gts:17.4#4-5 and gts:17.8#2: before it fires the Unit must pass a Troop
    Quality Check no Command Point can buy (the In Command firer's Division has
    points: none is offered); gts:17.4#7-8 and gts:17.8#1: the player may decline
    (no roll at all) or fail the check — the process was triggered, no fire."""
    for answer, rolls in ((True, [9]), (False, [])):
        allies = KeyedPlayer({"opportunity_fire": answer, "buy:unbought_tq_check": True,
                              "buy:tq_check": True})
        axis = KeyedPlayer({"move": ["07.05", "stop"]})
        session = session_on(game_map(), {"u": ("08.05", {}, {}),
                                          "e": ("09.05", {}, dict(ALLIES))},
                             axis=axis, allies=allies, rolls=rolls)
        session.state.tracks["division:nz2"] = {"cp": 3}
        assert session.value("in_command", unit(session, "e"))
        session.perform("move", [unit(session, "u")], "formation")
        assert asked(allies) == ["e"]
        assert not [d for d in allies.asked if d.key.startswith("buy:")]
        assert session.events("fire_resolved") == []
        assert session.attr(session.ref("division", "nz2"), "cp") == 3
        assert session.dice.count == len(rolls) and moves(session) == ["07.05"]


def test_only_suppression_or_elimination_stops_the_mover():
    """gts:17.7#1-2: results apply at once in the hex being left; a Cohesion Hit
    ("C", roll 1) or a Step Loss ("1", roll 0) does not stop the Unit, an
    unconverted Suppression ("S", roll 3) does, and a Suppression converted
    into a Cohesion Hit does not."""
    for roll, convert, result, where in ((1, [], "C", "03.01"), (0, [], "1", "03.01"),
                                         (3, [], "S", "03.03"), (3, [2], "S", "03.01")):
        allies = KeyedPlayer({"opportunity_fire": True})
        axis = KeyedPlayer({"move": ["03.02", "03.01", "stop"], "buy:tq_check": False,
                            "convert_suppression": bool(convert)})
        session = session_on(game_map(), {"u": ("03.03", {}, {}),
                                          "e": ("03.05", {"fire_rating": 6}, dict(ALLIES))},
                             axis=axis, allies=allies, rolls=[0, roll, *convert])
        u = unit(session, "u")
        session.perform("move", [u], "formation")
        assert session.events("fire_resolved")[0].data["result"] == result
        assert session.attr(u, "hex") == where, (roll, convert)


def test_several_firers_queue_up_and_the_mover_waits():
    """gts:17.8#4-5: one move may trigger Opportunity Fire from several enemy Units:
    each in turn, all before the mover goes on; gts:17.2#9-10: the Active player
    announces the move, then the Non-Active player may fire, and only then does
    the Unit leave (gts:17.8#3: each shot is Direct Fire with the 17.6 terms)."""
    allies = KeyedPlayer({"opportunity_fire": True})
    axis = KeyedPlayer({"move": ["03.02", "stop"]})
    session = session_on(game_map(), {"u": ("03.03", {}, {}),
                                      "e1": ("03.05", {}, dict(ALLIES)),
                                      "e2": ("04.04", {}, dict(ALLIES))},
                         axis=axis, allies=allies, rolls=[0, 9, 0, 9])
    session.perform("move", [unit(session, "u")], "formation")
    assert sorted(asked(allies)) == ["e1", "e2"]
    shots = session.events("fire_resolved")
    assert sorted(s.data["firer"] for s in shots) == ["e1", "e2"]
    [moved] = session.events("unit_moved")
    announced = [e for e in session.events("decision") if e.data["key"] == "move"][0]
    assert announced.seq < min(s.seq for s in shots) and max(s.seq for s in shots) < moved.seq


def test_an_assault_draws_fire_from_its_defenders_only():
    """gts:17.2#6: an Assault triggers Opportunity Fire, but only the defending
    Units may take it — another German Unit whose Fire Zone covers the
    Assaulting hex is not asked (the run-away half: tests/gts/test_assault.py)."""
    from conftest import INFANTRY
    allies = KeyedPlayer({"assault_hex": "06.05", "charge_or_fire": "assault_fire",
                          "continue_assault": "withdraw", "buy:tq_check": False})
    axis = KeyedPlayer({"opportunity_fire": False, "stand_or_run": "stand",
                        "buy:tq_check": False})
    session = example_session([0] + [9] * 30, allies, axis)     # H braves it; all else fails
    session.state.catalog["unit"]["ger2"] = {
        "name": "ger2", "side": "axis", "division": "geb5", "formation": "pi95",
        "unit_class": "infantry", "back_kind": None, "faces": {"front": dict(INFANTRY)}}
    session.place("ger2", "05.06")
    assert "05.05" in session.value("fire_zone", unit(session, "ger2"))
    session.perform("assault", [unit(session, "H")], "formation")
    assert "ger" in asked(axis) and "ger2" not in asked(axis)


def test_running_away_from_an_assault_is_plus_two_on_top():
    """gts:17.6#5: +2 for firing at a Unit running away from an Assault, in
    addition to the +2 for Fire Zone to Fire Zone movement (the refuge 06.06 is
    in the Fire Zone of I and K, adjacent to it): 4 in all."""
    allies = KeyedPlayer({"assault_hex": "06.05", "opportunity_fire": True})
    axis = KeyedPlayer({"opportunity_fire": False, "stand_or_run": "run_away",
                        "run_away_to": "06.06"})
    session = example_session(None, allies, axis)
    session.state.tracks["unit:ger"] = {}
    session.perform("assault", [unit(session, "H")], "formation")
    shots = session.events("fire_resolved")
    assert shots and terms_of(shots[0])["opportunity"] == 4


def test_engineer_actions_and_entrenchments_draw_fire_plus_two(make_session):
    """gts:17.2#7 and gts:17.6#8: an Engineer Action draws Opportunity Fire, +2;
    gts:17.2#4 and gts:17.2#13: so do entering and leaving an entrenchment, and
    the Unit has no benefit from the entrenchment under that fire."""
    from kriegsspiel.core.state import Ref
    allies = KeyedPlayer({"opportunity_fire": True})
    axis = KeyedPlayer({"engineer_work": "improved_position", "buy:tq_check": False})
    session = make_session(rolls=[0, 9, 5, 0, 9], allies=allies, axis=axis,
                           placement={"greek": "15.07", "bedding": "15.07"})
    pi1 = unit(session, "pi1")
    session.perform("engineer", pi1)
    assert terms_of(session.events("fire_resolved")[0]) == {"opportunity": 2, "mass": 2}
    session.state.tracks["unit:pi1"] = {}
    session.state.set_track(Ref("hex", "15.06"), "entrenchments", 1, [])
    session.state.set_link(Ref("hex", "15.06"), "entrenchments_of", Ref("side", "axis"), [])
    session.perform("entrench", pi1)
    assert terms_of(session.events("fire_resolved")[1]) == {"opportunity": 2, "mass": 2}
    assert session.attr(pi1, "entrenched") == 1
    # leaving it: fired on as an unentrenched (unarmored) Unit
    session.dice.script += [0, 1]
    session.perform("entrench", pi1)
    shot = session.events("fire_resolved")[2]
    assert terms_of(shot) == {"opportunity": 2, "mass": 2}
    crt = [r for r in shot.cause if r.get("what") == "table crt"]
    assert crt[-1]["keys"][1] == "unarmored"
    assert session.attr(pi1, "entrenched") == 0


def test_launching_an_assault_ends_the_improved_position():
    """gts:22.2.5#1: a Unit that launches an Assault from its improved position
    (after passing the Bravery Check) leaves it — the marker is removed."""
    allies = KeyedPlayer({"assault_hex": "06.05", "charge_or_fire": "assault_fire",
                          "continue_assault": "withdraw", "buy:tq_check": False})
    axis = KeyedPlayer({"opportunity_fire": False, "stand_or_run": "stand",
                        "buy:tq_check": False})
    session = example_session([0] + [9] * 30, allies, axis)
    session.state.tracks["unit:H"] = {"improved_position": 1}
    session.state.tracks["unit:K"] = {"improved_position": 1}
    session.perform("assault", [unit(session, "H")], "formation")
    assert session.attr(unit(session, "H"), "improved_position") == 0
    assert session.attr(unit(session, "K"), "improved_position") == 1     # stayed behind
