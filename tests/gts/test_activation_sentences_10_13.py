"""Sentence by sentence: the Activation Phase (gts:10.0.1–10.0.6), Second Actions,
Command and Dispatch Points, Direct Command, and what Active Units may do
(gts:13.1–13.3), on the small hand-made game of conftest."""

from __future__ import annotations

from conftest import INFANTRY

from kriegsspiel.core.players import KeyedPlayer


def add_unit(session, ident, side="axis", division="geb5", formation="pi95", hex_id="15.07",
             **face):
    """A Unit of the test catalog's kind (infantry unless *face* says otherwise)."""
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": side, "division": division, "formation": formation,
        "back_kind": None, "faces": {"front": {**INFANTRY, **face}}}
    session.place(ident, hex_id)
    return session.ref("unit", ident)


def add_division(session, ident="geb6", side="axis"):
    """A second Axis Division with one Formation (Leader 'lead6' at 10.06) and its Unit u6."""
    catalog = session.state.catalog
    catalog["division"][ident] = {"name": ident, "side": side, "command_rating": 2,
                                  "dispatch_rating": 4}
    catalog["formation"]["f6"] = {"name": "f6", "side": side, "division": ident,
                                  "leader": "lead6"}
    catalog["leader"]["lead6"] = {"name": "lead6", "side": side, "division": ident,
                                  "formation": "f6", "command_range": 2,
                                  "attachment_rating": 0}
    session.place("lead6", "10.06", "leader")
    return add_unit(session, "u6", side=side, division=ident, formation="f6", hex_id="10.06")


def cp(session, division, value=None):
    tracks = session.state.tracks.setdefault(f"division:{division}", {})
    if value is not None:
        tracks["cp"] = value
    return session.attr(session.ref("division", division), "cp")


def first_index(log, test):
    return next(i for i, e in enumerate(log) if test(e))


def decided(key):
    return lambda e: e.kind == "decision" and e.data["key"] == key


def offered(player, unit, key="action"):
    return [d.options for d in player.asked if d.key == key and
            getattr(d.subject, "id", None) == unit]


def test_light_mortars_fire_under_a_division_chit(make_session):
    """gts:13.2#5: "a Unit activated with a Division Activation Chit may not fire
    unless it has a purple Fire Rating"; gts:10.0.1#8: "Light Mortar Units may fire
    as a First Action as an exception" — the purple (LM) Unit is offered fire, the
    rifle company beside it is not."""
    axis = KeyedPlayer({"action": "pass", "second_action": False, "stack_with": "done",
                        "transfer_leader": "stay"})
    session = make_session(rolls=[0, 9], axis=axis, placement={"greek": "15.08"})
    add_unit(session, "lm", weapon_class="LM", fire_range=2, hex_id="15.06")
    session.perform("activate_division", session.ref("division", "geb5"))
    assert "fire" in offered(axis, "lm")[0]
    assert "fire" not in offered(axis, "pi1")[0]


def add_independent(session, ident, stripe="white", hex_id="15.07", **face):
    """A striped Unit of the 5. Gebirgs Division, in a Formation without a Leader."""
    session.state.catalog["formation"].setdefault("indep", {
        "name": "Independents", "side": "axis", "division": "geb5", "leader": None})
    return add_unit(session, ident, formation="indep", hex_id=hex_id, stripe=stripe, **face)


def marks(session, unit, **values):
    session.state.tracks.setdefault(f"unit:{unit}", {}).update(values)


def stop_or_go(decision):
    return "stop" if "stop" in decision.options else decision.options[0]


def stay(decision):
    return "stay" if "stay" in decision.options else decision.options[0]


def pass_or_stop(decision):
    return "pass" if "pass" in decision.options else "move"


def player(**answers):
    return KeyedPlayer({"action": pass_or_stop, "move": stop_or_go, "stack_with": "done",
                        "transfer_leader": stay, "second_action": False,
                        "direct_command_unit": "done", **answers})


