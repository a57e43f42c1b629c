"""Crete scenarios' special rules the per-scenario tests do not play, each
against the started game: set-ups "In Command to start", Major Bedding's
command on the Kastelli map, the scenario attachments (S9.0), starting supply,
Divisional Trucks, Force Reserves released by Allied Withdrawal, the draw
when nothing holds, control by the last to occupy, and Scenario 13's Allied
Morale, Panzer company and last-chit rule."""

from __future__ import annotations

import pytest

from book_scenario_lines import deployed, fresh


def unit(session, name):
    return session.ref("unit", name)


def test_the_learning_scenarios_germans_are_in_command_to_start():
    """crete:scenario:learning#20-21: "Note: the German forces set-up on the map
    and are not reinforcements. They are In Command to start." — on the map
    before play, not in a box, and In Command (with Maj Schaette, crete:S8.0)."""
    session = deployed("learning")
    for name in ("1. Geb.Pi. 95", "2. Geb.Pi. 95", "3. Geb.Pi. 95"):
        pioneer = unit(session, name)
        assert session.attr(pioneer, "hex") == "15.06"
        assert session.state.catalog["unit"][name].get("arrival_turn") is None
        assert session.value("in_command", pioneer) is True


@pytest.mark.parametrize("name, cited", [("jump", "crete:scenario:6#48"),
                                         ("mercury", "crete:scenario:11#95"),
                                         ("free_for_all", "crete:scenario:13#55")])
def test_major_bedding_puts_the_kastelli_greeks_in_command(name, cited):
    """crete:scenario:6#48 crete:scenario:11#95 crete:scenario:13#55: "The Allied
    Leader, Major Bedding, is placed with any Greek unit on the Kastelli Map and
    allows Greek units on the Kastelli map to be In Command." — he stands with
    one; every Greek unit there is In Command, however far from him."""
    session = deployed(name)
    greeks = ["1 A/1 Inf", "2 A/1 Inf", "3 A/1 Inf", "1 B/1 Inf", "2 B/1 Inf", "3 B/1 Inf",
              "Kastelli"]
    bedding = session.attr(session.ref("leader", "Major Bedding"), "hex")
    assert bedding in {session.attr(unit(session, g), "hex") for g in greeks}
    assert bedding.startswith("kastelli:")
    for greek in greeks:
        assert session.value("in_command", unit(session, greek)) is True, greek


@pytest.mark.parametrize("name, battalion, brigade, cited", [
    ("last_chance", ["A 20 Bn", "B 20 Bn", "C 20 Bn", "D 20 Bn", "S(Mtr) 20 Bn"], "5th NZ Bde",
     "crete:scenario:7#55"),
    ("hot_pursuit", ["A 18 Bn", "B 18 Bn"], "10th NZ Bde", "crete:scenario:10#85")])
def test_the_printed_attachment_is_made_at_the_start(name, battalion, brigade, cited):
    """crete:scenario:7#55: "The New Zealand 20th Battalion is attached to the 5th
    NZ Brigade as per S9.0 Allied Attachments."; crete:scenario:10#85: the 18th
    Battalion to the 10th NZ Brigade — made in the first turn's step F without
    asking, the companies then of that Brigade."""
    session = fresh(name)
    session.perform("attachment_phase")
    formation = session.ref("formation", brigade)
    members = {u.id for u in session.value("formation_members", formation)}
    for company in battalion:
        found = session.state.attr(unit(session, company), "battalion_with")
        assert found is not None and found.id == brigade, company
        assert company in members


@pytest.mark.parametrize("name, allied, cited", [
    ("gala", {"maleme": 1, "canea_suda": 1}, "crete:scenario:9#92-93"),
    ("hot_pursuit", {"maleme": 2, "canea_suda": 2, "georgeoupolis": 2, "sfakia": 2},
     "crete:scenario:10#87-88")])
def test_the_starting_supply_levels(name, allied, cited):
    """crete:scenario:9#92-93: "The Allies start at Reduced Supply. The Germans
    start at Full Supply."; crete:scenario:10#87-88: "Allies start at Diminished
    Supply. Germans start at Full Supply." — each map's markers (0 Full, 1
    Reduced, 2 Diminished: crete:S4.0)."""
    session = deployed(name)
    for sheet, level in allied.items():
        for side, want in (("Allied", level), ("Axis", 0)):
            marker = session.value("supply_marker", session.ref("side", side), sheet)
            assert session.value("supply_level_of", marker) == want, (side, sheet)


