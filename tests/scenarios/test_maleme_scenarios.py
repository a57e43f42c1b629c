"""The Maleme scenarios: Scenario 5 "Descent into Hell" (crete:scenario:5),
Scenario 7 "Last, Best Chance" (crete:scenario:7) and Scenario 8 "Squeezing
Kiwis" (crete:scenario:8) — they load, and set up with the printed units at the
printed hexes, the printed ratings, points, chits, drops, airlanding serials,
play areas and scenario rules; their victory conditions read the map's airfield
and villages; seeded random-bot games play to a result.  The expected values are
copied from the book
(catalog spellings: "S(mtr)" is S(Mtr), "3. Fsch Flak 7" is 3. Fsch. Flak 7,
"6 1/6 Inf" is 6 2/6 Inf, "5./II/FJR 3" is 5./II./FJR 3)."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

AIRFIELD = ["09.04", "10.04", "11.05"]


def scenario(name, axis=None, allied=None, seed=1):
    return start(f"crete/{name}", Table({"Axis": KeyedPlayer(axis),
                                         "Allied": KeyedPlayer(allied)}), seed=seed)


def where(session, name, kind="unit"):
    return session.attr(session.ref(kind, name), "hex")


def deployed(name, **answers):
    session = scenario(name, **answers)
    session.perform("deploy_units")
    return session


def within(session, centre, n):
    grid = session.state.grid
    return {grid.format(h) for h in grid.within(grid.parse(centre), n)}


def printed(text):
    """ "A 22 Bn (09.07); B 22 Bn (10.08)", as the book prints a set-up: {unit: hex}."""
    pairs = (item.strip().rsplit(" (", 1) for item in text.replace("\n", " ").split(";"))
    return {name: hex_id.rstrip(")") for name, hex_id in pairs}


def ratings(session, division):
    ref = session.ref("division", division)
    return [session.attr(ref, k) for k in ("command_rating", "dispatch_rating", "cp", "dp")]


def cup(session, name):
    return {c.id for c in session.state.pool(name)}


def effects(session):
    return sorted((e["kind"], e.get("formation") or e.get("division") or e.get("unit")
                   or e.get("side")) for e in session.state.catalog["effect"].values())


# ---- Scenario 5 "Descent into Hell" -------------------------------------------------

# (A 27 Art, B 27 Art, C 27 Art, F 28 Art and 1 LT Trp RA: the Artillery Parks' hexes)
FIXED_5 = printed("""
A 22 Bn (09.07); B 22 Bn (10.08); C 22 Bn (10.04); D 22 Bn (08.06); S(Mtr) 22 Bn (12.06);
A 21 Bn (12.10); B 21 Bn (12.09); C 21 Bn (13.09); D 21 Bn (13.10); S(Mtr) 21 Bn (14.10);
A 23 Bn (15.08); B 23 Bn (16.08); C 23 Bn (15.09); D 23 Bn (14.07); S(Mtr) 23 Bn (15.09);
1 HQ 23 Bn (13.08); 2 HQ 23 Bn (16.08); A 28 Maori (25.09); B 28 Maori (24.09);
C 28 Maori (24.08); D 28 Maori (22.07); S(Mtr) 28 (25.07); 7 NZ Fld (18.07); FPC (18.08);
19 A Trp (20.07); A 18 Bn (41.08); B 18 Bn (45.11); C 18 Bn (42.09); D 18 Bn (41.09);
S(Mtr) 18 Bn (42.08); A 19 Bn (41.11); C 19 Bn (40.11); D 19 Bn (39.11);
S(Mtr) 19 Bn (42.10); A 20 Bn (43.09); B 20 Bn (43.10); C 20 Bn (44.09); D 20 Bn (44.10);
S(Mtr) 20 Bn (45.10); 4 NZ Fld Regt (33.10); 5 NZ Fld Regt (34.11); NZ Div Supply (33.11);
NZ Div Cav Det (28.14); NZ Div Petrol (35.11); RMT (33.09); A 27 NZ MG (09.06);
Det D 7 RTR (10.07); Det B 3 Hussa. (39.11); Det C 3 Hussa. (39.11); B 156 Lt AA (09.04);
C 7 AUS Lt AA (11.05); 2 C Hvy AA RM (09.07); A 27 Art (15.10); B 27 Art (15.10);
C 27 Art (18.08); F 28 Art (41.11); 1 LT Trp RA (41.11); A Royal Periv (44.11);
B Royal Periv (45.12); C Royal Periv (44.12); D Royal Periv (44.13); A RM Bn (46.13)""")
RANDOM_5 = [
    (["1 1/6 Inf", "2 1/6 Inf", "3 1/6 Inf", "4 2/6 Inf", "5 2/6 Inf", "6 2/6 Inf"],
     {"37.12", "38.11", "38.12", "39.13", "39.14", "40.13"}),
    (["1 1/2 Inf", "2 1/2 Inf", "3 1/2 Inf", "4 2/2 Inf", "5 2/2 Inf", "6 1/2 Inf"],
     {"42.17", "43.17", "44.16", "45.16", "46.16", "47.17"}),
]
GREEK_8 = ["1 1/8 Inf", "2 1/8 Inf", "3 1/8 Inf", "4 2/8 Inf", "5 2/8 Inf", "6 1/8 Inf"]
# "(All units, except D 22 Bn, may set up in IPs)"; "4th NZ Bde (All units may
# set up in IPs)"; 10 Comp Bn "All units may set up in IPs"; A 27 NZ MG.


def ip_units_5():
    names = list(FIXED_5)      # in printed order: 5th, 4th and 10th NZ Bde first
    last = names.index("RMT")
    return [n for n in names[:last + 1] if n != "D 22 Bn"] + ["A 27 NZ MG"]


# (turn index, stick, units, centres, within) as printed: Drop One 0700 20 May
# (turn 0); 21 May 1500 (turn 12) and 1700 (turn 13).
# Stick One of Drop One (the first two) lands by glider, every other by parachute.
DROPS_5 = [(turn, stick, units.split(", "), centre, within, "glider" if n < 2 else "parachute")
           for n, (turn, stick, units, centre, within) in enumerate([
    (0, "Stick One", "3./I./LLSR", "07.04", 0),
    (0, "Stick One", "4./I./LLSR", "08.09", 0),
    (0, "Stick Two", "5./II./LLSR, 6./II./LLSR, 7./II./LLSR, 8./II./LLSR", "02.04", 1),
    (0, "Stick Three", "9./III./LLSR", "11.06", 0),
    (0, "Stick Three", "10./III./LLSR", "17.07", 0),
    (0, "Stick Three", "11./III./LLSR", "12.08", 0),
    (0, "Stick Three", "12./III./LLSR", "15.07", 0),
    (0, "Stick Four", "13./IV./LLSR, 14./IV./LLSR, 15./IV./LLSR, 3. Fsch. Flak 7, "
                      "1. Fsch.Art. 7", "05.06", 1),
    (0, "Stick Five", "16./IV./LLSR", "06.10", 0),
    (0, "Stick Six", "1./I./FJR 3, 2./I./FJR 3, 3./I./FJR 3, 4./I./FJR 3", "35.16", 1),
    (0, "Stick Seven", "5./II./FJR 3, 6./II./FJR 3, 13. FJR 3, 14. FJR 3", "32.14", 1),
    (0, "Stick Eight", "7./II./FJR 3", "35.12", 0),
    (0, "Stick Nine", "9./III./FJR 3", "39.12", 0),
    (0, "Stick Nine", "10./III./FJR 3", "40.09", 0),
    (0, "Stick Nine", "11./III./FJR 3", "41.15", 0),
    (0, "Stick Nine", "12./III./FJR 3", "37.14", 0),
    (0, "Stick Ten", "4. Fsch. Flak 7", "41.12", 0),
    (0, "Stick Eleven", "1. Fsch. Pi. 7", "26.17", 0),
    (0, "Stick Eleven", "2. Fsch. Pi. 7", "27.19", 0),
    (0, "Stick Eleven", "3. Fsch. Pi. 7", "28.16", 0),
    (0, "Stick Eleven", "3. Fsch. MG 7", "27.20", 0),
    (12, "Stick One", "1. Kgr. Ramcke, 3. Kgr. Ramcke", "20.07", 2),
    (13, "Stick One", "2. Kgr. Ramcke, 4. Kgr. Ramcke, 1. Fsch.Pz.Jäg. 7, 2. Fsch.Pz.Jäg. 7",
     "05.06", 1)])]


def test_scenario_5_allied_set_up_is_as_printed():
    """crete:scenario:5 Allied Setup; "Axis Set-up: None"."""
    session = deployed("descent")
    for name, hex_id in FIXED_5.items():
        assert where(session, name) == hex_id, name
    for units, hexes in RANDOM_5:
        assert {where(session, u) for u in units} == hexes
    # "placed randomly, within two hexes of 30.18, one unit per hex"
    greek = [where(session, u) for u in GREEK_8]
    assert len(set(greek)) == 6 and set(greek) <= within(session, "30.18", 2)
    german = [u for u, e in session.state.catalog["unit"].items() if e["side"] == "Axis"]
    assert not any(where(session, u) for u in german)
    on_map = {u for u in session.state.catalog["unit"] if where(session, u)}
    assert on_map == set(FIXED_5) | {u for us, _ in RANDOM_5 for u in us} | set(GREEK_8)


def test_scenario_5_greek_8_inf_is_dealt_by_the_dice():
    spots = {tuple(where(deployed("descent", seed=s), u) for u in GREEK_8) for s in (1, 2, 3)}
    assert len(spots) > 1


def test_scenario_5_improved_positions_and_leaders():
    session = deployed("descent", allied={"set_up_in_ip": True})
    asked = [e.data["subject"] for e in session.events("decision")
             if e.data["key"] == "set_up_in_ip"]
    assert sorted(asked) == sorted(ip_units_5())
    assert session.attr(session.ref("unit", "D 22 Bn"), "improved_position") == 0
    for leader in ("4th NZ Bde Leader", "5th NZ Bde Leader", "10th NZ Bde Leader",
                   "MajGen Weston"):
        assert where(session, leader, "leader") in FIXED_5.values(), leader


def test_scenario_5_command_values_mug_and_start():
    session = scenario("descent")
    assert ratings(session, "2nd New Zealand Division") == [4, 2, 6, 0]
    assert ratings(session, "CREFOR") == [2, 1, 7, 0]
    assert ratings(session, "7. Flieger Division") == [5, 2, 5, 2]
    # not printed in Scenario 5: Scenario 12's values, for the serials' Division
    assert ratings(session, "5. Gebirgs Division") == [3, 3, 3, 1]
    assert cup(session, "mug") == {
        "direct:Axis", "direct:Allied", "random_event:Axis", "random_event:Allied",
        "formation:Fallschirmjäger-Regiment 3", "formation:Luftlande Sturmregiment"}
    assert cup(session, "carry") == {"division:7. Flieger Division"}
    game = session.state.catalog["game"]["game"]
    assert game["start_step"] == "activation"
    assert (game["turns"][0]["label"], game["turns"][-1]["label"]) == \
        ("1941-05-20 0700", "1941-05-21 1900")
    # S6.0: "All Ports and Airfield start under Allied Control"
    for hex_id in AIRFIELD:
        assert session.value("controller", hex_id) == session.ref("side", "Allied")


def test_scenario_5_drops_are_as_printed():
    session = scenario("descent")
    units = session.state.catalog["unit"]
    labels = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    assert (labels[12], labels[13]) == ("1941-05-21 1500", "1941-05-21 1700")
    for turn, stick, names, centre, n, arrival in DROPS_5:
        for name in names:
            entry = units[name]
            assert (entry["arrival"], entry["drop_turn"], entry["stick"]) == \
                (arrival, turn, stick), name
            assert set(entry["drop_zone"]) == within(session, centre, n), name
    leaders = session.state.catalog["leader"]
    assert leaders["Luftl.Sturm-Rgt Leader"]["drop_turn"] == 0
    assert leaders["Fsch.Jäg.Rgt. 3 Leader"]["drop_turn"] == 0


def test_scenario_5_reinforcements_and_serials():
    """ "1900: 2/8 Inf Bn (AUS) ... (48.12)" with Brig Vassey; "Serial 1 II./GJR
    100 (5 units); Serial 2 I./GJR 100 (5 units), GrW GJR 100", from 1700 21 May
    (S7.0)."""
    session = scenario("descent")
    units = session.state.catalog["unit"]
    for name in ("B 2/8 Inf", "C 2/8 Inf", "S(Mtr) 2/8 Inf"):
        assert (units[name]["arrival_turn"], units[name]["entry_hex"]) == (6, "48.12")
    serial_1 = [f"{n}./II./GJR 100" for n in range(6, 11)]
    serial_2 = [f"{n}./I./GJR 100" for n in range(1, 6)] + ["GrW GJR 100"]
    for serial, names in ((1, serial_1), (2, serial_2)):
        for name in names:
            assert (units[name]["arrival"], units[name]["serial"],
                    units[name]["airlanding_turn"]) == ("airlanding", serial, 13), name


def test_scenario_5_rules_and_victory():
    session = scenario("descent")
    assert effects(session) == sorted([
        ("no_points_first_turn", "Axis"), ("air_strikes", "Axis"),
        ("chit_added_to_cup", None), ("chit_added_to_cup", None),
        ("chit_available_for_purchase", None), ("chit_available_for_purchase", None),
        ("divisional_trucks", "2nd New Zealand Division"), ("divisional_trucks", "CREFOR"),
        ("divisional_trucks", "7. Flieger Division"),
        ("divisional_trucks", "5. Gebirgs Division")])
    strike = next(e for e in session.state.catalog["effect"].values()
                  if e["kind"] == "air_strikes")
    assert (strike["count"], strike["turn"], strike["chit"]) == \
        (4, 0, "division:7. Flieger Division")
    victory = list(session.state.catalog["victory"].values())
    assert [(v["kind"], v["hexes"], v["connected"], v["count"]) for v in victory] == [
        ("control", AIRFIELD, 2, None), ("units_exited", ["48.07", "48.08", "48.09"], None, 3)]
    assert session.state.catalog["game"]["game"]["otherwise"] == "Allied"
    armies = session.state.catalog["army"]
    assert (armies["Commonwealth"]["road_block_limit"], armies["German"]["road_block_limit"]) \
        == (2, 4)
    rearguards = [u for u in session.state.catalog["unit"] if u.startswith("Rearguard ")]
    assert len(rearguards) == 9 + 2 + 4


def result(session):
    return [(e.data["winner"], e.data["reason"]) for e in session.events("game_won")]


def holding(name, side_units, hexes):
    session = scenario(name)
    for unit, hex_id in zip(side_units, hexes):
        session.place(unit, hex_id)        # crete:S6.0: the last to occupy controls
    return session


LLSR_COMPANIES = ["5./II./LLSR", "6./II./LLSR", "7./II./LLSR"]


@pytest.mark.parametrize("pair", [("09.04", "10.04"), ("10.04", "11.05")])
def test_scenario_5_two_adjacent_airfield_hexes_win_for_the_germans(pair):
    """ "at least two adjacent hexes of Maleme Airfield (09.04, 10.04, 11.05)"
    — at the end of the scenario, not before.
    crete:scenario:5#93"""
    session = holding("descent", LLSR_COMPANIES, pair)
    session.perform("victory_check", False)
    assert result(session) == []
    session.perform("victory_check", True)
    assert result(session) == [("Axis", "victory 1")]


