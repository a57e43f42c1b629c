"""The Crete Sequence of Play (crete:3.0, 3.1, 3.2), the terrain rules without a
test of their own (crete:2.0 no centre dot, 2.4 Village, 2.8 Roads) and which
special rules a scenario puts in effect (crete:9.0), on Scenario 4 "Piling On"
(Heraklion map: sea 01.01-23.07, Knossos village 20.19, the coast road through
18.10-20.10)."""

from __future__ import annotations

from test_crete_offmap import piling_on

from kriegsspiel.core.players import KeyedPlayer

SAPPER = "B 2/B W •"
GERMAN = "6./II./FJR 1 •"


def test_the_crete_sequence_of_play_runs_its_steps_in_order():
    """crete:3.2#1-3, crete:3.2#6, crete:3.2#9, crete:3.2#12-15, crete:3.1#7 ("There
    are no other changes to the GTS 2.0
    Sequence of Play"): "A. Skipped  B. If 0700, Allocate German Air Support  C. Place
    Reinforcements in Reinforcement Boxes  D. Dispatch Point Segment  E. Artillery
    Parks  F. Independent Formations  G. Put eligible chits into the coffee mug
    H. Perform the Activation Phase  I. Remove all Barrages ...  J. Move the Turn
    Record marker up one turn" — the series steps (gts:4.0) with Crete's A, B, F."""
    session, _, _ = piling_on()
    steps = [s.name for s in session.program.decls["play_turn"].steps]
    # B's Planned German Air Support (S11.0), C's supply roll (S4.0) and Greek
    # checks (S5.0), and the Withdrawal's end-of-Night box removal and
    # requirements (S1.0, S5.0, Scenario 10) are Crete's
    assert steps == ["weather", "scenario_air_plan", "airpower", "reinforcements", "supply",
                     "greek_withdrawal", "dispatch_points", "artillery_and_contact",
                     "attachment", "mug", "activation", "cleanup", "withdrawal_boxes",
                     "turn_record", "withdrawal_requirements", "victory"]
    # crete:3.1 A, B and F are the exclusive rules' (time.ksr, planned_air.ksr, command.ksr)
    for phase in ("weather_phase", "airpower_phase", "attachment_phase"):
        assert session.program.decls[phase].layer == "exclusive"


def test_a_turn_played_goes_through_the_steps_and_the_weather_never_changes():
    """crete:3.1#1, crete:3.1#2: "Skip step A) Determine Weather. The Weather never changes";
    G before H before J: the chits go into the mug, are drawn and played, then
    the Turn Record marker moves up."""
    pass_all = {"action": "pass", "direct_command_unit": "done"}
    session, _, _ = piling_on(allied=KeyedPlayer(dict(pass_all)), axis=KeyedPlayer(dict(pass_all)))
    weather = session.value("current_weather")
    start = len(session.state.log)
    turn = session.state.turn
    session.perform("play_turn")
    kinds = [e.kind for e in session.state.log[start:]]
    assert session.value("current_weather") == weather == "clear"
    first = {k: kinds.index(k) for k in ("pool_added", "activation_started", "turn_advanced")}
    assert first["pool_added"] < first["activation_started"] < first["turn_advanced"]
    assert kinds.count("turn_advanced") == 1 and session.state.turn == turn + 1


def test_a_hex_without_a_centre_dot_cannot_be_entered():
    """crete:2.0#6: "A hex without a center dot cannot be entered" (the sea)."""
    session, _, _ = piling_on()
    unit = session.ref("unit", SAPPER)
    session.place(SAPPER, "25.08")
    assert session.value("terrain", "25.07") == "no_dot"
    assert session.value("half_point_cost", unit, "25.08", "25.07") is None
    assert session.value("half_point_cost", unit, "25.08", "26.08") is not None


