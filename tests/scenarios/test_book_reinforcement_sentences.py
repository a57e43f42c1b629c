"""Every Crete scenario's printed reinforcement lines, read from the sentence
index (book_scenario_lines), against the started game's schedule: each stick's
units arrive by parachute or glider on the printed turn, as that stick, into the
printed drop or landing zone ("DZ: within 1 hex of 17.15 and/or 19.15");
ground reinforcements enter on their turn at their hex ("1900: 2/8 Inf Bn (AUS)
... (48.12)"); the airlanding serials hold the printed units (crete:S7.0).

A line sets the day and the hour for those under it ("Axis: 20 May, 1500: Drop
One — ...", then "1700: Drop Two — ..."), as the book prints its schedules."""

from __future__ import annotations

import re

import pytest

from book_scenario_lines import HEX, NUMBERS, deployed, lines, resolve, split_names

SCENARIOS = {"learning": "learning", "1": "snafu", "2": "precision", "3": "heraklion",
             "4": "piling_on", "5": "descent", "6": "jump", "7": "last_chance", "8": "kiwis",
             "9": "gala", "10": "hot_pursuit", "11": "mercury", "12": "main_event",
             "13": "free_for_all"}
# Organisations a ground line prints before its units ("CREFOR, Layforce, A BN")
ORGS = {"CREFOR", "Layforce", "Independent", "14th Inf Bde", "5. Gebirgs Division Independent",
        "Fallschirmjäger-Regiment 1"}
ARRIVAL = {"Parachute": "parachute", "Glider Landing": "glider", "Glider": "glider"}


def zone(session, spec: str, sheet: str) -> set[str]:
    """ "within 1 hex of 17.15 and/or 19.15" / "25.08 and 26.08" / "11.06"."""
    hexes = re.findall(HEX, spec)
    m = re.search(r"[Ww]ithin (\w+) hex", spec)
    n = NUMBERS[m.group(1)] if m else 0
    grid = session.state.grid
    out = set()
    for centre in hexes:
        for h in grid.within(grid.parse(sheet + centre), n):
            if session.state.map.contains(grid.format(h)):
                out.add(grid.format(h).split(":")[-1])
    return out


def suffixes(hexes) -> set[str]:
    return {h.split(":")[-1] for h in hexes or ()}


def stick_items(body: str) -> list[tuple[list[str], int | None, str]]:
    """ "9./III./LLSR (DZ 11.06); 10./III./LLSR (DZ 17.07)" or "A, B, and C (3
    units) (DZ: within 1 hex of 35.16, one unit per hex)": (names, count, zone)."""
    per_unit = re.findall(r"([^;]+?)\s*\((?:DZ|LZ) (" + HEX + r")\)", body)
    if per_unit and len(per_unit) == body.count("(DZ ") + body.count("(LZ "):
        return [([name.strip()], None, h) for name, h in per_unit]
    m = re.search(r"\((?:[^()]*Map, )?(?:DZ|LZ):? ([^()]*)\)\s*$", body)
    assert m, body
    names, count = split_names(body[:m.start()].strip(" ,"))
    return [(names, count, m.group(1))]


def arrivals(session, label: str) -> dict[str, tuple]:
    """{printed name: (turn, manner, stick, zone or entry hex)} of the units
    arriving on the turn *label* (or on the day, for a bare "1941-05-20")."""
    labels = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    out = {}
    for u, v in session.state.catalog["unit"].items():
        turn = v.get("drop_turn") if v.get("drop_turn") is not None else v.get("arrival_turn")
        if turn is None or not labels[turn].startswith(label):
            continue
        out[v["name"]] = (labels[turn], v.get("arrival"), v.get("stick"),
                          tuple(sorted(suffixes(v.get("drop_zone")))),
                          (v.get("entry_hex") or "").split(":")[-1])
    return out


def as_per(session, sources: list[str], label: str, cite: str) -> list[str]:
    """ "1500: Drop Two — As per Scenario 1": Scenario 1's arrivals of that turn
    arrive here alike (the same printed units, turn, stick and zone)."""
    here = arrivals(session, label)
    wrong = []
    for source in sources:
        theirs = arrivals(deployed(source), label)
        if not theirs:
            wrong.append(f"{cite}: {source} has no arrivals on {label}")
        for name, what in theirs.items():
            if here.get(name) != what:
                wrong.append(f"{cite}: {name} {here.get(name)} != {source}'s {what}")
    return wrong


