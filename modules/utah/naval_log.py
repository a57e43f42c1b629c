"""The turn log's lines for the Naval Invasion System's events (utah:4.0-4.7), so
that `ks play` shows the invasion: the Naval Chit's steps, the ships' and the
batteries' fire, the landings and the Beach Defenses (docs/utah_nis.md)."""

from __future__ import annotations

from kriegsspiel.modules.utah import _name
from kriegsspiel.modules.utah.naval_gaps_log import describe_gap_event

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
    if kind == "ship_contact_roll":  # utah:4.4.4, utah:errata:4.4.4(c)
        made = "contact" if data["contact"] else "no contact"
        return (f"    {_name(data['ship'])} spotted by {_name(data['spotter'])}: "
                f"roll {data['roll']}, {made}")
    if kind == "lcr_spent":  # utah:4.4.5
        return f"      {_name(data['lcr'])} has fired and is removed"
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
    if kind == "lcs_withdrawn":  # utah:4.1.7 (its (b))
        return f"    {_name(data['lcs'])} leaves with the Beach Overlay"
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
    if kind == "naval_chit_played":  # utah:4.1.7
        return "  Naval Chit: the Naval Sequence of Play" + (" (first play)" if data["first"]
                                                               else "")
    if kind == "naval_step":  # utah:4.6
        return f"   NSoP {STEP_TITLES.get(data['step'], data['step'])}"
    if kind == "landing_drift":  # utah:4.2.1, 4.2.5
        return (f"      {_name(data['unit'])} drifts from {data['from_hex']} to "
                f"{data['to_hex'] or 'its Landing box'}")
    if kind == "landing_craft_landed":  # utah:4.7.3(1)
        return f"    Landing Craft lands {_names(data['passengers'])} in {data['hex']}"
    if kind == "landing_craft_lost":  # utah:4.5.4
        return f"    Landing Craft lost with {_names(data['passengers'])}"
    if kind == "beach_defense_reduced":  # utah:4.2.6
        return (f"      {str(data['defense']).replace('_', ' ').title()} of {data['beach']} "
                f"reduced to {data['now']}")
    if kind == "all_gaps_opened":  # utah:4.2.4
        return f"    All Gaps open on {data['beach']}"
    if kind == "beach_now_cleared":  # utah:4.3.2
        return f"  {data['beach']} Beach is cleared"
    if kind == "beach_overlay_removed":  # utah:4.3.3
        return f"  The {data['beach']} Beach Overlay is removed"
    if kind == "demolition_team_spent":  # utah:4.2.6(2) (its (3), indexed with it)
        return f"      {_name(data['unit'])} is spent (removed from play)"
    if kind == "assault_force_marker_moved":  # utah:4.4.3
        return (f"    Assault Force {data['force']} marker {data['origin']} -> "
                f"{data['destination']}")
    if kind == "ship_moved":  # utah:4.4.2
        return (f"    {_name(data['ship'])} ({data['force']}) {data['origin']} -> "
                f"{data['destination']} range box")
    if kind == "units_loaded":  # utah:4.5.6, 4.7.4
        return (f"    Landing Craft loaded in {BOX_NAMES.get(data['box'], data['box'])}'s "
                f"Landing Wave box: {_names(data['passengers'])}")
    if kind == "unit_to_loading_box":  # utah:4.5.6
        return (f"    {_name(data['unit'])} to the {BOX_NAMES.get(data['box'], data['box'])} "
                f"Loading box")
    if kind == "leader_boards":  # utah:4.5.3
        return f"    {_name(data['leader'])} rides with {_name(data['unit'])}"
    if kind == "leader_moved_to":  # utah:4.5.3
        return f"      {_name(data['leader'])} moves to {_name(data['unit'])}"
    return describe_gap_event(kind, data)
