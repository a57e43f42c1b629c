"""Scenario 11 "Mercury Rising" (crete:scenario:11), the campaign with the
historical drops, on all seven sheets: the set-ups printed "As per Scenario N"
(modules/gts/as_per.py) and in full (Canea-Suda, Georgeoupolis), the reinforcements, drops
and seventeen airlanding serials, ratings, chits, limits, the scenario's own
rules as data and what they do, and the victory conditions.  Expected values
are copied from the book (catalog spellings: "S(mtr)" is S(Mtr),
"Geb.Pz.Jag.95" is 1. and 2. Geb.Pz.Jäg. 95)."""

from __future__ import annotations

import pytest

from kriegsspiel.tools.play import play_game

from scenario_tools import start_passing, where, within, labels

CANEA_SUDA = {
    "A 1 Welch": "maleme:48.09", "B 1 Welch": "canea_suda:49.10", "C 1 Welch": "canea_suda:50.09",
    "D 1 Welch": "canea_suda:51.09", "S(Mtr) 1 Welch": "canea_suda:51.08",
    "A /N Hussars": "canea_suda:58.04", "B /N Hussars": "canea_suda:57.05",
    "RN DDF": "canea_suda:59.15", "NZE DDF": "canea_suda:58.13", "RE DDF": "canea_suda:58.14",
    "Res DDF": "canea_suda:61.15", "42 Fld RE": "canea_suda:56.14",
    "B RM Bn": "canea_suda:60.14", "C RM Bn": "canea_suda:56.13",
    "A 106 RHA": "canea_suda:49.08", "B 106 RHA": "canea_suda:55.13",
    "C 106 RHA": "canea_suda:52.11",
    "A 151 Hvy AA": "canea_suda:49.14", "A Hvy AA RM": "canea_suda:53.10",
    "A 234 Hvy AA": "canea_suda:62.06", "1 C Hvy AA RM": "canea_suda:58.19",
    "3 C Hvy AA RM": "canea_suda:67.08", "B 151 Hvy AA": "canea_suda:75.09",
    "B 234 Hvy AA": "canea_suda:61.04", "A 129 Lt AA": "canea_suda:56.12",
    "B 129 Lt AA": "canea_suda:58.09", "C 129 Lt AA": "canea_suda:61.08",
    "C 2/3 RAA": "georgeoupolis:99.42",
}
ONE_PER_HEX = [(["A 1 Rangers", "B 1 Rangers", "S(Mtr) 1 Rngr"], "canea_suda:53.10"),
               (["A 2/2 Aus Fld", "B 2/2 Aus Fld"], "canea_suda:70.17"),
               (["A 16 Aus Com", "B 16 Aus Com", "C 16 Aus Com"], "canea_suda:80.21"),
               (["A 17 Aus Com", "B 17 Aus Com", "C 17 Aus Com"], "canea_suda:75.18")]
BN_2_7 = ["A 2/7 Inf", "B 2/7 Inf", "C 2/7 Inf", "D 2/7 Inf", "E 2/7 Inf", "S(Mtr) 2/7 Inf"]
BN_2_8 = ["B 2/8 Inf", "C 2/8 Inf", "S(Mtr) 2/8 Inf", "2/8 Fld RAE"]
SERIALS = {
    1: [f"{n}./II./GJR 100" for n in range(6, 11)],
    2: [f"{n}./I./GJR 100" for n in range(1, 6)] + ["GrW GJR 100"],
    3: [f"{n}./I./GJR 85" for n in range(1, 6)],
    4: ["1. Geb.Pi. 95", "2. Geb.Pi. 95", "3. Geb.Pi. 95"],
    5: ["3. Fsch.Art. 7", "3./II./Geb.Art. 95"],
    6: ["1./I./Geb.Art. 95"],
    7: ["2./I./Geb.Art. 95"],
    8: ["1. Geb.Pz.Jäg. 95", "2. Geb.Pz.Jäg. 95", "16. GJR 85"],
    9: ["1. KSB 55", "3. KSB 55"],
    10: [f"{n}./III./GJR 85" for n in range(11, 16)] + ["GrW GJR 85"],
    11: ["1. Aufkl. 95", "2. Aufkl. 95", "3. Aufkl. 95"],
    12: ["2. KSB 55", "4. KSB 55", "2. Flak 609", "GrW 4. KSB 55"],
    13: [f"{n}./II./GJR 85" for n in range(6, 11)],
    14: [f"{n}./I./GJR 141" for n in range(1, 6)],
    15: [f"{n}./III./GJR 141" for n in range(11, 16)],
    16: ["4./II./Geb.Art. 95", "16. GJR 141", "GrW GJR 141"],
    17: [f"{n}./II./GJR 141" for n in range(6, 11)],
}
RESERVES = ["A 1 Welch", "B 1 Welch", "C 1 Welch", "D 1 Welch", "S(Mtr) 1 Welch",
            "A 1 Rangers", "B 1 Rangers", "S(Mtr) 1 Rngr",
            "RN DDF", "NZE DDF", "RE DDF", "Res DDF", "42 Fld RE"]