def test_scenario_5_the_two_ends_of_the_airfield_are_not_adjacent():
    """crete:scenario:5#93"""
    session = holding("descent", LLSR_COMPANIES, ("09.04", "11.05"))
    session.perform("victory_check", True)
    assert result(session) == [("Allied", "otherwise")]


# ---- Scenario 7 "Last, Best Chance" ---------------------------------------------------

FIXED_7 = printed("""
A 22 Bn (14.09); B 22 Bn (14.08); S(Mtr) 22 Bn (15.10); A 21 Bn (12.10); B 21 Bn (12.09);
C 21 Bn (13.09); D 21 Bn (13.10); S(Mtr) 21 Bn (14.10); A 23 Bn (15.08); B 23 Bn (16.08);
C 23 Bn (15.09); D 23 Bn (14.07); S(Mtr) 23 Bn (15.09); 1 HQ 23 Bn (13.08);
2 HQ 23 Bn (16.08); A 28 Maori (21.08); B 28 Maori (24.08); C 28 Maori (22.08);
D 28 Maori (21.08); S(Mtr) 28 (22.08); 7 NZ Fld (18.07); FPC (18.09); 19 A Trp (20.08);
A 20 Bn (23.07); B 20 Bn (24.06); C 20 Bn (22.07); D 20 Bn (22.06); S(Mtr) 20 Bn (24.07);
Det C 3 Hussa. (22.07); A 27 Art (15.10); B 27 Art (15.10); C 27 Art (18.08);
1. Kgr. Ramcke (12.06); 2. Kgr. Ramcke (10.05); 5./II./LLSR (11.05); 7./II./LLSR (12.08);
8./II./LLSR (10.12); 13./IV./LLSR (06.05); 14./IV./LLSR (08.05); 1. Fsch.Art. 7 (05.06);
1. Fsch.Pz.Jäg. 7 (08.06); 2. Fsch.Pz.Jäg. 7 (07.07); 3. Fsch. Flak 7 (11.08);
6./II./GJR 100 (10.10); 7./II./GJR 100 (10.06); 8./II./GJR 100 (11.10);
9./II./GJR 100 (09.10); 10./II./GJR 100 (09.09)""")
IP_7 = [n for n in FIXED_7 if " 21 Bn" in n or " 23 Bn" in n]


