"""Every Crete scenario's printed set-up lines, read from the sentence index
(book_scenario_lines), against the started game: units at the printed hexes,
"place randomly, one unit per hex, in ..." filled one unit a hex, "place within
N hexes of ..." as the owner's area (and filled one a hex where printed),
"place in hexes ... — at least one / only one unit per hex", Artillery Parks
and their contact, "(one step)", "(N units)", the leaders printed with their
units, and who "may set up in IPs".

Each scenario is built once (book_scenario_lines.deployed) and deployed with the
default answers.
Where the book's name differs from the counter's, NAMES maps it."""

from __future__ import annotations

import re

import pytest

from book_scenario_lines import NAMES, Claim, Line, deployed, parse, resolve, setup_lines

SCENARIOS = {"learning": "learning", "1": "snafu", "2": "precision", "3": "heraklion",
             "5": "descent", "6": "jump", "7": "last_chance", "8": "kiwis", "9": "gala",
             "10": "hot_pursuit", "11": "mercury", "13": "free_for_all"}
LEADERS = {"5th NZ Brigade Leader": "5th NZ Bde Leader",
           "Geb.Jäg.Rgt.100 Leader": "Geb.Jäg.Rgt. 100 Leader",
           "MajGen Weston": "MajGen Weston"}
IP_HEADING = re.compile(r"\(All units(?:, except (.+?),)? may set up in IPs\)")


def hex_of(session, name: str, kind: str = "unit") -> str | None:
    return session.attr(session.ref(kind, name), "hex")


def sheet_hex(where: str | None) -> str | None:
    """ "rethymnon:29.11" is the book's 29.11 (the sheet is the line's own)."""
    return where.split(":")[-1] if where else where


def area(session, centres: list[str], n: int, sheet: str) -> set[str]:
    grid = session.state.grid
    out = set()
    for centre in centres:
        for h in grid.within(grid.parse(sheet + centre), n):
            if session.state.map.contains(grid.format(h)):
                out.add(grid.format(h))
    return out


def check(session, claim: Claim, ip_heading: tuple[bool, list[str]] | None) -> list[str]:
    """What of *claim* the started game does not do, as messages."""
    cite = claim.line.cite()
    if claim.kind == "leader_with":
        leader = session.ref("leader", claim.leaders[0])
        formation = session.state.catalog["leader"][claim.leaders[0]]["formation"]
        at = [u for u, v in session.state.catalog["unit"].items()
              if v.get("formation") == formation
              and hex_of(session, u) == session.attr(leader, "hex")]
        return [] if at else [f"{cite}: {claim.leaders[0]} with no unit of {formation}"]
    names = [u for n in (claim.names or [""]) for u in resolve(session, n, claim.group)]
    units = session.state.catalog["unit"]
    wrong = []
    if claim.count is not None and len(names) != claim.count:
        wrong.append(f"{cite}: {len(names)} counters for the printed {claim.count} units")
    where = {u: hex_of(session, u) for u in names}
    sheet = next((w.split(":")[0] + ":" for w in where.values() if w and ":" in w), "")
    spots = [sheet_hex(w) for w in where.values()]
    if claim.kind == "at":
        wrong += [f"{cite}: {u} at {w}, not {claim.hexes[0]}" for u, w in where.items()
                  if sheet_hex(w) != claim.hexes[0]]
    elif claim.kind == "each_one":
        if sorted(spots) != sorted(claim.hexes):
            wrong.append(f"{cite}: one a hex in {claim.hexes}, got {spots}")
    elif claim.kind == "within":
        allowed = area(session, claim.hexes, claim.n, sheet)
        for u, w in where.items():
            # the owner's area to choose in, or (randomly) the dice's
            if w not in allowed or not claim.random and \
                    set(units[u].get("setup_area") or ()) != allowed:
                wrong.append(f"{cite}: {u} at {w}, area {units[u].get('setup_area')}")
        if claim.one_per_hex and len(set(spots)) != len(spots):
            wrong.append(f"{cite}: not one unit per hex: {spots}")
    elif claim.kind == "among":
        if not set(spots) <= set(claim.hexes):
            wrong.append(f"{cite}: {spots} not in {claim.hexes}")
        if claim.one_per_hex and len(set(spots)) != len(spots):
            wrong.append(f"{cite}: not one unit per hex: {spots}")
        if not claim.one_per_hex and set(spots) != set(claim.hexes):
            wrong.append(f"{cite}: not at least one unit in each of {claim.hexes}: {spots}")
    for u in names:
        if claim.steps is not None and session.attr(session.ref("unit", u), "steps") != \
                claim.steps:
            wrong.append(f"{cite}: {u} not at {claim.steps} step")
        if claim.park and session.attr(session.ref("unit", u), "in_artillery_park") != 1:
            wrong.append(f"{cite}: {u} not in its Artillery Park")
        if claim.contact:
            leader = LEADERS.get(claim.contact, claim.contact)
            with_ = session.attr(session.ref("unit", u), "contact_with")
            if getattr(with_, "id", None) != leader:
                wrong.append(f"{cite}: {u} In Contact with {with_}, not {leader}")
        ip = claim.ip or bool(ip_heading and ip_heading[0] and u not in ip_heading[1])
        if bool(units[u].get("setup_in_ip")) != ip:
            wrong.append(f"{cite}: {u} may set up in an IP: {units[u].get('setup_in_ip')},"
                         f" the book: {ip}")
    for leader in claim.leaders:
        name = LEADERS.get(leader, leader)
        if sheet_hex(hex_of(session, name, "leader")) != sheet_hex(where[names[-1]]):
            wrong.append(f"{cite}: {name} not with {names[-1]}")
    return wrong