@pytest.mark.parametrize("name, cited", [("gala", "crete:scenario:9#90"),
                                         ("hot_pursuit", "crete:scenario:10#84")])
def test_the_germans_have_one_divisional_truck_a_division(name, cited):
    """crete:scenario:9#90 crete:scenario:10#84: "The Germans receive one
    Divisional Truck for each division." — one each, from the start (not
    earned by taking Maleme Airfield, crete:S10.0)."""
    session = deployed(name)
    trucks = {e["division"]: e for e in session.state.catalog["effect"].values()
              if e["kind"] == "divisional_trucks"}
    for division in ("7. Flieger Division", "5. Gebirgs Division"):
        assert len(trucks[division]["units"]) == 1 and not trucks[division].get("earned")
        shown = session.value("trucks_on_display", session.ref("division", division))
        assert [u.id for u in shown] == trucks[division]["units"]


@pytest.mark.parametrize("name, reserve, cited", [
    ("gala", "A 1 Welch", "crete:scenario:9#89"),
    ("mercury", "A 1 Welch", "crete:scenario:11#116")])
def test_allied_withdrawal_frees_the_force_reserves_by_0700_26_may(name, reserve, cited):
    """crete:scenario:9#89 crete:scenario:11#116: "If Allied Withdraw is
    triggered, these units are released from this restriction no later than the
    0700, 26 May game turn." — held before, free from that turn."""
    session = fresh(name)
    turns = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    held = unit(session, reserve)
    assert session.value("force_reserve_held", held) is True
    session.perform("adjust_allied_morale", -60, "test")
    assert session.events("allied_withdrawal_started")
    at = turns.index("1941-05-26 0700")
    session.ctx.emit("turn_advanced", {"turn": at - 1})
    if session.state.turn < at - 1:
        session.state.turn = at - 1
    assert session.value("force_reserve_held", held) is True
    session.state.turn = at
    session.ctx.emit("turn_advanced", {"turn": at})
    assert session.value("force_reserve_held", held) is False


def test_scenario_9_is_otherwise_a_draw():
    """crete:scenario:9#102: "Otherwise, it is a draw." — at the end with no
    Port German and no Withdrawal (and Galatas not yet due), no one wins."""
    session = fresh("gala")
    session.perform("victory_check", True)
    assert [e.data["winner"] for e in session.events("game_won")] == [None]


@pytest.mark.parametrize("name, hex_id, german, allied, cited", [
    ("kiwis", "29.07", "1. Kgr. Ramcke", "7 NZ Fld", "crete:scenario:8#72"),
    ("gala", "36.11", "1. Kgr. Ramcke", "2 1/6 Inf", "crete:scenario:9#103")])
def test_control_is_the_last_to_occupy(name, hex_id, german, allied, cited):
    """crete:scenario:8#72 crete:scenario:9#103: "Control is gained by being the
    last player to occupy the hex." — a village hex goes to the German who
    enters it and stays his when he leaves, until an Allied unit enters."""
    session = fresh(name)
    axis, allies = session.ref("side", "Axis"), session.ref("side", "Allied")
    for name_, where in list(session.state.placement.items()):
        if where == hex_id:
            session.place(name_, None)
    session.place(german, hex_id)
    assert session.value("controller", hex_id) == axis
    session.place(german, None)
    assert session.value("controller", hex_id) == axis
    session.place(allied, hex_id)
    assert session.value("controller", hex_id) == allies


def test_scenario_13_morale_moves_with_german_steps_and_ports():
    """crete:scenario:13#65-66: "±10 German Control/Loss of Control of an
    Airfield or Port", "+1 Each German step eliminated" (never above the start,
    crete:S5.0)."""
    session = fresh("free_for_all")
    assert session.value("allied_morale") == 40
    session.perform("adjust_allied_morale", -1, "step eliminated")
    germans = [u for u, v in session.state.catalog["unit"].items()
               if v["side"] == "Axis" and v.get("back_kind") == "reduced"][:2]
    session.place(germans[0], "maleme:30.12")
    session.perform("take_step_loss", unit(session, germans[0]))       # +1
    assert session.value("allied_morale") == 40
    port = "canea_suda:49.07"
    for name_, where in list(session.state.placement.items()):
        if where == port:
            session.place(name_, None)
    session.place(germans[1], port)                                     # -10
    assert session.value("allied_morale") == 30


