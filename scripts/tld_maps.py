"""Write games/tld/maps/*.yaml: the seven mapboard sections of The Longest Day
on one 2 km hex grid (provisional: the map is not in the text).

The sections' places follow the book's list ("A—Cherbourg, B—Coutances,
C—St. Lo, D—Caen, E—Cabourg, F—Avranches, G—Argentan") and the scenarios'
geography; roads are drawn hex by hex between the places they join and rivers
as runs of hexsides.  Run it from the repository root; it is the source of the
road and river lists in the YAML, which is what the game reads.
"""

from __future__ import annotations

from pathlib import Path

from kriegsspiel.core.hexgrid import HexGrid

OUT = Path("games/tld/maps")

SECTIONS = {
    # id: (name, columns, rows)
    "A": ("Cherbourg", (1, 20), (1, 16)),
    "B": ("Coutances", (1, 20), (17, 32)),
    "C": ("St. Lo", (21, 40), (17, 32)),
    "D": ("Caen", (41, 60), (17, 32)),
    "E": ("Cabourg", (61, 72), (17, 32)),
    "F": ("Avranches", (1, 40), (33, 48)),
    "G": ("Argentan", (41, 60), (33, 48)),
}

GRID = HexGrid((1, 72, 1, 48), orientation="flat", offset="odd")


def hid(c: int, r: int) -> str:
    return f"{c:02d}.{r:02d}"


def path(*points: str) -> list[str]:
    """Adjacent hexes from point to point, stepping to the neighbour nearest the next point."""
    out = [points[0]]
    for target in points[1:]:
        here = GRID.parse(out[-1])
        goal = GRID.parse(target)
        while here != goal:
            here = min(GRID.neighbours(here), key=lambda n: (GRID.distance(n, goal),
                                                             GRID.format(n)))
            out.append(GRID.format(here))
    return out


def river(*points: str) -> list[str]:
    """The hexsides along the south side of a west-to-east hex path: between each
    of its hexes and its SE, S and SW neighbours off the path, so that no step
    from one bank to the other misses the river."""
    bank = path(*points)
    sides = []
    for h in bank:
        here = GRID.parse(h)
        for d in (2, 3, 4):
            n = GRID.neighbour(here, d)
            if GRID.contains(n) and GRID.format(n) not in bank:
                sides.append(f"{h}/{GRID.format(n)}")
    return sides


# Each section: terrain patches, places (kind: place), roads, rivers, entry roads.
# Section F carries every name scenario 1 (Mortain) gives; the others the towns
# the other scenarios name, with clear ground between.
PLACES = {
    "F": {"Granville": ["03.34"], "Avranches": ["07.42", "08.42", "08.43"],
          "Pontaubault": ["08.45"], "Villedieu": ["12.37"], "Brecey": ["14.41"],
          "Juvigny": ["18.42"], "St. Pois": ["19.38"], "Mesnil Tove": ["20.40"],
          "Mortain": ["22.43", "22.44"], "Sourdeval": ["25.40"],
          "Vire": ["31.37", "32.37"], "St. Hilaire": ["16.47"], "Barenton": ["27.46"],
          "Tinchebray": ["34.42"], "Percy": ["16.34"], "Gavray": ["09.35"]},
    "A": {"Cherbourg-Octeville": ["09.03", "10.03", "10.04", "11.03", "11.04", "09.04"],
          "Valognes": ["11.09"], "Montebourg": ["13.11"], "St. Mere-Eglise": ["15.14"],
          "St. Sauveur": ["08.13"]},
    "B": {"Carentan": ["17.19", "18.19"], "Lessay": ["06.21"], "Coutances": ["06.27"],
          "Periers": ["10.22"]},
    "C": {"Isigny": ["23.19"], "St. Lo": ["30.26", "31.26"], "Conde": ["39.31"]},
    "D": {"Bayeux": ["45.20"], "Caen": ["53.23", "54.23", "53.24"]},
    "E": {"Ranville": ["62.22"], "Cabourg": ["66.19"]},
    "G": {"Falaise": ["50.36"], "Argentan": ["50.45"], "Trun": ["55.41"],
          "Chambois": ["56.43"]},
}
CITIES = {"Avranches", "Mortain", "Vire", "Granville", "Cherbourg-Octeville", "Carentan",
          "St. Lo", "Caen", "Bayeux", "Falaise", "Argentan", "Coutances"}

