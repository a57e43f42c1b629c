"""Write games/tld/units/falaise.yaml and scenarios/tld/falaise.yaml: scenario 2's
counters and its provisional set-up (the set-up card is not in the text), with the
schedules, special rules and victory conditions as printed.  Run from the
repository root; the YAML is what the game reads."""

from __future__ import annotations

import yaml

from tld_writing import counter_lines, fill as stacking_fill, h, quoted

EXISTING = {u["id"] for u in yaml.safe_load(open("games/tld/units/mortain.yaml"))["units"]}
# stacking, front, back, remnant, class, transport, mech
T = {
    "inf": (2, (3, 4, 4), (2, 2, 4), None, "infantry", "foot", False),
    "fj": (2, (5, 5, 4), (3, 3, 4), (1, 1, 4), "infantry", "foot", False),
    "pzgr": (2, (5, 5, 8), (3, 3, 8), (1, 1, 8), "infantry", "tracked", True),
    "pz": (2, (8, 5, 10), (4, 3, 10), (2, 1, 10), "armor", "tracked", True),
    "us_inf": (2, (4, 6, 4), (2, 3, 4), (1, 1, 4), "infantry", "foot", False),
    "us_tank": (2, (8, 5, 10), (4, 3, 10), (2, 1, 10), "armor", "tracked", True),
    "us_aib": (2, (5, 5, 10), (3, 3, 10), (1, 1, 10), "infantry", "tracked", True),
    "hq": (1, (0, 2, 8), None, None, "hq", "motorized", False),
    "supply": (0, (0, 0, 8), (0, 0, 8), None, "supply", "motorized", False),
}
GER_INF = [("84 Inf", [1051, 1052]), ("85 Inf", [1053, 1054]), ("89 Inf", [1055, 1056]),
           ("271 Inf", [977, 978, 979]), ("272 Inf", [980, 981, 982]),
           ("276 Inf", [986, 987, 988]), ("277 Inf", [989, 990, 991]),
           ("326 Inf", [751, 752, 753]), ("353 Inf", [941, 942, 943]),
           ("363 Inf", [957, 958, 959])]
GER_PZ = [("12 SS Pz", ["25 SS PzGr", "26 SS PzGr"], "12 SS Pz"),
          ("1 SS Pz", ["1 SS PzGr", "2 SS PzGr"], "1 SS Pz"),
          ("10 SS Pz", ["21 SS PzGr", "22 SS PzGr"], "10 SS Pz"),
          ("9 Pz", ["10 PzGr", "11 PzGr"], "33 Pz"), ("116 Pz", ["60 PzGr", "156 PzGr"], "16 Pz"),
          ("2 Pz", ["2 PzGr", "304 PzGr"], "3 Pz"), ("21 Pz", ["125 PzGr", "192 PzGr"], "22 Pz"),
          ("Pz Lehr", ["901 PzLGr", "902 PzLGr"], "130 PzL")]
REINF = [("2 SS Pz", ["DF", "D"], "2 SS Pz"), ("9 SS Pz", ["19 SS PzGr", "20 SS PzGr"], "9 SS Pz")]
ALLIED = [("90 Inf", "us_inf", ["1/357", "2/357", "1/358", "2/358", "1/359", "2/359"]),
          ("80 Inf", "us_inf", ["1/317", "2/317", "1/318", "2/318"]),
          ("4 Arm", None, [("8 Tk", "us_tank"), ("35 Tk", "us_tank"), ("10 AIB", "us_aib"),
                           ("51 AIB", "us_aib")]),
          ("2 DB", None, [("501 RCC", "us_tank"), ("12 RCA", "us_tank"), ("I/RMT", "us_aib"),
                          ("II/RMT", "us_aib")]),
          ("4 CA Armd", None, [("21 CAR", "us_tank"), ("22 CAR", "us_tank"),
                               ("Lake Superior", "us_aib"), ("Algonquin", "us_inf")]),
          ("3 CA Inf", "us_inf", ["Regina Rifles", "Royal Winnipeg", "N Shore", "Queen's Own",
                                  "Chaudiere"]),
          ("1 PL Armd", None, [("1 PAR", "us_tank"), ("2 PAR", "us_tank"), ("24 Lancers", "us_tank"),
                               ("10 Dragoons", "us_aib"), ("8 Rifle", "us_inf"),
                               ("9 Rifle", "us_inf")])]
THIRTIETH = ["1/117", "2/117", "1/119", "2/119", "1/120", "2/120", "3/120"]
DAYS = ["17", "18", "19", "20", "21"]

units: list[tuple[str, str, str, list[str]]] = []
divisions: dict[tuple[str, str], list[str]] = {}


def add(uid, side, kind, div, extra=()):
    assert uid not in EXISTING, uid
    units.append((uid, side, kind, ([f"division:{div}"] if div else []) + list(extra)))
    divisions.setdefault((side, div), []).append(uid)