def test_scenario_13s_panzer_company_arrives_at_a_captured_port():
    """crete:scenario:13#34: "27 May, 0700: Gebirgs Division, Independent, 5
    II/PzRgt 31 (arrives at any captured port)" — on 27 May 0700, at a port the
    German controls."""
    session = fresh("free_for_all")
    panzer = unit(session, "5./II./PzRgt 31")
    turns = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    assert turns[session.state.catalog["unit"]["5./II./PzRgt 31"]["arrival_turn"]] == \
        "1941-05-27 0700"
    taken = session.value("feature_hexes", "port")[0]
    session.state.set_link(session.state.interned("hex", taken), "controlled_by",
                           session.ref("side", "Axis"), [{"what": "test"}])
    assert session.value("arrival_ports", panzer) == [taken]


def test_scenario_13_plays_the_last_chit_on_its_drop_turns():
    """crete:scenario:13#52-53: "on turns the German receives reinforcements via
    paradrop or glider landings, if the 7. Flieger Division Activation chit is the
    last chit drawn; it is played." — on the drop turns (20 May 0700, 1500, 1700,
    1900; 21 May 1500; 24 May 1500) and not on others."""
    session = fresh("free_for_all")
    turns = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    chit = session.ref("chit", "division:7. Flieger Division")
    played = []
    for i, label in enumerate(turns[:40]):
        session.state.turn = i
        if session.value("last_chit_played", chit):
            played.append(label)
    assert played == ["1941-05-20 0700", "1941-05-20 1500", "1941-05-20 1700",
                      "1941-05-20 1900", "1941-05-21 1500", "1941-05-24 1500"]


def test_scenario_6_one_airfield_wins_for_the_germans():
    """crete:scenario:6#73: "The German player wins if he controls at least one
    airfield or exits 3 units off the east edge of the Maleme map ... by the end
    of the scenario; otherwise it is an Allied victory." (an airfield hex held,
    docs/crete.md Scenario 6)."""
    session = fresh("jump")
    session.perform("victory_check", True)
    assert [e.data["winner"] for e in session.events("game_won")] == ["Allied"]
    session = fresh("jump")
    for name_, where in list(session.state.placement.items()):
        if where == "rethymnon:27.12":
            session.place(name_, None)
    session.place("1. Kgr. Ramcke", "rethymnon:27.12")
    session.perform("victory_check", True)
    assert [e.data["winner"] for e in session.events("game_won")] == ["Axis"]


def test_scenario_11_greeks_keep_away_from_the_kastelli_east_exit():
    """crete:scenario:11#96: "Neither Major Bedding nor any Greek unit may leave
    the Kastelli map or move within two hexes of the East Exit." — with S1.0 in
    effect here, the East Exit (kastelli:20.06) is the way off the sheet: a
    Greek unit may not enter it nor a hex within two of it; a German may."""
    session = deployed("mercury")
    assert session.value("in_effect", "crete:S1.0") is True
    greek, german = unit(session, "3 B/1 Inf"), unit(session, "Det Muebe")
    for hex_id, allowed in (("kastelli:18.06", False), ("kastelli:20.06", False),
                            ("kastelli:17.06", True)):
        assert session.value("may_enter", greek, hex_id, "formation") is allowed, hex_id
        assert session.value("may_enter", german, hex_id, "formation") is True


def test_scenario_11_brings_fjr_2_and_plays_the_last_chit_on_1500_20_may():
    """crete:scenario:11#110-112: "The Fsch.Jäg.Rgt. 2 formation chit is added to
    the mug after the 7. Flieger Division Activation chit is drawn on the 1500, 20
    May game turn. If the 7. Flieger Division Activation chit is the last chit
    drawn it is played." """
    session = fresh("mercury")
    chit = session.ref("chit", "division:7. Flieger Division")
    mug = {c.id for c in session.state.pool("mug")}
    assert "formation:Fallschirmjäger-Regiment 2" not in mug
    session.state.turn = 4                                   # 1500 20 May
    assert session.value("last_chit_played", chit) is True
    session.ctx.emit("activation_started", {"chit": chit})
    assert "formation:Fallschirmjäger-Regiment 2" in {c.id for c in session.state.pool("mug")}
    session.state.turn = 7                                   # Night 20 May
    assert session.value("last_chit_played", chit) is False