TERRAIN = {
    "F": {"sea": ["01.33-02.41", "03.40-05.41", "03.39"],
          "bocage": ["05.33-13.36", "13.38-18.40", "09.44-15.46", "23.34-30.36"],
          "forest": ["26.37-28.38", "23.46-25.47", "26.43-27.44"],
          "hill": ["21.42", "23.42", "23.43", "20.44", "24.41"],
          "swamp": ["04.46-05.47"]},
    "A": {"sea": ["01.01-20.02", "01.03-04.16", "19.03-20.16"], "forest": ["06.06-07.07"],
          "hill": ["10.06", "11.06", "08.05"]},
    "B": {"sea": ["01.17-02.32"], "swamp": ["13.18-16.21", "09.18-11.20"],
          "bocage": ["07.23-19.31"]},
    "C": {"sea": ["21.17-40.17"], "bocage": ["22.21-38.31"], "swamp": ["21.18-22.20"]},
    "D": {"sea": ["41.17-60.17"], "bocage": ["41.22-50.31"]},
    "E": {"sea": ["61.17-72.17"], "swamp": ["63.20-64.24"]},
    "G": {"hill": ["47.39-48.41"], "forest": ["57.37-58.39"]},
}

ROADS = {
    "F": {"primary_road": [
              ["04.33", "03.34", "07.42", "08.45", "16.47", "22.44", "25.40", "31.37", "40.37"],
              ["08.42", "12.37", "16.34", "16.33"],
              ["01.45", "08.45"]],
          "secondary_road": [
              ["01.47", "08.46", "16.47"],
              ["08.43", "14.41", "19.38", "31.37"],
              ["14.41", "18.42", "20.40", "22.43"],
              ["22.44", "21.48"],
              ["12.37", "19.38"],
              ["32.37", "34.42", "40.43"],
              ["22.44", "27.46", "40.47"],
              ["09.35", "12.37"]]},
    "A": {"primary_road": [["10.04", "11.09", "13.11", "15.14", "16.16"]],
          "secondary_road": [["11.09", "08.13", "08.16"]]},
    "B": {"primary_road": [["16.17", "17.19", "18.19", "20.23"], ["17.19", "10.22", "06.27"]],
          "secondary_road": [["08.17", "06.21", "06.27", "10.32"]]},
    "C": {"primary_road": [["21.23", "30.26"], ["23.19", "30.26"], ["31.26", "39.31"]],
          "secondary_road": [["30.26", "31.32"]]},
    "D": {"primary_road": [["41.21", "45.20", "53.23"], ["53.24", "50.32"]]},
    "E": {"primary_road": [["60.23", "62.22", "66.19"], ["66.19", "72.19"], ["62.22", "72.26"]],
          "secondary_road": [["66.19", "72.22"], ["62.22", "72.30"]]},
    "G": {"primary_road": [["50.33", "50.36", "50.45", "50.48"], ["50.36", "55.41", "60.41"]],
          "secondary_road": [["55.41", "56.43", "60.44"]]},
}

RIVERS = {
    "F": [["09.41", "14.40", "19.39", "24.39"], ["09.45", "15.46", "26.45"]],
    "B": [["11.21", "16.20"]],
    "C": [["24.24", "36.24"]],
    "D": [["52.18", "53.22"]],
    "E": [["62.23", "70.23"]],
    "G": [["51.38", "58.42"]],
}

# Lettered entry roads on the mapboard edge (tld:VI.B, tld:IX.F.3), as the
# scenarios name them.
ENTRY_ROADS = {"F": {"EE": "01.45", "FF": "01.47", "AA": "21.48", "Granville road": "04.33"},
               "E": {"A": "72.19", "B": "72.22", "C": "72.26", "D": "72.30"}}

