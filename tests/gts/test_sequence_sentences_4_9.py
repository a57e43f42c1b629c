"""Sentence by sentence: the sequence of play (gts:4.0), weather and airpower
(gts:5.0, gts:6.0), buying Formation Activation Chits (gts:7.1, gts:7.2),
reinforcements (gts:8.0), the mug (gts:9.0), cleanup and the turn record
(gts:11.0, gts:12.0), on the small hand-made game of conftest."""

from __future__ import annotations

from conftest import INFANTRY
from test_turn import points, status

from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.core.state import Ref
from kriegsspiel.engine.rulebook import ExtraRules, build_program


def first_index(log, test):
    return next(i for i, e in enumerate(log) if test(e))


def changed(track, new=None):
    return lambda e: (e.kind == "track_changed" and e.data["track"] == track and
                      (new is None or e.data["new"] == new))


def decided(key):
    return lambda e: e.kind == "decision" and e.data["key"] == key


def pass_or_stop(decision):
    """Pass where the chit allows it; under Direct Command (no Pass, gts:7.1) a move
    that stops at once."""
    return "pass" if "pass" in decision.options else "move"


def stop_or_go(decision):
    """Stop, unless the move may not end here (a reinforcement leaving its entry
    hex, gts:8.0): then the first hex offered."""
    return "stop" if "stop" in decision.options else decision.options[0]


def idle(**extra):
    return KeyedPlayer({"action": pass_or_stop, "move": stop_or_go, "stack_with": "done",
                        "transfer_leader": "stay", "second_action": False,
                        "direct_command_unit": "done", "buy_formation_chit": "none",
                        "convert_command_points": 0, **extra})


def test_sequence_of_play_runs_its_steps_in_order(make_session):
    """gts:4.0#5, gts:4.0#7-8, gts:4.0#10-11, gts:4.0#13, gts:4.0#15-18: C.
    Reinforcements into their boxes, D. first buy Dispatch Points (2 CP each),
    then Formation chits, E. Artillery Parks created, then Contact attempted,
    G. the mug, H. the Activation Phase, I. barrage markers removed and Parks
    flipped back (gts:11.0#1-2), J. the turn record moves up — in that order,
    within one turn.
    (F., Attachment, is the exclusive rules' business: gts:4.0#12 below.)"""
    axis = idle(convert_command_points=1, buy_formation_chit="this_turn")
    allies = idle()          # creates a Park with the first gun offered
    session = make_session(axis=axis, allies=allies, seed=1)
    points(session, "geb5", cp=2, dp=1)
    points(session, "nz2", dp=5)
    session.state.catalog["unit"]["late"] = {
        "name": "late", "side": "axis", "division": "geb5", "formation": "pi95",
        "back_kind": None, "arrival_turn": 0, "entry_hex": "20.06",
        "faces": {"front": dict(INFANTRY)}}
    for ident, hex_id in (("g1", "02.02"), ("g2", "02.02")):
        session.state.catalog["unit"][ident] = {
            "name": ident, "side": "allies", "division": "nz2", "formation": "inf1",
            "unit_class": "gun", "back_kind": None,
            "faces": {"front": {**INFANTRY, "weapon_class": "IHE", "fire_range": 12,
                                "contact_pending": 5, "contact_in": 3}}}
        session.place(ident, hex_id)
    session.state.set_track(Ref("hex", "10.10"), "barrage", 1, [])
    session.state.set_track(Ref("hex", "03.03"), "park_fired", 1, [])
    session.perform("play_turn")
    log = session.state.log
    order = [first_index(log, changed("in_box", 1)),                  # C
             first_index(log, decided("convert_command_points")),     # D, first
             first_index(log, decided("buy_formation_chit")),         # D, then
             first_index(log, lambda e: e.kind == "park_created"),    # E, Parks
             first_index(log, lambda e: e.kind == "contact_attempted"),  # E, Contact
             first_index(log, lambda e: e.kind == "pool_added"),      # G
             first_index(log, lambda e: e.kind == "activation_started"),  # H
             first_index(log, changed("barrage", 0)),                 # I
             first_index(log, changed("park_fired", 0)),              # I
             first_index(log, lambda e: e.kind == "turn_advanced")]   # J
    assert order == sorted(order)
    assert session.state.turn == 1