def scenario(name="crete/mercury", seed=1):
    return start_passing(name, seed)


@pytest.fixture(scope="module")
def session():
    return scenario()


@pytest.fixture(scope="module")
def deployed():
    game = scenario()
    game.perform("deploy_units")
    return game


def test_all_the_maps_joined_and_separate(session):
    """ "Use the Campaign Game Counters ... and all the maps" (crete:scenario:11):
    Maleme, Canea-Suda, Georgeoupolis and the Sfakia Exit in one plane, Rethymnon,
    Heraklion and Kastelli each on its own."""
    grid = session.state.grid
    assert session.state.catalog["game"]["game"]["maps"] == [
        "maleme", "canea_suda", "georgeoupolis", "sfakia", "rethymnon", "heraklion", "kastelli"]
    near, far = grid.parse("maleme:48.09"), grid.parse("canea_suda:49.10")
    assert grid.distance(near, far) == 1
    assert grid.distance(grid.parse("canea_suda:49.07"), grid.parse("georgeoupolis:97.41")) < 100
    assert grid.distance(near, grid.parse("rethymnon:29.11")) > 10_000
    assert labels(session)[0] == "1941-05-20 0700" and labels(session)[-1] == "1941-05-29 1900"


def test_canea_suda_and_georgeoupolis_are_set_up_as_printed(session):
    """ "Canea - Suda Map, CREFOR, MNDBO ... 1st Welch Battalion: A 1 Welch (48.09)
    ..."; "Independent: C 2/3 RAA; place in hex 99.42" (crete:scenario:11)."""
    for name, hex_id in CANEA_SUDA.items():
        assert where(session, name) == hex_id, name


@pytest.mark.parametrize("names, centre", ONE_PER_HEX)
def test_within_one_hex_one_unit_per_hex(deployed, names, centre):
    """ "place within one hex of 53.10, one unit per hex" (crete:scenario:11)."""
    area = within(deployed, centre, 1)
    spots = [where(deployed, u) for u in names]
    assert set(spots) <= area and len(set(spots)) == len(names)
    units = deployed.state.catalog["unit"]
    assert all(set(units[u]["setup_area"]) == area for u in names)


def test_the_19th_brigade_on_georgeoupolis_may_set_up_in_ips(deployed):
    """ "2/7 Inf Bn (AUS) ... place within one hex of 97.41. Units may be set up in
    IPs."; 2/8 Inf Bn and 2/8 Fld RAE within one hex of 101.43 (crete:scenario:11)."""
    units = deployed.state.catalog["unit"]
    for names, centre in ((BN_2_7, "georgeoupolis:97.41"), (BN_2_8, "georgeoupolis:101.43")):
        for name in names:
            assert set(units[name]["setup_area"]) == within(deployed, centre, 1), name
            assert where(deployed, name) in within(deployed, centre, 1), name
            assert units[name]["setup_in_ip"], name


def test_the_leaders_are_where_printed(deployed):
    """crete:scenario:11#97-98"""
    session = deployed
    """ "A 106 RHA with MNDBO Leader, MajGen Weston (49.08)"; "Brigadier Vassey is
    placed on the Georgeoupolis map and Lieutenant Colonel Campbell is placed on
    the Rethymnon map"; Major Bedding with a Greek unit on Kastelli
    (crete:scenario:11)."""
    assert where(session, "MajGen Weston", "leader") == "canea_suda:49.08"
    assert where(session, "Brig Vassey", "leader") in {where(session, u) for u in BN_2_7 + BN_2_8}
    assert where(session, "Lieutenant Colonel Campbell", "leader").startswith("rethymnon:")
    assert where(session, "Major Bedding", "leader").startswith("kastelli:")