def test_scenario_7_set_up_is_as_printed():
    session = deployed("last_chance", allied={"set_up_in_ip": True})
    for name, hex_id in FIXED_7.items():
        assert where(session, name) == hex_id, name
    on_map = {u for u in session.state.catalog["unit"] if where(session, u)}
    assert on_map == set(FIXED_7)
    asked = [e.data["subject"] for e in session.events("decision")
             if e.data["key"] == "set_up_in_ip"]
    assert sorted(asked) == sorted(IP_7)
    assert where(session, "5th NZ Bde Leader", "leader") in FIXED_7.values()


def test_scenario_7_play_area_is_west_of_column_26():
    """ "Only the area west of hex column 26.XX is in play."
    crete:scenario:7#14"""
    grid = scenario("last_chance").state.grid
    assert grid.contains(grid.parse("25.07", on_map=False))
    assert not grid.contains(grid.parse("26.07", on_map=False))


def test_scenario_7_command_values_mug_control_and_serials():
    session = scenario("last_chance")
    assert ratings(session, "2nd New Zealand Division") == [4, 2, 6, 4]
    assert ratings(session, "7. Flieger Division") == [5, 1, 2, 0]
    assert ratings(session, "5. Gebirgs Division") == [4, 3, 3, 0]
    assert cup(session, "mug") == {
        "direct:Axis", "direct:Allied", "random_event:Axis", "random_event:Allied",
        "division:2nd New Zealand Division", "division:7. Flieger Division",
        "division:5. Gebirgs Division"}
    assert cup(session, "carry") == {"formation:5th NZ Bde"}
    game = session.state.catalog["game"]["game"]
    assert (game["turns"][0]["label"], game["turns"][-1]["label"]) == \
        ("1941-05-22 0700", "1941-05-22 1900")
    assert game["start_step"] is None
    # "Maleme Airfield is controlled by the German player."
    for hex_id in AIRFIELD:
        assert session.value("controller", hex_id) == session.ref("side", "Axis")
    units = session.state.catalog["unit"]
    serials = {2: [f"{n}./I./GJR 100" for n in range(1, 6)] + ["GrW GJR 100"],
               3: [f"{n}./I./GJR 85" for n in range(1, 6)],
               4: ["1. Geb.Pi. 95", "2. Geb.Pi. 95", "3. Geb.Pi. 95"]}
    for serial, names in serials.items():
        for name in names:       # "starting on the 1100 22 May game turn" (turn 2)
            assert (units[name]["serial"], units[name]["airlanding_turn"]) == (serial, 2), name


