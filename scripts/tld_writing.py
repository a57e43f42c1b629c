"""What the TLD data writers (scripts/tld_falaise.py, tld_cobra.py,
tld_cherbourg.py) share: the counters earlier scenarios wrote, a counter's YAML
from its spec — (stacking, front, back, remnant, class, transport, mech), each
face (attack, defense, movement) — a counter's stacking points, hex ids, quoted
id lists, and stacks filled into hexes up to a stacking limit."""

from __future__ import annotations

from typing import Callable

import yaml


def load_units(*names: str) -> dict:
    """The counters of games/tld/units/<name>.yaml, by id."""
    loaded = {}
    for name in names:
        with open(f"games/tld/units/{name}.yaml") as f:
            for u in yaml.safe_load(f)["units"]:
                loaded[u["id"]] = u
    return loaded


def stacking_points(new, table: dict, loaded: dict) -> Callable[[str], int]:
    """A counter's stacking points: a new one's from its kind's spec in *table*,
    else the written counter's."""
    def points(uid: str) -> int:
        for u, _, kind, _ in new:
            if u == uid:
                return table[kind][0]
        return loaded[uid]["front"]["values"]["stacking"]
    return points


def values(spec, face, remnant=None) -> str:
    stacking, *_, transport, mech = spec
    a, d, m = face
    text = f"{{stacking: {stacking}, attack: {a}, defense: {d}, movement: {m}"
    text += ", mech: true" if mech else ""
    text += f", transport: {transport}"
    if remnant:
        text += (f", remnant_attack: {remnant[0]}, remnant_defense: {remnant[1]}, "
                 f"remnant_movement: {remnant[2]}")
    return text + "}"


def counter_lines(uid: str, side: str, spec, tags) -> list[str]:
    """One counter's entry of a units file."""
    out = [f'  - id: "{uid}"', f"    side: {side}", f"    unit_class: {spec[4]}"]
    if tags:
        out.append("    tags: [" + ", ".join(f'"{t}"' for t in tags) + "]")
    out.append(f"    front: {{values: {values(spec, spec[1])}}}")
    if spec[2]:
        out += [f"    back: {{values: {values(spec, spec[2], spec[3])}}}",
                "    back_kind: reduced"]
    return out


def h(c: int, r: int) -> str:
    return f"{c:02d}.{r:02d}"


def quoted(ids) -> str:
    return "[" + ", ".join(f'"{i}"' for i in ids) + "]"


def fill(ids: list[str], hexes: list[str], points: Callable[[str], int],
         limit: int) -> tuple[list, list[str]]:
    """Stack *ids* in order into *hexes*, *limit* stacking points a hex at most;
    the stacks with their hexes, and the hexes left."""
    placed, cur, used, n = [], [], 0, 0
    for uid in ids:
        p = points(uid)
        if used + p > limit:
            placed.append((cur, hexes[n]))
            n, cur, used = n + 1, [], 0
        cur.append(uid)
        used += p
    if cur:
        placed.append((cur, hexes[n]))
        n += 1
    return placed, hexes[n:]