def test_the_other_sheets_are_as_per_scenarios_1_3_5_and_6(deployed):
    session = deployed
    """ "Rethymnon Map: As per Scenario 1 "SNAFU"; Heraklion Map: As per Scenario 3;
    Maleme Map: As per Scenario 5; Kastelli Map: As per Scenario 6"
    (crete:scenario:11), with the campaign counters of the same names."""
    assert where(session, "A 2/1 Inf") == "rethymnon:29.11"
    assert where(session, "Det A 7 RTR") == "rethymnon:28.14"
    assert where(session, "A 2/B W") == "heraklion:29.12"
    assert where(session, "A 22 Bn") == "maleme:09.07"
    assert where(session, "Kastelli") == "kastelli:06.05"
    assert sorted(where(session, u) for u in
                  ["1 A/1 Inf", "2 A/1 Inf", "3 A/1 Inf", "1 B/1 Inf", "2 B/1 Inf", "3 B/1 Inf"]) \
        == ["kastelli:02.02", "kastelli:03.04", "kastelli:04.05", "kastelli:08.05",
            "kastelli:10.05", "kastelli:12.05"]
    units = session.state.catalog["unit"]
    assert not any(u.endswith(" •") for u in units)
    # "Axis Set-up: None"
    axis = session.ref("side", "Axis")
    assert not [u for u, v in units.items() if where(session, u) and
                session.attr(session.ref("unit", u), "side") == axis]


def test_reinforcements_and_drops(session):
    """The printed Allied reinforcements (24 May Heraklion 28.26; Layforce at
    Canea-Suda 59.13) and the German drops: Drop One as per Scenarios 5 and 6 with
    Sticks Thirteen and Fourteen by glider on Canea-Suda, Drops Two to Four as per
    Scenarios 1 and 3, the Night's 2./I./FJR 1, Kampfgruppe Ramcke on 21 May,
    Kampfgruppe Vogel on 24 May, 5./II./PzRgt 31 on 27 May (crete:scenario:11)."""
    unit, lab = session.state.catalog["unit"], labels(session)

    def arrives(name):
        u = unit[name]
        return lab[u["arrival_turn"]], u["entry_hex"]

    def drops(name):
        u = unit[name]
        return lab[u["drop_turn"]], u["arrival"], sorted(u["drop_zone"])

    assert arrives("Det C 7 RTR") == ("1941-05-24 1500", "heraklion:28.26")
    for name in ("A 1/A & S", "B 1/A & S", "S(Mtr) 1/A & S"):
        assert arrives(name) == ("1941-05-24 1700", "heraklion:28.26")
    for name in ("A Coy A BN", "B Coy A BN", "C Coy A BN"):
        assert arrives(name) == ("1941-05-25 night", "canea_suda:59.13")
    for name in ("A Coy D BN", "B Coy D BN", "C Coy D BN", "D Coy D BN", "E Coy D BN"):
        assert arrives(name) == ("1941-05-26 night", "canea_suda:59.13")
    assert arrives("2./I./FJR 1") == ("1941-05-20 night", "heraklion:47.11")
    assert arrives("5./II./PzRgt 31") == ("1941-05-27 0700", "maleme:09.03")
    assert drops("Det Gentz") == ("1941-05-20 0700", "glider", ["canea_suda:49.13"])
    assert drops("Det Altmann") == ("1941-05-20 0700", "glider", ["canea_suda:60.05"])
    assert drops("Det Muebe") == ("1941-05-20 0700", "parachute", ["kastelli:11.06"])
    assert drops("9./III./LLSR")[:2] == ("1941-05-20 0700", "parachute")
    assert drops("9./III./FJR 2")[0] == "1941-05-20 1500"
    assert drops("1./I./FJR 1")[0] == "1941-05-20 1700"
    assert drops("13. FJR 1")[0] == "1941-05-20 1900"
    assert drops("1. Kgr. Ramcke") == ("1941-05-21 1500", "parachute",
                                       sorted(within(session, "maleme:20.07", 2)))
    assert drops("1. Kgr. Vogel") == ("1941-05-24 1100", "parachute",
                                      sorted(within(session, "heraklion:16.15", 2)))
    # Scenario 6's 2/8 Inf at Maleme and 21 May 1700 drop are not Scenario 11's
    assert unit["B 2/8 Inf"].get("entry_hex") is None
    assert "2. Kgr. Ramcke" not in unit