def test_no_pass_under_direct_command(make_session):
    """gts:7.1#3 (the long form's table: "Pass (do nothing)" under a Division or
    Formation chit only): a Command Point buys an Action, so Direct Command offers
    no Pass; a Unit with nothing else to do (a fresh Rearguard, which may only
    pass) is not activated and costs nothing."""
    axis = player(direct_command_unit=["truck", "pi1", "done"])
    session = make_session(axis=axis, rolls=[])
    cp(session, "geb5", 3)
    marks(session, "truck", fresh_rearguard=1)
    session.perform("direct_command", session.ref("side", "axis"))
    assert offered(axis, "truck") == []
    assert offered(axis, "pi1") == [("move",)]    # no pass, no engineer work
    assert cp(session, "geb5") == 3 - 1
    assert "pass" in session.value("legal_actions", session.ref("unit", "pi1"), "formation")


def test_division_activation_limits_and_the_free_second_action(make_session):
    """gts:13.2#3, gts:13.2#6, gts:10.0.1#8 and gts:7.1#5: under a Division chit no
    fire (no purple rating), no Assault, no move into an enemy Fire Zone (which
    every other chit allows); gts:13.2#11-12 (the
    "useful example"): pass, then pay one Command Point to fire as a Second
    Action; gts:10.0.1#9, gts:10.0.2#9 and gts:13.2#17-18: the Second Action is
    free of those limits — fire, Assault and the Fire Zone are open to it."""
    axis = player(action=lambda d: "fire" if "fire" in d.options else pass_or_stop(d),
                  second_action=lambda d: d.subject.id == "pi1",
                  next_unit=["pi1", "truck"])
    session = make_session(rolls=[0, 9] + [5] * 6, axis=axis, placement={"greek": "15.07"})
    pi1 = session.ref("unit", "pi1")
    zone = [h for h in ("14.06", "16.06", "14.07", "16.07", "15.05", "14.05", "16.05")
            if session.value("hex_in_enemy_fire_zone", h, session.ref("side", "axis"))][0]
    assert not session.value("may_enter", pi1, zone, "division")
    assert session.value("may_enter", pi1, zone, "division_second")
    assert session.value("may_enter", pi1, zone, "formation")
    assert session.value("may_enter", pi1, zone, "direct")
    session.perform("activate_division", session.ref("division", "geb5"))
    first, second = offered(axis, "pi1")[:2]
    assert "fire" not in first and "assault" not in first
    assert {"fire", "assault"} <= set(second)
    assert cp(session, "geb5") == 3 - 1                  # CP 3 + half of 0, one spent
    assert [e.data["firer"] for e in session.events("fire_resolved")][:1] == ["pi1"]


def test_already_in_a_fire_zone_a_division_chit_may_change_formation(make_session):
    """gts:13.2#4: under a Division chit "A Unit already in an enemy Fire Zone may
    still get into or out of Column or Transport Mode"; gts:13.2#2: entering
    Column is part of a move, mounting a Movement Action of its own."""
    axis = player(action="move", move=["enter_column", "stop"])
    session = make_session(axis=axis, allies=KeyedPlayer({"opportunity_fire": False}),
                           placement={"greek": "15.08"})
    pi1, truck = session.ref("unit", "pi1"), session.ref("unit", "truck")
    assert session.value("in_enemy_fire_zone", pi1)
    assert "transport" in session.value("legal_actions", truck, "division")
    session.perform("move", [pi1], "division")
    assert session.attr(pi1, "column") == 1 and session.attr(pi1, "hex") == "15.06"


def test_a_second_action_needs_command_and_a_point_per_unit(make_session):
    """gts:10.0.2#3-4: In Command, and one Command Point for the Unit — no point,
    no Second Action; out of its Leader's range, none either."""
    session = make_session()
    pi1 = session.ref("unit", "pi1")
    marks(session, "pi1", cohesion_hits=1)
    cp(session, "geb5", 0)
    assert session.value("second_actions", pi1, "pass", "formation") == []
    cp(session, "geb5", 1)
    assert session.value("second_actions", pi1, "pass", "formation") == ["move", "rally"]
    session.place("pi1", "01.01")
    assert session.value("second_actions", pi1, "pass", "formation") == []


