"""How the TLD rules' events read in the turn log (hook ks_describe_event) and
how its counters are drawn (hook ks_board_look): attack-defense-movement along
the bottom, the stacking value in the lower left, as tld "Game Scale" lays a
counter out — not GTS's fire and assault boxes."""

from __future__ import annotations


def _name(ref) -> str:
    return str(ref).split(":", 1)[-1]


def describe_event(kind: str, d: dict) -> str | None:
    if kind == "segment_started":
        return f"  {_name(d['side'])} player segment"
    if kind == "attack_resolved":
        attackers = ", ".join(_name(u) for u in d["attackers"])
        return (f"    attack on {d['hex']} by {attackers}: {d['attack']}:{d['defense']} -> "
                f"{d['odds']}, roll {d['roll']}{d['modifier']:+d} -> {d['result']}")
    if kind == "defensive_fire_resolved":
        firers = ", ".join(_name(u) for u in d["firers"])
        targets = ", ".join(_name(u) for u in d["targets"])
        return (f"    defensive fire on {targets} in {d['hex']} by {firers}: "
                f"{d['attack']}:{d['defense']} -> {d['odds']}, roll {d['roll']}"
                f"{d['modifier']:+d} -> {d['result']}")
    if kind == "supply_consumed":
        return f"      {_name(d['hq'])} spends half a supply unit ({d['reason']})"
    if kind in ("unit_evacuated", "unit_withheld"):
        how = "evacuated" if kind == "unit_evacuated" else "withheld"
        return f"    {_name(d['unit'])} {how}: {d['points']} victory point(s)"
    if kind == "unit_overrun":
        return f"      {_name(d['unit'])} overrun by {_name(d['by'])}"
    if kind == "division_removed":
        return f"  {d['division']} removed from play"
    if kind == "reserve_released":
        return f"  {d['division']} released from reserve ({d['reason']})"
    if kind == "unit_reduced":
        return f"      {_name(d['unit'])}: {d['step']}"
    if kind == "unit_retreated":
        return f"      {_name(d['unit'])} retreats to {d['destination']}"
    if kind == "unit_entered":
        return f"    {_name(d['unit'])} enters at {d['hex']}"
    if kind in INVASION:
        return INVASION[kind](d)
    if kind == "naval_bombardment_announced":
        return f"  {_name(d['side'])} announces naval bombardment for the next turn"
    if kind == "objectives_held":
        return f"  {_name(d['side'])} has held {' '.join(d['hexes'])} for a complete turn"
    if kind == "weather_determined":
        roll = f", roll {d['roll']}{d['modifier']:+d}" if d["roll"] else ""
        return f"  weather: {d['weather']}{roll} ({d['reason']})"
    if kind == "game_won" and d["winner"] is None:
        return f"RESULT: a draw ({d['reason']})"
    if kind == "game_won":
        return f"RESULT: {_name(d['winner'])} wins ({d['reason']})"
    return None


# Module V's events (invasion.ksr) and scenario 5's (normandy.ksr).
INVASION = {
    "unit_dropped": lambda d: f"    {_name(d['unit'])} drops on {d['hex']}",
    "unit_drifted": lambda d: (f"      {_name(d['unit'])} drifts: roll {d['roll']}"
                               f"{int(d['modifier']):+d} -> {d['destination'] or 'off the map'}"),
    "unit_lost_in_drift": lambda d: f"      {_name(d['unit'])} lost: {d['reason']}",
    "unit_dispersed": lambda d: (f"      {_name(d['unit'])} dispersal: roll {d['roll']} -> "
                                 f"{d['steps']} step(s)"),
    "drift_combat_resolved": lambda d: (
        f"    drift combat in {d['hex']}: {d['attack']}:{d['defense']} -> {d['odds']}, "
        f"roll {d['roll']}{int(d['modifier']):+d} -> {d['result']}"),
    "unit_put_in_box": lambda d: (f"    {_name(d['unit'])} in landing box {d['hex']}"
                                  f" ({(d['wave'] or 'landing').replace('_', '-')} wave)"),
    "unit_returned_to_card": lambda d: (f"      {_name(d['unit'])} back to the card from "
                                        f"{d['hex']} ({d['reason']})"),
    "beachhead_established": lambda d: f"    beachhead marker in landing box {d['hex']}",
    "coastal_fire_resolved": lambda d: (f"    coastal artillery on landing box {d['hex']}: "
                                        f"{d['strength']} points, roll {d['roll']} -> "
                                        f"{d['result']}"),
    "activation_rolled": lambda d: (f"    {_name(d['unit'])} activation: roll {d['roll']} "
                                    f"(needs {d['needed']}) -> "
                                    f"{'enters' if d['activated'] else 'not yet'}"),
}


BOARD_LOOK = {
    "side_colours": {"Allied": "#9bb36b", "German": "#8fa7bf"},
    "terrain_colours": {"clear": "#e8e4c8", "bocage": "#b9c98a", "forest": "#6f9a5a",
                        "swamp": "#9fc4b8", "hill": "#c9a877", "town": "#d9a0a0",
                        "city": "#c46a6a", "sea": "#9cc3e6"},
    "counter": {
        "unit": [
            {"at": "bottom", "text": "{attack}-{defense}-{movement}"},
            {"at": "left_note", "value": "stacking"},
            {"at": "right", "value": "artillery_range", "min": 2}]},
    "marker_colours": {"REM": "#6a040f", "Dis": "#d62828", "Str": "#2a9d8f"},
    "unit_markers": {"remnant": "REM", "disrupted": "Dis", "strategic": "Str"},
}
