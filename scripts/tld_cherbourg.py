"""Write games/tld/units/cherbourg.yaml and scenarios/tld/cherbourg.yaml: scenario
4's counters beyond those the earlier scenarios give, and its provisional set-up
(the set-up map and the Cherbourg Initial Set-up Map are not in the text), with
the map section, length, air power, naval bombardment, supply schedule, special
rules and victory conditions as printed.  Run from the repository root."""

from __future__ import annotations

import yaml

from tld_writing import (counter_lines, fill as stacking_fill, h, load_units, quoted,
                         stacking_points)

LOADED = load_units("mortain", "falaise", "mortain_addenda", "cobra")
# Scenario 5's counters of the Cotentin's defenders that scenario 4 uses too: one
# counter each, written once (units/normandy.yaml).
SHARED = {u["id"] for u in yaml.safe_load(open("games/tld/units/normandy.yaml"))["units"]}
# stacking, front, back, remnant, class, transport, mech (as scripts/tld_cobra.py)
T = {
    "us_inf": (2, (4, 6, 4), (2, 3, 4), (1, 1, 4), "infantry", "foot", False),
    # "odds-and-ends units" (tld:scenario:4#5): weaker than a full battalion
    "ger_inf": (2, (3, 4, 4), (2, 2, 4), None, "infantry", "foot", False),
    "ost": (1, (2, 3, 4), None, None, "infantry", "foot", False),
    "coastal": (2, (6, 4, 0), None, None, "artillery", "motorized", False),
    "hq": (1, (0, 2, 8), None, None, "hq", "motorized", False),
    "supply": (0, (0, 0, 8), (0, 0, 8), None, "supply", "motorized", False),
    "fort": (0, (0, 0, 0), None, None, "fortification", "foot", False),
    "fb": (0, (0, 0, 0), None, None, "aircraft", "motorized", False),
    "BB": (0, (12, 0, 0), None, None, "naval", "motorized", False),
    "CA": (0, (6, 0, 0), None, None, "naval", "motorized", False),
}
RANGE = {"coastal": 4}
DAYS = [str(d) for d in range(19, 26)]
new: list[tuple[str, str, str, list[str]]] = []
GERMAN_DIVISIONS = [("709 Inf", ["I/729", "II/729", "I/739", "II/739", "I/919", "II/919"]),
                    ("243 Inf", ["I/920", "I/921", "I/922"]),
                    ("77 Inf", ["I/1049", "I/1050"])]
ALLIED_NEW = [("79 Inf", ["1/313", "2/313", "1/314", "2/314", "1/315", "2/315"])]
NINTH_MORE = ["2/47", "1/60", "2/60"]
GERMAN_STOCK = 8        # supply units in the fortress at the start (none arrive)
BATTERIES = [("Btr York", "06.03"), ("Btr Brommy", "08.03"), ("Btr Hamburg", "15.03")]
FORTIFICATIONS = ["fortified_area", "landfronte", "landfronte", "landfronte", "landfronte",
                  "landfronte", "landfronte", "minor_fort", "minor_fort",
                  "coastal_strongpoint", "coastal_strongpoint"]
BRITISH_FB = 6


def add(uid, side, kind, tags=()):
    assert uid not in LOADED, uid
    new.append((uid, side, kind, list(tags)))


def oob() -> None:
    add("LXXXIV Korps HQ", "German", "hq", ["division:LXXXIV Korps", "hq:corps"])
    for div, members in GERMAN_DIVISIONS:
        add(f"{div} HQ", "German", "hq", [f"division:{div}", "hq:division"])
        for m in members:
            add(m, "German", "ger_inf", [f"division:{div}"])
    for n in (1, 2):
        add(f"Ost-Btl {n} (Cherbourg)", "German", "ost")
    for name, _ in BATTERIES:
        add(name, "German", "coastal", ["coastal_artillery"])
    for n in range(1, GERMAN_STOCK + 1):
        add(f"Cherbourg supply {n}", "German", "supply")
    for n, kind in enumerate(FORTIFICATIONS, 1):
        add(f"Cherbourg {kind} {n}", "German", "fort", [f"fort:{kind}"])
    for div, members in ALLIED_NEW:
        add(f"{div} HQ", "Allied", "hq", [f"division:{div}", "hq:division"])
        add(f"{div} supply", "Allied", "supply")
        for m in members:
            add(m, "Allied", "us_inf", [f"division:{div}"])
    for m in NINTH_MORE:
        add(m, "Allied", "us_inf", ["division:9 Inf"])
    for n in range(1, BRITISH_FB + 1):
        add(f"RAF FB {n}", "Allied", "fb", ["air:fighterbomber", "nation:british"])
    add("TF 129 BB", "Allied", "BB", ["naval:BB", "nation:us"])
    add("TF 129 CA (US)", "Allied", "CA", ["naval:CA", "nation:us"])
    add("TF 129 CA (British)", "Allied", "CA", ["naval:CA", "nation:british"])
    for d in DAYS:
        for n in range(1, 4):
            add(f"Allied supply {d} Jun {n}", "Allied", "supply")


