"""The turn log's lines for the Naval Invasion System's events (utah:4.0-4.7)
that need more than the line their rule file `says`: fire with its rating, roll
and outcome, names of boxes and steps, the Gap Open markers' Sub-Beaches
(docs/utah_nis.md)."""

from __future__ import annotations

from kriegsspiel.modules.utah import _name

BOX_NAMES = {1: "Tare Green", 2: "Uncle Red", "tare_green": "Tare Green",
             "uncle_red": "Uncle Red"}
STEP_TITLES = {"check_gaps": "1. Check Gaps", "ships_fire": "2. Ships Fire at Shore",
               "shore_fires": "3. Shore Fires at Ships", "landing": "4. Landing of Units",
               "loading_to_landing_wave": "5. Loading Box to Landing Wave Box",
               "en_route_to_loading": "6. En Route Box to Loading Box",
               "move_assault_force_markers": "7. Move Assault Force Markers",
               "move_ships": "8. Move Ships"}


def _names(refs) -> str:
    return ", ".join(_name(r) for r in refs or [])


def _shot(data) -> str:
    """Rating, roll and outcome of a fire, as the series' fire lines read."""
    outcome = data["result"] if data.get("hit") and data.get("result") else "no effect"
    return f"rating {data['rating']}, roll {data['roll']}: {outcome}"


def _fire_lines(kind, data):
    if kind == "naval_fire":  # utah:4.4.4, 4.7.1
        return f"    {_name(data['firer'])} fires at {_name(data['target'])}: {_shot(data)}"
    if kind == "coastal_battery_fire":  # utah:4.7.2
        sunk = " — eliminated" if data["effective"] else ""
        return (f"    {_name(data['battery'])} fires at {_name(data['target'])}: "
                f"{_shot(data)}{sunk}")
    if kind == "landing_craft_attacked":  # utah:4.2.1, 4.2.2(1), 4.2.3(a)
        by = str(data["by"]).replace("_", " ")
        return f"      {by} at the Landing Craft in {data['hex']}: {_shot(data)}"
    if kind == "landing_craft_fire":  # utah:4.5.4 (its (5))
        return (f"      the Landing Craft in {data['hex']} fires at {_name(data['target'])}: "
                f"{_shot(data)}")
    if kind == "resistance_nest_fire":  # utah:4.2.2
        return f"      Resistance Nests fire at {_name(data['target'])}: {_shot(data)}"
    if kind == "sea_state_roll":  # utah:4.2.5
        return f"      Sea State at {_name(data['unit'])}: {_shot(data)}"
    if kind == "beach_defense_fire":  # utah:4.2.6
        who = _name(data["firer"]) if data["firer"] else "a Landing Craft"
        return (f"    {who} fires at the Beach Defenses ({data['group']}): roll "
                f"{data['roll']}{data['modifier']:+d} -> {data['result']} {data['amount']}")
    return None


def describe_naval_event(kind, data):
    """One readable line for an NIS event, or None for any other kind."""
    line = _fire_lines(kind, data)
    if line is not None:
        return line
    if kind == "naval_step":  # utah:4.6
        return f"   NSoP {STEP_TITLES.get(data['step'], data['step'])}"
    if kind == "beach_defense_reduced":  # utah:4.2.6
        return (f"      {str(data['defense']).replace('_', ' ').title()} of {data['beach']} "
                f"reduced to {data['now']}")
    if kind == "units_loaded":  # utah:4.5.6, 4.7.4
        return (f"    Landing Craft loaded in {BOX_NAMES.get(data['box'], data['box'])}'s "
                f"Landing Wave box: {_names(data['passengers'])}")
    if kind == "unit_to_loading_box":  # utah:4.5.6
        return (f"    {_name(data['unit'])} to the {BOX_NAMES.get(data['box'], data['box'])} "
                f"Loading box")
    if kind == "gap_open_marker_placed":  # utah:4.2.4 (its (b), (c))
        return (f"      {_name(data['side'])} places a Gap Open marker on {_name(data['gap'])} "
                f"({_sub_beach(data['sub_beach'])})")
    if kind == "no_gap_open_marker":  # utah:4.2.4 (its (c))
        return f"      no Gap Open marker ({_sub_beach(data['sub_beach'])}: {data['reason']})"
    return None


def _sub_beach(value) -> str:
    return str(value or "no Sub-Beach").replace("_", " ").title()