def test_scenario_11_akrotiri_not_taken_raises_the_withdrawal_level_by_5():
    """crete:scenario:11#121-122: "The German player must occupy hexes on the
    Akrotiri Peninsula (hexes 67.07, 74.08, 75.08, and 77.02) by the end of the
    scenario. If the German player fails to meet this requirement, raise the
    Allied Withdrawal level by 5." — once Withdrawal is in effect (without it there
    is no level to raise: the Allies' Decisive Victory, 11#129)."""
    session = fresh("mercury")
    session.perform("adjust_allied_morale", -60, "test")
    assert session.value("withdrawal_in_effect") is True
    level = session.value("withdrawal_level")
    session.perform("withdrawal_requirements_at_end")
    assert [e.data["change"] for e in session.events("withdrawal_level_raised")] == [5]
    assert session.value("withdrawal_level") == level + 5
    met = fresh("mercury")
    met.perform("adjust_allied_morale", -60, "test")
    for hex_id in ("67.07", "74.08", "75.08", "77.02"):
        met.place("1. Kgr. Ramcke", f"canea_suda:{hex_id}")
    met.place("1. Kgr. Ramcke", "maleme:20.07")
    met.perform("withdrawal_requirements_at_end")
    assert met.events("withdrawal_level_raised") == []


def test_scenario_12_has_no_planned_air_support_on_20_and_21_may():
    """crete:scenario:12#57: "The German does not receive Planned German Air
    Support (S11.0) on these days (20 – 21 May)." """
    session = fresh("main_event")
    turns = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    axis = session.ref("side", "Axis")
    days = {}
    for label in ("1941-05-20 0700", "1941-05-21 0700", "1941-05-22 0700"):
        session.state.turn = turns.index(label)
        days[label] = session.value("planned_air_day", axis)
    assert days == {"1941-05-20 0700": False, "1941-05-21 0700": False,
                    "1941-05-22 0700": True}


def test_scenario_12_units_exited_at_108_44_are_out_of_play():
    """crete:scenario:12#63: "Units exited are out of play for the remainder of
    the scenario." — a German Unit off the Georgeoupolis Map at 108.44 never
    returns."""
    session = fresh("main_event")
    german = [u for u, v in session.state.catalog["unit"].items() if v["side"] == "Axis"][0]
    session.place(german, "108.44")
    session.perform("take_off_map", unit(session, german))
    assert session.value("may_return", unit(session, german)) is False


def test_scenario_4_scores_the_allied_steps_off_by_the_west_exit():
    """crete:scenario:4#48: "1VP Each Allied step exited from West Exit" — a
    two-step company off the map from 01.11 scores 2 for the Allies."""
    session = fresh("piling_on")
    company = "A 2/B W •"
    session.place(company, "01.11")
    session.perform("take_off_map", unit(session, company))
    exited = next(session.ref("victory_points", ident)
                  for ident, line in session.state.catalog["victory_points"].items()
                  if line["per"] == "step_exited")
    assert session.value("points_scored", exited, session.ref("side", "Allied")) == 2


def _last_chit_of_the_turn(name: str, label: str, chit_id: str):
    """crete/*name* on turn *label* with *chit_id* the only chit left in the mug
    and none carried in: the Activation Phase then comes straight to its end."""
    session = fresh(name)
    turns = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    session.state.turn = turns.index(label)
    session.state.pools["mug"], session.state.pools["carry"] = [chit_id], []
    mark = len(session.state.log)
    session.perform("activation_phase")
    played = [e.data["chit"] for e in session.state.log[mark:]
              if e.kind == "activation_started"]
    return session, played


FLIEGER = "division:7. Flieger Division"


FJR = "formation:Fallschirmjäger-Regiment {}"


@pytest.mark.parametrize("name, label, played, carried", [
    ("jump", "1941-05-20 1500", True, [FJR.format(2)]),        # crete:scenario:6#61
    ("jump", "1941-05-20 1700", True, [FJR.format(1)]),        # crete:scenario:6#68
    ("jump", "1941-05-20 1900", False, [FLIEGER]),
    ("mercury", "1941-05-20 1500", True, [FJR.format(2)]),     # crete:scenario:11#112
    ("free_for_all", "1941-05-21 1500", True, []),            # crete:scenario:13#53
    ("free_for_all", "1941-05-21 1700", False, [FLIEGER])])
def test_the_flieger_chit_last_drawn_is_played_on_the_scenarios_turns(name, label, played,
                                                                      carried):
    """crete:scenario:6#61, crete:scenario:6#68, crete:scenario:11#112,
    crete:scenario:13#53: "If the 7. Flieger Division Activation chit is the last
    chit drawn it is played" — on those scenarios' turns the last chit in the mug
    is played at once; on any other it waits for the next turn, as crete:O4.0#25
    ("The last chit drawn for a turn becomes the first chit in play the next turn,
    except when otherwise noted") and gts:10.0.6#2 have it.  A Regiment's chit
    that the played one brings into the mug (6#59-60, 6#66-67, 11#110-111) is
    then the last chit in it, and it waits (docs/crete.md, Scenario 6)."""
    session, started = _last_chit_of_the_turn(name, label, FLIEGER)
    assert started == ([FLIEGER] if played else [])
    assert (session.state.pools["mug"], session.state.pools["carry"]) == ([], carried)