def oob() -> None:
    for div, regs in GER_INF:
        add(f"{div} HQ", "German", "hq", div, ["hq:division"])
        for r in regs:
            for b in ("I", "II"):
                add(f"{b}/{r}", "German", "inf", div)
    add("3 FJ HQ", "German", "hq", "3 FJ", ["hq:division"])
    for r in (5, 8, 9):
        for b in ("I", "II"):
            add(f"{b}/FJR {r}", "German", "fj", "3 FJ")
    for div, regs, tank in GER_PZ + REINF:
        add(f"{div} HQ", "German", "hq", div, ["hq:division"])
        for r in regs:
            for b in ("I", "II"):
                uid = f"{b}/{r}"
                add(uid if uid not in EXISTING else f"{uid} ({div})", "German", "pzgr", div)
        tid = f"I/{tank}"
        add(tid if tid not in EXISTING else f"{tid} Pz", "German", "pz", div)
    add("IIss Pz Korps HQ", "German", "hq", "IIss Pz Korps", ["hq:corps"])
    for div, kind, members in ALLIED:
        add(f"{div} HQ", "Allied", "hq", div, ["hq:division"])
        for m in members:
            uid, k = (m, kind) if isinstance(m, str) else m
            add(uid, "Allied", k, div)
    add("30 Inf HQ", "Allied", "hq", "30 Inf", ["hq:division"])
    for uid, side, kind, _ in [u for u in units if u[2] == "hq"]:
        units.append((f"{uid.replace(' HQ', '')} supply", side, "supply", []))
    for d in DAYS:
        for n in range(1, 5):
            units.append((f"Allied supply {d} Aug {n}", "Allied", "supply", []))
        units.append((f"German supply {d} Aug", "German", "supply", []))


def units_yaml() -> str:
    out = ["# The counters scenario 2 (The Falaise Pocket) uses beyond scenario 1's (the US 30th",
           "# Infantry Division's battalions are units/mortain.yaml's), named after the real",
           "# units: the German divisions in the pocket with their regiments' battalions, the",
           "# IIss Panzer Korps coming to their relief, the American, French, Canadian and Polish",
           "# divisions closing it, their HQs and supply units.  PROVISIONAL: the counter sheet",
           "# and the set-up card are not in the text; values as units/mortain.yaml's.",
           "# Generated by scripts/tld_falaise.py.",
           "provenance: provisional", "units:"]
    for uid, side, kind, tags in units:
        out += counter_lines(uid, side, T[kind], tags)
    return "\n".join(out) + "\n"


def fill(ids: list[str], hexes: list[str]) -> tuple[list, list[str]]:
    """Stack *ids* in order into *hexes*, six stacking points a hex at most."""
    points = {u[0]: T[u[2]][0] for u in units}
    return stacking_fill(ids, hexes, lambda uid: points.get(uid, 2), 6)


def edge(which: str) -> list[str]:
    return {"east": [h(60, r) for r in range(33, 49)],
            "north": [h(c, 33) for c in range(41, 61)],
            "west": [h(41, r) for r in range(34, 49)]}[which]


