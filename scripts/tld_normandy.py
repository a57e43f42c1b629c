"""Write games/tld/units/normandy.yaml and scenarios/tld/normandy.yaml: scenario 5
(Normandy Beachhead), Module V's showcase.  The Allied Assault Landing Schedule,
the German units printed on the mapboard, the box of the 71 Infanterie Division
on mapboard 'E', the Aircraft Deployment Display and the Naval Gunfire Control
Display are not in the text: the schedule's waves, boxes and drop zones, the
German set-up, the activation numbers, the air and naval complement and every
counter value are PROVISIONAL (the historical formations, where history put
them).  The mapboard, length, reinforcement and supply schedules, special rules
and victory conditions are as printed.  Run from the repository root."""

from __future__ import annotations

import yaml

from tld_writing import counter_lines, h, quoted

LOADED = {}
for name in ("mortain", "falaise", "mortain_addenda", "cobra"):
    for u in yaml.safe_load(open(f"games/tld/units/{name}.yaml"))["units"]:
        LOADED[u["id"]] = u

# stacking, front, back, remnant, class, transport, mech (as scripts/tld_falaise.py);
# an artillery counter's range is RANGE below.
T = {
    "us_inf": (2, (4, 6, 4), (2, 3, 4), (1, 1, 4), "infantry", "foot", False),
    "br_inf": (2, (4, 6, 4), (2, 3, 4), (1, 1, 4), "infantry", "foot", False),
    "ranger": (2, (5, 5, 4), (3, 3, 4), (1, 1, 4), "infantry", "foot", False),
    "para": (2, (5, 5, 4), (3, 3, 4), (1, 1, 4), "infantry", "foot", False),
    "tank": (2, (8, 5, 10), (4, 3, 10), (2, 1, 10), "armor", "tracked", True),
    "rmsr": (1, (3, 2, 6), (2, 1, 6), None, "armor", "tracked", True),
    "avre": (1, (4, 4, 6), (2, 2, 6), None, "armor", "tracked", True),
    "static": (2, (2, 4, 3), (1, 2, 3), None, "infantry", "foot", False),
    "gren": (2, (3, 5, 4), (2, 3, 4), (1, 1, 4), "infantry", "foot", False),
    "flak": (2, (4, 3, 6), None, None, "artillery", "motorized", False),
    "gun": (2, (4, 2, 4), None, None, "artillery", "motorized", False),
    "coastal": (2, (3, 2, 0), None, None, "artillery", "foot", False),
    "hq": (1, (0, 2, 8), None, None, "hq", "motorized", False),
    "supply": (0, (0, 0, 8), (0, 0, 8), None, "supply", "motorized", False),
    "bomber": (0, (6, 0, 0), None, None, "aircraft", "motorized", False),
    "fb": (0, (0, 0, 0), None, None, "aircraft", "motorized", False),
}
RANGE = {"flak": 3, "gun": 4, "coastal": 4}
NAVAL = {"BB": 6, "CA": 4, "DD": 2, "R": 3}     # strength points a box (provisional)
new: list[tuple[str, str, str, list[str]]] = []


def add(uid, side, kind, tags=()):
    assert uid not in LOADED and uid not in {n[0] for n in new}, uid
    new.append((uid, side, kind, list(tags)))


def division(side, div, members, kind, corps=False, nation=None, supply=False, hq=True):
    """An HQ (with a supply unit if asked) and its battalions."""
    extra = [f"nation:{nation}"] if nation else []
    if hq and f"{div} HQ" not in LOADED:
        add(f"{div} HQ", side, "hq", [f"division:{div}", "hq:corps" if corps else "hq:division"])
    if supply and f"{div} supply" not in LOADED:
        add(f"{div} supply", side, "supply")
    for m in members:
        uid, k, tags = (m, kind, []) if isinstance(m, str) else (m[0], m[1], list(m[2:]))
        if uid not in LOADED:
            add(uid, side, k, [f"division:{div}"] + extra + tags)


# ---- the Allied Assault Landing Schedule (provisional) --------------------------
UTAH = ["19.13", "19.14"]
OMAHA = ["30.17", "32.17", "33.17", "34.17", "35.17"]
GOLD = ["43.17", "44.17", "45.17"]
JUNO = ["47.17", "48.17", "49.17"]
SWORD = ["50.17", "51.17"]
ALL_BOXES = UTAH + OMAHA + GOLD + JUNO + SWORD