def units_yaml() -> str:
    out = ["# The counters scenario 4 (The Fall of Cherbourg) uses beyond the earlier scenarios':",
           "# the LXXXIV Korps HQ standing for Gruppe von Schlieben (tld:scenario:4#26-27), the",
           "# remnants of the 709th, 243rd and 77th Infanterie Divisions, coastal batteries,",
           "# the fortress's supply stocks and fortification counters; the U.S. 79th Infantry",
           "# Division and more of the 9th, British fighterbombers, Task Force 129's gunfire",
           "# boxes and the supply schedule's units.  PROVISIONAL: the counter sheet, the set-up",
           "# map and the displays are not in the text; values as units/cobra.yaml's.",
           "# The 709th's HQ and battalions of the 729th and 919th are units/normandy.yaml's.",
           "# Generated by scripts/tld_cherbourg.py.",
           "provenance: provisional", "units:"]
    for uid, side, kind, tags in new:
        if uid in SHARED:
            continue
        lines = counter_lines(uid, side, T[kind], tags)
        if kind in RANGE:
            lines = [line.replace("transport: motorized}",
                                  f"transport: motorized, artillery_range: {RANGE[kind]}}}")
                     for line in lines]
        out += lines
    return "\n".join(out) + "\n"


def fill(ids: list[str], hexes: list[str]) -> tuple[list, list[str]]:
    return stacking_fill(ids, hexes, stacking_points(new, T, LOADED), 4)


def members(side: str, div: str) -> list[str]:
    known = [u for u, v in LOADED.items() if v["side"] == side and v["unit_class"] != "hq" and
             v["unit_class"] != "supply" and f"division:{div}" in v.get("tags", [])]
    return known + [u for u, s, k, t in new if s == side and k != "hq" and f"division:{div}" in t]