def test_scenario_7_rules_and_victory():
    session = scenario("last_chance")
    assert effects(session) == sorted([
        ("battalion_attached", "5th NZ Bde"),
        ("command_rating_on_serial", "5. Gebirgs Division"),
        ("replacement_leader", "Luftlande Sturmregiment")])
    raised = next(e for e in session.state.catalog["effect"].values()
                  if e["kind"] == "command_rating_on_serial")
    assert (raised["serial"], raised["change"]) == (3, 1)
    victory = list(session.state.catalog["victory"].values())
    assert [(v["kind"], v["side"], v["hexes"], v["count"], v["level"]) for v in victory] == [
        ("control", "Allied", AIRFIELD, 2, "major"),
        ("fire_zone", "Allied", AIRFIELD, 2, "minor")]
    assert session.state.catalog["game"]["game"]["otherwise"] == "Axis"
    armies = session.state.catalog["army"]
    assert (armies["Commonwealth"]["road_block_limit"], armies["German"]["road_block_limit"]) \
        == (0, 3)


def test_scenario_7_two_airfield_hexes_are_an_allied_major_victory():
    """ "The Allies win a major victory if they control two of the three
    airfield hexes" — any two, adjacent or not.
    crete:scenario:7#61"""
    session = holding("last_chance", ["A 20 Bn", "B 20 Bn"], ("09.04", "11.05"))
    session.perform("victory_check", True)
    assert result(session) == [("Allied", "major")]


