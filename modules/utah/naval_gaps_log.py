"""The turn log's lines for the Beach Overlay's Gaps and a cleared Beach
(utah:4.2.4, 4.3.1, 4.3.3, 4.7.5): the Gap Open markers, the reinforcements
sent by sea, the boxes emptied into the Division Display and the pieces set on
the map when the overlay comes off (docs/utah_nis.md)."""

from __future__ import annotations

from kriegsspiel.modules.utah import _name


def _sub_beach(value) -> str:
    return str(value or "no Sub-Beach").replace("_", " ").title()


def describe_gap_event(kind, data):
    """One readable line for a Gap or cleared-Beach event, or None."""
    if kind == "gap_open_marker_placed":  # utah:4.2.4 (its (b), (c))
        return (f"      {_name(data['side'])} places a Gap Open marker on {_name(data['gap'])} "
                f"({_sub_beach(data['sub_beach'])})")
    if kind == "no_gap_open_marker":  # utah:4.2.4 (its (c))
        return f"      no Gap Open marker ({_sub_beach(data['sub_beach'])}: {data['reason']})"
    if kind == "gap_open_markers_removed":  # utah:4.6 step 1, 4.7.5 A
        return f"    the Gap Open markers of {data['beach']} are removed"
    if kind == "reinforcement_by_sea":  # utah:4.3.1
        return f"    {_name(data['unit'])} sails En Route from England (4.3.1)"
    if kind == "sent_to_reinforcement_boxes":  # utah:4.7.5 C, 4.3.3
        names = ", ".join(_name(u) for u in data["units"] or [])
        return f"    to the Reinforcement box from the {data['beach']} boxes: {names}"
    if kind == "transferred_to_map":  # utah:4.3.3, 4.7.5 D
        return f"    {_name(data['unit'])} stays on the map in {data['hex']}"
    return None