# (units, wave, box or drop zone) for 6 June
ASSAULT = [
    (["1/8", "70 Tk"], "assault", "19.13"), (["2/8"], "assault", "19.14"),
    (["2 Rgr"], "assault", "30.17"), (["1/116", "743 Tk"], "assault", "32.17"),
    (["2/116"], "assault", "33.17"), (["1/16", "741 Tk"], "assault", "34.17"),
    (["2/16"], "assault", "35.17"),
    (["1 Hamps", "1 RMSR"], "assault", "43.17"), (["1 Dorset", "81 AVRE"], "assault", "44.17"),
    (["6 GH", "2 RMSR"], "assault", "45.17"),
    (["Royal Winnipeg", "3 RMSR"], "assault", "47.17"), (["Regina Rifles"], "assault", "48.17"),
    (["Queen's Own", "4 RMSR"], "assault", "49.17"),
    (["1 S Lancs", "5 RMSR"], "assault", "50.17"), (["2 E Yorks", "77 AVRE"], "assault", "51.17"),
    (["4 Inf HQ", "1/22", "2/22"], "follow_up", "19.13"),
    (["29 Inf HQ", "1 Inf HQ", "1/18", "2/18", "3/116"], "follow_up", "33.17"),
    (["50 Inf HQ", "2 Devon", "2 Essex"], "follow_up", "44.17"),
    (["3 CA Inf HQ", "N Shore", "Chaudiere"], "follow_up", "48.17"),
    (["3 BR Inf HQ", "1 KOSB", "2 KSLI"], "follow_up", "50.17"),
    (["1/12", "2/12"], "build_up", "19.13"), (["1/115", "2/115", "1/26"], "build_up", "33.17"),
    (["2 Glosters", "1 RWK"], "build_up", "44.17"), (["6 CAR"], "build_up", "48.17"),
    (["1 Norfolk", "2 Warwicks"], "build_up", "50.17"),
]
# airborne: (units, wave, drop zone, turn); gliders tagged so
AIRBORNE = [
    (["101 Abn HQ"], None, "16.15", "06"), (["1/501", "2/501"], None, "16.16", "06"),
    (["1/502", "2/502"], None, "17.13", "06"), (["1/506", "2/506"], None, "17.15", "06"),
    (["82 Abn HQ"], None, "14.14", "06"), (["1/505", "2/505"], None, "15.14", "06"),
    (["1/507", "2/507"], None, "12.15", "06"), (["1/508", "2/508"], None, "13.16", "06"),
    (["6 Abn HQ"], None, "61.21", "06"), (["7 Para", "12 Para"], None, "62.21", "06"),
    (["13 Para"], None, "62.20", "06"), (["8 Para"], None, "63.23", "06"),
    (["9 Para"], None, "61.19", "06"), (["1 Cdn Para"], None, "62.19", "06"),
    (["2 Ox Bucks", "1 RUR"], "build_up", "61.22", "06"),
    (["1/325", "2/325"], None, "14.13", "07"),
]
GLIDERS = {"2 Ox Bucks", "1 RUR", "1/325", "2/325"}