def check(session, number: str) -> tuple[list[str], list[str]]:
    """(what the schedule does not do as printed, the ids of the lines read)."""
    labels = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    units = session.state.catalog["unit"]
    sheet = ""
    wrong, read = [], []
    day = hour = None
    section = f"scenario:{number}"
    all_lines = lines(section)
    start = next(i for i, ln in enumerate(all_lines) if ln.text == "Reinforcements") + 1
    end = next(i for i, ln in enumerate(all_lines)
               if ln.text in ("Command Values", "Victory Conditions"))
    airlanding_from = None
    for ln in all_lines[start:end]:
        text = re.sub(r"^(?:Axis|Allies): ", "", ln.text)
        context = False
        m = re.match(r"(\d+) May\b", text)
        if m:
            day, context = int(m.group(1)), True
        m = re.search(r"(?:^|, |\. |\d+ May, )(\d{4}|Night)(?::| —)", text)
        if m:
            hour, context = (m.group(1).lower() if m.group(1) == "Night" else m.group(1)), True
        m = re.search(r"Airlanding Reinforcements Serials \(Arrive as per S7\.0"
                      r"(?: starting on the (\d{4}) (\d+) May game turn)?\)", text)
        if m:                       # "(Arrive as per S7.0 starting on the 1100 22 May ...)"
            context = True
            if m.group(1):
                airlanding_from = labels.index(f"1941-05-{int(m.group(2)):02d} {m.group(1)}")
        label = f"1941-05-{day:02d} {hour}" if day and hour else None
        if "Optional Rule" in text or "Serial composition" in text:
            continue                # Scenario 13's free drops and serials: test_free_for_all
        source = re.findall(r"Scenario (\d+) \"", text.split("Add:")[0])
        if source:                  # "Drop Two — As per Scenario 1 "SNAFU""
            wrong += as_per(session, [SCENARIOS[n] for n in source],
                            label or f"1941-05-{day:02d}", ln.cite())
            read.append(ln.cite())
            if "Add:" not in text:
                continue
            text = text.split("Add: ", 1)[1]
        sticks = re.findall(r"(Stick \w+) \(arrives via (Parachute|Glider Landing|Glider)\):? "
                            r"(.*?)(?=; Stick |$)", text)
        for stick, how, body in sticks:
            arrival = ARRIVAL[how]
            sheet_m = re.search(r"\((\w[\w -]*?) Map, ", body)
            sheet = (sheet_m.group(1).lower().replace(" - ", "_").replace("-", "_") + ":"
                     if sheet_m else "")
            for names, count, spec in stick_items(body):
                counters = [u for n in names for u in resolve(session, n)]
                if count is not None and len(counters) != count:
                    wrong.append(f"{ln.cite()}: {len(counters)} counters, printed {count}")
                for u in counters:
                    got = (units[u].get("arrival"), units[u].get("stick"),
                           labels[units[u]["drop_turn"]] if units[u].get("drop_turn")
                           is not None else None, suffixes(units[u].get("drop_zone")))
                    want = (arrival, stick, label, zone(session, spec, sheet))
                    if got != want:
                        wrong.append(f"{ln.cite()}: {u} {got} != {want}")
        if sticks:
            if ln.cite() not in read:
                read.append(ln.cite())
            continue
        serials = re.findall(r"Serial (\d+) (.*?)(?=; Serial|$)", text)
        for number_, printed in serials:
            counters = []
            for item in re.split(r",\s*", printed):
                names, count = split_names(item)
                got = [u for n in names for u in resolve(session, n)]
                if count is not None and len(got) != count:
                    wrong.append(f"{ln.cite()}: {item}: {len(got)} counters")
                counters += got
            for u in counters:
                if (units[u].get("arrival"), units[u].get("serial")) != \
                        ("airlanding", int(number_)):
                    wrong.append(f"{ln.cite()}: {u} not in Serial {number_}")
                if airlanding_from is not None and \
                        units[u].get("airlanding_turn") != airlanding_from:
                    wrong.append(f"{ln.cite()}: {u} airlanding from {units[u]['airlanding_turn']}")
        if serials:
            read.append(ln.cite())
            continue
        m = re.search(r"\((?:(\w[\w -]*?) Map,? (?:hex )?)?(" + HEX + r")\)$|placed in hex (" +
                      HEX + r")$", text)
        if m and label:             # a ground reinforcement: its turn, its hex
            hex_id = m.group(2) or m.group(3)
            before = text[:m.start()].strip(" ,:")
            before = re.split(r": |— |\(Independent\)\. ", before)[-1]
            before = re.sub(r"^[\w/ ]+ Bn \(AUS\) ", "", before)   # "2/8 Inf Bn (AUS) B 2/8"
            _, count = split_names(before)
            before = re.sub(r"\s*\(\d+ [Uu]nits?\)", "", before)
            parts = [p for p in re.split(r",\s*", before) if p not in ORGS]
            names, _ = split_names(", ".join(parts))
            counters = [u for n in names for u in resolve(session, n)]
            if count is not None and len(counters) != count:
                wrong.append(f"{ln.cite()}: {len(counters)} counters, printed {count}")
            for u in counters:
                got = (labels[units[u]["arrival_turn"]] if units[u].get("arrival_turn")
                       is not None else None, (units[u].get("entry_hex") or "").split(":")[-1])
                if got != (label, hex_id):
                    wrong.append(f"{ln.cite()}: {u} {got} != {(label, hex_id)}")
            read.append(ln.cite())
        elif context:               # the day, hour or serials over the lines below
            read.append(ln.cite())
    return wrong, read