def scenario_yaml() -> str:
    city = ["09.03", "10.03", "10.04", "11.03", "11.04", "09.04"]
    landfront = ["07.05", "08.06", "10.06", "11.06", "13.05", "14.04"]
    stars = ["06.04", "15.04", "12.07"]
    german = [(["LXXXIV Korps HQ"] + [f"Cherbourg supply {n}" for n in (1, 2, 3, 4)], "10.04"),
              (["709 Inf HQ", "Cherbourg supply 5", "Cherbourg supply 6"], "09.04"),
              (["243 Inf HQ", "Cherbourg supply 7"], "11.04"),
              (["77 Inf HQ", "Cherbourg supply 8"], "10.03")]
    german += [([name], x) for name, x in BATTERIES]
    battalions = [m for div, _ in GERMAN_DIVISIONS for m in members("German", div)]
    # the Landfront, Fort du Roule, the harbour forts, then the red stars
    posts = landfront + ["11.05", "07.03", "13.03"] + stars
    german += [([b], x) for b, x in zip(battalions + ["Ost-Btl 1 (Cherbourg)"], posts)]
    german += [(["Ost-Btl 2 (Cherbourg)"], "09.03")]
    allied = []
    for div, hq_hex, area in (("9 Inf", "07.11", [h(c, r) for r in (9, 10) for c in (5, 6, 7, 8)]),
                              ("79 Inf", "10.12", [h(c, r) for r in (10, 11) for c in (9, 10, 11, 12)]),
                              ("4 Inf", "14.12", [h(c, r) for r in (9, 10) for c in (13, 14, 15, 16)])):
        allied.append(([f"{div} HQ", f"{div} supply"], hq_hex))
        placed, _ = fill(members("Allied", div), area)
        allied += placed
    lines = [
        "# Scenario #4: The Fall of Cherbourg (tld:scenario:4), with Modules I-IV.",
        "#   \"Mapboard Area: Use mapboard section 'A', only. Game Length: Seven turns; 19 June",
        "#   through 25 June. ... German player sets up first.\"",
        "# The set-up map, the Cherbourg Initial Set-up Map (the red stars), the Aircraft",
        "# Deployment Display, the Cherbourg set-up chart's air units and the naval fire",
        "# \"listed below\" are not in the text: the set-up, the aircraft and the gunfire boxes",
        "# are PROVISIONAL (Gruppe von Schlieben on the Landfront, in Fort du Roule, the harbour",
        "# forts and on the red stars; the U.S. VII Corps' 9th, 79th and 4th Infantry Divisions",
        "# south of it).  The length, air and naval limits, supply schedule, special rules and",
        "# victory conditions are as printed.  Generated by scripts/tld_cherbourg.py.",
        "provenance: provisional", 'source: "tld:scenario:4"', "id: tld-cherbourg",
        'title: "Scenario #4: The Fall of Cherbourg"', "game: tld", "rulesets: [tld]",
        '# Scenario Addenda, Scenario Four: "No additions required" (tld:VIII.D).',
        'special_rules: ["tld:I", "tld:II", "tld:III", "tld:IV", "tld:VIII.D"]', "maps: [A]",
        'start_turn: "1944-06-19 0600"', 'end_turn: "1944-06-25 0600"', "setup:",
        '  # "German player sets up first."']
    lines += [f'  - {{units: {quoted(ids)}, hex: "{x}"}}' for ids, x in german]
    lines += [f'  - {{units: {quoted(ids)}, hex: "{x}"}}' for ids, x in allied]
    lines += ["reinforcements:", "  # Reinforcement Entry Schedule: None.",
              '  # Supply Schedule: "Allied Three units. South edge, on Valognes-Carentan road',
              '  # hex." "German NONE."']
    for d in DAYS:
        lines += [f'  - turn: "1944-06-{d} 0600"',
                  f"    units: {quoted([f'Allied supply {d} Jun {n}' for n in range(1, 4)])}",
                  '    hex: "16.16"', '    entry_hexes: "16.16"',
                  '    enter_via: "South edge, on Valognes-Carentan road hex."']
    forts = [u for u, _, kind, _ in new if kind == "fort"]
    later = [f"US FB {n}" for n in range(1, 7)]
    first_only = ([f"US FB {n}" for n in range(7, 11)] + ["US medium bomber 1", "US medium bomber 2"]
                  + [f"RAF FB {n}" for n in range(1, BRITISH_FB + 1)])
    naval = [u for u, _, kind, _ in new if kind in ("BB", "CA")]
    lines += [
        "scenario_rules:",
        "  - id: air-power-first-turn", '    source: "tld:scenario:4"',
        '    text: "Air Power: Tactical: FIRST TURN ONLY: Full U.S. and British complement as',
        "      listed Allied Aircraft Deployment Display. (PROVISIONAL: two medium bombers, ten",
        '      U.S. and six British fighterbombers.)"',
        "    effects: [{kind: aircraft_only_on, side: Allied, turn: \"1944-06-19 0600\",",
        f"               units: {quoted(first_only)}}}]",
        "  - id: air-power-subsequent-turns", '    source: "tld:scenario:4"',
        '    text: "SUBSEQUENT TURNS: Only the air units listed on the Cherbourg scenario set-up',
        "      chart may be used. These are all U.S. air units. Heavy Bombardment: NONE.",
        '      (PROVISIONAL: six U.S. fighterbombers.)"',
        f"    effects: [{{kind: aircraft_available, side: Allied, units: {quoted(later)}}}]",
        "  - id: naval-bombardment-once", '    source: "tld:scenario:4"',
        '    text: "Naval Bombardment: The Allied player may use naval bombardment only ONCE',
        "      during the game. He may use naval bombardment during any single game turn",
        "      providing he has announced his intention to use it one turn in advance. This",
        "      naval bombardment is limited to the types and amount of naval fire listed below.",
        '      (The list is not in the text: Task Force 129, PROVISIONAL.)"',
        f"    effects: [{{kind: naval_once, side: Allied, units: {quoted(naval)}}}]",
        "  - id: red-stars-and-fortifications", '    source: "tld:scenario:4"',
        '    text: "The red stars on the mapboard refer to additional unit placements as',
        "      indicated on the special Cherbourg Initial Set-up Map, printed on its own separate",
        "      sheet. All fortifications indicated on the map are used in this scenario. NOTE:",
        "      Fort du Roule is indicated by the notation 'ROUL'. (The red stars' placements are",
        '      PROVISIONAL.)"',
        f"    effects: [{{kind: printed_fortifications, side: German, units: {quoted(forts)}}}]",
        "  - id: coastal-artillery-defensive", '    source: "tld:scenario:4"',
        '    text: "German coastal artillery units may NOT fire as regular artillery in scenario',
        "      #4; they function in a DEFENSIVE capacity only, using their defense strength.\"",
        "    effects: [{kind: coastal_artillery_defensive, side: German}]",
        "  - id: gruppe-von-schlieben", '    source: "tld:scenario:4"',
        '    text: "HISTORICAL NOTE: The German LXXXIV Korps HQ unit was not actually present',
        "      during the Cherbourg campaign. It is used in this scenario to represent the local",
        "      command apparatus which was later elevated to a corps-like fortress command",
        '      (Gruppe von Schlieben)."',
        "    effects: []",
        "victory:",
        '  text: "Allied: The Allied player wins by occupying any five city hexes in',
        "    CHERBOURG-OCTEVILLE with Allied combat units simultaneously for one complete game",
        "    turn before the end of the 25 July turn. German: The German player wins by avoiding",
        '    the Allied victory conditions."',
        "  conditions:",
        f'    - {{kind: occupy_for_a_turn, side: Allied, hexes: "{" ".join(city)}", count: 5,',
        "       when: end_of_any_turn, winner: Allied}",
        "  otherwise: German"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    oob()
    with open("games/tld/units/cherbourg.yaml", "w", encoding="utf-8") as f:
        f.write(units_yaml())
    with open("scenarios/tld/cherbourg.yaml", "w", encoding="utf-8") as f:
        f.write(scenario_yaml())
    print(f"{len(new)} new counters")