def test_scenario_7_a_fire_zone_on_two_airfield_hexes_is_a_minor_victory():
    """ "... or a minor victory if they project a fire zone on two of the three
    airfield hexes": a company in 10.04 covers both its neighbours 09.04 and
    11.05; in 09.04 it covers only 10.04 (11.05 is two hexes away).
    crete:scenario:7#61-62"""
    session = holding("last_chance", ["A 20 Bn"], ("10.04",))
    session.perform("victory_check", True)
    assert result(session) == [("Allied", "minor")]
    session = holding("last_chance", ["A 20 Bn"], ("09.04",))
    session.perform("victory_check", True)
    assert result(session) == [("Axis", "otherwise")]


# ---- Scenario 8 "Squeezing Kiwis" ------------------------------------------------------

FIXED_8 = printed("""
A 22 Bn (31.07); B 22 Bn (32.07); A 21 Bn (27.09); D 21 Bn (26.08); A 23 Bn (27.07);
B 23 Bn (27.08); C 23 Bn (28.07); D 23 Bn (28.06); S(Mtr) 23 Bn (29.07); A 28 Maori (25.09);
B 28 Maori (26.08); C 28 Maori (24.08); D 28 Maori (24.07); S(Mtr) 28 (26.07);
A 20 Bn (23.08); B 20 Bn (23.07); 7 NZ Fld (29.07); 4 NZ Fld Regt (33.10);
5 NZ Fld Regt (34.11); NZ Div Supply (33.11); NZ Div Petrol (35.11); RMT (33.09);
B 18 Bn (35.09); C 27 Art (29.08); 1. Fsch.Art. 7 (12.05); 3. Fsch.Art. 7 (11.06);
1. Fsch. Pi. 7 (32.14); 3. Fsch. Pi. 7 (33.14); 1./I./Geb.Art. 95 (10.04);
3./II./Geb.Art. 95 (11.10)""")
LLSR_8 = ["1. Kgr. Ramcke", "2. Kgr. Ramcke", "5./II./LLSR", "7./II./LLSR", "8./II./LLSR",
          "13./IV./LLSR", "14./IV./LLSR"]
