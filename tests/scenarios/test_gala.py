"""Scenario 9 "Dancing at the Gala" (crete:scenario:9) on the joined Maleme and
Canea-Suda sheets: it loads, and sets up with the printed units at the printed
hexes, the printed ratings, points, chits, reinforcements, airlanding serials,
scenario rules and victory conditions.  The expected values are copied from the
book (catalog spellings: "S(mtr)" is S(Mtr), "4 NZ Fld" is 4 NZ Fld Regt, "A RM"
is A RM Bn, "2./I./FJR" is 2./I./FJR 3, "3./I//FJR 3" is 3./I./FJR 3)."""

from __future__ import annotations

import pytest
from conftest import played

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

AIRFIELD = ["09.04", "10.04", "11.05"]
PORTS = ["49.07", "59.13"]

FIXED = {
    # 2nd NZ Division, 5th NZ Bde
    "A 22 Bn": "44.10", "B 22 Bn": "45.10", "A 21 Bn": "44.09", "D 21 Bn": "46.09",
    "A 23 Bn": "43.10", "D 23 Bn": "43.09", "S(Mtr) 23 Bn": "43.09",
    "A 28 Maori": "42.11", "B 28 Maori": "42.10", "D 28 Maori": "43.11", "S(Mtr) 28": "43.11",
    "19 A Trp": "45.14",
    # 10th NZ Bde
    "4 NZ Fld Regt": "35.12", "5 NZ Fld Regt": "36.10", "NZ Div Supply": "37.13",
    "NZ Div Cav Det": "38.12", "NZ Div Petrol": "36.12", "RMT": "37.10",
    "2 1/6 Inf": "36.11", "3 1/6 Inf": "37.11", "5 2/6 Inf": "39.11", "6 2/6 Inf": "40.10",
    # CREFOR, MNDBO
    "A Royal Periv": "44.11", "B Royal Periv": "45.12", "C Royal Periv": "44.12",
    "D Royal Periv": "45.11",
    "A 1 Welch": "48.09", "B 1 Welch": "49.10", "C 1 Welch": "50.09", "D 1 Welch": "51.09",
    "S(Mtr) 1 Welch": "51.08",
    "A RM Bn": "47.14", "B RM Bn": "48.14", "C RM Bn": "48.13",
    "A 106 RHA": "49.08", "B 106 RHA": "55.13", "C 106 RHA": "52.11",
    "A 2/2 Aus Fld": "44.16", "B 2/2 Aus Fld": "45.16",
    "A /N Hussars": "60.04", "B /N Hussars": "58.05",
    "A 1 Rangers": "47.11", "B 1 Rangers": "48.11", "S(Mtr) 1 Rngr": "48.11",
    "A Hvy AA RM": "53.10", "A 234 Hvy AA": "62.06", "1 C Hvy AA RM": "58.19",
    "3 C Hvy AA RM": "67.08", "B 151 Hvy AA": "75.09", "B 234 Hvy AA": "61.04",
    "A 129 Lt AA": "56.12", "B 129 Lt AA": "58.09", "C 129 Lt AA": "61.08",
    "C 2/3 RAA": "41.10",
    # Axis
    "1. Fsch.Art. 7": "26.08", "3. Fsch.Art. 7": "26.08", "2. Flak 609": "09.06",
    "2./I./Geb.Art. 95": "25.09", "1./I./Geb.Art. 95": "25.09", "3./II./Geb.Art. 95": "25.09",
}
LLSR = ["1. Kgr. Ramcke", "2. Kgr. Ramcke", "5./II./LLSR", "7./II./LLSR", "8./II./LLSR",
        "13./IV./LLSR", "14./IV./LLSR"]
FJR_3 = ["1./I./FJR 3", "2./I./FJR 3", "3./I./FJR 3", "4./I./FJR 3", "5./II./FJR 3",
         "6./II./FJR 3", "12./III./FJR 3", "13. FJR 3", "14. FJR 3"]
II_GJR_100 = [f"{n}./II./GJR 100" for n in range(6, 11)]
I_GJR_100 = [f"{n}./I./GJR 100" for n in range(1, 6)]
III_GJR_85 = [f"{n}./III./GJR 85" for n in range(11, 16)]
I_GJR_85 = [f"{n}./I./GJR 85" for n in range(1, 6)]
GREEK_8 = ["1 1/8 Inf", "2 1/8 Inf", "3 1/8 Inf", "4 2/8 Inf", "5 2/8 Inf", "6 1/8 Inf"]
GREEK_2 = ["1 1/2 Inf", "2 1/2 Inf", "3 1/2 Inf", "4 2/2 Inf", "5 2/2 Inf", "6 1/2 Inf"]
DDF = ["RN DDF", "NZE DDF", "RE DDF", "Res DDF", "42 Fld RE"]
BN_2_7 = ["A 2/7 Inf", "B 2/7 Inf", "C 2/7 Inf", "D 2/7 Inf", "E 2/7 Inf", "S(Mtr) 2/7 Inf"]
BN_2_8 = ["B 2/8 Inf", "C 2/8 Inf", "S(Mtr) 2/8 Inf"]
SERIALS = {13: [f"{n}./II./GJR 85" for n in range(6, 11)],
           14: [f"{n}./I./GJR 141" for n in range(1, 6)],
           15: [f"{n}./III./GJR 141" for n in range(11, 16)],
           16: ["4./II./Geb.Art. 95", "16. GJR 141", "GrW GJR 141"]}