# The invasion coast (tld:V.C, tld:V.E, scenario 5): each beach's landing boxes
# on sea hexes, each box with its connected coastal hex (a "landing" feature of
# one name on both), the beach's nation on its coastal hexes (tld:IV.A), POINTE
# DU HOC's box (no beachhead, tld:V.C.2c), and the printed coastal artillery
# symbols (tld:V.E.1).  Sections A, C, D; the beaches' places are provisional.
BEACHES = {
    # beach: (nation, [(sector, box, coastal hex)])
    "Utah": ("us", [("Tare Green", "19.13", "18.13"), ("Uncle Red", "19.14", "18.14")]),
    "Omaha": ("us", [("Pointe du Hoc", "30.17", "30.18"), ("Dog Green", "32.17", "32.18"),
                     ("Dog Red", "33.17", "33.18"), ("Easy Red", "34.17", "34.18"),
                     ("Fox Green", "35.17", "35.18")]),
    "Gold": ("british", [("Item", "43.17", "43.18"), ("Jig", "44.17", "44.18"),
                         ("King", "45.17", "45.18")]),
    "Juno": ("british", [("Mike", "47.17", "47.18"), ("Nan Green", "48.17", "48.18"),
                         ("Nan Red", "49.17", "49.18")]),
    "Sword": ("british", [("Queen", "50.17", "50.18"), ("Roger", "51.17", "51.18")]),
}
COASTAL_GUNS = {"Crisbecq": "17.11", "Azeville": "16.12", "Maisy": "27.18",
                "Pointe du Hoc": "30.18", "Longues": "41.18", "Mont Fleury": "45.19",
                "Merville": "61.18"}


def section_of(hex_id: str) -> str:
    c, r = (int(x) for x in hex_id.split("."))
    return next(s for s, (_, cols, rows) in SECTIONS.items()
                if cols[0] <= c <= cols[1] and rows[0] <= r <= rows[1])


def coast_features(sid: str) -> list[str]:
    out = []
    for beach, (nation, sectors) in BEACHES.items():
        for sector, box, coast in sectors:
            if section_of(box) == sid:
                out.append(f"  - {{hex: \"{box}\", kind: beach_landing_box, name: \"{beach}\"}}")
                out.append(f"  - {{hex: \"{box}\", kind: landing, name: \"{sector}\"}}")
                if sector == "Pointe du Hoc":
                    out.append(f"  - {{hex: \"{box}\", kind: pointe_du_hoc, name: \"{sector}\"}}")
            if section_of(coast) == sid:
                out.append(f"  - {{hex: \"{coast}\", kind: landing, name: \"{sector}\"}}")
                out.append(f"  - {{hex: \"{coast}\", kind: {nation}_beach, name: \"{beach}\"}}")
    for name, h in COASTAL_GUNS.items():
        if section_of(h) == sid:
            out.append(f"  - {{hex: \"{h}\", kind: coastal_artillery, name: \"{name}\"}}")
    return out

# Printed symbols scenario 4 (The Fall of Cherbourg) uses on section A: the
# fortifications (tld:IV.B#4, tld:scenario:4#23) with Fort du Roule printed
# 'ROUL' (tld:scenario:4#24), the red stars of additional unit placements
# (tld:scenario:4#22) and the Cherbourg port landing box (tld:IV.A#17), its
# harbour's sea hex.  PROVISIONAL: the Landfront ring south of the city, the
# harbour forts and the coastal strongpoints of the capes, as the map might
# print them.
SYMBOLS = {"A": [("11.05", "fortified_area", "ROUL (Fort du Roule)"),
                 ("07.05", "landfronte", "Landfront"), ("08.06", "landfronte", "Landfront"),
                 ("10.06", "landfronte", "Landfront"), ("11.06", "landfronte", "Landfront"),
                 ("13.05", "landfronte", "Landfront"), ("14.04", "landfronte", "Landfront"),
                 ("07.03", "minor_fort", "Fort de Querqueville"),
                 ("13.03", "minor_fort", "Fort des Flamands"),
                 ("05.03", "coastal_strongpoint", "Cap de la Hague"),
                 ("16.03", "coastal_strongpoint", "Cap Levi"),
                 ("06.04", "red_star", "red star"), ("15.04", "red_star", "red star"),
                 ("12.07", "red_star", "red star"),
                 ("10.02", "port_landing_box", "Cherbourg")]}