def test_an_attached_independent_may_take_a_second_action(make_session):
    """gts:10.0.2#1: "A Unit (including an Independent Unit) ... may immediately
    perform a Second Action" — a white-striped Unit attached to the active
    Formation's Leader buys one like the Formation's own Units."""
    axis = player(attach="white1", second_action=lambda d: d.subject.id == "white1",
                  action=lambda d: "rally" if "rally" in d.options else pass_or_stop(d))
    session = make_session(axis=axis)
    add_independent(session, "white1")
    marks(session, "white1", cohesion_hits=1)
    cp(session, "geb5", 2)
    session.perform("activate_formation", session.ref("formation", "pi95"))
    asked = [d.subject.id for d in axis.asked if d.key == "second_action"]
    assert "white1" in asked
    assert cp(session, "geb5") == 2 - 1


def test_the_second_action_is_of_another_type(make_session):
    """gts:10.0.2#5, gts:13.2#14 and gts:13.2#16: a Unit that mounted (a Movement Action)
    may not move as its Second Action — nor mount, nor enter an entrenchment — but
    may fire; gts:13.2#2: move, mount and entrenchment are all Movement Actions."""
    session = make_session(placement={"greek": "15.08"})
    truck = session.ref("unit", "truck")
    cp(session, "geb5", 3)
    options = session.value("second_actions", truck, "transport", "formation")
    assert "fire" in options
    assert not {"move", "transport", "entrench"} & set(options)
    assert {session.value("action_category", a) for a in ("move", "transport", "entrench")} \
        == {"movement"}


def test_no_engineer_action_bought_with_command_points(make_session):
    """gts:10.0.2#6, gts:13.2#8, gts:13.2#15 and gts:10.0.5#14: building an improved
    position (an Engineer Action) is open to a Formation or Division chit's first
    Action, never to a Second Action nor under Direct Command; gts:10.0.5#15: "It
    is the Action that matters, not the Unit" — an engineer still moves there."""
    session = make_session()
    sapper = add_unit(session, "sapper", hex_id="15.06", engineer=True)
    cp(session, "geb5", 3)
    for kind in ("formation", "division"):
        assert "engineer" in session.value("legal_actions", sapper, kind)
    assert "engineer" not in session.value("second_actions", sapper, "pass", "formation")
    assert "engineer" not in session.value("second_actions", sapper, "pass", "division")
    direct = session.value("legal_actions", sapper, "direct")
    assert "engineer" not in direct and "move" in direct


def test_a_stack_buys_its_second_action_unit_by_unit(make_session):
    """gts:10.0.2#8: a stack's Second Action is the same Action for every Unit, one
    Command Point each (two Units: two points); gts:10.0.1#5: bought under their
    Formation's chit."""
    axis = player(next_unit="pi1", stack_with=["truck", "done"], second_action=True,
                  action=["move", "rally"], move=["15.05", "stop"])
    session = make_session(axis=axis, rolls=[])
    for unit in ("pi1", "truck"):
        marks(session, unit, cohesion_hits=1)
    cp(session, "geb5", 5)
    session.perform("activate_formation", session.ref("formation", "pi95"))
    for unit in ("pi1", "truck"):
        assert session.attr(session.ref("unit", unit), "hex") == "15.05"
        assert session.attr(session.ref("unit", unit), "cohesion_hits") == 0
    assert cp(session, "geb5") == 5 - 2
    assert len([d for d in axis.asked if d.key == "second_action"]) == 1


def test_the_second_action_is_decided_before_the_next_unit_acts(make_session):
    """gts:10.0.2#7 and gts:13.3#4: the Second Action question comes right after the
    Unit's first Action, before the next Unit is chosen; gts:13.3#1: the player
    picks the order of his Units (the truck first here, against the list);
    gts:13.2#1: each performs one Action (its Second Action aside)."""
    axis = player(next_unit=lambda d: d.options[-1])
    session = make_session(axis=axis)
    cp(session, "geb5", 2)
    session.perform("activate_formation", session.ref("formation", "pi95"))
    keys = [(d.key, getattr(d.subject, "id", None)) for d in axis.asked
            if d.key in ("next_unit", "action", "second_action")]
    assert keys == [("next_unit", None), ("action", "truck"), ("second_action", "truck"),
                    ("next_unit", None), ("action", "pi1"), ("second_action", "pi1")]