def test_weather_and_airpower_only_on_the_first_daylight_turn(make_session):
    """gts:4.0#1-3, gts:5.0#1 and gts:6.0#1: Weather and Airpower are determined at
    the first daylight turn of a day and not again that day — so the weather
    "stays the same for the entire day"; what they are is the exclusive rules'
    (the series step only says so)."""
    session = make_session(axis=idle(), allies=idle(), seed=4)
    session.state.catalog["game"]["game"]["turns"][0]["tags"] = ["first_daylight"]
    session.state.catalog["game"]["game"]["turns"][3]["tags"] = ["first_daylight"]
    phases = []
    for _ in range(4):
        mark = len(session.state.log)
        session.perform("play_turn")
        causes = [c for e in session.state.log[mark:] for c in e.cause]
        phases.append({c["procedure"] for c in causes if c.get("what") == "step"} &
                      {"weather_phase", "airpower_phase"})
        notes = {c["text"] for c in causes if c.get("what") == "note"}
        if phases[-1]:
            assert "weather: see the game's exclusive rules" in notes
            assert "airpower: see the game's exclusive rules" in notes
    both = {"weather_phase", "airpower_phase"}
    assert phases == [both, set(), set(), both]


def test_attachment_step_is_left_to_the_exclusive_rules(make_session):
    """gts:4.0#12: "If the exclusive rules allow Independent or subordinate
    Formations to be attached to superior Formations, do that now" — the series
    attaches nothing (it only says so); Crete fills the step in."""
    from kriegsspiel.engine.rulebook import build_program
    session = make_session(axis=idle(), allies=idle())
    before = dict(session.state.links)
    session.perform("attachment_phase")
    notes = [c["text"] for c in session.events("action")[-1].cause if c.get("what") == "note"]
    assert notes == ["attachment: only if the exclusive rules allow it"]
    assert session.state.links == before
    crete = build_program(["crete"])
    assert crete.decls["attachment_phase"].steps[0].layer == "exclusive"


def add_division(session, ident="geb6", units=()):
    """A second Axis Division with one Formation f6 (Leader lead6, off the map until
    placed) and its Units *units* ({id: hex or None})."""
    catalog = session.state.catalog
    catalog["division"][ident] = {"name": ident, "side": "axis", "command_rating": 2,
                                  "dispatch_rating": 4}
    catalog["formation"]["f6"] = {"name": "f6", "side": "axis", "division": ident,
                                  "leader": "lead6"}
    catalog["leader"]["lead6"] = {"name": "lead6", "side": "axis", "division": ident,
                                  "formation": "f6", "command_range": 2,
                                  "attachment_rating": 0}
    catalog["chit"][f"division:{ident}"] = {"kind": "division", "division": ident,
                                            "side": "axis"}
    catalog["chit"]["formation:f6"] = {"kind": "formation", "formation": "f6",
                                       "division": ident, "side": "axis"}
    for unit, hex_id in dict(units).items():
        catalog["unit"][unit] = {"name": unit, "side": "axis", "division": ident,
                                 "formation": "f6", "back_kind": None,
                                 "faces": {"front": dict(INFANTRY)}}
        if hex_id is not None:
            session.place(unit, hex_id)
    return session.ref("division", ident)


def test_formation_chits_are_bought_every_turn_division_chits_are_not(make_session):
    """gts:7.1#1: each Formation has its own chit, activating its Units; gts:7.1#9:
    a Division chit in play goes into the mug every turn by itself, a Formation
    chit only when Dispatch Points buy it; gts:7.1#10: once played it comes out,
    and must be bought again to come back."""
    axis = idle(buy_formation_chit=["this_turn", "none"])
    session = make_session(axis=axis, allies=idle())
    points(session, "geb5", cp=0, dp=4)
    side = session.ref("side", "axis")
    session.perform("dispatch_phase", side)
    session.perform("fill_mug")
    assert {"division:geb5", "formation:pi95"} <= set(session.state.pools["mug"])
    session.perform("play_chit", session.ref("chit", "formation:pi95"))
    acted = {d.subject.id for d in axis.asked if d.key == "action"}
    assert acted == {"pi1", "truck"}                     # the Formation's Units
    session.state.pools["mug"] = []
    session.perform("dispatch_phase", side)              # not bought this time
    session.perform("fill_mug")
    assert "division:geb5" in session.state.pools["mug"]
    assert "formation:pi95" not in session.state.pools["mug"]
    buys = [d for d in axis.asked if d.key == "buy_formation_chit"]
    assert len(buys) == 2 and points(session, "geb5")["dp"] == 4 - 2