def section_yaml(sid: str) -> str:
    name, cols, rows = SECTIONS[sid]
    lines = [f"# Mapboard section {sid} ({name}) of The Longest Day: 2 km hexes, one grid",
             "# shared by the seven sections (columns and rows continue across their joins).",
             "# PROVISIONAL: the map is not in the text; generated by scripts/tld_maps.py",
             "# to hold every town, road, river, edge and entry road the scenarios name.",
             "provenance: provisional", f"id: {sid}", f"name: \"Section {sid}: {name}\"",
             "grid:", f"  columns: [{cols[0]}, {cols[1]}]", f"  rows: [{rows[0]}, {rows[1]}]",
             "  orientation: flat", "  offset: odd", "default_terrain: clear", "hexes:"]
    places = PLACES.get(sid, {})
    terrain = {k: list(v) for k, v in TERRAIN.get(sid, {}).items()}
    terrain["city"] = [h for p, hs in places.items() if p in CITIES for h in hs]
    terrain["town"] = [h for p, hs in places.items() if p not in CITIES for h in hs]
    taken = set(terrain["city"]) | set(terrain["town"])
    for kind, spans in terrain.items():
        if not spans:
            continue
        if kind not in ("city", "town"):
            spans = [s for s in spans if s not in taken]
            spans = _without(spans, taken)
        lines.append(f"  {kind}: \"{' '.join(spans)}\"")
    lines.append("features:")
    for place, hexes in places.items():
        for h in hexes:
            lines.append(f"  - {{hex: \"{h}\", kind: place, name: \"{place}\"}}")
    for road, h in ENTRY_ROADS.get(sid, {}).items():
        lines.append(f"  - {{hex: \"{h}\", kind: entry_road, name: \"{road}\"}}")
    lines += coast_features(sid)
    for h, kind, name in SYMBOLS.get(sid, []):
        lines.append(f"  - {{hex: \"{h}\", kind: {kind}, name: \"{name}\"}}")
    sides = [s for r in RIVERS.get(sid, []) for s in river(*r)]
    inside = {GRID.format(h) for h in GRID.hexes()
              if cols[0] <= h[0] <= cols[1] and rows[0] <= h[1] <= rows[1]}
    sides = [s for s in sides if all(x in inside for x in s.split("/"))]
    if sides:
        lines.append("hexsides:")
        lines += [f"  - {{hexside: \"{s}\", feature: river}}" for s in dict.fromkeys(sides)]
    lines.append("roads:")
    for kind, runs in ROADS.get(sid, {}).items():
        lines.append(f"  {kind}:")
        for run in runs:
            lines.append(f"    - \"{' '.join(path(*run))}\"")
    return "\n".join(lines) + "\n"


def _without(spans: list[str], taken: set[str]) -> list[str]:
    """Expand rectangles to single hexes when a town or city lies inside one."""
    out = []
    for span in spans:
        a, _, b = span.partition("-")
        if not b:
            out.append(a)
            continue
        (c1, r1), (c2, r2) = GRID.parse(a), GRID.parse(b)
        cells = [hid(c, r) for c in range(c1, c2 + 1) for r in range(r1, r2 + 1)]
        out += [c for c in cells if c not in taken] if taken & set(cells) else [span]
    return out


if __name__ == "__main__":
    for sid in SECTIONS:
        (OUT / f"{sid}.yaml").write_text(section_yaml(sid))