def claims_of(section: str, headings: list[Line] | None = None
              ) -> list[tuple[Claim, tuple[bool, list[str]] | None]]:
    """The set-up claims, each with the IP heading over it ("2nd NZ Division, 5th
    NZ Bde (All units, except D 22 Bn, may set up in IPs)": may, and who not)."""
    out, heading = [], None
    for line in setup_lines(section):
        claims = parse(line)
        if not claims:
            m = IP_HEADING.search(line.text)
            heading = (True, [NAMES.get(m.group(1), m.group(1))] if m.group(1) else []) \
                if m else None
            if m and headings is not None:
                headings.append(line)
        out += [(c, heading) for c in claims]
    return out


def cited(section: str) -> list[Line]:
    headings: list[Line] = []
    seen: dict[str, Line] = {}
    for claim, _ in claims_of(section, headings):
        seen.setdefault(claim.line.ids[0], claim.line)
    for line in headings:
        seen[line.ids[0]] = line
    return sorted(seen.values(), key=lambda ln: int(ln.ids[0].split("#")[1]))


@pytest.mark.parametrize("number", sorted(SCENARIOS))
def test_the_printed_set_up_lines_are_the_started_game(number):
    """The set-up lines of each scenario (cited_here: the sentences of each
    printed line read), every unit, hex, area and count as printed."""
    cited_here = {
        "1": (
            "crete:scenario:1#13-14 crete:scenario:1#15-16 crete:scenario:1#17 "
            "crete:scenario:1#18-19 crete:scenario:1#20 crete:scenario:1#21 crete:scenario:1#22 "
            "crete:scenario:1#23 crete:scenario:1#24 crete:scenario:1#25 crete:scenario:1#26"),
        "10": (
            "crete:scenario:10#14 crete:scenario:10#15 crete:scenario:10#16 crete:scenario:10#17 "
            "crete:scenario:10#18 crete:scenario:10#20 crete:scenario:10#21 crete:scenario:10#23 "
            "crete:scenario:10#24 crete:scenario:10#25 crete:scenario:10#26 crete:scenario:10#28 "
            "crete:scenario:10#29 crete:scenario:10#30 crete:scenario:10#31 crete:scenario:10#32 "
            "crete:scenario:10#33 crete:scenario:10#35 crete:scenario:10#36 crete:scenario:10#37 "
            "crete:scenario:10#39-40 crete:scenario:10#41-42 crete:scenario:10#43-44 "
            "crete:scenario:10#45-47 crete:scenario:10#49 crete:scenario:10#50 "
            "crete:scenario:10#51 crete:scenario:10#53 crete:scenario:10#54 crete:scenario:10#55 "
            "crete:scenario:10#56-57 crete:scenario:10#59 crete:scenario:10#60 "
            "crete:scenario:10#61-62 crete:scenario:10#63-64 crete:scenario:10#65 "
            "crete:scenario:10#66-67"),
        "11": (
            "crete:scenario:11#18 crete:scenario:11#19 crete:scenario:11#20 crete:scenario:11#21 "
            "crete:scenario:11#22 crete:scenario:11#23 crete:scenario:11#24 crete:scenario:11#25 "
            "crete:scenario:11#26 crete:scenario:11#27 crete:scenario:11#28 "
            "crete:scenario:11#29-30 crete:scenario:11#31-32 crete:scenario:11#33-34 "
            "crete:scenario:11#35"),
        "13": (
            "crete:scenario:13#14 crete:scenario:13#15-16 crete:scenario:13#17-18 "
            "crete:scenario:13#19-20 crete:scenario:13#21"),
        "2": (
            "crete:scenario:2#8-9 crete:scenario:2#10-11 crete:scenario:2#12 "
            "crete:scenario:2#13-14 crete:scenario:2#15 crete:scenario:2#16 crete:scenario:2#17 "
            "crete:scenario:2#18 crete:scenario:2#19"),
        "3": (
            "crete:scenario:3#11-12 crete:scenario:3#13-14 crete:scenario:3#15-16 "
            "crete:scenario:3#17 crete:scenario:3#18 crete:scenario:3#19"),
        "5": (
            "crete:scenario:5#15 crete:scenario:5#16 crete:scenario:5#17 crete:scenario:5#18 "
            "crete:scenario:5#19 crete:scenario:5#20 crete:scenario:5#21 crete:scenario:5#22 "
            "crete:scenario:5#23 crete:scenario:5#24 crete:scenario:5#26-27 crete:scenario:5#28 "
            "crete:scenario:5#29 crete:scenario:5#30-31 crete:scenario:5#32 crete:scenario:5#33 "
            "crete:scenario:5#34 crete:scenario:5#36 crete:scenario:5#37 crete:scenario:5#38"),
        "6": (
            "crete:scenario:6#15 crete:scenario:6#16"),
        "7": (
            "crete:scenario:7#16 crete:scenario:7#17 crete:scenario:7#18 crete:scenario:7#19 "
            "crete:scenario:7#20 crete:scenario:7#21 crete:scenario:7#22 crete:scenario:7#23-24 "
            "crete:scenario:7#25-26 crete:scenario:7#28-30 crete:scenario:7#31-35 "
            "crete:scenario:7#37"),
        "8": (
            "crete:scenario:8#13 crete:scenario:8#14 crete:scenario:8#15 crete:scenario:8#16-17 "
            "crete:scenario:8#18 crete:scenario:8#19 crete:scenario:8#21-22 crete:scenario:8#23 "
            "crete:scenario:8#24-25 crete:scenario:8#27-28 crete:scenario:8#29-33 "
            "crete:scenario:8#34-37 crete:scenario:8#39 crete:scenario:8#40 crete:scenario:8#41 "
            "crete:scenario:8#42 crete:scenario:8#43-45"),
        "9": (
            "crete:scenario:9#18 crete:scenario:9#19 crete:scenario:9#20 crete:scenario:9#21 "
            "crete:scenario:9#22 crete:scenario:9#24 crete:scenario:9#25 crete:scenario:9#26 "
            "crete:scenario:9#28 crete:scenario:9#29 crete:scenario:9#30 crete:scenario:9#31 "
            "crete:scenario:9#32 crete:scenario:9#33 crete:scenario:9#34 crete:scenario:9#35 "
            "crete:scenario:9#36 crete:scenario:9#37 crete:scenario:9#38 crete:scenario:9#39 "
            "crete:scenario:9#40 crete:scenario:9#41 crete:scenario:9#43-44 "
            "crete:scenario:9#45-46 crete:scenario:9#47-48 crete:scenario:9#49-51 "
            "crete:scenario:9#53 crete:scenario:9#54 crete:scenario:9#55 crete:scenario:9#57 "
            "crete:scenario:9#58 crete:scenario:9#59 crete:scenario:9#60-61 "
            "crete:scenario:9#62-64"),
        "learning": (
            "crete:scenario:learning#9 crete:scenario:learning#10 crete:scenario:learning#11-15"),
    }
    session = deployed(SCENARIOS[number])
    section = f"scenario:{number}"
    wrong = [w for claim, heading in claims_of(section) for w in check(session, claim, heading)]
    assert wrong == []
    assert [ln.cite() for ln in cited(section)] == cited_here[number].split()