def test_direct_command_across_divisions_from_each_divisions_points(make_session):
    """gts:10.0.1#11, gts:10.0.5#1-2 and gts:13.1#4: Direct Command activates In
    Command, non-independent Units, one Command Point each, in any order (u6 of
    geb6 first here); gts:10.0.5#4: Units of different Divisions in one chit;
    gts:10.0.5#6-7: as many as the points allow, each Division paying for its own
    (geb5's one point buys pi1, then its truck is out of reach); gts:10.0.5#11:
    "far", out of its Leader's range, is never offered; gts:10.0.5#8-9: one
    activation each, finished before the next Unit is chosen, no Second Action
    (gts:10.0.2#2: none after a Direct Command Action)."""
    axis = player(direct_command_unit=["u6", "pi1", "done"], second_action=True,
                  action="move", move=lambda d: "stop" if "stop" in d.options else
                  d.options[0])
    session = make_session(axis=axis, rolls=[])
    add_division(session)
    add_unit(session, "far", hex_id="01.01")
    cp(session, "geb5", 1)
    cp(session, "geb6", 1)
    session.perform("direct_command", session.ref("side", "axis"))
    offers = [[getattr(o, "id", o) for o in d.options] for d in axis.asked
              if d.key == "direct_command_unit"]
    assert offers[0] == ["pi1", "truck", "u6", "done"]
    assert offers[1] == ["pi1", "truck", "done"]
    assert offers[2:] == []                              # no points left in either
    assert (cp(session, "geb5"), cp(session, "geb6")) == (0, 0)
    keys = [(d.key, getattr(d.subject, "id", None)) for d in axis.asked
            if d.key not in ("move", "stack_with")]
    assert keys == [("direct_command_unit", None), ("action", "u6"),
                    ("direct_command_unit", None), ("action", "pi1")]


def test_direct_command_pays_for_a_stack_at_once(make_session):
    """gts:10.0.5#12: "To activate a stack for movement or Assault, you may pay all
    the necessary Command Points at once for the Units acting together" — pi1
    and the truck move off together for two points."""
    axis = player(direct_command_unit=["pi1", "done"], stack_with=["truck", "done"],
                  action="move", move=["15.05", "stop"])
    session = make_session(axis=axis, rolls=[])
    cp(session, "geb5", 3)
    session.perform("direct_command", session.ref("side", "axis"))
    where = {u: session.attr(session.ref("unit", u), "hex") for u in ("pi1", "truck")}
    assert where == {"pi1": "15.05", "truck": "15.05"}
    assert cp(session, "geb5") == 1
    moves = [e for e in session.events("unit_moved") if e.data["destination"] == "15.05"]
    assert len(moves) == 2


def test_unspent_command_points_are_kept(make_session):
    """gts:10.0.5#10: the points Direct Command leaves unspent stay with the Division
    for later — through the end of the turn — within gts:10.0.4's nineteen."""
    axis = player(direct_command_unit=["pi1", "done"], action="move")
    session = make_session(axis=axis, allies=player(), rolls=[9, 9])
    cp(session, "geb5", 15)
    session.perform("direct_command", session.ref("side", "axis"))
    session.perform("cleanup_phase")
    session.perform("advance_turn")
    assert cp(session, "geb5") == 14
    session.perform("roll_division_points", session.ref("division", "geb5"))
    assert cp(session, "geb5") == 19                     # 14 + 3 + 4, kept at 19


def test_independents_act_with_their_division_or_formation_never_by_direct_command(
        make_session):
    """gts:10.0.5#16-17: a white-striped Unit is never offered to Direct Command; it
    activates under its Division's chit (gts:13.1#2: all Units of the Division)
    and under the Formation chit of the Leader it is attached to."""
    axis = player(attach="white1", direct_command_unit="done")
    session = make_session(axis=axis, rolls=[0, 9])
    add_independent(session, "white1")
    cp(session, "geb5", 3)
    session.perform("direct_command", session.ref("side", "axis"))
    offer = next(d for d in axis.asked if d.key == "direct_command_unit")
    assert "white1" not in [getattr(o, "id", o) for o in offer.options]
    session.perform("activate_division", session.ref("division", "geb5"))
    assert {d.subject.id for d in axis.asked if d.key == "action"} == {"pi1", "truck", "white1"}
    mark = len(axis.asked)
    session.perform("activate_formation", session.ref("formation", "pi95"))
    assert "white1" in {d.subject.id for d in axis.asked[mark:] if d.key == "action"}


