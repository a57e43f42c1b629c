"""How the GTS rules' events and markers read: the turn log's lines (hook
ks_describe_event) that need more than the line an event's declaration `says`
— chits played (gts:10.0.1), fire and its results (gts:15.5, gts:18.7,
gts:27.0), barrages placed (gts:16.6); the markers drawn on the board (hook
ks_board_look)."""

from __future__ import annotations

# The markers a player follows in the log (gts:19.0 results).
RESULT_TRACKS = ("suppressed", "cohesion_hits", "step_loss")
FIRES = {"fire_resolved": "fires", "assault_fire_resolved": "assault fire",
         "air_strike_resolved": "air strike"}


def describe_event(kind: str, d: dict) -> str | None:
    if kind == "activation_started":
        return f"  chit: {d['chit'].split(':', 1)[-1]} ({d['chit'].split(':', 1)[0]})"
    if kind in FIRES:
        who = d.get("firer") or d.get("side")
        result = d["result"] if d["hit"] and d["result"] else ("hit, no effect" if d["hit"]
                                                              else "miss")
        return (f"    {who} {FIRES[kind]} at {d['target']}: rating {d['rating']}, "
                f"roll {d['roll']} -> {result}")
    if kind == "track_changed" and d["track"] in RESULT_TRACKS:
        return f"      {d['entity'].split(':', 1)[1]}: {d['track']} {d['old']} -> {d['new']}"
    if kind == "barrage_placed":
        return f"      {'heavy' if d['level'] == 2 else 'light'} barrage on {d['hex']}"
    if kind == "game_won" and d["winner"] is None:  # crete:scenario:1 "a draw"
        return f"RESULT: {d['reason']}"
    if kind == "game_won":
        return f"RESULT: {d['winner']} wins ({d['reason']})"
    return None


# The colour of the Fire Rating box by weapon class (gts:29.53).
WEAPON_COLOURS = {"DP": "#ffffff", "SA": "#f4a6c6", "AP": "#7fb2f0", "LM": "#b48ad8",
                  "MORTAR": "#7cc47c", "IHE": "#f5a142", "DHE": "#f2e04a",
                  "EMPLACED": "#222222", "ORGANIC": "#8b5a2b"}

# The tracks drawn as markers, and how they read.  Bookkeeping tracks (acted,
# half_points_left, in_entry_hex...) are not drawn.
BOARD_LOOK = {
    # A counter as the series prints it (gts:29.53): the Fire Rating in a box of
    # its weapon class's colour ("No" for none), the Fire Range beside it when
    # above 1, the Assault Rating (coloured when it is a coloured Assault value),
    # and Troop Quality, Defense and Movement along the bottom; a Leader's
    # Command Range.
    "counter": {
        "unit": [
            {"at": "left", "value": "fire_rating", "none": "No",
             "box": {"by": "weapon_class", "colours": WEAPON_COLOURS, "default": "#ffffff"}},
            {"at": "left_note", "value": "fire_range", "min": 2},
            {"at": "right", "value": "assault_rating",
             "box": {"by": "assault_colored", "colours": {True: "#ffd166"},
                     "default": "#ffffff"}},
            {"at": "bottom", "text": "Q{troop_quality} D{defense} M{movement}",
             "shown_as": {"star": "*"}}],
        "leader": [{"at": "middle", "text": "Ldr"},
                   {"at": "bottom", "text": "CR {command_range}"}]},
    # What a player keeps an eye on beside the map: each Division's Command and
    # Dispatch Points (gts:10.0.3), by side.
    "panel": {"division": {"cp": "CP", "dp": "DP"}},
    # Marker badges by their label's first word.
    "marker_colours": {"Sup": "#d62828", "Coh": "#e36414", "Step": "#6a040f", "InC": "#2a9d8f",
                       "Lt": "#9d0208", "Hvy": "#370617", "IP": "#4a4e69", "Ent": "#22223b"},
    "unit_markers": {
        "suppressed": "Sup", "cohesion_hits": "Coh", "step_loss": "Step",
        "improved_position": "IP", "entrenched": "Ent", "in_contact": "InC", "column": "Col",
        "in_artillery_park": "Park", "men_at_work": "Work", "men_rallying": "Rally",
        "forced_marched": "FM", "fresh_rearguard": "Fresh"},
    "hex_markers": {"barrage": {1: "Lt Barrage", 2: "Hvy Barrage"}, "entrenchments": "Entr",
                    "road_block": "Road Block", "artillery_park": "Art Park"},
}