def test_the_seventeen_serials(session):
    """ "Airlanding Reinforcements Serials (Arrive as per S7.0): Serial 1 II./GJR 100
    (5 units) ... Serial 17 II./GJR 141 (5 units)" (crete:scenario:11, crete:S7.0:
    from 1700 21 May)."""
    unit = session.state.catalog["unit"]
    serials = {}
    for name, u in unit.items():
        if u.get("arrival") == "airlanding":
            serials.setdefault(u["serial"], []).append(name)
            assert labels(session)[u["airlanding_turn"]] == "1941-05-21 1700"
    assert {k: sorted(v) for k, v in serials.items()} == \
        {k: sorted(v) for k, v in SERIALS.items()}


def test_command_values_chits_and_limits(session):
    """crete:scenario:11's Command Values, the cup and first chit, the chits that
    come later, and "All Rearguards, Roadblocks, Sperren, and Nachhuten".
    crete:scenario:11#123-124"""
    div = session.state.catalog["division"]
    values = {d: [div[d][k] for k in ("command_rating", "dispatch_rating")]
              for d in div if "command_rating" in div[d]}
    assert values == {"2nd New Zealand Division": [4, 2], "CREFOR": [2, 1],
                      "7. Flieger Division": [5, 2], "5. Gebirgs Division": [3, 3]}
    points = {d: [session.attr(session.ref("division", d), k) for k in ("cp", "dp")]
              for d in values}
    assert points == {"2nd New Zealand Division": [6, 0], "CREFOR": [9, 0],
                      "7. Flieger Division": [5, 2], "5. Gebirgs Division": [3, 1]}
    assert {c.id for c in session.state.pool("mug")} == {
        "direct:Axis", "direct:Allied", "random_event:Axis", "random_event:Allied",
        "formation:Fallschirmjäger-Regiment 3", "formation:Luftlande Sturmregiment"}
    assert {c.id for c in session.state.pool("carry")} == {"division:7. Flieger Division"}
    effects = list(session.state.catalog["effect"].values())
    lab = labels(session)
    later = sorted((e["kind"], e["chit"], lab[e["turn"]]) for e in effects
                   if e["kind"] in ("chit_added_to_cup", "chit_available_for_purchase"))
    assert later == [
        ("chit_added_to_cup", "division:2nd New Zealand Division", "1941-05-20 0900"),
        ("chit_added_to_cup", "division:CREFOR", "1941-05-20 1500"),
        ("chit_available_for_purchase", "formation:19th Australian Infantry Brigade",
         "1941-05-20 1900"),
        ("chit_available_for_purchase", "formation:MNDBO", "1941-05-20 1500")]
    raised = sorted((e["division"], lab[e["turn"]]) for e in effects
                    if e["kind"] == "command_rating_raised")
    assert raised == [("7. Flieger Division", "1941-05-20 1500"),
                      ("7. Flieger Division", "1941-05-20 1700"),
                      ("CREFOR", "1941-05-20 1500"), ("CREFOR", "1941-05-20 1700")]
    assert sorted(e["serial"] for e in effects if e["kind"] == "command_rating_on_serial") \
        == [3, 8, 14]
    rearguards = {}
    for u in session.state.catalog["unit"].values():
        if "rearguard" in u["tags"]:
            rearguards[u["division"]] = rearguards.get(u["division"], 0) + 1
    assert rearguards == {"2nd New Zealand Division": 9, "CREFOR": 4,
                          "7. Flieger Division": 4, "5. Gebirgs Division": 2}
    armies = session.state.catalog["army"]
    assert (armies["Commonwealth"]["road_block_limit"], armies["German"]["road_block_limit"]) \
        == (4, 6)
    assert session.value("allied_morale") == 35
    assert session.state.catalog["game"]["game"]["start_step"] == "activation"


def test_the_sheets_wait_for_the_7_flieger_chit(deployed):
    """crete:scenario:11#108-109 crete:scenario:11#113-114"""
    session = deployed
    """ "The Allied units on the Georgeoupolis and Rethymnon maps may not be activated
    until after the 7. Flieger Division Activation chit is drawn on the 1500, 20 May
    game turn" (Heraklion: 1700) (crete:scenario:11)."""
    for name, waits in (("A 2/7 Inf", True), ("A 2/1 Inf", True), ("A 2/B W", True),
                        ("B 1 Welch", False), ("A 22 Bn", False)):
        assert session.value("waiting_on_sheet", session.ref("unit", name)) == waits, name