def test_a_unit_may_be_activated_again_and_again_in_a_turn(make_session):
    """gts:13.2#19-21 (the play note): a Unit activated with its Formation, then its
    Division, then by Direct Command is offered its Actions afresh each time — and
    a Second Action again after a first activation's."""
    axis = player(direct_command_unit=["pi1", "done"], second_action=True,
                  action=lambda d: "rally" if "rally" in d.options else pass_or_stop(d))
    session = make_session(axis=axis, rolls=[0, 9])
    cp(session, "geb5", 3)
    activations = [("activate_formation", session.ref("formation", "pi95")),
                   ("activate_division", session.ref("division", "geb5")),
                   ("direct_command", session.ref("side", "axis"))]
    firsts = []
    for procedure, chit in activations:
        marks(session, "pi1", cohesion_hits=1)
        mark = len(axis.asked)
        session.perform(procedure, chit)
        firsts.append(next(d.options for d in axis.asked[mark:]
                           if d.key == "action" and d.subject.id == "pi1"))
        assert session.attr(session.ref("unit", "pi1"), "cohesion_hits") == 0
    assert firsts == [("move", "rally", "engineer", "pass")] * 2 + [("move", "rally")]
    seconds = [d for d in axis.asked if d.key == "second_action" and d.subject.id == "pi1"]
    assert len(seconds) == 2                             # Formation and Division, not Direct


def test_leaders_transfer_after_every_unit_has_acted(make_session):
    """gts:13.3#3, gts:13.3#5 and gts:13.3#7: within a Division (or Formation)
    activation all the Units act first; the Leaders' transfer is the last thing,
    after the last Unit's Action (and its Second Action)."""
    for procedure, chit in (("activate_division", ("division", "geb5")),
                            ("activate_formation", ("formation", "pi95"))):
        axis = player(second_action=True, action=lambda d: "rally" if "rally" in d.options
                      else pass_or_stop(d))
        session = make_session(axis=axis, rolls=[0, 9])
        cp(session, "geb5", 3)
        marks(session, "truck", cohesion_hits=1)
        session.perform(procedure, session.ref(*chit))
        keys = [d.key for d in axis.asked]
        assert keys[-1] == "transfer_leader" and keys.count("transfer_leader") == 1
        assert "action" in keys[:-1] and "second_action" in keys[:-1]


def test_a_leader_goes_with_his_units_when_a_point_moves_them(make_session):
    """gts:13.3#6: "During Actions performed by spending a Command Point, a Leader
    must stay stacked with the Units he is currently stacked with" — moved by
    Direct Command, or by a Second Action, pi1 (the last of his Formation with
    him) takes Maj Schaette along at once, before any transfer."""
    axis = player(direct_command_unit=["pi1", "done"], action="move", move=["15.05", "stop"])
    session = make_session(axis=axis, rolls=[], placement={"truck": "10.10"})
    leader = session.ref("leader", "schaette")
    cp(session, "geb5", 3)
    session.perform("play_chit", session.ref("chit", "direct:axis"))
    assert session.attr(leader, "hex") == "15.05"
    assert not [d for d in axis.asked if d.key == "transfer_leader"]
    axis = player(next_unit=["pi1", "truck"],
                  action=lambda d: "pass" if "pass" in d.options else "move",
                  second_action=lambda d: d.subject.id == "pi1", move=["15.04", "stop"])
    session.players.players["axis"] = axis
    mark = len(session.state.log)
    session.perform("play_chit", session.ref("chit", "formation:pi95"))
    log = session.state.log[mark:]
    followed = first_index(log, lambda e: e.kind == "unit_placed" and
                           e.data["unit"] == "schaette" and e.data["destination"] == "15.04")
    assert followed < first_index(log, decided("transfer_leader"))