def allied_oob() -> None:
    division("Allied", "4 Inf", ["1/22", "2/22", "1/12", "2/12"], "us_inf", nation="us")
    division("Allied", "1 Inf", ["1/16", "2/16", "1/18", "2/18", "1/26"], "us_inf", nation="us")
    division("Allied", "29 Inf", ["3/116"], "us_inf", nation="us")
    division("Allied", "50 Inf", ["1 Hamps", "1 Dorset", "6 GH", "2 Devon", "2 Essex",
                                  "2 Glosters", "1 RWK"], "br_inf", nation="british")
    division("Allied", "3 BR Inf", ["1 S Lancs", "2 E Yorks", "1 KOSB", "2 KSLI", "1 Norfolk",
                                    "2 Warwicks"], "br_inf", nation="british")
    division("Allied", "2 Inf", ["1/9", "2/9", "1/23", "2/23", "1/38", "2/38"], "us_inf",
             nation="us")
    for uid in ("70 Tk", "741 Tk"):
        add(uid, "Allied", "tank", ["nation:us"])
    add("6 CAR", "Allied", "tank", ["nation:british"])
    add("2 Rgr", "Allied", "ranger", ["nation:us"])
    for n in range(1, 6):
        add(f"{n} RMSR", "Allied", "rmsr", ["special:rmsr", "nation:british"])
    for uid in ("77 AVRE", "81 AVRE"):
        add(uid, "Allied", "avre", ["special:avre", "nation:british"])
    add("12/DEV", "Allied", "br_inf", ["nation:british"])
    for div, members, nation in (
            ("101 Abn", ["1/501", "2/501", "1/502", "2/502", "1/506", "2/506"], "us"),
            ("82 Abn", ["1/505", "2/505", "1/507", "2/507", "1/508", "2/508", "1/325", "2/325"],
             "us"),
            ("6 Abn", ["7 Para", "12 Para", "13 Para", "8 Para", "9 Para", "1 Cdn Para",
                       "2 Ox Bucks", "1 RUR"], "british")):
        add(f"{div} HQ", "Allied", "hq", [f"division:{div}", "hq:division", "airborne",
                                          f"nation:{nation}"])
        for m in members:
            add(m, "Allied", "para", [f"division:{div}", "airborne", f"nation:{nation}"] +
                (["glider"] if m in GLIDERS else []))
    for day, count in (("06", 3), ("07", 5), ("08", 5)):
        for n in range(1, count + 1):
            add(f"Allied supply {day} Jun {n}", "Allied", "supply")
    for nation in ("us", "british"):
        for kind in ("BB", "CA", "DD", "R"):
            for n in (1, 2):
                add(f"{nation.upper() if nation == 'us' else 'RN'} {kind} box {n}", "Allied",
                    f"naval_{kind}", [f"naval:{kind}", f"nation:{nation}"])
        for n in range(1, 7):
            add(f"{'US' if nation == 'us' else 'RAF'} FB {n} (Jun)", "Allied", "fb",
                ["air:fighterbomber", f"nation:{nation}"])
    for n in (1, 2):
        add(f"Medium bomber {n} (Jun)", "Allied", "bomber", ["air:bomber"])


# ---- the German units printed on the mapboard (provisional) ----------------------
GERMAN_SETUP = [
    # 709 Infanterie Division, the east coast of the Cotentin and Cherbourg
    (["709 Inf HQ", "709 Inf supply"], "11.09"), (["I/919"], "17.13"), (["II/919"], "14.11"),
    (["III/919"], "17.10"), (["I/729"], "12.05"), (["II/729"], "16.08"),
    (["30 Flak Rgt"], "10.05"), (["932 Flak"], "11.05"),
    # 91 Luftlande Division and 6 Fallschirmjaeger Regiment
    (["91 LL HQ", "91 LL supply"], "11.13"), (["I/1057"], "13.14"), (["II/1057"], "12.16"),
    (["I/1058"], "14.12"), (["I/6 FJ"], "17.19"), (["II/6 FJ"], "16.18"),
    # 352 Infanterie Division behind Omaha; 84 Korps at St. Lo
    (["352 Inf HQ", "352 Inf supply"], "33.22"), (["I/914"], "24.19"), (["II/914"], "28.19"),
    (["I/916"], "33.18"), (["II/916"], "35.19"), (["I/915"], "38.21"), (["II/915"], "36.23"),
    (["352 AR"], "34.20"),
    (["84 Korps HQ", "84 Korps supply"], "30.26"),
    # 716 Infanterie Division on the British beaches; 21 Panzer at Caen
    (["716 Inf HQ", "716 Inf supply"], "52.21"), (["I/726"], "44.18"), (["II/726"], "46.19"),
    (["I/736"], "48.18"), (["II/736"], "50.19"), (["III/736"], "51.18"),
    (["21 Pz HQ", "21 Pz supply", "I/22 Pz"], "55.24"), (["I/125 PzGr", "II/125 PzGr"], "57.22"),
    (["I/192 PzGr", "II/192 PzGr"], "52.24"),
    # 711 Infanterie Division east of the Orne
    (["711 Inf HQ", "711 Inf supply"], "67.21"), (["I/744"], "64.19"), (["II/744"], "66.20"),
    # the coastal artillery on its printed symbols (tld:V.E.1)
    (["Crisbecq Bty"], "17.11"), (["Azeville Bty"], "16.12"), (["Maisy Bty"], "27.18"),
    (["Pointe du Hoc Bty"], "30.18"), (["Longues Bty"], "41.18"),
    (["Mont Fleury Bty"], "45.19"), (["Merville Bty"], "61.18"),
]
ACTIVATION = {"I/191": 4, "II/191": 5, "I/194": 5, "II/194": 6}


