"""Scenario 10 "Hot Pursuit" (crete:scenario:10) on the joined Maleme,
Canea-Suda, Georgeoupolis and Sfakia Exit sheets: it loads, and sets up with the
printed units at the printed hexes, the printed ratings, points, chits, serial,
scenario rules and victory conditions; "Allied Withdrawal is in effect with a
level of 1" (crete:S5.0); the German requirement raises the level by 10 when
unmet; the Withdrawal Level table decides.  The expected values are copied from
the book (catalog spellings: "S(mtr)" is S(Mtr), "5 NZ Fld" is 5 NZ Fld Regt,
"2./I./FJR" is 2./I./FJR 3, "3./I//FJR 3" is 3./I./FJR 3, "GRJ"/"GbJgR" is GJR,
"III./GJR 14" is III./GJR 141)."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

from scenario_tools import where, within

PORTS = ["49.07", "59.13"]
AKROTIRI = ["67.07", "74.08", "75.08", "77.02"]
FIXED = {
    "A 22 Bn": "57.18", "B 22 Bn": "58.17", "A 21 Bn": "56.14", "D 21 Bn": "57.15",
    "S(Mtr) 21 Bn": "57.15", "A 23 Bn": "58.15", "D 23 Bn": "58.16", "S(Mtr) 23 Bn": "58.16",
    "A 28 Maori": "57.16", "B 28 Maori": "56.15", "D 28 Maori": "56.15", "S(Mtr) 28": "57.16",
    "19 A Trp": "57.13",
    "5 NZ Fld Regt": "65.16", "NZ Div Supply": "67.16", "NZ Div Cav Det": "65.15",
    "NZ Div Petrol": "66.15", "A 18 Bn": "62.14", "B 18 Bn": "63.14",
    "A 19 Bn": "56.16", "C 19 Bn": "57.17", "A 20 Bn": "56.14", "Det C 3 Hussa.": "68.16",
    "C 27 Art": "64.14",
    "A 1 Welch": "45.09", "B 1 Welch": "43.10", "C 1 Welch": "43.09", "D 1 Welch": "44.10",
    "S(Mtr) 1 Welch": "45.09", "A /N Hussars": "47.10", "B /N Hussars": "47.11",
    "A 1 Rangers": "45.10", "B 1 Rangers": "46.10", "S(Mtr) 1 Rngr": "46.09",
    "A 129 Lt AA": "56.12", "B 129 Lt AA": "58.09", "C 129 Lt AA": "61.08",
    "1. Fsch.Art. 7": "35.08", "3. Fsch.Art. 7": "36.08", "2. Flak 609": "09.06",
    "2./I./Geb.Art. 95": "36.14", "1./I./Geb.Art. 95": "36.14", "3./II./Geb.Art. 95": "36.14",
}
LLSR = ["1. Kgr. Ramcke", "2. Kgr. Ramcke", "5./II./LLSR", "7./II./LLSR", "8./II./LLSR",
        "13./IV./LLSR", "14./IV./LLSR"]
FJR_3 = ["1./I./FJR 3", "2./I./FJR 3", "3./I./FJR 3", "4./I./FJR 3", "5./II./FJR 3",
         "6./II./FJR 3", "12./III./FJR 3", "13. FJR 3", "14. FJR 3"]
PZJ = ["1. Fsch.Pz.Jäg. 7", "2. Fsch.Pz.Jäg. 7"]
I_GJR_100 = [f"{n}./I./GJR 100" for n in range(1, 6)]
II_GJR_100 = [f"{n}./II./GJR 100" for n in range(8, 11)]
I_GJR_85 = [f"{n}./I./GJR 85" for n in range(1, 6)]
II_GJR_85 = [f"{n}./II./GJR 85" for n in range(6, 11)]
III_GJR_85 = [f"{n}./III./GJR 85" for n in range(11, 16)]
I_GJR_141 = [f"{n}./I./GJR 141" for n in range(1, 6)]
III_GJR_141 = [f"{n}./III./GJR 141" for n in range(11, 16)]
AUFKL = ["1. Aufkl. 95", "2. Aufkl. 95", "3. Aufkl. 95"]
BN_2_7 = ["A 2/7 Inf", "B 2/7 Inf", "C 2/7 Inf", "D 2/7 Inf", "E 2/7 Inf", "S(Mtr) 2/7 Inf"]
BN_2_8 = ["B 2/8 Inf", "C 2/8 Inf", "S(Mtr) 2/8 Inf"]
LAYFORCE_A = ["A Coy A BN", "B Coy A BN", "C Coy A BN"]
LAYFORCE_D = ["A Coy D BN", "B Coy D BN", "C Coy D BN", "D Coy D BN", "E Coy D BN"]
SERIAL_17 = [f"{n}./II./GJR 141" for n in range(6, 11)]
AREAS = [(LLSR, ["40.08"], 1), (FJR_3, ["43.13"], 1), (PZJ, ["40.08", "43.13"], 1),
         (I_GJR_100 + ["GrW GJR 100"], ["41.11"], 1), (II_GJR_100, ["38.11"], 1),
         (I_GJR_85 + ["GrW GJR 85", "16. GJR 85"], ["48.19"], 1), (II_GJR_85, ["51.19"], 1),
         (III_GJR_85, ["49.17"], 1), (I_GJR_141, ["44.15"], 1),
         (III_GJR_141 + ["GrW GJR 141", "16. GJR 141"], ["47.15"], 1), (AUFKL, ["32.24"], 1),
         (LAYFORCE_D, ["77.26"], 1)]


def scenario(seed=1):
    return start("crete/hot_pursuit", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                 seed=seed)


@pytest.fixture(scope="module")
def session():
    return scenario()


@pytest.fixture(scope="module")
def deployed():
    game = scenario()
    game.perform("deploy_units")
    return game


def ratings(session, division):
    ref = session.ref("division", division)
    return [session.attr(ref, k) for k in ("command_rating", "dispatch_rating", "cp", "dp")]


def test_it_plays_on_the_four_joined_sheets(session):
    """crete:scenario:10: "Use ... the Maleme, Canea-Suda, and Georgeoupolis, and
    Sfakia Exit Maps"."""
    assert session.state.catalog["game"]["game"]["maps"] == \
        ["maleme", "canea_suda", "georgeoupolis", "sfakia"]
    index = session.state.map
    for hex_id in ["01.01", "96.24", "73.28", "86.37", "108.44", "78.67"]:
        assert index.contains(hex_id), hex_id