def test_command_range_is_read_from_where_the_leader_is_now(make_session):
    """gts:13.3#8: Command Range is counted from the Leader's hex at the moment —
    he moved with pi1 (Direct Command, gts:13.3#6), so the truck, two hexes from
    where he was, is three from him now and Out of Command."""
    axis = player(direct_command_unit=["pi1", "done"], action="move", move=["15.05", "stop"])
    session = make_session(axis=axis, rolls=[], placement={"truck": "15.08"})
    truck = session.ref("unit", "truck")
    assert session.value("in_command", truck)
    cp(session, "geb5", 3)
    session.perform("play_chit", session.ref("chit", "direct:axis"))
    assert session.attr(session.ref("leader", "schaette"), "hex") == "15.05"
    assert not session.value("in_command", truck)


def test_the_pre_night_bonus_needs_the_chit_drawn(make_session):
    """gts:10.0.3#14: on the turn before the night turn a Division adds two Dispatch
    Points after its roll — "but only if its Division Activation Chit is actually
    drawn": left last in the mug, it gets nothing that turn."""
    for picks, gained in ((["direct:axis"], 0), (["division:geb5"], 1 + 2)):
        session = make_session(axis=player(), allies=player(), rolls=[0, 5], picks=picks)
        session.state.turn = 4                           # 1700: the 1900 turn is night
        division = session.ref("division", "geb5")
        session.state.tracks["division:geb5"] = {"cp": 0, "dp": 0}
        for chit in ("division:geb5", "direct:axis"):
            session.ctx.emit("pool_added", {"pool": "mug", "entity": session.ref("chit", chit).key})
        session.perform("activation_phase")
        assert session.attr(division, "dp") == gained    # roll 5 within rating 6: +1


def test_a_formation_chit_activates_its_units_and_attached_independents(make_session):
    """gts:10.0.1#4 and gts:13.1#3: a Formation chit activates all the Formation's
    Units, plus independents within its Leader's Command Range up to his
    Attachment Rating (1: one of the two white-striped Units near him; the far
    one never); gts:13.2#9: a Rearguard may be removed as an Action."""
    axis = player(attach="white1")
    session = make_session(axis=axis)
    for ident, hex_id in (("white1", "15.07"), ("white2", "15.07"), ("far", "01.01")):
        add_independent(session, ident, hex_id=hex_id)
    session.perform("play_chit", session.ref("chit", "formation:pi95"))
    acted = {d.subject.id for d in axis.asked if d.key == "action"}
    assert acted == {"pi1", "truck", "white1"}
    session.state.catalog["unit"]["pi1"]["tags"] = ["rearguard"]
    pi1 = session.ref("unit", "pi1")
    for kind in ("direct", "division", "formation"):
        assert "remove_rearguard" in session.value("legal_actions", pi1, kind)


def test_the_phase_ends_with_one_chit_left_however_many_join_it(make_session):
    """gts:10.0.6#1-2: the phase ends after the second-to-last chit is played and
    the last waits — also when chits join the mug during the phase (a scenario's
    "added to the mug after ... is drawn"; here a test rule adds two at once)."""
    from kriegsspiel.engine.rulebook import ExtraRules, build_program
    rules = ExtraRules("test_more_chits.ksr", """
trigger two_more on activation_started(chit) when chit.id == "direct:axis" @gts:10.0.6 {
  for c in select c in all_of("chit"): c.kind == "formation" { do pool_add("mug", c) }
}
""")
    program = build_program(["gts"], extra=[rules])
    session = make_session(program=program, axis=player(), allies=player(), seed=3,
                           picks=["direct:axis", "direct:allies", "division:nz2",
                                  "formation:inf1"])
    for chit in ("direct:axis", "direct:allies", "division:nz2"):
        session.ctx.emit("pool_added", {"pool": "mug", "entity": session.ref("chit", chit).key})
    session.perform("activation_phase")
    assert len(session.events("activation_started")) == 3 + 2 - 1
    assert session.state.pools["mug"] == [] and session.state.pools["carry"] == ["formation:pi95"]
