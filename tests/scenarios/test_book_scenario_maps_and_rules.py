"""Every Crete scenario's "Use the ... counters and the ... Map(s)" and its
"Special Rules in Effect" list, read from the sentence index
(book_scenario_lines), against the started game: the sheets it plays on, the
counter set, and which of the Special Rules S1.0-S11.0 are in effect (the
rules gate themselves with in_effect)."""

from __future__ import annotations

import re

import pytest

from book_scenario_lines import deployed, sentences

from kriegsspiel.core.errors import KsError

SCENARIOS = {"learning": "learning", "1": "snafu", "2": "precision", "3": "heraklion",
             "4": "piling_on", "5": "descent", "6": "jump", "7": "last_chance", "8": "kiwis",
             "9": "gala", "10": "hot_pursuit", "11": "mercury", "12": "main_event",
             "13": "free_for_all"}
MAPS = {"Kastelli": "kastelli", "Rethymnon": "rethymnon", "Heraklion": "heraklion",
        "Maleme": "maleme", "Canea-Suda": "canea_suda", "Georgeoupolis": "georgeoupolis",
        "Sfakia": "sfakia"}
ALL_MAPS = {"maleme", "canea_suda", "georgeoupolis", "sfakia", "rethymnon", "heraklion",
            "kastelli"}
ALL_RULES = [f"crete:S{n}.0" for n in range(1, 12)]


@pytest.mark.parametrize("number", sorted(SCENARIOS))
def test_the_printed_maps_and_counters_are_used(number):
    """ "Use the Campaign Counters and the Kastelli Map." / "Use the Rethymnon
    Scenario counters for Formation Units and the Rethymnon Map." (cited_here):
    the game's sheets are the printed ones, and its Formation units are the
    scenario counters (the "•" counters) or the campaign ones."""
    cited_here = {
        "learning": "crete:scenario:learning#8", "1": "crete:scenario:1#11",
        "2": "crete:scenario:2#6", "3": "crete:scenario:3#9", "4": "crete:scenario:4#9",
        "5": "crete:scenario:5#14", "6": "crete:scenario:6#9", "7": "crete:scenario:7#13",
        "8": "crete:scenario:8#10", "9": "crete:scenario:9#15 crete:scenario:9#16",
        "10": "crete:scenario:10#12", "11": "crete:scenario:11#12",
        "12": "crete:scenario:12#11", "13": "crete:scenario:13#12",
    }
    session = deployed(SCENARIOS[number])
    maps = set(session.state.catalog["game"]["game"]["maps"])
    units = session.state.catalog["unit"]
    scenario_counters = {u for u, v in units.items() if u.endswith(" •") and v.get("formation")}
    seen = []
    for entry in sentences(f"scenario:{number}"):
        text = entry["text"]
        if not text.startswith("Use the"):
            continue
        seen.append(entry["id"])
        printed = {v for k, v in MAPS.items() if k in text}
        if "all the maps" in text:
            printed = ALL_MAPS
        if printed:
            assert maps == printed, entry["id"]
        if "Scenario counters" in text:
            assert scenario_counters, entry["id"]
        elif "Counters" in text:
            assert not scenario_counters, entry["id"]
    assert " ".join(seen) == cited_here[number]


@pytest.mark.parametrize("number", sorted(SCENARIOS))
def test_the_special_rules_in_effect_are_the_printed_ones(number):
    """ "Special Rules in Effect: S6.0 Port and Airfield Control, ..." or "All
    Special Rules are in Effect." (cited_here): exactly those of S1.0-S11.0 are
    in effect in the game."""
    cited_here = {
        "learning": "crete:scenario:learning#40 crete:scenario:learning#41",
        "1": "crete:scenario:1#61", "2": "crete:scenario:2#34", "3": "crete:scenario:3#57",
        "4": ("crete:scenario:4#51 crete:scenario:4#52 crete:scenario:4#53 "
              "crete:scenario:4#54"),
        "5": ("crete:scenario:5#95 crete:scenario:5#96 crete:scenario:5#97 crete:scenario:5#98 "
              "crete:scenario:5#99"),
        "6": ("crete:scenario:6#75 crete:scenario:6#76 crete:scenario:6#77 crete:scenario:6#78 "
              "crete:scenario:6#79"),
        "7": "crete:scenario:7#64 crete:scenario:7#65 crete:scenario:7#66",
        "8": ("crete:scenario:8#76 crete:scenario:8#77 crete:scenario:8#78 "
              "crete:scenario:8#79"),
        "9": ("crete:scenario:9#105 crete:scenario:9#106 crete:scenario:9#107 "
              "crete:scenario:9#108 crete:scenario:9#109 crete:scenario:9#110 "
              "crete:scenario:9#111 crete:scenario:9#112"),
        "10": "crete:scenario:10#105", "11": "crete:scenario:11#137",
        "12": "crete:scenario:12#80", "13": "crete:scenario:13#78",
    }
    session = deployed(SCENARIOS[number])
    printed, seen, listing = set(), [], False
    for entry in sentences(f"scenario:{number}"):
        text = entry["text"]
        if text == "Special Rules in Effect":
            listing = True
            continue
        if not listing:
            continue
        m = re.match(r"(S\d+\.0) ", text)
        if m:
            printed.add(f"crete:{m.group(1)}")
        elif text == "All Special Rules are in Effect.":
            printed |= set(ALL_RULES)
        else:
            break
        seen.append(entry["id"])
    assert {r for r in ALL_RULES if session.value("in_effect", r)} == printed
    assert " ".join(seen) == cited_here[number]