def test_the_fixed_set_up_is_as_printed(deployed):
    """crete:scenario:10's Allied and Axis set-up at the printed hexes."""
    for name, hex_id in FIXED.items():
        assert where(deployed, name) == hex_id, name


@pytest.mark.parametrize("names, centres, n", AREAS)
def test_the_areas_are_the_owners_to_choose_in(deployed, names, centres, n):
    """crete:scenario:10: "place within one hex of ..."."""
    area = set().union(*(within(deployed, c, n) for c in centres))
    units = deployed.state.catalog["unit"]
    for name in names:
        assert set(units[name]["setup_area"]) == area, name
        assert where(deployed, name) in area, name


def test_the_hexes_given_by_name(deployed):
    """2/7 Inf Bn "place in hexes 54.14, 54.13, 55.14"; 2/8 Inf Bn "in hexes 55.12
    and 55.13" ("— at least one unit per hex": each_hex); Layforce's A BN "in
    hexes 60.14, 61.14, and 61.15 — one unit per hex"; "Brig Vassey with any unit"."""
    assert {where(deployed, u) for u in BN_2_7} == {"54.14", "54.13", "55.14"}
    assert {where(deployed, u) for u in BN_2_8} == {"55.12", "55.13"}
    assert sorted(where(deployed, u) for u in LAYFORCE_A) == ["60.14", "61.14", "61.15"]
    assert where(deployed, "Brig Vassey", "leader") in \
        {where(deployed, u) for u in BN_2_7 + BN_2_8}


def test_nothing_else_is_on_the_map(deployed):
    units = deployed.state.catalog["unit"]
    on_map = {u for u in units if where(deployed, u)}
    placed = set(FIXED) | set(BN_2_7) | set(BN_2_8) | set(LAYFORCE_A) | set(LAYFORCE_D)
    for names, _, _ in AREAS:
        placed |= set(names)
    assert on_map == placed


