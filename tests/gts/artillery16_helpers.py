"""Small set-ups shared by the gts:16.x sentence tests (Indirect Fire, Artillery
Parks, radio contact, barrage markers, counter-battery fire)."""

from __future__ import annotations

from conftest import INFANTRY

from kriegsspiel.core.state import Ref

DIVISION = {"allies": ("nz2", "inf1"), "axis": ("geb5", "pi95")}


def add(session, ident, side, hex_id, formation=None, division=None, unit_class="gun",
        **face):
    """A one-face Unit of *side* (its default Division and Formation unless
    given) at *hex_id*, with the INFANTRY values overridden by *face*."""
    default_division, default_formation = DIVISION[side]
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": side, "division": division or default_division,
        "formation": formation or default_formation, "unit_class": unit_class,
        "back_kind": None, "faces": {"front": {**INFANTRY, **face}}}
    session.place(ident, hex_id)
    return session.ref("unit", ident)


def artillery(session, ident, side, hex_id, weapon_class="IHE", **face):
    """An artillery Unit with a Contact marker (Contact Pending 5, In Contact 3)."""
    values = {"weapon_class": weapon_class, "fire_range": 12, "steps": 1}
    if weapon_class in ("IHE", "EMPLACED"):
        values.update(contact_pending=5, contact_in=3)
    values.update(face)
    return add(session, ident, side, hex_id, **values)


def add_leader(session, ident, side, hex_id, formation, division=None, **values):
    """A Leader leading a new Formation *formation* (of *division*)."""
    default_division, _ = DIVISION[side]
    division = division or default_division
    session.state.catalog["formation"][formation] = {
        "name": formation, "side": side, "division": division, "leader": ident}
    session.state.catalog["leader"][ident] = {
        "name": ident, "side": side, "division": division, "formation": formation,
        "command_range": values.get("command_range", 3),
        "attachment_rating": values.get("attachment_rating", 1)}
    session.state.catalog["chit"][f"formation:{formation}"] = {
        "kind": "formation", "formation": formation, "division": division, "side": side}
    session.place(ident, hex_id, "leader")
    return session.ref("leader", ident)


def set_tracks(session, unit, **tracks):
    session.state.tracks.setdefault(f"unit:{unit.id}", {}).update(tracks)


def in_contact(session, unit, leader):
    set_tracks(session, unit, in_contact=1)
    session.state.links.setdefault(f"unit:{unit.id}", {})["contact_with"] = f"leader:{leader}"


def in_park(session, hex_id, *units, fired=False):
    """An Artillery Park in *hex_id* (of the first Unit's Division) holding *units*."""
    session.state.set_track(Ref("hex", hex_id), "artillery_park", 1, [])
    if units:
        division = session.attr(units[0], "division")
        session.state.set_link(Ref("hex", hex_id), "park_of", division, [])
    if fired:
        session.state.set_track(Ref("hex", hex_id), "park_fired", 1, [])
    for unit in units:
        set_tracks(session, unit, in_artillery_park=1)


def hex_track(session, hex_id, name):
    return session.state.tracks.get(f"hex:{hex_id}", {}).get(name, 0)


def activate(session, formation):
    session.state.set_link(Ref("game", "game"), "active_chit",
                           Ref("chit", f"formation:{formation}"), [])


def causes(session, what, event=None):
    """Every explanation record named *what* (e.g. "table crt") in the log, or in
    the last event of kind *event*."""
    log = [session.events(event)[-1]] if event else session.state.log
    return [c for e in log for c in e.cause if isinstance(c, dict) and c.get("what") == what]


def crt_keys(session, event="fire_resolved"):
    """The Combat Results Table rows read for the last *event*."""
    return [tuple(c["keys"]) for c in causes(session, "table crt", event)]