def test_purchases_are_limited_by_the_divisions_own_dispatch_points(make_session):
    """gts:7.2#1-2 and gts:7.2#5-6: each Formation chit is offered for this turn
    (2 Dispatch Points), next turn (1) or not at all ("If not, move on");
    gts:7.2#12: the points a Division has limit what it may buy; gts:7.2#10 and
    gts:7.2#17-18: the points are its own Division's — geb6's chit is paid from
    geb6, never from geb5."""
    axis = idle(buy_formation_chit=lambda d: d.options[0])
    session = make_session(axis=axis, allies=idle())
    geb6 = add_division(session, units={"u6": "10.06"})
    points(session, "geb5", cp=0, dp=1)
    points(session, "geb6", cp=0, dp=5)
    session.perform("dispatch_phase", session.ref("side", "axis"))
    offers = {d.subject.id: d.options for d in axis.asked if d.key == "buy_formation_chit"}
    assert offers == {"formation:pi95": ("next_turn", "none"),
                      "formation:f6": ("this_turn", "next_turn", "none")}
    assert points(session, "geb5")["dp"] == 0 and session.attr(geb6, "dp") == 3
    assert (status(session, "pi95"), status(session, "f6")) == (2, 1)
    points(session, "geb5", dp=0)
    points(session, "geb6", dp=0)
    session.state.tracks["formation:f6"]["chit_status"] = 0
    mark = len(axis.asked)
    session.perform("dispatch_phase", session.ref("side", "axis"))
    offers = [d.options for d in axis.asked[mark:] if d.key == "buy_formation_chit"]
    assert offers == [("none",)]                         # f6: no points, nothing to buy


def test_a_chit_is_first_for_sale_when_its_units_are_due_or_on_the_map(make_session):
    """gts:7.2#16: "a Formation Activation Chit is first eligible for purchase on
    the turn any of the Formation's Units are either on a reinforcement hex or in
    play on the map" — not before (the Units still to come on a later turn); on
    their arrival turn (in the Reinforcement Box, bound for the entry hex: see
    docs/gts.md), and once they are on the map."""
    session = make_session(axis=idle(), allies=idle())
    add_division(session, units={"u6": None})
    session.state.catalog["unit"]["u6"].update(arrival_turn=1, entry_hex="20.06")
    chit = session.ref("chit", "formation:f6")
    assert not session.value("chit_purchasable", chit)
    session.state.turn = 1
    session.perform("reinforcements_to_boxes")
    assert session.value("chit_purchasable", chit)
    session.perform("enter_reinforcement", session.ref("unit", "u6"),
                    Ref("hex", "20.06"))
    assert session.value("chit_purchasable", chit)


def test_one_chit_at_a_time_per_formation(make_session):
    """gts:7.2#13-14: bought for next turn on Turn One, the chit cannot be bought
    again on Turn Two for Turn Three — it goes in on Turn Two and is bought again
    only once played; gts:9.0#6: it goes in the mug the turn it was bought for."""
    axis = idle(buy_formation_chit="next_turn")
    session = make_session(axis=axis, allies=idle())
    points(session, "geb5", cp=0, dp=3)
    side = session.ref("side", "axis")
    session.perform("dispatch_phase", side)
    session.perform("fill_mug")
    assert "formation:pi95" not in session.state.pools["mug"]
    session.state.pools["mug"] = []
    mark = len(axis.asked)
    session.perform("dispatch_phase", side)
    assert not [d for d in axis.asked[mark:] if d.key == "buy_formation_chit"]
    session.perform("fill_mug")
    assert "formation:pi95" in session.state.pools["mug"]
    session.perform("play_chit", session.ref("chit", "formation:pi95"))
    session.state.pools["mug"] = []
    session.perform("dispatch_phase", side)
    assert [d for d in axis.asked[mark:] if d.key == "buy_formation_chit"]
    assert points(session, "geb5")["dp"] == 3 - 1 - 1