def test_victory_conditions(session):
    """Sudden death at the Ports of Canea (before 0700 26 May) and Suda (before 0700
    28 May), at Neo-Chorion and Wrisses only with Allied Withdrawal in effect; an
    Allied Decisive Victory without Withdrawal; then the Withdrawal Level bands
    (crete:scenario:11).
    crete:scenario:11#126-127 crete:scenario:11#129-135"""
    victory = list(session.state.catalog["victory"].values())
    lab = labels(session)
    assert [(v["kind"], v["hex"], v["winner"], v["level"], v.get("provided"),
             lab[v["before"]] if v["before"] is not None else None) for v in victory[:5]] == [
        ("control", "canea_suda:49.07", "Axis", "sudden death", None, "1941-05-26 0700"),
        ("control", "canea_suda:59.13", "Axis", "sudden death", None, "1941-05-28 0700"),
        ("control", "georgeoupolis:73.28", "Axis", "sudden death", "allied_withdrawal",
         "1941-05-28 0700"),
        ("control", "georgeoupolis:86.37", "Axis", "sudden death", "allied_withdrawal",
         "1941-05-29 0700"),
        ("allied_withdrawal", None, "Allied", "decisive", None, None)]
    assert victory[4]["negated"]
    assert [(v["levels"], v["winner"], v["level"]) for v in victory[5:]] == [
        ([0, 19], "Axis", "substantial"), ([20, 34], "Axis", "marginal"),
        ([45, 55], "Allied", "marginal"), ([56, 9999], "Allied", "substantial")]
    assert session.state.catalog["game"]["game"]["draw"] == "otherwise"   # 35 - 44


def test_neo_chorion_counts_only_with_withdrawal_in_effect():
    """ "If Allied Withdrawal is in effect and the Germans control the village of
    Neo-Chorion (73.28) before 0700 28 May ..." (crete:scenario:11).
    crete:scenario:11#128"""
    game = scenario()
    neo = next(v for v in game.state.refs("victory")
               if game.attr(v, "hex") == "georgeoupolis:73.28")
    game.place("1. Kgr. Ramcke", "georgeoupolis:73.28")
    assert game.value("controller", "georgeoupolis:73.28") == game.ref("side", "Axis")
    assert game.value("condition_met", neo) and not game.value("condition_holds", neo)
    game.perform("adjust_allied_morale", -40, "test")
    assert game.value("withdrawal_in_effect")
    assert game.value("condition_holds", neo)


def test_force_reserves_wait_for_a_german_unit_not_of_det_gentz_or_altmann():
    """ "... Force Reserves and may not be activated until a German Unit that is not
    a part of Det Gentz or Det Altmann is within 7 hexes of the Port of Canea (hex
    49.07) or Port of Suda (59.13)" (crete:scenario:11).
    crete:scenario:11#115"""
    game = scenario()
    held = [n for n in RESERVES if game.value("force_reserve_held", game.ref("unit", n))]
    assert held == RESERVES
    assert not game.value("force_reserve_held", game.ref("unit", "A /N Hussars"))
    game.place("Det Gentz", "canea_suda:49.13")          # its LZ, 6 from the Port of Canea
    game.place("Det Altmann", "canea_suda:58.12")
    assert game.value("force_reserve_held", game.ref("unit", "A 1 Welch"))
    assert not game.events("force_reserve_released")
    game.place("1. Kgr. Ramcke", "canea_suda:53.13")
    assert not game.value("force_reserve_held", game.ref("unit", "A 1 Welch"))
    assert [e.data["reason"] for e in game.events("force_reserve_released")] == \
        ["enemy within range"]


def test_the_maleme_exit_requirement_checked_at_0700_25_may():
    """ "The German player must exit 4 Units off the Maleme Map at hex 01.18 by the
    0700, 25 May Game Turn. These units are out of play ... If the German player
    fails to meet this requirement, raise the Allied Morale by 10. This check is
    made at the start of the 0700, 25 May Game Turn." (crete:scenario:11)
    crete:scenario:11#117-120"""
    game = scenario()
    lab_0700_25 = labels(game).index("1941-05-25 0700")
    game.perform("adjust_allied_morale", -15, "test")
    assert game.value("allied_morale") == 20
    # three exited: short of four
    for name in ("5./II./LLSR", "6./II./LLSR", "7./II./LLSR"):
        game.place(name, "maleme:01.18")
        u = game.ref("unit", name)
        game.perform("take_off_map", u)
        assert game.value("set_aside", u)                    # out of play
    game.ctx.emit("turn_advanced", {"turn": lab_0700_25 - 1})
    assert not game.events("exit_requirement_checked")
    game.ctx.emit("turn_advanced", {"turn": lab_0700_25})
    checked = game.events("exit_requirement_checked")
    assert [(e.data["exited"], e.data["required"]) for e in checked] == [(3, 4)]
    assert game.value("allied_morale") == 30


