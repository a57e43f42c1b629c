"""The TLD events' turn-log lines that their declarations' `says` cannot
write (hook ks_describe_event; the rest are in the rule files), and how its
counters are drawn (hook ks_board_look): attack-defense-movement along
the bottom, the stacking value in the lower left, as tld "Game Scale" lays a
counter out — not GTS's fire and assault boxes."""

from __future__ import annotations


def _name(ref) -> str:
    return str(ref).split(":", 1)[-1]


def describe_event(kind: str, d: dict) -> str | None:
    """A list joined by spaces, a part shown only when a field holds
    something, a word of an id reworded, a draw told from a win."""
    if kind == "unit_put_in_box":
        return (f"    {_name(d['unit'])} in landing box {d['hex']}"
                f" ({(d['wave'] or 'landing').replace('_', '-')} wave)")
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