LAYFORCE_A = ["A Coy A BN", "B Coy A BN", "C Coy A BN"]
RESERVES = ["A 1 Welch", "B 1 Welch", "C 1 Welch", "D 1 Welch", "S(Mtr) 1 Welch",
            "A 1 Rangers", "B 1 Rangers", "S(Mtr) 1 Rngr", *DDF, "A /N Hussars", "B /N Hussars"]


def scenario(seed=1):
    return start("crete/gala", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}), seed=seed)


@pytest.fixture(scope="module")
def session():
    return scenario()


@pytest.fixture(scope="module")
def deployed():
    game = scenario()
    game.perform("deploy_units")
    return game


def where(session, name, kind="unit"):
    return session.attr(session.ref(kind, name), "hex")


def within(session, centre, n):
    grid = session.state.grid
    return {grid.format(h) for h in grid.within(grid.parse(centre), n)}


def ratings(session, division):
    ref = session.ref("division", division)
    return [session.attr(ref, k) for k in ("command_rating", "dispatch_rating", "cp", "dp")]


def test_it_plays_on_the_joined_sheets(session):
    """ "Use the Maleme and Canea-Suda Maps": one grid, columns 01-96."""
    grid = session.state.grid
    assert session.state.catalog["game"]["game"]["maps"] == ["maleme", "canea_suda"]
    assert all(grid.contains(grid.parse(h, on_map=False)) for h in ["01.01", "48.09", "96.24"])


def test_the_fixed_set_up_is_as_printed(deployed):
    for name, hex_id in FIXED.items():
        assert where(deployed, name) == hex_id, name


@pytest.mark.parametrize("names, centres, n", [
    (GREEK_8, ["31.20"], 2), (GREEK_2, ["41.19"], 2), (DDF, ["59.14"], 1),
    (LLSR + ["1. Fsch.Pz.Jäg. 7", "2. Fsch.Pz.Jäg. 7"], ["31.09"], 2),
    (FJR_3, ["36.15", "39.15"], 1), (II_GJR_100, ["33.12"], 1), (I_GJR_100, ["34.13"], 1),
    (["GrW GJR 100"], ["34.13", "33.12"], 1),
    (III_GJR_85 + I_GJR_85 + ["GrW GJR 85"], ["25.17"], 2),
])
def test_the_areas_are_the_owners_to_choose_in(deployed, names, centres, n):
    """ "place within two hexes of 31.20", "within one hex of 36.15 and/or 39.15"..."""
    area = set().union(*(within(deployed, c, n) for c in centres))
    units = deployed.state.catalog["unit"]
    for name in names:
        assert set(units[name]["setup_area"]) == area, name
        assert where(deployed, name) in area, name


def test_the_19th_brigade_goes_into_its_four_hexes(deployed):
    """2/7 Inf Bn "place in hexes 42.12, 42.13, 43.12, 43.13 — at least one unit
    per hex" (the owner's choice among the four, one at least in each: each_hex);
    2/8 Inf Bn "in hexes 42.14, 42.15, 43.14, 43.15 — only one unit per hex"."""
    assert {where(deployed, u) for u in BN_2_7} == {"42.12", "42.13", "43.12", "43.13"}
    spots = [where(deployed, u) for u in BN_2_8]
    assert len(set(spots)) == 3 and set(spots) <= {"42.14", "42.15", "43.14", "43.15"}
    assert where(deployed, "Brig Vassey", "leader") in {where(deployed, u) for u in BN_2_7 + BN_2_8}


def test_nothing_else_is_on_the_map(deployed):
    units = deployed.state.catalog["unit"]
    on_map = {u for u in units if where(deployed, u)}
    placed = set(FIXED) | set(LLSR) | set(FJR_3) | set(II_GJR_100) | set(I_GJR_100) | \
        set(III_GJR_85) | set(I_GJR_85) | set(GREEK_8) | set(GREEK_2) | set(DDF) | \
        set(BN_2_7) | set(BN_2_8) | {"1. Fsch.Pz.Jäg. 7", "2. Fsch.Pz.Jäg. 7", "GrW GJR 100",
                                     "GrW GJR 85"}
    assert on_map == placed


def test_command_values_mug_and_turns(session):
    assert ratings(session, "2nd New Zealand Division") == [4, 1, 4, 1]
    assert ratings(session, "7. Flieger Division") == [5, 2, 4, 2]
    assert ratings(session, "5. Gebirgs Division") == [5, 3, 6, 3]
    assert ratings(session, "CREFOR") == [4, 1, 4, 1]
    cup = {c.id for c in session.state.pool("mug")}
    assert cup == {"direct:Axis", "direct:Allied", "random_event:Axis", "random_event:Allied",
                   "division:2nd New Zealand Division", "division:CREFOR",
                   "division:7. Flieger Division", "division:5. Gebirgs Division"}
    # "The Geb.Jäg.Rgt. 85 Formation Chit is the first one played."
    assert {c.id for c in session.state.pool("carry")} == {"formation:Geb.Jäg.Rgt. 85"}
    labels = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    assert (labels[0], labels[-1], len(labels)) == ("1941-05-25 0700", "1941-05-26 night", 16)