def test_a_village_takes_one_from_fire_at_units_in_it():
    """crete:2.4#2: a Village modifies the Fire Rating of Units firing into the hex by -1."""
    session, _, _ = piling_on()
    firer, target = session.ref("unit", SAPPER), session.ref("unit", GERMAN)
    session.place(SAPPER, "20.17")
    session.place(GERMAN, "21.18")                        # clear, next to Knossos
    in_the_open = session.value("modified_fire_rating", firer, target, "direct", 0, 0)
    session.place(GERMAN, "20.19")                        # Knossos
    assert session.value("terrain", "20.19") == "village"
    assert session.value("modified_fire_rating", firer, target, "direct", 0, 0) == in_the_open - 1


def test_roads_in_column_cost_half_a_point():
    """crete:2.8: "Any Unit in Column that enters a hex along a road can do so for
    ½ movement point ... A Unit not in Column ... must pay the base terrain cost"."""
    session, _, _ = piling_on()
    unit = session.ref("unit", SAPPER)
    session.place(SAPPER, "05.10")
    off_road = session.value("half_point_cost", unit, "05.10", "06.10")
    session.set_initial(unit, "column", 1)
    assert session.value("half_point_cost", unit, "05.10", "06.10") == 1      # ½ MP
    assert off_road == 2                                                     # clear: 1 MP
    assert not session.value("on_road", unit, "05.10", "05.11")              # off the road


def test_special_rules_act_only_where_the_scenario_lists_them():
    """crete:9.0#1, crete:9.0#2: "The following special rules are used in some scenarios. Each
    scenario will state which rules are to be used" — Piling On lists S1.0, S2.0,
    S4.0 and S6.0, not S3.0."""
    session, _, _ = piling_on()
    assert session.value("in_effect", "crete:S1.0") and session.value("in_effect", "crete:S2.0")
    assert not session.value("in_effect", "crete:S3.0")


def test_the_sub_steps_of_d_e_f_and_i_in_the_books_order():
    """crete:3.2#4-5, crete:3.2#10-11, crete:3.2#14: "D. Dispatch Point Segment I) Purchase Dispatch
    Points with Command Points II) Purchase Formation Chits with Dispatch Points
    E. Artillery Parks I) Create/Disband Artillery Parks II) Attempt to Contact
    Leaders F. Independent Formations I) Deploy German Kampfgruppe Commanders
    II) Attach Allied Battalions ... I. Remove all Barrages; Flip all artillery
    Parks"; crete:3.1#5: "Step F) Independent Formations, is changed to Deploy
    German Kampfgruppe Commanders and Attach Allied Battalions"."""
    session, _, _ = piling_on()
    decls = session.program.decls

    def steps(name):
        return [s.name for s in decls[name].steps]

    dispatch = steps("dispatch_phase")
    assert dispatch.index("convert_command_points") < dispatch.index("buy_formation_chits")
    assert steps("attachment_phase") == ["exclusive_rules", "allied_battalions"]
    assert decls["attachment_phase"].layer == "exclusive"
    first = decls["attachment_phase"].steps[0]
    assert "crete:S8.0" in [str(c) for c in first.cites]        # the Kampfgruppe Commanders
    assert steps("cleanup_phase") == ["barrage_markers", "artillery_parks"]


def test_step_b_is_only_the_german_air_allocation():
    """crete:3.1#3: "Step B) If 0700, Determine Air and Allocate, is changed to just
    Allocate German Air Support" — no air roll: at Piling On's first 0700 (S11.0 not
    listed) step B rolls no die and asks nothing; the allocation itself is
    crete:S11.0's (tests/crete/test_crete_planned_air.py)."""
    session, allied, axis = piling_on()
    assert [s.name for s in session.program.decls["airpower_phase"].steps] == \
        ["exclusive_rules"]
    assert session.program.decls["airpower_phase"].layer == "exclusive"
    while not session.value("turn_is", "first_daylight"):
        session.ctx.emit("turn_advanced", {"turn": session.state.turn + 1})
    rolled = session.dice.__dict__.copy()
    start = len(session.state.log)
    session.perform("airpower_phase")
    assert session.dice.__dict__ == rolled
    assert allied.asked == [] and axis.asked == []
    assert [e.kind for e in session.state.log[start:]
            if e.kind != "action"] == []