def test_command_values_mug_chit_and_turns(session):
    assert ratings(session, "2nd New Zealand Division") == [4, 1, 4, 1]
    assert ratings(session, "7. Flieger Division") == [5, 2, 5, 2]
    assert ratings(session, "5. Gebirgs Division") == [6, 3, 5, 3]
    assert ratings(session, "CREFOR") == [4, 1, 4, 1]
    cup = {c.id for c in session.state.pool("mug")}
    assert cup == {"direct:Axis", "direct:Allied", "random_event:Axis", "random_event:Allied",
                   "division:2nd New Zealand Division", "division:CREFOR",
                   "division:7. Flieger Division", "division:5. Gebirgs Division"}
    choice = next(e for e in session.state.catalog["effect"].values()
                  if e["kind"] == "first_chit_choice")
    assert choice["side"] == "Axis" and choice["others"] == "stay"
    assert set(choice["chits"]) == {f"formation:{f}" for f in [
        "Luftlande Sturmregiment", "Fallschirmjäger-Regiment 3", "Geb.Jäg.Rgt. 100",
        "Geb.Jäg.Rgt. 85", "Geb.Jäg.Rgt. 141"]}
    labels = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    assert (labels[0], labels[-1]) == ("1941-05-27 0700", "1941-05-29 1900")


def test_the_german_player_picks_the_first_chit():
    """crete:scenario:10#82: "The German player may pick any Formation Chit as the first one
    played":
    the one picked is carried; the others stay out of the cup."""
    axis = KeyedPlayer({"first_chit": "formation:Geb.Jäg.Rgt. 141"})
    game = start("crete/hot_pursuit", Table({"Axis": axis, "Allied": KeyedPlayer()}), seed=1)
    game.perform("deploy_units")
    assert {c.id for c in game.state.pool("carry")} == {"formation:Geb.Jäg.Rgt. 141"}
    assert not any(c.id.startswith("formation:") for c in game.state.pool("mug"))


def test_control_serial_and_rules(session):
    """crete:scenario:10#85 crete:scenario:10#87"""
    axis, allied = session.ref("side", "Axis"), session.ref("side", "Allied")
    for hex_id in ["09.04", "10.04", "11.05"]:
        assert session.value("controller", hex_id) == axis
    for hex_id in PORTS:
        assert session.value("controller", hex_id) == allied
    units = session.state.catalog["unit"]
    for name in SERIAL_17:
        assert (units[name]["arrival"], units[name]["serial"]) == ("airlanding", 17), name
    assert set(session.state.catalog["special_rule"]) == {f"crete:S{n}.0" for n in range(1, 12)}
    effects = list(session.state.catalog["effect"].values())
    attached = next(e for e in effects if e["kind"] == "battalion_attached")
    assert (attached["battalion"], attached["formation"]) == ("18 Bn", "10th NZ Bde")
    assert {(e["map"], e["level"]) for e in effects if e["kind"] == "supply_level"} == {
        (m, "diminished") for m in ["maleme", "canea_suda", "georgeoupolis", "sfakia"]}
    rearguards = [u for u in units if u.startswith("Rearguard ")]
    assert len(rearguards) == 9 + 4 + 4 + 2


def test_withdrawal_is_in_effect_with_a_level_of_1(session):
    """crete:scenario:10 and crete:S5.0: "Allied Withdrawal is in effect with a
    level of 1"; no Morale is kept.
    crete:scenario:10#90"""
    assert session.value("withdrawal_in_effect") is True
    assert session.value("withdrawal_level") == 1
    assert session.value("morale_in_play") is False


def test_the_german_requirement(session):
    """crete:scenario:10: "occupy hexes on the Akrotiri Peninsula (67.07, 74.08, 75.08, and 77.02) and
    exit 12 units and a Leader off the Georgeoupolis Map at hex 108.44 ... If the
    German player fails to meet this requirement, raise the Allied Withdrawal level
    by 10"; "Units exited are out of play".
    crete:scenario:10#91-93"""
    game = scenario()
    requirement = next(game.ref("effect", i) for i, e in game.state.catalog["effect"].items()
                       if e["kind"] == "withdrawal_requirement")
    axis = game.ref("side", "Axis")
    assert game.value("requirement_met", requirement) is False
    assert game.value("requirement_exit", "108.44", axis) is True
    game.perform("withdrawal_requirements_at_end")
    assert game.value("withdrawal_level") == 11
    assert [e.data["change"] for e in game.events("withdrawal_level_raised")] == [10]
    # met: the four hexes German, twelve Units and a Leader off at 108.44
    met = scenario()
    for hex_id in AKROTIRI:
        met.place("1. Kgr. Ramcke", hex_id)
    for name in I_GJR_85 + II_GJR_85 + ["GrW GJR 85", "16. GJR 85"]:
        met.place(name, "108.44")
    met.place("Geb.Jäg.Rgt. 85 Leader", "108.44", "leader")
    for name in I_GJR_85 + II_GJR_85 + ["GrW GJR 85", "16. GJR 85"]:
        met.perform("take_off_map", met.ref("unit", name))
    leader = met.ref("leader", "Geb.Jäg.Rgt. 85 Leader")
    assert met.attr(leader, "exited") == 1
    assert met.value("may_return", met.ref("unit", "16. GJR 85")) is False
    met.place("1. Kgr. Ramcke", "40.08")
    assert met.value("requirement_met", met.ref("effect", requirement.id)) is True
    met.perform("withdrawal_requirements_at_end")
    assert met.value("withdrawal_level") == 1


