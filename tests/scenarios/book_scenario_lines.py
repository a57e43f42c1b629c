"""The Crete scenarios' printed lines read from the sentence index
(rule_index/sentences/crete.json) and parsed into what they claim: where units
set up, each division's ratings and points, the scenario's first and last turn.

The index splits a book line into sentences at ". " and, at a numbered counter
name ("1. Fsch. Pi. 7", "The 7. Flieger Division"), loses words; BOOK_LINES
gives those lines as the book prints them (copied from the book), keyed by the
line's first sentence id."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

INDEX = Path(__file__).resolve().parents[2] / "rule_index" / "sentences" / "crete.json"
HEX = r"\d{2,3}\.\d{2}"

# The book's text of the set-up lines the index cut (docs/audit/crete-scenarios.md)
BOOK_LINES = {
    "crete:scenario:7#22": "Independent: Det C 3 Hussa. (22.07)",
    "crete:scenario:7#28": "Luftlande Sturmregiment (with replacement commander – Obrst Ramcke):"
                           " 1. Kgr. Ramcke (12.06); 2. Kgr. Ramcke (10.05); 5./II./LLSR (11.05);"
                           " 7./II./LLSR (12.08); 8./II./LLSR (10.12); 13./IV./LLSR (06.05);"
                           " 14./IV./LLSR (08.05)",
    "crete:scenario:8#27": "Luftlande Sturmregiment (with replacement leader – Obrst Ramcke):"
                           " 1. Kgr. Ramcke, 2. Kgr. Ramcke, 5./II./LLSR, 7./II./LLSR,"
                           " 8./II./LLSR, 13./IV./LLSR, 14./IV./LLSR (7 units); placed within"
                           " one hex of 15.07 and/or 17.07",
    "crete:scenario:8#34": "Independent: 1. Fsch. Pi. 7 (32.14); 3. Fsch. Pi. 7 – with Kdr."
                           " Leader Major Heilmann (33.14)",
    "crete:scenario:9#43": "Luftlande Sturmregiment (with replacement leader – Obrst Ramcke):"
                           " 1. Kgr. Ramcke, 2. Kgr. Ramcke, 5./II./LLSR, 7./II./LLSR,"
                           " 8./II./LLSR, 13./IV./LLSR, 14./IV./LLSR (7 units); place within two"
                           " hexes of 31.09",
    "crete:scenario:9#45": "Fallschirmjäger-Regiment 3: 1./I./FJR 3, 2./I./FJR, 3./I//FJR 3,"
                           " 4./I./FJR 3, 5./II./FJR 3, 6./II./FJR 3, 12./III./FJR 3, 13. FJR 3,"
                           " 14. FJR 3 (9 units); place within one hex of 36.15 and/or 39.15",
    "crete:scenario:10#25": "Independent: Det C 3 Hussa. (68.16)",
    "crete:scenario:10#39": "Luftlande Sturmregiment (with replacement leader – Obrst Ramcke):"
                            " 1. Kgr. Ramcke, 2. Kgr. Ramcke, 5./II./LLSR, 7./II./LLSR,"
                            " 8./II./LLSR, 13./IV./LLSR, 14./IV./LLSR (7 units); place within"
                            " one hex of 40.08",
    "crete:scenario:10#41": "Fallschirmjäger-Regiment 3: 1./I./FJR 3, 2./I./FJR, 3./I//FJR 3,"
                            " 4./I./FJR 3, 5./II./FJR 3, 6./II./FJR 3, 12./III./FJR 3, 13. FJR 3,"
                            " 14. FJR 3 (9 units); place within one hex of 43.13",
    # reinforcement lines
    "crete:scenario:1#29": "Stick One (arrives via Parachute): 9./III./FJR 2, 11./III./FJR 2, 1. "
                           "Fsch. MG 7, 2. Fsch. Flak 7, and 2. Fsch.Art. 7 (5 units) (DZ: "
                           "within 1 hex of 17.15 and/or 19.15, one unit per hex)",
    "crete:scenario:1#36": "Stick Four (arrives via Parachute): 1./I./FJR 2, 4./I./FJR 2, and 2. "
                           "Fsch. MG 7 (3 units) (DZ: within 1 hex of 31.11, one unit per hex)",
    "crete:scenario:2#22": "Stick One (arrives via Parachute): 9./III./FJR 2, 10./III./FJR 2, "
                           "11./III./FJR 2, 12./III./FJR 2, 1. Fsch. MG 7, 2. Fsch. Flak 7, and "
                           "2. Fsch.Art. 7 (7 units) (DZ: within 1 hex of 17.15 and/or 19.15, "
                           "one unit per hex)",
    "crete:scenario:2#26": "Stick Three (arrives via Parachute): 1./I./FJR 2, 3./I./FJR 2, "
                           "4./I./FJR 2, 13. FJR 2, 14. FJR 2, and 2. Fsch. MG 7 (6 units) (DZ: "
                           "within 1 hex of 32.10 and/or 34.10, one unit per hex)",
    "crete:scenario:4#16": "24 May, Fallschirmjäger-Regiment 1, 1100: Stick One (arrives via "
                           "Parachute): 1. Kgr. Vogel, 2. Kgr. Vogel, 3. Kgr. Vogel, 4. Kgr. "
                           "Vogel (4 units), (DZ: Within 2 hexes of 16.15, one unit per hex)",
    "crete:scenario:5#52": "Stick Seven (arrives via Parachute): 5./II/FJR 3, 6./II/FJR 3, 13. "
                           "FJR 3, 14. FJR 3 (4 units) (DZ: within 1 hex of 32.14, one unit per "
                           "hex)",
    "crete:scenario:5#56": "Stick Ten (arrives via Parachute): 4. Fsch. Flak 7 (DZ 41.12)",
    "crete:scenario:5#58": "Stick Eleven (arrives via Parachute): 1. Fsch. Pi. 7 (DZ 26.17); 2. "
                           "Fsch. Pi. 7 (DZ 27.19); 3. Fsch. Pi. 7 (DZ 28.16); 3. Fsch. MG 7 (DZ "
                           "27.20)",
    "crete:scenario:5#63": "21 May, Luftlande Sturmregiment, 1500: Drop One — Stick One (arrives "
                           "via Parachute): 1. Kgr. Ramcke and 3. Kgr. Ramcke (DZ: within 2 "
                           "hexes of 20.07, one unit per hex)",
    "crete:scenario:5#66": "1700: Drop Two — Stick One (arrives via Parachute): 2. Kgr. Ramcke, "
                           "4. Kgr. Ramcke, 1. Fsch.Pz.Jäg. 7, and 2. Fsch.Pz.Jäg. 7 (4 units) "
                           "(DZ: within 1 hex of 05.06, one unit per hex)",
    "crete:scenario:6#25": "21 May, 1500: Drop One — Luftlande Sturmregiment, Stick One (arrives "
                           "via Parachute): 1. Kgr. Ramcke, 3. Kgr. Ramcke (Maleme Map, DZ: "
                           "within 2 hexes of 20.07, one unit per hex)",
    "crete:scenario:6#27": "1700: Drop Two — Luftlande Sturmregiment, Stick One (arrives via "
                           "Parachute): 2. Kgr. Ramcke, 4. Kgr. Ramcke, 1. Fsch.Pz.Jäg. 7, 2. "
                           "Fsch.Pz.Jäg. 7 (Maleme Map, DZ: within 1 hex of 05.06, one unit per "
                           "hex)",
    "crete:scenario:8#49": "Serial 8 Geb.Pz.Jäg. 95 (2 units), 16. GJR 85",
    "crete:scenario:11#47": "21 May, 1500: Drop One — Luftlande Sturmregiment, Stick One "
                            "(arrives via Parachute): 1. Kgr. Ramcke and 3. Kgr. Ramcke (Maleme "
                            "Map, DZ: within 2 hexes of 20.07, one unit per hex)",
    "crete:scenario:11#50": "24 May, 1100: Drop One — Fallschirmjäger-Regiment 1, Stick One "
                            "(arrives via Parachute): 1. Kgr. Vogel, 2. Kgr. Vogel, 3. Kgr. "
                            "Vogel, 4. Kgr. Vogel (4 units), (Heraklion Map, DZ: Within 2 hexes "
                            "of 16.15, one unit per hex)",
    "crete:scenario:11#60": "Serial 5 3. Fsch.Art. 7, 3./II./Geb.Art. 95",
    "crete:scenario:11#63": "Serial 8 Geb.Pz.Jag.95 (2 units), 16. GJR 85",
    "crete:scenario:11#66": "Serial 12 2. KSB 55, 4. KSB 55, 2. Flak 609, GrW 4. KSB 55",
    "crete:scenario:12#23": "Serial 5 3. Fsch.Art. 7, 3./II./Geb.Art. 95",
    "crete:scenario:12#26": "Serial 8 Geb.Pz.Jag.95 (2 units), 16. GJR 85",
    "crete:scenario:12#29": "Serial 12 2. KSB 55, 4. KSB 55, 2. Flak 609, GrW 4. KSB 55",
}
# The divisions as the book names them in its Command Values
DIVISIONS = {
    "2nd NZ Division": "2nd New Zealand Division", "CREFOR": "CREFOR",
    "Flieger Division": "7. Flieger Division", "Gebirgs Division": "5. Gebirgs Division",
    "Gebirgs-Division": "5. Gebirgs Division",
    # Scenarios 1-4 give the values of the brigade or regiment on its sheet: the
    # data holds them on its Division (the chits in the cup are the Formations')
    "19th Brigade (Australian)": "CREFOR", "19th Australian Brigade": "CREFOR",
    "Fallschirmjäger Regiment 2": "7. Flieger Division",
    "14th Infantry Brigade": "CREFOR", "Fallschirmjäger-Regiment 1": "7. Flieger Division",
}
# The book's spelling -> the counter's (typos and short forms of the printed lines)
NAMES = {
    "22 Bn A 22 Bn": "A 22 Bn",             # 9#18 prints no colon after "22 Bn"
    "4 NZ Fld": "4 NZ Fld Regt", "5 NZ Fld": "5 NZ Fld Regt",
    "A RM": "A RM Bn", "B RM": "B RM Bn", "C RM": "C RM Bn",
    "3./I//FJR 3": "3./I./FJR 3",
    "S(mtr) 1/Welch": "S(Mtr) 1 Welch",
    "GrW GRJ 100": "GrW GJR 100", "GrW GbJgR 85": "GrW GJR 85", "GrW GbJgR 141": "GrW GJR 141",
    "16. GRJ 85": "16. GJR 85", "16. GRJ 141": "16. GJR 141",
    "III./GJR 14": "III./GJR 141",          # 10#60
    "6./I./GRJ 100": "6./II./GJR 100",      # 10#50: a company of II./GJR 100
    "7./II/GRJ 100": "7./II./GJR 100",
    "Kastelli Police (Greek)": "Kastelli", "1/A & S": "1/A & S Hlds",
    "Geb.Pz.Jag.95": "Geb.Pz.Jäg. 95",
    "3. Fsch Flak 7": "3. Fsch. Flak 7",
    "6 1/6 Inf": "6 2/6 Inf",               # 5#28: the sixth company is of 2/6 Inf
}
NUMBERS = {"one": 1, "two": 2, "1": 1, "2": 2}


def fresh(name: str):
    """crete/*name* started (seed 1) and deployed with the default answers."""
    session = start(f"crete/{name}", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                    seed=1)
    session.perform("deploy_units")
    return session


@lru_cache(maxsize=None)
def deployed(name: str):
    """fresh(*name*), built once for all the modules that read it (scenarios are
    slow to start): only read it, never play it."""
    return fresh(name)


def sentences(section: str) -> list[dict]:
    entries = json.loads(INDEX.read_text(encoding="utf-8"))["entries"]
    return [e for e in entries if e["section"] == section]


@dataclass
class Line:
    ids: list[str]
    text: str

    def cite(self) -> str:
        first, last = self.ids[0], self.ids[-1].split("#")[1]
        return first if len(self.ids) == 1 else f"{first}-{last}"


def lines(section: str) -> list[Line]:
    """The section's sentences joined back into the book's lines."""
    by_line: dict[int, list[dict]] = defaultdict(list)
    for entry in sentences(section):
        by_line[entry["line"]].append(entry)
    out = []
    for _, group in sorted(by_line.items()):
        ids = [e["id"] for e in group]
        out.append(Line(ids, BOOK_LINES.get(ids[0], " ".join(e["text"] for e in group))))
    return out


def setup_lines(section: str) -> list[Line]:
    """The lines from the one after "Use the ... Map(s)" to "Reinforcements"."""
    all_lines = lines(section)
    start = next(i for i, ln in enumerate(all_lines) if "Use the" in ln.text) + 1
    end = next(i for i, ln in enumerate(all_lines) if ln.text == "Reinforcements")
    return all_lines[start:end]


@dataclass
class Claim:
    """What one printed line says about where *names* set up."""
    line: Line
    kind: str                       # at | each_one | within | among | leader_with
    names: list[str]
    hexes: list[str] = field(default_factory=list)
    n: int = 0                      # within n hexes
    one_per_hex: bool = False
    count: int | None = None        # the printed "(N units)"
    steps: int | None = None        # the printed "(one step)"
    ip: bool = False                # "Units may be set up in IP(s)"
    leaders: list[str] = field(default_factory=list)   # "with Kgr. Commander Maj Schaette"
    park: bool = False              # "place in 2nd NZ Div Artillery Park A (15.10)"
    contact: str | None = None      # "In Contact with 5th NZ Brigade Leader"
    group: str = ""                 # the line's heading ("II./GJR 100") for "(5 units)"
    random: bool = False            # "placed randomly, within two hexes of 30.18"


def split_names(text: str) -> tuple[list[str], int | None]:
    count = None
    m = re.search(r"\((\d+) [Uu]nits?\)", text)
    if m:
        count = int(m.group(1))
        text = text[:m.start()] + text[m.end():]
    parts = re.split(r"[,;]\s*(?:and\s+)?|\s+and\s+", text.strip(" ;,.:"))
    return [p.strip(" ;,") for p in parts if p.strip(" ;,")], count


def header_and_rest(text: str) -> tuple[str, str]:
    """ "22 Bn: A 22 Bn (09.07); ..." -> ("22 Bn", "A 22 Bn (09.07); ...")."""
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if ch == ":" and depth == 0:
            return text[:i], text[i + 1:]
    return "", text


def parse(line: Line) -> list[Claim]:
    """The placements *line* claims; [] for a line that places nothing here."""
    text = line.text.strip()
    leader = re.search(r"— (.+?) (?:stacks )?with any unit$", text)
    if leader:                      # "CREFOR, 19th Bde (AUS) — Brig Vassey with any unit"
        return [Claim(line, "leader_with", [], leaders=[leader.group(1)])]
    ip = re.search(r"(?:\(All units(?:, except (.+?),)? may set[- ]up in IPs\)"
                   r"|(?:Units may|May|All units may) be (?:set[- ]?up|placed) in (?:an )?IPs?\."
                   r"|All units may set[- ]up in IPs\.)", text)
    if ip:
        text = (text[:ip.start()] + text[ip.end():]).strip()
    contact = re.search(r"\.? (?:Both units are |All Units are )?In Contact with (?:the )?(.+?)"
                        r"\.?$", text)
    if contact:
        text = text[:contact.start()]
    park = re.search(r"[;,]? (?:is )?placed? in .*Artillery Park \w \((" + HEX + r")\)\.?$",
                     text)
    if park:
        head, rest = header_and_rest(text[:park.start()])
        names, count = split_names(rest)
        claims = [Claim(line, "at", names, [park.group(1)], count=count, park=True,
                        contact=contact.group(1) if contact else None)]
    else:
        claims = _parse(line, text)
    for claim in claims:
        claim.ip = claim.ip or bool(ip)
    return claims


def _parse(line: Line, text: str) -> list[Claim]:
    if "(Independent). " in text:     # the Learning Scenario's heading has no colon
        text = text.split("(Independent). ", 1)[1]
    head, rest = header_and_rest(text)
    place = re.search(r"(?:[;,:]?\s*(?<!may )(?:[Pp]laced?|[Ss]et[- ]up)\s+|,\s*(?=within ))(.*)$",
                      rest)
    if place and "Artillery Park" not in rest:
        names, count = split_names(rest[:place.start()])
        leaders = []
        if names and " with " in names[-1]:
            names[-1], leader = names[-1].split(" with ")
            leaders.append(re.sub(r"^(?:Kgr\. Commander|Kdr\. Leader) ", "", leader.strip()))
        how = place.group(1)
        hexes = re.findall(HEX, how)
        m = re.match(r"(?:randomly,? )?within (\w+) hex(?:es)? of", how)
        if m:
            return [Claim(line, "within", names, hexes, NUMBERS[m.group(1)],
                          "one unit per hex" in how, count, leaders=leaders, group=head,
                          random="randomly" in how)]
        if re.match(r"in hexes .*—", how):
            return [Claim(line, "among", names, hexes, one_per_hex="at least" not in how,
                          count=count, leaders=leaders)]
        if len(hexes) == 1:
            return [Claim(line, "at", names, hexes, count=count, leaders=leaders)]
        if len(hexes) > 1:
            return [Claim(line, "each_one", names, hexes, count=count, leaders=leaders)]
        raise ValueError(f"{line.cite()}: cannot read {how!r}")
    claims = []
    items = rest.split(";") if ";" in rest else rest.split(",")
    items = [part for item in items for part in re.split(r"(?<=\)),\s*", item)]
    for item in items:
        m = re.search(r"\((?:within (\w+) hex(?:es)? of )?(" + HEX + r")\)", item)
        if not m:
            if item.strip(" ."):
                return []           # not a set-up line of pairs
            continue
        name = item[:m.start()].strip()
        name = re.sub(r"^\(Attached to [^)]*\) ", "", name)
        if not name:
            name = head
        steps = None
        if name.endswith("(one step)"):
            name, steps = name[:-len("(one step)")].strip(), 1
        leaders = []
        for sep in (" with ", " – with "):
            if sep in name:
                name, leader = name.split(sep, 1)
                leaders.append(re.sub(r"^(?:Kdr\. Leader|MNDBO Leader,) ", "", leader.strip()))
                break
        names, _ = split_names(name.strip(" –"))
        ip = "may set up in an IP" in item[m.end():]
        if m.group(1):
            claims.append(Claim(line, "within", names, [m.group(2)], NUMBERS[m.group(1)]))
        else:
            claims.append(Claim(line, "at", names, [m.group(2)], steps=steps, leaders=leaders,
                                ip=ip))
    return claims


def command_values(section: str) -> list[tuple[str, str, dict]]:
    """(sentence id, division, {command_rating, dispatch_rating} or {cp, dp}) per
    printed Command Values sentence."""
    out = []
    for entry in sentences(section):
        sentence = entry["text"]
        m = re.match(r"(?:The )?(?:5\. |7\. )?(.+?) has a Command Rating of (\d+)"
                     r"(?: and (?:a )?Dispatch Rating of (\d+))?\.", sentence)
        if m:
            vals = {"command_rating": int(m.group(2))}
            if m.group(3):
                vals["dispatch_rating"] = int(m.group(3))
            out.append((entry["id"], DIVISIONS[m.group(1)], vals))
        m = re.match(r"(?:The )?(?:5\. |7\. )?(.+?) starts with (\d+) Command Points?"
                     r"(?: and (\d+) Dispatch Points?)?\.", sentence)
        if m:
            vals = {"cp": int(m.group(2))}
            if m.group(3):
                vals["dp"] = int(m.group(3))
            out.append((entry["id"], DIVISIONS[m.group(1)], vals))
    return out


def resolve(session, name: str, group: str = "") -> list[str]:
    """The counters a printed name stands for: one counter, or a battalion's."""
    units = session.state.catalog["unit"]
    name = NAMES.get(name.strip(), name.strip()) or NAMES.get(group, group)
    less: list[str] = []
    m = re.match(r"(.+?) – less (.+)$", name)
    if m:
        name = m.group(1)
        less = [NAMES.get(n, n) for n in re.split(r" and ", m.group(2))]
    # the book's short forms: "S(mtr)", "2.Fsch", "Fsch Flak", "5./II/FJR 3", "GRJ 85"
    usual = re.sub(r"/(I{1,3}|IV)/", r"/\1./", name.replace("S(mtr)", "S(Mtr)"))
    usual = re.sub(r"^(\d+)\.(?=[A-Za-z])", r"\1. ", usual).replace("Fsch ", "Fsch. ")
    usual = usual.replace("GRJ", "GJR").replace("GbJgR", "GJR")
    for candidate in (name, usual, name + ".", usual + " •"):
        if candidate in units:
            return [candidate]
    members = [u for u, v in units.items() if f"battalion:{usual}" in v.get("tags", ())]
    members = members or [u for u in units
                          if re.fullmatch(r"\d+\. " + re.escape(usual) + "(?: •)?", u)]
    # "2./I./FJR" without its regiment: the one company of that name
    members = members or [u for u in units if re.fullmatch(r"\d+\./I+\./FJR", usual)
                          and re.fullmatch(re.escape(usual) + r" \d(?: •)?", u)]
    members = members or [u for u in units if u == name + " •"]    # scenario counters
    assert members, f"no counter for {name!r}"
    return [u for u in members if u not in less]