II_GJR_100 = [f"{n}./II./GJR 100" for n in range(6, 11)]
I_GJR_100 = [f"{n}./I./GJR 100" for n in range(1, 6)]
IP_8 = ["A 28 Maori", "B 28 Maori", "C 28 Maori", "D 28 Maori", "S(Mtr) 28",
        "4 NZ Fld Regt", "5 NZ Fld Regt", "NZ Div Supply", "NZ Div Petrol", "RMT"]


def test_scenario_8_set_up_is_as_printed():
    session = deployed("kiwis", allied={"set_up_in_ip": True})
    for name, hex_id in FIXED_8.items():
        assert where(session, name) == hex_id, name
    assert where(session, "Major Heilmann", "leader") == "33.14"
    # "placed within one hex of 15.07 and/or 17.07" etc.: the owner's choice
    llsr_area = within(session, "15.07", 1) | within(session, "17.07", 1)
    areas = [(LLSR_8, llsr_area),
             (["1. Fsch.Pz.Jäg. 7", "2. Fsch.Pz.Jäg. 7"], within(session, "15.07", 1)),
             (II_GJR_100, within(session, "18.11", 1)), (I_GJR_100, within(session, "15.12", 1)),
             (["GrW GJR 100"], within(session, "15.12", 1) | within(session, "18.11", 1))]
    units = session.state.catalog["unit"]
    for names, area in areas:
        for name in names:
            assert set(units[name]["setup_area"]) == area, name
            assert where(session, name) in area, name
    on_map = {u for u in units if where(session, u)}
    assert on_map == set(FIXED_8) | {u for names, _ in areas for u in names}
    asked = [e.data["subject"] for e in session.events("decision")
             if e.data["key"] == "set_up_in_ip"]
    assert sorted(asked) == sorted(IP_8)