def german_oob() -> None:
    division("German", "709 Inf", ["I/919", "II/919", "III/919", "I/729", "II/729"],
             "static", supply=True)
    division("German", "91 LL", ["I/1057", "II/1057", "I/1058", ("I/6 FJ", "para"),
                                 ("II/6 FJ", "para")], "gren", supply=True)
    division("German", "352 Inf", ["I/914", "II/914", "I/916", "II/916", "I/915", "II/915",
                                   ("352 AR", "gun")], "gren", supply=True)
    division("German", "84 Korps", [], "gren", corps=True, supply=True)
    division("German", "716 Inf", ["I/726", "II/726", "I/736", "II/736", "III/736"],
             "static", supply=True)
    division("German", "711 Inf", ["I/744", "II/744"],
             "static", supply=True)
    division("German", "346 Inf", ["I/857", "II/857", "I/858", "II/858"], "gren")
    division("German", "71 Inf", list(ACTIVATION), "gren", hq=False)
    add("Iss Pz Korps HQ", "German", "hq", ["division:Iss Pz Korps", "hq:corps"])
    add("30 Flak Rgt", "German", "flak", ["size:regiment"])
    add("932 Flak", "German", "flak")
    for name in ("Crisbecq", "Azeville", "Maisy", "Pointe du Hoc", "Longues", "Mont Fleury",
                 "Merville"):
        add(f"{name} Bty", "German", "coastal", ["coastal_artillery"])
    for day, count in (("06", 4), ("07", 7)):
        for n in range(1, count + 1):
            add(f"German supply {day} Jun {n}", "German", "supply")


def unit_lines(uid, side, kind, tags) -> list[str]:
    if kind.startswith("naval_"):
        spec = (0, (NAVAL[kind[6:]], 0, 0), None, None, "naval", "motorized", False)
    else:
        spec = T[kind]
    out = counter_lines(uid, side, spec, tags)
    if kind in RANGE:
        out = [line.replace(", transport:", f", artillery_range: {RANGE[kind]}, transport:")
               if line.startswith("    front:") else line for line in out]
    return out


def units_yaml() -> str:
    out = ["# The counters scenario 5 (Normandy Beachhead) uses beyond the earlier scenarios':",
           "# the Allied assault, follow-up and build-up waves, the three airborne divisions,",
           "# the RMSR and AVRE units (tld:V.F, tld:V.G), the U.S. 2nd Infantry Division and",
           "# 12/DEV, the German divisions printed on the mapboard, the coastal artillery, the",
           "# 71 Infanterie Division's box, the 346 Infanterie Division, the I SS Panzer Korps,",
           "# the naval gunfire boxes, the aircraft and the schedules' supply units.",
           "# PROVISIONAL: the counter sheet, the Assault Landing Schedule, the displays and the",
           "# mapboard's printed set-up are not in the text; values as the earlier files'.",
           "# Generated by scripts/tld_normandy.py.",
           "provenance: provisional", "units:"]
    for uid, side, kind, tags in new:
        out += unit_lines(uid, side, kind, tags)
    return "\n".join(out) + "\n"


def members_of(side, div):
    ids = [u for u, v in LOADED.items() if v["side"] == side and
           f"division:{div}" in v.get("tags", []) and v["unit_class"] != "hq"]
    ids += [u for u, s, _, t in new if s == side and f"division:{div}" in t and
            not u.endswith(" HQ")]
    return [u for u in dict.fromkeys(ids) if not u.endswith(" supply")]


def reinforcement(day, ids, hexes, via, wave=None) -> list[str]:
    out = [f'  - turn: "1944-06-{day} 0600"', f"    units: {quoted(ids)}",
           f'    hex: "{hexes.split()[0]}"', f'    entry_hexes: "{hexes}"',
           f'    enter_via: "{via}"']
    return out + ([f"    wave: {wave}"] if wave else [])