def scenario_yaml() -> str:
    hill = {"47.39", "47.40", "47.41", "48.39", "48.40", "48.41"}
    pocket = [h(c, r) for c in range(41, 51) for r in range(37, 45) if h(c, r) not in hill]
    german = []
    for div in [d for d, _ in GER_INF] + ["3 FJ"] + [d for d, _, _ in GER_PZ]:
        ids = divisions[("German", div)]
        placed, pocket = fill([ids[0], f"{div} supply"] + ids[1:], pocket)
        german += placed
    areas = {
        "3 CA Inf": [h(c, 34) for c in range(44, 52)],
        "4 CA Armd": [h(c, 35) for c in range(45, 53)],
        "1 PL Armd": [h(c, r) for c in (54, 55, 56) for r in (36, 37, 38)],
        "90 Inf": [h(c, 46) for c in range(51, 57)],
        "80 Inf": [h(c, 47) for c in range(47, 52)],
        "2 DB": [h(c, 46) for c in range(45, 50)],
        "30 Inf": [h(c, 45) for c in range(41, 45)] + [h(c, 46) for c in range(41, 44)],
        "4 Arm": [h(c, r) for c in range(41, 45) for r in (47, 48)],
    }
    allied = []
    for div, area in areas.items():
        ids = divisions[("Allied", div)] + (THIRTIETH if div == "30 Inf" else [])
        placed, _ = fill([ids[0], f"{div} supply"] + ids[1:], area)
        allied += placed
    east, north_west = edge("east"), edge("north") + edge("west")
    lines = [
        "# Scenario #2: The Falaise Pocket (tld:scenario:2), with Modules I and II.",
        "#   \"Mapboard Area: Use mapboard section 'G', only. Game Length: Five turns; 17",
        "#   August through 21 August. ... German player sets up first. Air Power: None.",
        "#   Naval Bombardment: None.\"",
        "# The set-up card is not in the text: the set-up is PROVISIONAL (the German divisions",
        "# in the pocket west of the Dives, the Canadians and Poles to the north, the Americans",
        "# and French to the south, the 4th Armored in reserve in the south-west corner; each",
        "# HQ with one supply unit).  The length, the first player, the reinforcement and",
        "# supply schedules, the special rules and the victory conditions are as printed.",
        "# Generated by scripts/tld_falaise.py.",
        "provenance: provisional", 'source: "tld:scenario:2"', "id: tld-falaise",
        'title: "Scenario #2: The Falaise Pocket"', "game: tld", "rulesets: [tld]",
        'special_rules: ["tld:I", "tld:II"]', "maps: [G]",
        'start_turn: "1944-08-17 0600"', 'end_turn: "1944-08-21 0600"', "setup:",
        '  # "German player sets up first."']
    lines += [f'  - {{units: {quoted(ids)}, hex: "{x}"}}' for ids, x in german + allied]
    lines += ["reinforcements:",
              '  # "2ss Panzer Div. 20 August Anywhere along east edge of mapboard." and the',
              "  # 9ss the same; the IIss Panzer Korps HQ with them (special rule 3)."]
    for div in ("2 SS Pz", "9 SS Pz", "IIss Pz Korps"):
        lines += ['  - turn: "1944-08-20 0600"', f"    units: {quoted(divisions[('German', div)])}",
                  f'    hex: "{east[0]}"', f'    entry_hexes: "{" ".join(east)}"',
                  '    enter_via: "Anywhere along east edge of mapboard."']
    lines += ['  # Supply Schedule: "Allied Four units. Anywhere along north or west edge."',
              '  # "German One unit. Anywhere along east edge."']
    for d in DAYS:
        lines += [f'  - turn: "1944-08-{d} 0600"',
                  f"    units: {quoted([f'Allied supply {d} Aug {n}' for n in range(1, 5)])}",
                  f'    hex: "{north_west[0]}"', f'    entry_hexes: "{" ".join(north_west)}"',
                  '    enter_via: "Anywhere along north or west edge."',
                  f'  - turn: "1944-08-{d} 0600"', f'    units: ["German supply {d} Aug"]',
                  f'    hex: "{east[0]}"', f'    entry_hexes: "{" ".join(east)}"',
                  '    enter_via: "Anywhere along east edge."']
    lines += [
        "scenario_rules:",
        "  - id: thirtieth-removed", '    source: "tld:scenario:2"',
        '    text: "The U.S. 30 Infantry Division must be removed from play at the beginning of',
        '      the Allied player segment of the 19 August turn. ... Any accompanying supply',
        '      units, however, may remain in play."',
        '    effects: [{kind: remove_division, side: Allied, division: "30 Inf",',
        '               turn: "1944-08-19 0600"}]',
        "  - id: fourth-armored-reserve", '    source: "tld:scenario:2"',
        '    text: "Its units may set-up anywhere within its assigned area but they may not move',
        '      or engage in any type of combat unless attacked by German ground units or',
        '      artillery or unless German units enter its set-up area."',
        '    effects: [{kind: reserve, side: Allied, division: "4 Arm",',
        f'               hexes: {quoted(areas["4 Arm"])}}}]',
        "  - id: iiss-withheld", '    source: "tld:scenario:2"',
        '    text: "The German IIss Panzer Korps units (including the 9ss and 2ss Panzer',
        "      Divisions) scheduled to enter play on 20 August may be withheld from the game at",
        "      the German player's option. If withheld from play, they DO count as units exited",
        '      for German victory point purposes."',
        '    effects: [{kind: may_withhold, side: German,',
        '               divisions: ["2 SS Pz", "9 SS Pz", "IIss Pz Korps"]}]',
        "  - id: evacuation", '    source: "tld:scenario:2"',
        '    text: "German units may voluntarily leave the mapboard if they move into any east',
        '      edge hex with at least one movement point remaining."',
        '    effects: [{kind: evacuation, side: German,',
        f'               hexes: {quoted(east)}}}]',
        "  - id: fuel-shortage", '    source: "tld:scenario:2"',
        "    text: \"Due to a fuel shortage in the 'pocket', ALL German movement allowances are",
        "      reduced to '1' during the German mechanized movement phase.\"",
        "    effects: [{kind: mechanized_allowance, side: German, allowance: 1}]",
        "victory:",
        '  text: "Each German headquarters unit is worth five victory points and each German',
        "    combat or remnant unit is worth one victory point. The Allied player receives",
        "    victory points for those German unit types described above that exit the EAST edge",
        "    of the mapboard before the end of the 21 August turn. ... German: German player",
        '    wins if he accumulates at least 200 victory points at the end of the game."',
        "  conditions:",
        "    - {kind: exit_points, side: German, count: 200, when: end_of_game, winner: German}",
        "  otherwise: Allied"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    oob()
    with open("games/tld/units/falaise.yaml", "w", encoding="utf-8") as f:
        f.write(units_yaml())
    with open("scenarios/tld/falaise.yaml", "w", encoding="utf-8") as f:
        f.write(scenario_yaml())
    german = [u for u in units if u[1] == "German"]
    points = sum(5 if u[2] == "hq" else 1 for u in german if u[2] != "supply")
    print(f"{len(units)} counters, {len(german)} German, {points} German victory points")