def test_scenario_8_play_area():
    """ "Only the area west of hex column 35.XX and north of hex row XX.15 is in
    play" — with column 35, where the set-up puts B 18 Bn and NZ Div Petrol.
    crete:scenario:8#11"""
    grid = scenario("kiwis").state.grid
    inside = [grid.contains(grid.parse(h, on_map=False)) for h in ("35.09", "34.14", "01.01")]
    outside = [grid.contains(grid.parse(h, on_map=False)) for h in ("36.09", "20.15")]
    assert inside == [True, True, True] and outside == [False, False]


def test_scenario_8_command_values_mug_control_and_serials():
    session = scenario("kiwis")
    assert ratings(session, "2nd New Zealand Division") == [4, 1, 3, 1]
    assert ratings(session, "7. Flieger Division") == [5, 1, 4, 2]
    assert ratings(session, "5. Gebirgs Division") == [5, 3, 4, 2]
    assert cup(session, "mug") == {
        "direct:Axis", "direct:Allied", "random_event:Axis", "random_event:Allied",
        "division:2nd New Zealand Division", "division:7. Flieger Division",
        "division:5. Gebirgs Division"}
    assert cup(session, "carry") == set()
    game = session.state.catalog["game"]["game"]
    assert (game["turns"][0]["label"], game["turns"][-1]["label"]) == \
        ("1941-05-23 0900", "1941-05-23 night")
    for hex_id in AIRFIELD:
        assert session.value("controller", hex_id) == session.ref("side", "Axis")
    units = session.state.catalog["unit"]
    serials = {7: ["2./I./Geb.Art. 95"],
               8: ["1. Geb.Pz.Jäg. 95", "2. Geb.Pz.Jäg. 95", "16. GJR 85"],
               9: ["1. KSB 55", "3. KSB 55"]}
    for serial, names in serials.items():
        for name in names:       # "starting on the 1100 23 May game turn" (turn 1)
            assert (units[name]["serial"], units[name]["airlanding_turn"]) == (serial, 1), name