def scenario_yaml() -> str:
    # The whole mapboard's east edge: section E's (column 72) and, south of it,
    # section G's (column 60), as scenario 2 enters along G's.
    east_e = [h(72, r) for r in range(18, 33)]
    east = " ".join(east_e + [h(60, r) for r in range(33, 49)])
    lines = [
        "# Scenario #5: Normandy Beachhead (tld:scenario:5), with Modules I-V.",
        "#   \"Mapboard: Use the entire mapboard. Game Length: Three turns; 6 June through",
        "#   8 June.\"  The Allied units land by the Assault Landing Schedule (a card the",
        "#   text lacks: the waves, boxes and drop zones below are PROVISIONAL); the German",
        "#   units printed on the mapboard, the 71 Infanterie Division's box on mapboard 'E'",
        "#   and the air and naval complements are PROVISIONAL too.  The reinforcement and",
        "#   supply schedules, the special rules and the victory conditions are as printed.",
        "# Generated by scripts/tld_normandy.py.",
        "provenance: provisional", 'source: "tld:scenario:5"', "id: tld-normandy",
        'title: "Scenario #5: Normandy Beachhead"', "game: tld", "rulesets: [tld]",
        '# Scenario Addenda, Scenario Five: "No additions required" (tld:VIII.E).',
        'special_rules: ["tld:I", "tld:II", "tld:III", "tld:IV", "tld:V", "tld:VIII.E"]',
        "maps: [A, B, C, D, E, F, G]",
        'start_turn: "1944-06-06 0600"', 'end_turn: "1944-06-08 0600"', "setup:",
        '  # "German: All units that begin the game on the mapboard have their counter',
        '  # symbol and designation printed directly on the mapboard." (provisional)']
    lines += [f'  - {{units: {quoted(ids)}, hex: "{x}"}}' for ids, x in GERMAN_SETUP]
    lines += ["reinforcements:",
              "  # The Allied Assault Landing Schedule (provisional): the airborne drops, then",
              "  # each wave in its box (assault) or for its box's beach (follow-up, build-up)."]
    for ids, wave, zone, day in AIRBORNE:
        lines += reinforcement(day, ids, zone, "Air drop: the drop zone hex.", wave)
    for ids, wave, box in ASSAULT:
        lines += reinforcement("06", ids, box, "Beach landing box.", wave)
    lines += ["  # Reinforcement Entry Schedule, as printed."]
    lines += reinforcement("07", ["12 SS Pz HQ"] + members_of("German", "12 SS Pz"),
                           east, "Anywhere along east edge of mapboard.")
    lines += reinforcement("07", ["346 Inf HQ"] + members_of("German", "346 Inf"),
                           "72.19 72.22 72.26 72.30", "Any road hex 'A' through 'D' on east edge.")
    lines += reinforcement("08", ["Iss Pz Korps HQ"], east,
                           "Anywhere along east edge of mapboard.")
    lines += ["  # \"Via beach landing boxes\", as printed; which beach each lands at is on the",
              "  # card, not in the text: Omaha for the U.S. 2nd Infantry and 2nd Armored",
              "  # Divisions, Sword for 12/DEV, where they landed (PROVISIONAL)."]
    lines += reinforcement("07", ["2 Inf HQ"] + members_of("Allied", "2 Inf"),
                           " ".join(OMAHA), "Via beach landing boxes.")
    lines += reinforcement("07", ["12/DEV"], " ".join(SWORD), "Via beach landing boxes.")
    lines += reinforcement("08", ["2 Arm HQ"] + members_of("Allied", "2 Arm"),
                           " ".join(OMAHA), "Via beach landing boxes.")
    lines += ["  # Special rule 3: the 71 Infanterie Division's box on mapboard 'E' (its entry",
              "  # 'as described in the box', not in the text: the east edge of section E).",
              ]
    lines += reinforcement("06", list(ACTIVATION), " ".join(east_e),
                           "As described in the box on mapboard 'E'.")
    lines += ["  # Supply Schedule: Allied 3, 5, 5 units via beach landing boxes (on 6 June with",
              "  # the build-up waves); German 4, 7, none anywhere along the east edge."]
    for day, count in (("06", 3), ("07", 5), ("08", 5)):
        lines += reinforcement(day, [f"Allied supply {day} Jun {n}" for n in range(1, count + 1)],
                               " ".join(ALL_BOXES), "Via beach landing boxes.",
                               "build_up" if day == "06" else None)
    for day, count in (("06", 4), ("07", 7)):
        lines += reinforcement(day, [f"German supply {day} Jun {n}" for n in range(1, count + 1)],
                               east, "Anywhere along east edge.")
    aircraft = [u for u, _, kind, _ in new if kind in ("bomber", "fb")]
    naval = [u for u, _, kind, _ in new if kind.startswith("naval_")]
    flak = ["30 Flak Rgt", "932 Flak"]
    by_number = {}
    for uid, n in ACTIVATION.items():
        by_number.setdefault(n, []).append(uid)
    activation = ", ".join(f"{{kind: activation, side: German, units: {quoted(ids)}, needed: {n}}}"
                           for n, ids in sorted(by_number.items()))
    lines += [
        "scenario_rules:",
        "  - id: invasion-sequence", '    source: "tld:scenario:5"',
        '    text: "Use the special Invasion Sequence of Play for the 6 June turn."',
        "    effects: []",
        "  - id: flak-held", '    source: "tld:scenario:5"',
        '    text: "The 30 Flak Regiment and the 932 Flak Battalion, initially positioned in the',
        '      Cherbourg area, may not be moved until the 8 June turn."',
        f'    effects: [{{kind: held_in_place, side: German, units: {quoted(flak)},',
        '               turn: "1944-06-08 0600"}]',
        "  - id: 71-infanterie", '    source: "tld:scenario:5"',
        "    text: \"Subordinate units of the German 71 Infanterie Division listed on the special",
        "      box on mapboard 'E' may enter the game via a special die roll during the German",
        "      player segment. Roll one die for each uncommitted unit once each turn beginning on",
        "      the 6 June turn. A die roll equal to or greater than the 'activation number'",
        "      printed beneath each unit allows that unit to enter the game as described in the",
        "      box. (The numbers: PROVISIONAL.)\"",
        f"    effects: [{activation}]",
        "  - id: air-power", '    source: "tld:scenario:5"',
        "    text: 'Employ all units in the Allied Aircraft Deployment Display except Heavy",
        "      Bombardment units. (The display is not in the text: two medium bombers and six",
        "      U.S. and six British fighterbombers, PROVISIONAL.)'",
        f"    effects: [{{kind: aircraft_available, side: Allied, units: {quoted(aircraft)}}}]",
        "  - id: naval-bombardment", '    source: "tld:scenario:5"',
        "    text: 'Employ all types of naval gunfire boxes as indicated on the Allied Naval",
        "      Gunfire Display. (The display is not in the text: two boxes of each type for",
        "      each nation, PROVISIONAL.)'",
        f"    effects: [{{kind: naval_gunfire_available, side: Allied, units: {quoted(naval)}}}]",
        "victory:",
        '  text: "Each of the following listed city/towns is worth one victory point to the',
        "    Allied player if at least one hex is occupied by an Allied combat unit at the end of",
        "    the 8 June turn. Likewise, the German player is awarded one victory point for each",
        "    city/town that contains NO Allied combat units at the end of the 8 June turn. The",
        "    city/towns are: 1. MONTEBOURG, 2. CARENTAN, 3. ISIGNY, 4. BAYEUX, 5. CAEN, 6.",
        "    RANVILLE (NE of Caen). ... Draw: The game is a DRAW if both sides accumulate an",
        '    equal number of victory points at the end of the game."',
        "  conditions:",
        f'    - {{kind: town_points, side: Allied, hexes: "{TOWNS}", when: end_of_game,',
        "       winner: Allied}",
        f'    - {{kind: town_points, side: German, hexes: "{TOWNS}", when: end_of_game,',
        "       winner: German}",
        "  draw: both_or_neither"]
    return "\n".join(lines) + "\n"


# Montebourg, Carentan (2), Isigny, Bayeux, Caen (3), Ranville: games/tld/maps.
TOWNS = "13.11 17.19 18.19 23.19 45.20 53.23 54.23 53.24 62.22"

if __name__ == "__main__":
    allied_oob()
    german_oob()
    with open("games/tld/units/normandy.yaml", "w", encoding="utf-8") as f:
        f.write(units_yaml())
    with open("scenarios/tld/normandy.yaml", "w", encoding="utf-8") as f:
        f.write(scenario_yaml())
    print(f"{len(new)} new counters")