def reinforcement(session, ident, arrival=0, entry="20.06", formation="pi95", **face):
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": "axis", "division": "geb5", "formation": formation,
        "back_kind": None, "arrival_turn": arrival, "entry_hex": entry,
        "faces": {"front": {**INFANTRY, **face}}}
    return session.ref("unit", ident)


def test_reinforcements_wait_in_the_box_then_enter_with_their_division(make_session):
    """gts:8.0#1-2: the schedule (arrival turn, entry hex) puts the turn's
    reinforcements in their Division's box at step C; gts:8.0#4 and
    gts:10.0.1#6: when the Division chit is pulled they are placed on their
    entry hex and activated normally, before the Division's points are rolled
    (gts:10.0.1#7) and its Units act (gts:10.0.1#8); gts:8.0#14: in Column, as
    their owner chooses."""
    axis = idle(reinforcement_column=1)
    session = make_session(axis=axis, allies=idle(), rolls=[4, 4])
    late = reinforcement(session, "late")
    reinforcement(session, "later", arrival=1)
    session.perform("reinforcements_to_boxes")
    assert session.attr(late, "in_box") == 1 and session.attr(late, "hex") is None
    assert session.attr(session.ref("unit", "later"), "in_box") == 0
    session.perform("activate_division", session.ref("division", "geb5"))
    log = session.state.log
    placed = first_index(log, lambda e: e.kind == "unit_placed" and e.data["unit"] == "late")
    rolled = first_index(log, changed("cp"))
    acted = first_index(log, decided("action"))
    assert placed < rolled < acted
    assert log[placed].data["destination"] == "20.06"
    assert "late" in {d.subject.id for d in axis.asked if d.key == "action"}
    assert [d.options for d in axis.asked if d.key == "reinforcement_column"] == [(0, 1)]
    assert session.attr(late, "column") == 1


def test_a_leader_not_on_the_map_comes_on_with_his_reinforcements(make_session):
    """gts:8.0#4: "place the reinforcements (with their Leader, if he is not already
    on the map) on the reinforcement hex" — lead6 comes with u6; Maj Schaette,
    on the map, stays where he is when his Formation's reinforcement enters."""
    session = make_session(axis=idle(), allies=idle())
    add_division(session, units={"u6": None})
    session.state.catalog["unit"]["u6"].update(arrival_turn=0, entry_hex="20.06")
    reinforcement(session, "late")
    session.perform("reinforcements_to_boxes")
    for unit in ("u6", "late"):
        session.perform("reinforcement_arrives", session.ref("unit", unit))
    assert session.attr(session.ref("leader", "lead6"), "hex") == "20.06"
    assert session.attr(session.ref("leader", "schaette"), "hex") == "15.06"


def test_entry_hexes_have_no_stacking_limit(make_session):
    """gts:8.0#5 and gts:8.0#9: the reinforcements stack on the entry hex "without regard
    to stacking limits"; ten Steps there (over the 8 of gts:14.7) are no
    overstack: the first to leave takes no Cohesion Hit, and two may leave
    together as a stack."""
    axis = idle()
    session = make_session(axis=axis, allies=idle())
    units = [reinforcement(session, f"r{i}") for i in range(5)]
    session.perform("reinforcements_to_boxes")
    for unit in units:
        session.perform("enter_reinforcement", unit, Ref("hex", "20.06"))
    assert session.value("steps_in", "20.06") == 10
    assert not session.value("overstacked", "20.06")
    session.perform("move", [units[0]], "division")
    assert session.attr(units[0], "hex") != "20.06"
    assert session.attr(units[0], "cohesion_hits") == 0
    assert session.value("may_join", units[2], units[1])   # a stack may go out together