def test_control_at_start(session):
    """ "Maleme Airfield is controlled by the German player"; the Ports stay Allied
    (S6.0)."""
    for hex_id in AIRFIELD:
        assert session.value("controller", hex_id) == session.ref("side", "Axis")
    for hex_id in PORTS:
        assert session.value("controller", hex_id) == session.ref("side", "Allied")


def test_reinforcements_and_serials(session):
    """ "25 May, CREFOR, Night: Canea-Suda Map — A BN, Layforce (3 units) (59.13)";
    Serials 13-16 "Arrive as per S7.0" from the start."""
    units = session.state.catalog["unit"]
    for name in LAYFORCE_A:
        assert (units[name]["arrival_turn"], units[name]["entry_hex"]) == (7, "59.13"), name
    for serial, names in SERIALS.items():
        for name in names:
            assert (units[name]["arrival"], units[name]["serial"],
                    units[name]["airlanding_turn"]) == ("airlanding", serial, 0), name
    leaders = session.state.catalog["leader"]
    assert leaders["Geb.Jäg.Rgt. 141 Leader"]["serial"] == 14


def test_rearguards_and_road_blocks(session):
    rearguards = [u for u in session.state.catalog["unit"] if u.startswith("Rearguard ")]
    assert len(rearguards) == 4 + 2 + 2 + 2
    armies = session.state.catalog["army"]
    assert (armies["Commonwealth"]["road_block_limit"], armies["German"]["road_block_limit"]) \
        == (4, 3)


def test_scenario_rules(session):
    """crete:scenario:9#88 crete:scenario:9#90 crete:scenario:9#92"""
    effects = list(session.state.catalog["effect"].values())
    kinds = sorted(e["kind"] for e in effects)
    assert kinds == sorted(["force_reserve", "replacement_leader", "command_rating_on_serial",
                            "divisional_trucks", "divisional_trucks", "divisional_trucks",
                            "divisional_trucks", "supply_level", "supply_level",
                            "allied_morale"])
    reserve = next(e for e in effects if e["kind"] == "force_reserve")
    assert sorted(reserve["units"]) == sorted(RESERVES)
    assert (reserve["hexes"], reserve["within"], reserve["release"]) == \
        (PORTS, 7, "1941-05-26 0700")
    raised = next(e for e in effects if e["kind"] == "command_rating_on_serial")
    assert (raised["division"], raised["serial"], raised["change"]) == \
        ("5. Gebirgs Division", 14, 1)
    # "The Germans receive one Divisional Truck for each division" — from the start
    german = [e for e in effects if e["kind"] == "divisional_trucks"
              and e["division"] in ("7. Flieger Division", "5. Gebirgs Division")]
    assert len(german) == 2 and not any(e.get("earned") for e in german)
    assert sorted((e["map"], e["level"]) for e in effects if e["kind"] == "supply_level") == \
        [("canea_suda", "reduced"), ("maleme", "reduced")]
    assert next(e for e in effects if e["kind"] == "allied_morale")["level"] == 20
    assert session.value("allied_morale") == 20
    specials = set(session.state.catalog["special_rule"])
    assert specials == {f"crete:S{n}.0" for n in range(4, 12)}


def test_the_force_reserves_start_held(deployed):
    """crete:scenario:9#88"""
    for name in RESERVES:
        assert deployed.value("force_reserve_held", deployed.ref("unit", name)), name
    assert not deployed.value("force_reserve_held", deployed.ref("unit", "A Royal Periv"))


def test_victory_conditions(session):
    """crete:scenario:9#100-101"""
    victory = list(session.state.catalog["victory"].values())
    assert [(v["kind"], v["side"], v["hex"], v["hexes"], v["winner"], v["negated"], v["level"])
            for v in victory] == [
        ("control", "Axis", None, ["36.11", "37.11"], "Allied", True, "sudden death"),
        ("control", "Axis", "49.07", [], "Axis", False, None),
        ("control", "Axis", "59.13", [], "Axis", False, None),
        ("allied_withdrawal", None, None, [], "Axis", False, None)]
    assert victory[0]["at_start_of"] == 8          # 0700 26 May
    assert [v["when"] for v in victory[1:]] == ["end_of_game", "end_of_game", "end_of_any_turn"]


@pytest.mark.slow
def test_a_seeded_random_playout_finishes():
    """`ks play crete/gala --seed 1`: the game runs to one result, and no Force
    Reserve moves before it is released."""
    session = played("crete/gala", 1)
    assert len(session.events("game_won")) == 1
    reserves = {session.ref("unit", name) for name in RESERVES}
    for event in session.state.log:
        if event.kind == "force_reserve_released":
            break
        assert not (event.kind == "unit_moved" and event.data["unit"] in reserves), event


