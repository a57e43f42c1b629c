"""Improved positions and entrenchments sentence by sentence (gts:22.1–22.3.6)."""

from __future__ import annotations

from conftest import INFANTRY

from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.core.state import Ref


def add(session, ident, hex_id, side="axis", **face):
    division, formation = ("geb5", "pi95") if side == "axis" else ("nz2", "inf1")
    session.state.catalog["unit"][ident] = {
        "name": ident, "side": side, "division": division, "formation": formation,
        "unit_class": face.pop("unit_class", "infantry"),
        "back_kind": face.pop("back_kind", None),
        "faces": {"front": {**INFANTRY, **face}}}
    session.place(ident, hex_id)
    return session.ref("unit", ident)


def dig(session, hex_id, side="axis", count=1):
    """An abandoned entrenchment of *side* in *hex_id* (22.3.5)."""
    session.state.set_track(Ref("hex", hex_id), "entrenchments", count, [])
    session.state.set_link(Ref("hex", hex_id), "entrenchments_of", Ref("side", side), [])


def test_entering_an_entrenchment_leaves_the_improved_position(make_session):
    """gts:22.1#4: "Multiple improved positions and entrenchments can be built in a
    single hex but a Unit can only benefit from one of them" — a Unit in its
    improved position that enters a free entrenchment has the entrenchment's
    benefit only (+2 Troop Quality, not +3; -2 Defense, not -3)."""
    session = make_session()
    unit = session.ref("unit", "pi1")
    dig(session, "15.06")
    session.state.tracks["unit:pi1"] = {"improved_position": 1}
    session.perform("entrench", unit)
    assert session.attr(unit, "entrenched") == 1
    assert session.attr(unit, "improved_position") == 0
    assert session.value("troop_quality", unit) == 6 + 2
    assert session.value("position_defense", unit) == -2


def test_an_entrenched_unit_must_leave_before_mounting_or_entering_column(make_session):
    """gts:22.3.3#3: "it takes an entire Action to enter or leave an entrenchment" —
    no moving, mounting up (which may put it in Column) or Assaulting straight out
    of one; gts:22.3.4#2: "only one Unit, not in Column, can occupy an
    entrenchment"."""
    session = make_session()
    truck = session.ref("unit", "truck")                  # it has Organic Transport
    dig(session, "15.06")
    assert "transport" in session.value("legal_actions", truck, "formation")
    session.perform("entrench", truck)
    assert session.attr(truck, "entrenched") == 1
    legal = session.value("legal_actions", truck, "formation")
    assert "transport" not in legal and "move" not in legal and "assault" not in legal
    assert "entrench" in legal                            # leaving is its own Action
    session.perform("entrench", truck)
    assert session.attr(truck, "entrenched") == 0
    assert "transport" in session.value("legal_actions", truck, "formation")