@pytest.mark.parametrize("raised, winner, level", [
    (0, "Axis", "decisive"), (13, "Axis", "decisive"), (14, "Axis", "substantial"),
    (19, "Axis", "marginal"), (23, "Axis", "marginal"), (24, "Allied", "marginal"),
    (29, "Allied", "substantial")])
def test_the_withdrawal_level_table(raised, winner, level):
    """crete:scenario:10: "Less than 15 Decisive German Victory; 15 – 20 Substantial German; 20 – 25
    Marginal German; 25 – 30 Marginal Allied; 30+ Substantial Allied" (level 1 +
    the raise; each band from its first number).
    Sentences: crete:S5.0#23.
    crete:scenario:10#97 crete:scenario:10#99-103
    """
    game = scenario()
    game.set_initial(game.ref("side", "Allied"), "withdrawal_raised", raised)
    held = [c for c in game.state.catalog["victory"]
            if game.state.catalog["victory"][c]["kind"] == "withdrawal_level" and
            game.value("condition_holds", game.ref("victory", c))]
    assert len(held) == 1
    chosen = game.state.catalog["victory"][held[0]]
    assert (chosen["winner"], chosen["level"]) == (winner, level)


def test_the_ports_and_sudden_death(session):
    """crete:scenario:10: Neo-Chorion before 0700 28 May, Wrisses before 0700 29
    May; the Allies' decisive victory if the Germans hold neither Port.
    crete:scenario:10#95-96"""
    victory = list(session.state.catalog["victory"].values())
    assert [(v["kind"], v["hex"], v["hexes"], v["winner"], v["negated"], v["level"])
            for v in victory[:3]] == [
        ("control", "73.28", [], "Axis", False, "sudden death"),
        ("control", "86.37", [], "Axis", False, "sudden death"),
        ("control", None, PORTS, "Allied", True, "decisive")]
    labels = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    assert [labels[v["before"]] for v in victory[:2]] == ["1941-05-28 0700", "1941-05-29 0700"]


def test_the_first_turns_play_under_the_invariant_checker():
    """crete:scenario:10: the heuristic bot on both sides plays the first two
    turns of 27 May with every invariant checked after every event (~30 s of
    CPU; the whole game is the slow test below; seed 1 of the random bots is
    the golden game, tests/test_golden.py)."""
    from kriegsspiel.tools.play import play_game
    game, lines = play_game("crete/hot_pursuit", 1, ["heuristic"], until=2,
                            check_invariants=True)
    assert game.session.state.turn == 2 and not game.session.events("game_won")
    assert lines[0].startswith("Hot Pursuit")


@pytest.mark.slow
def test_a_seeded_heuristic_playout_finishes():
    """crete:scenario:10 and crete:S5.0: the heuristic bot withdraws Allied Units
    (each raising the level) and the game ends in one result."""
    from kriegsspiel.tools.play import play_game
    game, _ = play_game("crete/hot_pursuit", 1, ["heuristic"], check_invariants=True)
    session = game.session
    assert len(session.events("game_won")) == 1
    assert session.events("unit_withdrawn")
    assert session.value("withdrawal_level") > 1


def test_a_withdrawal_level_band_without_levels_is_a_located_error(tmp_path):
    """crete:scenario:10's table as data: a `withdrawal_level` condition must say
    its levels — else a located error at load, not a crash in play."""
    from pathlib import Path

    from kriegsspiel.core.errors import KsError
    text = (Path(__file__).parents[2] / "scenarios" / "crete" / "hot_pursuit.yaml").read_text(
        encoding="utf-8")
    variant = tmp_path / "bad.yaml"
    variant.write_text(text.replace("levels: [15, 19], ", ""), encoding="utf-8")
    with pytest.raises(KsError) as caught:
        start(str(variant), Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}), seed=1)
    assert "bad.yaml:" in str(caught.value) and "levels" in str(caught.value)