def test_campbell_is_removed_when_he_shares_a_map_with_vassey():
    """ "If these two leaders ever occupy the same map, Lieutenant Colonel Campbell
    is removed from play." (crete:scenario:11)
    crete:scenario:11#99"""
    game = scenario()
    game.perform("deploy_units")
    campbell = game.ref("leader", "Lieutenant Colonel Campbell")
    assert game.attr(campbell, "on_map")
    game.place("Lieutenant Colonel Campbell", "rethymnon:30.12", "leader")  # still Rethymnon
    assert game.attr(campbell, "on_map")
    game.place("Lieutenant Colonel Campbell", "georgeoupolis:90.40", "leader")
    assert not game.attr(campbell, "on_map")
    assert [e.data["met"] for e in game.events("leader_removed_from_play")] == ["Brig Vassey"]


def test_no_planned_air_support_on_24_may():
    """ "The German does not receive Planned German Air Support (S11.0) on these days
    (20 – 21 May and 24 May)" (crete:scenario:11, crete:S11.0: from 22 May).
    crete:scenario:11#101"""
    game = scenario()
    axis = game.ref("side", "Axis")
    days = {}
    for label in ("1941-05-22 0700", "1941-05-23 0700", "1941-05-24 0700", "1941-05-25 0700"):
        game.state.turn = labels(game).index(label)
        days[label] = game.value("planned_air_day", axis)
    assert days == {"1941-05-22 0700": True, "1941-05-23 0700": True,
                    "1941-05-24 0700": False, "1941-05-25 0700": True}


def test_the_first_turn_plays_with_bots_under_the_invariant_checker():
    """A seeded random-bot game of the 0700 20 May turn (crete:scenario:11): the
    drops land on Maleme, Canea-Suda and Kastelli, every invariant holding."""
    game, lines = play_game("crete/mercury", 1, ["random"], until=1, check_invariants=True)
    session = game.session
    landed = {e.data["hex"].split(":")[0] for e in session.events("unit_dropped")}
    assert lines[-1] == "RESULT: not decided (stopped before the end)"
    assert not session.events("game_won")
    assert landed <= {"maleme", "canea_suda", "kastelli"} and "maleme" in landed


PANZERS = "5./II./PzRgt 31"


def test_the_panzer_company_arrives_at_a_captured_port_or_at_09_03():
    """crete:scenario:11: "5./II./PzRgt 31 (Arrives at any captured port. If no
    port is available, arrives on the Maleme Map, hex 09.03)" — a port the
    German controls, his pick; with none, the printed hex (crete:S6.0 control)."""
    session = start_passing("crete/mercury")
    unit = session.ref("unit", PANZERS)
    assert not session.value("arrives_at_a_port", unit)          # no port captured yet
    ports = session.value("feature_hexes", "port")
    axis = session.ref("side", "Axis")
    taken = ports[-1]
    session.state.set_link(session.state.interned("hex", taken), "controlled_by", axis,
                           [{"what": "test"}])
    assert session.value("arrival_ports", unit) == [taken]
    session.players.players["Axis"].answers["arrival_port"] = taken
    session.set_initial(unit, "in_box", 1)
    session.perform("reinforcement_arrives", unit)
    assert session.attr(unit, "hex") == taken and session.attr(unit, "in_entry_hex") == 1


def test_the_layforce_leader_arrives_with_his_first_units():
    """crete:scenario:11 "25 May, Night: CREFOR, Layforce, A BN (3 units)
    (Canea-Suda Map, 59.13)" and the General Comments' "Leaders arrive with any
    Unit of their Formation on the first turn a Unit arrives": he enters with
    the first of them, not before their turn (gts:8.0)."""
    session = start_passing("crete/mercury")
    leader = session.ref("leader", "Layforce Leader")
    night = labels(session).index("1941-05-25 night")
    assert session.state.catalog["leader"]["Layforce Leader"]["arrival_turn"] == night
    session.state.turn = night
    session.perform("reinforcements_to_boxes")
    first = session.ref("unit", "A Coy A BN")
    session.perform("reinforcement_arrives", first)
    assert session.attr(leader, "hex") == session.attr(first, "hex") == "canea_suda:59.13"
    session.perform("reinforcement_arrives", session.ref("unit", "B Coy A BN"))
    assert [e.data["unit"] for e in session.events("unit_placed")
            if e.data["unit"] == "Layforce Leader"] == ["Layforce Leader"]  # once