# scenario: [(cited sentence, its sheet, the scenario it names)]
AS_PER = {
    "jump": [("crete:scenario:6#10", "rethymnon", "snafu"),
             ("crete:scenario:6#11", "heraklion", "heraklion"),
             ("crete:scenario:6#12", "maleme", "descent")],
    "mercury": [("crete:scenario:11#13", "rethymnon", "snafu"),
                ("crete:scenario:11#14", "heraklion", "heraklion"),
                ("crete:scenario:11#15", "maleme", "descent"),
                ("crete:scenario:11#16", "kastelli", "jump")],
    "main_event": [("crete:scenario:12#12", "maleme", "descent"),
                   ("crete:scenario:12#13", "canea_suda", "mercury"),
                   ("crete:scenario:12#14", "georgeoupolis", "mercury")],
    "free_for_all": [("crete:scenario:13#13", "rethymnon", "precision"),
                     ("crete:scenario:13#22", "heraklion", "heraklion"),
                     ("crete:scenario:13#23", "maleme", "descent"),
                     ("crete:scenario:13#24", "kastelli", "jump"),
                     ("crete:scenario:13#25", "canea_suda", "mercury")],
}


# Scenario 5's 8 Inf (Greek) "placed randomly, within two hexes of 30.18"
RANDOM_WITHIN = {"maleme": ("30.18", 2)}


def within_of(session, sheet, centre, n):
    grid = session.state.grid
    try:
        at = grid.parse(f"{sheet}:{centre}")
    except KsError:             # the sheets joined in one plane: no sheet in the id
        at = grid.parse(centre)
    return {grid.format(h) for h in grid.within(at, n)}


def on_sheet(session, sheet):
    """{printed name: (hex without the sheet, owner's area)} of the units set up on
    *sheet* (a one-sheet scenario's hexes name no sheet)."""
    out = {}
    for u, v in session.state.catalog["unit"].items():
        where = session.attr(session.ref("unit", u), "hex")
        if not where or (":" in where and not where.startswith(sheet + ":")):
            continue
        area = tuple(sorted(h.split(":")[-1] for h in v.get("setup_area") or ()))
        out[v["name"]] = (where.split(":")[-1], area)
    return out


@pytest.mark.parametrize("name", sorted(AS_PER))
def test_the_sheets_set_up_as_per_another_scenario(name):
    """crete:scenario:6#10-12 crete:scenario:11#13-16 crete:scenario:12#12-14
    crete:scenario:13#13 crete:scenario:13#22-25: "Rethymnon Map: As per Scenario
    1 "SNAFU"" — every unit that scenario sets up on that sheet is set up here
    alike, by its printed name: at the same hex (a random placement: the same
    hexes among its fellows), or in the same owner's area."""
    session = deployed(name)
    for cited, sheet, source in AS_PER[name]:
        here, there = on_sheet(session, sheet), on_sheet(deployed(source), sheet)
        assert there, cited
        missing = [n for n in there if n not in here]
        assert missing == [], cited
        # the owner's area: the same area (where in it is his choice, each game)
        assert [n for n in there if there[n][1] and here[n][1] != there[n][1]] == [], cited
        moved = [n for n in there if not there[n][1] and here[n] != there[n]]
        if sheet in RANDOM_WITHIN:  # "placed randomly, within two hexes of 30.18"
            centre, n = RANDOM_WITHIN[sheet]
            zone = {h.split(":")[-1] for h in within_of(session, sheet, centre, n)}
            moved = [u for u in moved if here[u][0] not in zone or there[u][0] not in zone]
        # dealt by the dice over printed hexes: the same hexes, shuffled in the group
        assert sorted(here[n] for n in moved) == sorted(there[n] for n in moved), cited
