"""The scenarios' common rules (tld:VI.A, tld:VI.B): map sections make the
mapboard edge, set-ups obey stacking, supply schedules start on the first
turn, units arriving enter on or after their turn, one by one, any number
through one hex with their full allowance."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import Table
from kriegsspiel.engine.starting import start
from tld_world import INFANTRY, counter, side, stay, world


@pytest.mark.parametrize("name, inside, outside", [
    ("tld/mortain", "31.37", "41.40"), ("tld/falaise", "50.36", "31.37")])
def test_map_sections_make_the_mapboard_and_set_ups_obey_stacking(name, inside, outside):
    """tld:VI.A#3-4, tld:VI.B#1-2, tld:VI.B#4-5: only the scenario's sections
    are in play, so their edges are the mapboard edge; every unit starts on its
    exact hex, no hex over six stacking points."""
    session = start(name, Table({}), seed=1)
    assert session.value("map_has_hex", inside) and not session.value("map_has_hex", outside)
    state = session.state
    for u in state.units():
        if state.attr(u, "on_map"):
            points = session.value("stacking_points", state.attr(u, "hex"), state.attr(u, "side"))
            assert points <= 6, (state.attr(u, "hex"), points)


def test_supply_schedules_begin_on_the_first_turn_and_draws_are_possible():
    """tld:VI.A#10, tld:VI.A#14: scenario 2's supply arrives from its first turn;
    scenario 1 ends in a draw when neither or both sides meet their conditions."""
    session = start("tld/falaise", Table({}), seed=1)
    first = [u for u, v in session.state.catalog["unit"].items()
             if v["unit_class"] == "supply" and v.get("arrival_turn") == 0]
    assert len(first) == 5
    mortain = start("tld/mortain", Table({}), seed=1)
    assert mortain.state.catalog["game"]["game"]["draw"] == "both_or_neither"


def test_arrivals_enter_on_or_after_their_turn_one_by_one_with_full_allowance():
    """tld:VI.B#10, tld:VI.B#12-14: a unit due this turn may wait; each enters
    and moves in turn; five through one hex each move their whole allowance."""
    units = {f"R{n}": counter("Allied", None, INFANTRY, arrival_turn=0,
                              entry_hexes=["01.05"]) for n in range(5)}
    units["L"] = counter("Allied", None, INFANTRY, arrival_turn=1, entry_hexes=["01.05"])
    units["G"] = counter("German", "10.10", INFANTRY)
    order = []

    def answer(d):
        if d.key == "enter_at":
            order.append(("enter", d.subject.id))
            return "01.05" if d.subject.id != "R4" else "wait"
        if d.key == "move_to":
            order.append(("move", d.subject.id))
            far = [o for o in d.options if o != "stop"]
            return far[-1] if far else "stop"
        return stay(d)
    session, _ = world(units, answer=answer)
    session.perform("movement_phase", side(session, "Allied"), "regular")
    assert order[:4] == [("enter", "R0"), ("move", "R0"), ("enter", "R1"), ("move", "R1")]
    assert ("enter", "L") not in order                    # not before its turn
    state = session.state
    placed = [state.attr(session.ref("unit", f"R{n}"), "hex") for n in range(4)]
    # 4 MP: the edge hex (1 + 1) and two more clear hexes each
    assert all(p and session.value("distance", p, "01.05") == 2 for p in placed)
    assert not state.attr(session.ref("unit", "R4"), "on_map")  # waited
    assert session.value("waiting_to_enter", side(session, "Allied")) == [session.ref("unit", "R4")]


def test_allied_airborne_units_enter_on_their_exact_turn():
    """tld:VI.B#11: an Allied airborne unit is never held back from its turn of
    entry while an entry hex is open, and does not enter on a later turn."""
    units = {"AB": counter("Allied", None, INFANTRY, arrival_turn=0, entry_hexes=["01.05"],
                           tags=["airborne"]),
             "LEG": counter("Allied", None, INFANTRY, arrival_turn=0, entry_hexes=["01.05"]),
             "G": counter("German", "10.10", INFANTRY)}
    session, _ = world(units)
    ab, leg = session.ref("unit", "AB"), session.ref("unit", "LEG")
    assert list(session.value("entry_options", ab)) == ["01.05"]
    assert list(session.value("entry_options", leg)) == ["01.05", "wait"]
    session.perform("place", session.ref("unit", "G"), "01.05")     # the only hex closed
    assert list(session.value("entry_options", ab)) == ["wait"]
    session.perform("advance_turn")
    waiting = [u.id for u in session.value("waiting_to_enter", side(session, "Allied"))]
    assert waiting == ["LEG"]                                        # the airborne turn has passed
