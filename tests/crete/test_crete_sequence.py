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
    """crete:3.0 Sequence of Play, crete:3.2: "A. Skipped  B. If 0700, Allocate German Air Support  C. Place
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
    """crete:3.0, crete:3.1: "Skip step A) Determine Weather. The Weather never changes";
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
    first = {k: kinds.index(k) for k in ("chit_added", "activation_started", "turn_advanced")}
    assert first["chit_added"] < first["activation_started"] < first["turn_advanced"]
    assert kinds.count("turn_advanced") == 1 and session.state.turn == turn + 1


def test_a_hex_without_a_centre_dot_cannot_be_entered():
    """crete:2.0: "A hex without a center dot cannot be entered" (the sea)."""
    session, _, _ = piling_on()
    unit = session.ref("unit", SAPPER)
    session.place(SAPPER, "25.08")
    assert session.value("terrain", "25.07") == "no_dot"
    assert session.value("half_point_cost", unit, "25.08", "25.07") is None
    assert session.value("half_point_cost", unit, "25.08", "26.08") is not None


def test_a_village_takes_one_from_fire_at_units_in_it():
    """crete:2.4: a Village modifies the Fire Rating of Units firing into the hex by -1."""
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
    """crete:9.0: "The following special rules are used in some scenarios. Each
    scenario will state which rules are to be used" — Piling On lists S1.0, S2.0,
    S4.0 and S6.0, not S3.0."""
    session, _, _ = piling_on()
    assert session.value("in_effect", "crete:S1.0") and session.value("in_effect", "crete:S2.0")
    assert not session.value("in_effect", "crete:S3.0")