def test_reinforcements_must_leave_the_entry_hex_when_they_can(make_session):
    """gts:8.0#6: all must have moved out by the end of the Division Activation —
    no holding back (Move is offered, never pass, and the move cannot stop in
    the hex); gts:8.0#7: if every way out is into an enemy Fire Zone (closed to a
    Division chit, gts:13.2#3) they wait, and must move out under the next chit
    that allows it — here their Formation's."""
    session = make_session(axis=idle(), allies=idle(), placement={"greek": "18.06"})
    session.state.catalog["unit"]["greek"]["faces"]["front"]["fire_range"] = 4
    late = reinforcement(session, "late")
    session.perform("reinforcements_to_boxes")
    session.perform("enter_reinforcement", late, Ref("hex", "20.06"))
    assert not session.value("must_leave_entry_hex", late, "division")
    assert "pass" in session.value("legal_actions", late, "division")
    assert session.value("legal_actions", late, "formation") == ["move"]
    choices = session.value("move_choices", [late], "formation", False, False)
    assert "stop" not in choices
    session.state.catalog["unit"]["greek"]["faces"]["front"]["fire_range"] = 0
    assert session.value("must_leave_entry_hex", late, "division")
    assert session.value("legal_actions", late, "division") == ["move"]


def test_reinforcements_in_the_entry_hex_are_out_of_play(make_session):
    """gts:8.0#10: no fire of any type at a Unit in its entry hex; gts:8.0#11: its
    only Action is to Move, and leaving the hex draws no Opportunity Fire;
    gts:8.0#12-13: no Command Point is spent on it there (Out of Command: no
    Direct Command, no Second Action) — it is once it has moved out."""
    axis = idle(move=["19.07", "18.07", "stop"])
    session = make_session(axis=axis, allies=idle(), rolls=[],
                           placement={"greek": "19.08", "schaette": "20.07"})
    late = reinforcement(session, "late", entry="20.07")
    session.perform("reinforcements_to_boxes")
    session.perform("enter_reinforcement", late, Ref("hex", "20.07"))
    greek = session.ref("unit", "greek")
    assert late not in session.value("direct_fire_targets", greek)
    assert not session.value("in_command", late)
    assert session.value("legal_actions", late, "formation") == ["move"]
    points(session, "geb5", cp=5)
    assert not session.value("direct_command_eligible", late, session.ref("side", "axis"))
    assert session.value("second_actions", late, "pass", "formation") == []
    session.perform("move", [late], "formation")
    triggers = [e for e in session.events("opportunity_trigger") if "late" in e.data["units"]]
    assert [e.data["origin"] for e in triggers] == ["19.07"]   # not out of 20.07
    assert session.attr(late, "in_entry_hex") == 0
    assert session.value("in_command", late) and late in session.value(
        "direct_fire_targets", greek)
    assert session.value("second_actions", late, "move", "formation") != []


def test_a_division_chit_left_in_the_mug_brings_its_reinforcements_next_turn(make_session):
    """gts:8.0#15: the Division chit is the last in the mug — its reinforcements
    arrive next turn, when it is played first; gts:8.0#16: with that turn's own
    reinforcements, all together."""
    session = make_session(axis=idle(), allies=idle(),
                           picks=["division:nz2", "direct:axis", "direct:allies",
                                  "division:nz2", "direct:axis"])
    late = reinforcement(session, "late", arrival=0)
    reinforcement(session, "later", arrival=1)
    session.perform("play_turn")
    assert session.state.pools["carry"] == ["division:geb5"]
    assert session.attr(late, "in_box") == 1 and session.attr(late, "hex") is None
    mark = len(session.state.log)
    session.perform("play_turn")
    entered = [e.data["unit"] for e in session.state.log[mark:]
               if e.kind == "unit_placed" and e.data["destination"] == "20.06"]
    assert sorted(entered) == ["late", "later"]
    started = [e.data["chit"] for e in session.state.log[mark:]
               if e.kind == "activation_started"]
    assert started[0] == "division:geb5"