def test_scenario_8_rules_and_victory():
    session = scenario("kiwis")
    assert effects(session) == sorted([
        ("battalion_attached", "5th NZ Bde"), ("independent_unit", "B 18 Bn"),
        ("first_chit_choice", "Axis"),
        ("planned_air_support", "Axis"), ("replacement_leader", "Luftlande Sturmregiment"),
        ("divisional_trucks", "2nd New Zealand Division"), ("divisional_trucks", "CREFOR"),
        ("divisional_trucks", "7. Flieger Division"),
        ("divisional_trucks", "5. Gebirgs Division")])
    air = next(e for e in session.state.catalog["effect"].values()
               if e["kind"] == "planned_air_support")
    assert air["count"] == 2
    labels = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    victory = list(session.state.catalog["victory"].values())
    assert [(v["kind"], v["side"], v["hex"] or v["hexes"], v["before"]) for v in victory] == [
        ("control", "Axis", ["25.07", "26.07"], labels.index("1941-05-23 1300")),
        ("control", "Axis", "29.07", labels.index("1941-05-23 1700")),
        ("steps_in_columns", "Allied", [], None)]
    assert (victory[2]["formation"], victory[2]["steps"], victory[2]["columns"][0]) == \
        ("5th NZ Bde", 20, 34)
    assert session.state.catalog["game"]["game"]["draw"] == "both_or_neither"
    armies = session.state.catalog["army"]
    assert (armies["Commonwealth"]["road_block_limit"], armies["German"]["road_block_limit"]) \
        == (2, 3)


def test_scenario_8_platanias_taken_early_is_a_german_objective():
    """ "If the Germans control the village of Platanias (hexes 25.07 and 26.07)
    before the 1300 23 May Game Turn ... it is a German Victory"; both hexes
    are needed; neither side's objective met is a draw.
    crete:scenario:8#71 crete:scenario:8#74
    crete:scenario:8#72"""
    session = holding("kiwis", ["1. Kgr. Ramcke", "2. Kgr. Ramcke"], ("25.07", "26.07"))
    session.perform("victory_check", False)          # the end of the 0900 turn
    assert result(session) == []
    session.perform("victory_check", True)
    assert [winner for winner, _ in result(session)] == ["Axis"]
    session = holding("kiwis", ["1. Kgr. Ramcke"], ("25.07",))
    session.perform("victory_check", False)
    session.perform("victory_check", True)
    assert [winner for winner, _ in result(session)] == [None]


@pytest.mark.parametrize("first, other", [("Geb.Jäg.Rgt. 100", "Luftlande Sturmregiment"),
                                          ("Luftlande Sturmregiment", "Geb.Jäg.Rgt. 100")])
def test_scenario_8_the_german_player_chooses_the_first_chit(first, other):
    """crete:scenario:8#60-61: "The German player may choose Geb.Jäg.Rgt. 100 or the Luftl.Sturm-Rgt
    formation chits to be the first in play. The other is placed in the cup." —
    asked once, at the start of play (step D of the first turn)."""
    axis = KeyedPlayer({"first_chit": f"formation:{first}"})
    session = start("crete/kiwis", Table({"Axis": axis, "Allied": KeyedPlayer()}), seed=1)
    session.perform("deploy_units")
    session.perform("deploy_units")                       # asked once only
    assert [d.key for d in axis.asked].count("first_chit") == 1
    assert cup(session, "carry") == {f"formation:{first}"}
    assert f"formation:{other}" in cup(session, "mug")