@pytest.mark.parametrize("number", sorted(SCENARIOS))
def test_the_printed_reinforcements_are_the_schedule(number):
    """The reinforcement lines of each scenario (cited_here), the day and hour
    lines over them included: each unit's manner, turn, stick and zone, entry
    hex, or serial."""
    cited_here = {
        "learning": (
            "crete:scenario:learning#17-19"),
        "1": (
            "crete:scenario:1#28 crete:scenario:1#29-31 crete:scenario:1#32-34 "
            "crete:scenario:1#35 crete:scenario:1#36-37 crete:scenario:1#38"),
        "2": (
            "crete:scenario:2#21 crete:scenario:2#22-24 crete:scenario:2#25 "
            "crete:scenario:2#26-28"),
        "3": (
            "crete:scenario:3#21 crete:scenario:3#22 crete:scenario:3#23-24 crete:scenario:3#25 "
            "crete:scenario:3#26-27 crete:scenario:3#28 crete:scenario:3#29 crete:scenario:3#30 "
            "crete:scenario:3#31 crete:scenario:3#32 crete:scenario:3#33-34 crete:scenario:3#35"),
        "4": (
            "crete:scenario:4#15 crete:scenario:4#16-17 crete:scenario:4#18 crete:scenario:4#19 "
            "crete:scenario:4#20"),
        "5": (
            "crete:scenario:5#40 crete:scenario:5#41 crete:scenario:5#43 crete:scenario:5#44 "
            "crete:scenario:5#45 crete:scenario:5#46-48 crete:scenario:5#49 crete:scenario:5#51 "
            "crete:scenario:5#52-53 crete:scenario:5#54 crete:scenario:5#55 "
            "crete:scenario:5#56-57 crete:scenario:5#58-62 crete:scenario:5#63-65 "
            "crete:scenario:5#66-68 crete:scenario:5#69"),
        "6": (
            "crete:scenario:6#18 crete:scenario:6#19-20 crete:scenario:6#21 crete:scenario:6#22 "
            "crete:scenario:6#23 crete:scenario:6#24 crete:scenario:6#25-26 "
            "crete:scenario:6#27-29 crete:scenario:6#30"),
        "7": (
            "crete:scenario:7#39 crete:scenario:7#40 crete:scenario:7#41 crete:scenario:7#42"),
        "8": (
            "crete:scenario:8#47 crete:scenario:8#48 crete:scenario:8#49"),
        "9": (
            "crete:scenario:9#66 crete:scenario:9#67 crete:scenario:9#68 crete:scenario:9#69 "
            "crete:scenario:9#70 crete:scenario:9#71-72"),
        "10": (
            "crete:scenario:10#69"),
        "11": (
            "crete:scenario:11#37 crete:scenario:11#38 crete:scenario:11#39 crete:scenario:11#40 "
            "crete:scenario:11#41-42 crete:scenario:11#43 crete:scenario:11#44 "
            "crete:scenario:11#45 crete:scenario:11#46 crete:scenario:11#47-49 "
            "crete:scenario:11#50-51 crete:scenario:11#52-54 crete:scenario:11#55 "
            "crete:scenario:11#56 crete:scenario:11#57 crete:scenario:11#58 crete:scenario:11#59 "
            "crete:scenario:11#60 crete:scenario:11#61 crete:scenario:11#62 crete:scenario:11#63 "
            "crete:scenario:11#64 crete:scenario:11#65 crete:scenario:11#66 crete:scenario:11#67 "
            "crete:scenario:11#68 crete:scenario:11#69 crete:scenario:11#70-71 "
            "crete:scenario:11#72"),
        "12": (
            "crete:scenario:12#16 crete:scenario:12#17 crete:scenario:12#18 crete:scenario:12#19 "
            "crete:scenario:12#20 crete:scenario:12#21 crete:scenario:12#22 crete:scenario:12#23 "
            "crete:scenario:12#24 crete:scenario:12#25 crete:scenario:12#26 crete:scenario:12#27 "
            "crete:scenario:12#28 crete:scenario:12#29 crete:scenario:12#30 crete:scenario:12#31 "
            "crete:scenario:12#32 crete:scenario:12#33-34 crete:scenario:12#35"),
        "13": (
            "crete:scenario:13#27 crete:scenario:13#28 crete:scenario:13#29 crete:scenario:13#30 "
            "crete:scenario:13#34"),
    }
    wrong, read = check(deployed(SCENARIOS[number]), number)
    assert wrong == []
    assert " ".join(read) == cited_here[number]