def test_scenario_9_ends_with_its_last_chit_unplayed():
    """crete:scenario:9#13-14: "The scenario ends when the last chit is drawn on
    the Night Turn of 26 May. The last chit is not played." — on that turn the
    chit left in the mug is set aside, not played, and it is the game's last:
    the victory check that follows is the final one."""
    chit = "division:2nd New Zealand Division"
    session, started = _last_chit_of_the_turn("gala", "1941-05-26 night", chit)
    assert started == [] and session.state.pools["carry"] == [chit]
    assert session.value("current_turn") == session.value("turn_count") - 1


def _occupied_by(session, hex_ids, german="1. Kgr. Ramcke"):
    """The German *german* the last to occupy each of *hex_ids* (gala's
    crete:scenario:9#103), whoever stood there before put aside."""
    for hex_id in hex_ids:
        for name_, where in list(session.state.placement.items()):
            if where == hex_id:
                session.place(name_, None)
        session.place(german, hex_id)
    session.place(german, None)


@pytest.mark.parametrize("held, turn, winner", [
    ([], "1941-05-26 0700", "Allied"),
    (["36.11"], "1941-05-26 0700", "Allied"),
    (["36.11", "37.11"], "1941-05-26 0700", None),
    ([], "1941-05-25 night", None)])
def test_scenario_9_without_galatas_at_0700_26_may_the_allies_win_at_once(held, turn, winner):
    """crete:scenario:9#100: "If the Germans do not control Galatas (hexes 36.11
    and 37.11) at the start of the 0700, 26 May game turn, it is an Allied Sudden
    Death Victory." — read as that turn begins (the end of the one before), both
    hexes needed; at the start of another turn Galatas decides nothing."""
    session = fresh("gala")
    turns = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    session.state.turn = turns.index(turn) - 1
    _occupied_by(session, held)
    session.perform("victory_check", False)
    assert [e.data["winner"] for e in session.events("game_won")] == \
        ([winner] if winner else [])


@pytest.mark.parametrize("port", ["49.07", "59.13", None])
def test_scenario_9_a_port_at_the_end_or_allied_withdrawal_wins_for_the_germans(port):
    """crete:scenario:9#101: "If the Germans control the Port of Canea (hex 49.07)
    or Port of Suda (59.13) at the end of the scenario, or Allied Withdrawal is
    triggered, the Germans win." — a Port wins at the end, not before; Allied
    Withdrawal (port None here) wins as soon as it is triggered."""
    session = fresh("gala")
    if port:
        _occupied_by(session, [port])
        session.perform("victory_check", False)
        assert session.events("game_won") == []
        session.perform("victory_check", True)
    else:
        session.perform("adjust_allied_morale", -60, "test")
        assert session.value("withdrawal_in_effect") is True
        session.perform("victory_check", False)
    assert [e.data["winner"] for e in session.events("game_won")] == ["Axis"]


def test_withdrawing_allied_units_head_for_the_exits():
    """crete:S5.0 (via unit_goal_hexes, gts:12.0): with Allied Withdrawal in
    effect (Scenario 10 starts so) an Allied Unit's goal is a Withdrawal hex —
    the heuristic player heads it there — and a German Unit's is not; where
    S5.0 is not in effect (Scenario 3), none."""
    from kriegsspiel.modules.gts.bot import HeuristicPlayer
    session = fresh("hot_pursuit")
    allied, german = unit(session, "A 22 Bn"), unit(session, "5./II./LLSR")
    assert session.value("withdrawal_in_effect") is True
    assert session.value("unit_goal_hexes", allied) == ["78.67"]
    assert session.value("unit_goal_hexes", german) == []
    assert HeuristicPlayer(session).goal_of(allied) == "78.67"
    heraklion = fresh("heraklion")
    assert heraklion.value("withdrawal_exit_hexes") == ["28.26"]
    first_allied = next(u for u, v in heraklion.state.catalog["unit"].items()
                        if v["side"] == "Allied" and heraklion.state.placement.get(u))
    assert heraklion.value("unit_goal_hexes", unit(heraklion, first_allied)) == []
