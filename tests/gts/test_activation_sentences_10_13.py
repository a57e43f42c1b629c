"""Sentence by sentence: the Activation Phase (gts:10.0.1–10.0.6), Second Actions,
Command and Dispatch Points, Direct Command, and what Active Units may do
(gts:13.1–13.3), on the small hand-made game of conftest."""

from __future__ import annotations

from conftest import INFANTRY

from kriegsspiel.core.players import KeyedPlayer


def add_unit(session, ident, side="axis", division="geb5", formation="pi95", hex_id="15.07",
             **face):
    """A Unit of the test catalog's kind (infantry unless *face* says otherwise)."""
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": side, "division": division, "formation": formation,
        "back_kind": None, "faces": {"front": {**INFANTRY, **face}}}
    session.place(ident, hex_id)
    return session.ref("unit", ident)


def add_division(session, ident="geb6", side="axis"):
    """A second Axis Division with one Formation (Leader 'lead6' at 10.06) and its Unit u6."""
    catalog = session.state.catalog
    catalog["division"][ident] = {"name": ident, "side": side, "command_rating": 2,
                                  "dispatch_rating": 4}
    catalog["formation"]["f6"] = {"name": "f6", "side": side, "division": ident,
                                  "leader": "lead6"}
    catalog["leader"]["lead6"] = {"name": "lead6", "side": side, "division": ident,
                                  "formation": "f6", "command_range": 2,
                                  "attachment_rating": 0}
    session.place("lead6", "10.06", "leader")
    return add_unit(session, "u6", side=side, division=ident, formation="f6", hex_id="10.06")


def cp(session, division, value=None):
    tracks = session.state.tracks.setdefault(f"division:{division}", {})
    if value is not None:
        tracks["cp"] = value
    return session.attr(session.ref("division", division), "cp")


def offered(player, unit, key="action"):
    return [d.options for d in player.asked if d.key == key and
            getattr(d.subject, "id", None) == unit]


def test_light_mortars_fire_under_a_division_chit(make_session):
    """gts:13.2#5: "a Unit activated with a Division Activation Chit may not fire
    unless it has a purple Fire Rating"; gts:10.0.1#8: "Light Mortar Units may fire
    as a First Action as an exception" — the purple (LM) Unit is offered fire, the
    rifle company beside it is not."""
    axis = KeyedPlayer({"action": "pass", "second_action": False, "stack_with": "done",
                        "transfer_leader": "stay"})
    session = make_session(rolls=[0, 9], axis=axis, placement={"greek": "15.08"})
    add_unit(session, "lm", weapon_class="LM", fire_range=2, hex_id="15.06")
    session.perform("activate_division", session.ref("division", "geb5"))
    assert "fire" in offered(axis, "lm")[0]
    assert "fire" not in offered(axis, "pi1")[0]