def test_the_mug_after_the_first_turn(make_session):
    """gts:9.0#3-5: each player puts in his Division chits in play, the Division
    chits his reinforcements bring (geb6, whose only Unit is due this turn; not
    geb7, with nothing in play), and his one Direct Command chit; gts:9.0#6 and
    gts:7.2: Formation chits only as bought (pi95 this turn; f6 not bought)."""
    session = make_session(axis=idle(), allies=idle())
    add_division(session, units={"u6": None})
    session.state.catalog["unit"]["u6"].update(arrival_turn=0, entry_hex="20.06")
    session.state.catalog["division"]["geb7"] = {"name": "geb7", "side": "axis",
                                                 "command_rating": 1, "dispatch_rating": 1}
    session.state.catalog["chit"]["division:geb7"] = {"kind": "division", "division": "geb7",
                                                      "side": "axis"}
    session.state.tracks["formation:pi95"] = {"chit_status": 1}
    session.perform("reinforcements_to_boxes")
    session.perform("fill_mug")
    assert sorted(session.state.pools["mug"]) == [
        "direct:allies", "direct:axis", "division:geb5", "division:geb6", "division:nz2",
        "formation:pi95"]


def test_the_first_turn_mug_and_first_chit_are_the_scenarios():
    """gts:9.0#1: "On the first turn, the scenario rules tell you what goes into the
    mug" and gts:10.0.1#1: they say who goes first — Crete Scenario 1 ("Place the
    German and Allied Direct Command, the German and Allied Event, Fsch.Jäg.Rgt. 3
    and Luftl.Sturm-Rgt formation chits in the cup. The 7. Flieger Division chit is
    the first in play"); the first chit played is that one."""
    from kriegsspiel.core.players import RandomPlayer, Table
    from kriegsspiel.engine.starting import start
    session = start("crete/descent", Table({"Axis": RandomPlayer(1),
                                            "Allied": RandomPlayer(2)}), seed=1)
    assert session.state.pools["carry"] == ["division:7. Flieger Division"]
    assert sorted(session.state.pools["mug"]) == sorted([
        "direct:Axis", "direct:Allied", "random_event:Axis", "random_event:Allied",
        "formation:Fallschirmjäger-Regiment 3", "formation:Luftlande Sturmregiment"])


def test_the_turn_record_moves_up_and_victory_is_determined_after_the_last(make_session):
    """gts:12.0#1: the turn record moves up a box and play goes on to the next turn;
    gts:12.0#2: "If it was the last turn, determine victory" — what wins is the
    exclusive rules' (here a test rule that names the first side), asked after
    the last of the six turns and not before."""
    from kriegsspiel.engine.rulebook import ExtraRules, build_program
    rules = ExtraRules("test_victory.ksr", """
override procedure victory_check(last_turn: bool) @gts:12.0 {
  step exclusive_rules @gts:12.0 {
    if last_turn { emit game_won(winner = first(all_of("side")), reason = "last turn") }
  }
}
""")
    program = build_program(["gts"], extra=[rules])
    session = make_session(program=program, axis=idle(), allies=idle(), seed=5)
    session.perform("play_game")
    turns = [e.data for e in session.events("turn_advanced")]
    assert len(turns) == 6 and session.state.turn == 6
    won = [e.seq for e in session.events("game_won")]
    last_advance = session.events("turn_advanced")[-1].seq
    assert len(won) == 1 and won[0] > last_advance


ALWAYS_IN_COMMAND = ExtraRules("always_in_command.ksr", '''
override def in_command(unit: unit) = unit.hex != none @gts:8.0
''', layer="scenario")


def test_no_command_point_is_spent_on_a_reinforcement_before_it_enters_play(make_session):
    """gts:8.0#12 on its own: even with every placed Unit counted In Command (so
    that gts:8.0#13's Out of Command does not decide it), a Unit still in its
    entry hex takes neither a Direct Command nor a Second Action; once it has
    moved out it may take both."""
    program = build_program(["gts"], extra=[ALWAYS_IN_COMMAND])
    axis = idle(move=["19.07", "stop"])
    session = make_session(program=program, axis=axis, allies=idle(), rolls=[],
                           placement={"greek": "18.08", "schaette": "20.07"})
    late = reinforcement(session, "late", entry="20.07")
    session.perform("reinforcements_to_boxes")
    session.perform("enter_reinforcement", late, Ref("hex", "20.07"))
    points(session, "geb5", cp=5)
    assert session.value("in_command", late)
    assert not session.value("direct_command_eligible", late, session.ref("side", "axis"))
    assert session.value("second_actions", late, "pass", "formation") == []
    session.perform("move", [late], "formation")
    assert session.value("direct_command_eligible", late, session.ref("side", "axis"))
    assert session.value("second_actions", late, "move", "formation") != []
