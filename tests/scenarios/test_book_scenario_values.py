"""Every Crete scenario's printed length, Command Values and Rearguard /
Road Block allowances, read from the sentence index (book_scenario_lines),
against the started game: the first and last turns, each Division's Command
and Dispatch Ratings and starting points, the Rearguard (Nachhut) counters of
each Division and the Road Blocks (Sperren) of each Army (gts:23.1: the limit
is the Army's, so a side's printed Road Blocks are summed)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from book_scenario_lines import command_values, deployed, lines, sentences

SCENARIOS = {"learning": "learning", "1": "snafu", "2": "precision", "3": "heraklion",
             "4": "piling_on", "5": "descent", "6": "jump", "7": "last_chance", "8": "kiwis",
             "9": "gala", "10": "hot_pursuit", "11": "mercury", "12": "main_event",
             "13": "free_for_all"}
MONTH_DAY = re.compile(r"(?:May (\d+)(?:st|nd|rd|th)|(\d+) May)")
SIDES = {"Allies": "Allied", "Germans": "Axis"}
ARMY = {"Allied": "Commonwealth", "Axis": "German"}
DIVISION = {"2nd NZ Division": "2nd New Zealand Division", "CREFOR": "CREFOR",
            "Flieger Division": "7. Flieger Division", "Gebirgs Division": "5. Gebirgs Division"}


def label(hour: str, day: str) -> str:
    return f"1941-05-{int(day):02d} {'night' if hour.lower() == 'night' else hour}"


def turns(session) -> list[str]:
    return [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]


@pytest.mark.parametrize("number", sorted(SCENARIOS))
def test_the_scenario_starts_and_ends_on_the_printed_turns(number):
    """The heading ("0700 20/5/41 – 1900 21/5/41") and "The scenario starts on
    the 0700 turn of May 20th. The scenario ends when the last chit is drawn on
    the 1900 turn of May 21st" of each scenario (cited_here): the game's
    first and last turns (the last turn's last chit is never played: gts:10.0.6)."""
    cited_here = {
        "learning": (
            "crete:scenario:learning#1 crete:scenario:learning#6 crete:scenario:learning#7"),
        "1": (
            "crete:scenario:1#1 crete:scenario:1#9 crete:scenario:1#10"),
        "2": (
            "crete:scenario:2#1"),
        "3": (
            "crete:scenario:3#1 crete:scenario:3#7 crete:scenario:3#8"),
        "4": (
            "crete:scenario:4#11 crete:scenario:4#12"),
        "5": (
            "crete:scenario:5#1 crete:scenario:5#12 crete:scenario:5#13"),
        "6": (
            "crete:scenario:6#1 crete:scenario:6#7 crete:scenario:6#8"),
        "7": (
            "crete:scenario:7#1 crete:scenario:7#11 crete:scenario:7#12"),
        "8": (
            "crete:scenario:8#1 crete:scenario:8#8 crete:scenario:8#9"),
        "9": (
            "crete:scenario:9#1 crete:scenario:9#12 crete:scenario:9#13"),
        "10": (
            "crete:scenario:10#1 crete:scenario:10#10 crete:scenario:10#11"),
        "11": (
            "crete:scenario:11#1 crete:scenario:11#10 crete:scenario:11#11"),
        "12": (
            "crete:scenario:12#1 crete:scenario:12#9 crete:scenario:12#10"),
        "13": (
            "crete:scenario:13#1 crete:scenario:13#10 crete:scenario:13#11"),
    }
    session = deployed(SCENARIOS[number])
    labels = turns(session)
    seen = []
    for ln in lines(f"scenario:{number}"):
        m = re.match(r"(\d{4}|Night) (\d+)/5/41 – (\d{4}|Night) (\d+)/5/41", ln.text)
        # Scenario 4's heading ends at 1900 25 May, its text on the Night turn:
        # the text is followed (docs/crete.md, Scenario 4)
        if m and ln.cite() != "crete:scenario:4#1":
            assert (labels[0], labels[-1]) == (label(m[1], m[2]), label(m[3], m[4])), ln.cite()
            seen.append(ln.cite())
    for entry in sentences(f"scenario:{number}"):
        sentence, n = entry["text"], entry["id"]
        m = re.match(r"The scenario (starts|ends) (?:when the last chit is drawn )?on the "
                     r"(\d{4}|Night) [Tt]urn of (.+?)(?: \(|\.|$)", sentence)
        if m:
            day = MONTH_DAY.search(m[3])
            want = label(m[2], day[1] or day[2])
            assert (labels[0] if m[1] == "starts" else labels[-1]) == want, n
            seen.append(n)
    assert " ".join(seen) == cited_here[number]


@pytest.mark.parametrize("number", sorted(SCENARIOS))
def test_the_command_values_are_the_printed_ones(number):
    """ "The 2nd NZ Division has a Command Rating of 4 and Dispatch Rating of 2.
    The 2nd NZ Division starts with 6 Command Points and 0 Dispatch Points." —
    each such line of each scenario (cited_here) against the Division's
    ratings and points at the start."""
    cited_here = {
        "learning": (
            "crete:scenario:learning#27 crete:scenario:learning#28 crete:scenario:learning#29 "
            "crete:scenario:learning#30"),
        "1": (
            "crete:scenario:1#40 crete:scenario:1#41 crete:scenario:1#42 crete:scenario:1#43"),
        "2": "",
        "3": (
            "crete:scenario:3#37 crete:scenario:3#38 crete:scenario:3#39 crete:scenario:3#40"),
        "4": (
            "crete:scenario:4#22 crete:scenario:4#23 crete:scenario:4#24 crete:scenario:4#25"),
        "5": (
            "crete:scenario:5#71 crete:scenario:5#72 crete:scenario:5#73 crete:scenario:5#74 "
            "crete:scenario:5#75 crete:scenario:5#76"),
        "6": (
            "crete:scenario:6#32 crete:scenario:6#33 crete:scenario:6#34 crete:scenario:6#35 "
            "crete:scenario:6#37 crete:scenario:6#38"),
        "7": (
            "crete:scenario:7#44 crete:scenario:7#45 crete:scenario:7#46 crete:scenario:7#47 "
            "crete:scenario:7#48 crete:scenario:7#49"),
        "8": (
            "crete:scenario:8#51 crete:scenario:8#52 crete:scenario:8#53 crete:scenario:8#54 "
            "crete:scenario:8#55 crete:scenario:8#56"),
        "9": (
            "crete:scenario:9#74 crete:scenario:9#75 crete:scenario:9#76 crete:scenario:9#77 "
            "crete:scenario:9#78 crete:scenario:9#79 crete:scenario:9#81 crete:scenario:9#82"),
        "10": (
            "crete:scenario:10#71 crete:scenario:10#72 crete:scenario:10#73 crete:scenario:10#74 "
            "crete:scenario:10#75 crete:scenario:10#76 crete:scenario:10#77 crete:scenario:10#78"),
        "11": (
            "crete:scenario:11#74 crete:scenario:11#75 crete:scenario:11#76 crete:scenario:11#77 "
            "crete:scenario:11#79 crete:scenario:11#80 crete:scenario:11#82 crete:scenario:11#83"),
        "12": (
            "crete:scenario:12#37 crete:scenario:12#38 crete:scenario:12#39 crete:scenario:12#40 "
            "crete:scenario:12#41 crete:scenario:12#42 crete:scenario:12#43 crete:scenario:12#44"),
        "13": (
            "crete:scenario:13#37 crete:scenario:13#38 crete:scenario:13#39 crete:scenario:13#40 "
            "crete:scenario:13#41 crete:scenario:13#42 crete:scenario:13#44 crete:scenario:13#45"),
    }
    session = deployed(SCENARIOS[number])
    seen = []
    for n, division, values in command_values(f"scenario:{number}"):
        ref = session.ref("division", division)
        assert {k: session.attr(ref, k) for k in values} == values, n
        seen.append(n)
    assert " ".join(seen) == cited_here[number]


def test_the_learning_scenario_uses_no_dispatch_ratings():
    """crete:scenario:learning#23: "Dispatch ratings are not used." — neither
    Division has one, and neither gains Dispatch Points."""
    session = deployed("learning")
    for division in ("2nd New Zealand Division", "5. Gebirgs Division"):
        ref = session.ref("division", division)
        assert session.attr(ref, "dispatch_rating") is None
        assert session.attr(ref, "dp") in (None, 0)


ALLOWANCE = re.compile(
    r"(?:The )?(?:5\. |7\. )?(?P<who>.+?) (?:has|have) (?P<rg>\d+) (?:Rearguards|Nachhuten)"
    r"(?: available)?(?: and (?P<rb>\d+) (?:Roadblocks|Sperren?|Sperre))?(?: available)?\.")


@pytest.mark.parametrize("number", sorted(SCENARIOS))
def test_the_rearguards_and_road_blocks_are_the_printed_ones(number):
    """ "The 2nd NZ Division has 9 Rearguards and 2 Roadblocks available",
    "The Germans have 2 Nachhuten available" (cited_here): that many
    Rearguard counters for the Division (or the side), and the printed Road
    Blocks summed per Army as its limit."""
    cited_here = {
        "learning": "",
        "1": (
            "crete:scenario:1#54 crete:scenario:1#55"),
        "2": "",
        "3": (
            "crete:scenario:3#51 crete:scenario:3#52"),
        "4": (
            "crete:scenario:4#34 crete:scenario:4#35"),
        "5": (
            "crete:scenario:5#89 crete:scenario:5#90 crete:scenario:5#91"),
        "6": (
            "crete:scenario:6#69 crete:scenario:6#70 crete:scenario:6#71"),
        "7": (
            "crete:scenario:7#57 crete:scenario:7#58 crete:scenario:7#59"),
        "8": (
            "crete:scenario:8#66 crete:scenario:8#67 crete:scenario:8#68"),
        "9": (
            "crete:scenario:9#94 crete:scenario:9#95 crete:scenario:9#96 crete:scenario:9#97"),
        "10": "",
        "11": "",
        "12": "",
        "13": "",
    }
    session = deployed(SCENARIOS[number])
    cat = session.state.catalog
    rearguards = Counter(v["division"] for u, v in cat["unit"].items()
                         if u.startswith("Rearguard "))
    by_side = Counter(cat["division"][d]["side"] for d in rearguards.elements())
    blocks: Counter = Counter()
    seen = []
    for entry in sentences(f"scenario:{number}"):
        sentence, n = entry["text"], entry["id"]
        m = ALLOWANCE.fullmatch(sentence)
        if not m:
            continue
        who = m["who"]
        if who in SIDES:
            assert by_side[SIDES[who]] == int(m["rg"]), n
            side = SIDES[who]
        else:
            assert rearguards[DIVISION[who]] == int(m["rg"]), n
            side = cat["division"][DIVISION[who]]["side"]
        blocks[ARMY[side]] += int(m["rb"] or 0)
        seen.append(n)
    for army, count in blocks.items():
        assert (cat["army"][army].get("road_block_limit") or 0) == count, army
    assert " ".join(seen) == cited_here[number]




def test_scenario_2_has_scenario_1s_length_values_and_rules():
    """crete:scenario:2#5: "Scenario Length, Command Values, and Special Scenario
    Rules are the same as Scenario 1, "SNAFU"." — the same turns, Division
    ratings and points, start step, and scenario rules (effects)."""
    snafu, precision = deployed("snafu"), deployed("precision")
    assert turns(precision) == turns(snafu)
    for division in ("CREFOR", "7. Flieger Division"):
        values = [{k: s.attr(s.ref("division", division), k)
                   for k in ("command_rating", "dispatch_rating", "cp", "dp")}
                  for s in (snafu, precision)]
        assert values[0] == values[1], division
    game = [s.state.catalog["game"]["game"] for s in (snafu, precision)]
    assert game[0]["start_step"] == game[1]["start_step"] == "activation"
    effects = [sorted((e["kind"], str(sorted((k, str(v)) for k, v in e.items()
                                                 if k not in ("source", "id"))))
                      for e in s.state.catalog["effect"].values()) for s in (snafu, precision)]
    assert effects[0] == effects[1]
    rearguards = [sorted(u for u in s.state.catalog["unit"] if u.startswith("Rearguard "))
                  for s in (snafu, precision)]
    assert rearguards[0] == rearguards[1]
