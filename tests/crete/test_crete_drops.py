"""Parachute Drops and Glider Landings (crete:4.0–4.2.2): when and where
Units drop, the Drop Table with its modifiers, and the glider/paradrop
markers, on Scenario 1 "SNAFU" (crete:scenario:1)."""

from __future__ import annotations

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

FJR = "7. Flieger Division"


def snafu(axis=None, allied=None, seed=1):
    return start("crete/snafu", Table({"Axis": KeyedPlayer(axis), "Allied": KeyedPlayer(allied)}),
                 seed=seed)


def script(session, rolls):
    """From now on the dice roll exactly *rolls* (and nothing more)."""
    session.dice.__dict__.update(Dice(script=rolls).__dict__)


def unit(session, name):
    return session.ref("unit", name)


def land(session, name, hex_id):
    """A Unit that has just dropped into *hex_id* by parachute (4.2)."""
    session.place(name, hex_id)
    session.set_initial(unit(session, name), "dropped", 1)
    session.set_initial(unit(session, name), "drop_markers", 1)


def drops(session, name):
    return [e.data for e in session.events("drop_resolved") if e.data["unit"] == name]


# ---- 4.2.1 the Drop Table, case by case ------------------------------------------

# 42.07 is clear and out of every Allied Fire Zone at the start: modifier 0,
# so the die alone picks the row (provisional rows: 1–4, 5–6, 7, 8–9, 10–11, 12+).
@pytest.mark.parametrize("roll, result, markers, steps_left, on_map", [
    (0, "no_effect", 1, 2, True),
    (4, "no_effect", 1, 2, True),
    (5, "delay", 2, 2, True),
    (7, "two_delays", 3, 2, True),
    (8, "step_loss", 1, 1, True),
    (9, "step_loss", 1, 1, True),
])
def test_each_drop_table_row_out_of_fire_zones(roll, result, markers, steps_left, on_map):
    """crete:4.2.1#4: "The Drop Table has various results, which include
    elimination, Step loss, Activation delays, and no effect"; a delay is one
    more glider/paradrop marker (crete:4.2#7)."""
    session = snafu()
    land(session, "3./I./FJR 2 •", "42.07")
    lander = unit(session, "3./I./FJR 2 •")
    assert session.value("drop_modifiers", lander) == 0
    script(session, [roll])
    session.perform("roll_drop_table", lander)
    assert drops(session, "3./I./FJR 2 •") == [
        {"unit": "3./I./FJR 2 •", "roll": roll, "modifier": 0, "result": result}]
    assert session.attr(lander, "drop_markers") == markers
    assert session.value("current_steps", lander) == steps_left
    assert session.attr(lander, "on_map") is on_map


def test_the_worst_rows_need_modifiers():
    """crete:4.2.1#4: modified 10–11 is a Step loss and a delay, 12 and more
    elimination (provisional rows); crete:4.2.1#12: "A roll of 0 is always No Effect"."""
    assert snafu().value("drop_result", 9, 1) == "step_loss_and_delay"
    assert snafu().value("drop_result", 9, 3) == "eliminated"
    assert snafu().value("drop_result", 0, 40) == "no_effect"
    assert snafu().value("drop_result", 1, 0) == "no_effect"


def test_step_loss_and_delay_and_elimination_applied():
    """crete:4.2#7: "a Unit adds an extra glider/paradrop marker for each delay it
    suffers"; crete:4.2.1#10: a glider Unit in an orchard takes +2."""
    session = snafu()
    land(session, "3./I./FJR 2 •", "42.07")
    lander = unit(session, "3./I./FJR 2 •")
    # force the modifier up: the unit now lands in the Allies' midst
    session.place("3./I./FJR 2 •", "28.13")
    modifier = session.value("drop_modifiers", lander)
    assert modifier >= 3
    script(session, [9])
    session.perform("roll_drop_table", lander)
    assert drops(session, "3./I./FJR 2 •")[0]["result"] == "eliminated"
    assert not session.attr(lander, "on_map")
    assert session.events("unit_eliminated")[-1].data == {"unit": "3./I./FJR 2 •"}

    session = snafu()
    land(session, "3./I./FJR 2 •", "42.07")
    lander = unit(session, "3./I./FJR 2 •")
    session.set_initial(lander, "drop_rolled", 0)
    script(session, [9])
    session.state.catalog["unit"]["3./I./FJR 2 •"]["arrival"] = "glider"
    session.place("3./I./FJR 2 •", "35.14")          # an orchard: +2 for a glider
    assert session.value("drop_modifiers", lander) == 2
    session.perform("roll_drop_table", lander)
    assert drops(session, "3./I./FJR 2 •")[0]["result"] == "step_loss_and_delay"
    assert session.value("current_steps", lander) == 1
    assert session.attr(lander, "drop_markers") == 2


# ---- 4.2.1 the modifiers ------------------------------------------------------------

def test_each_allied_fire_zone_adds_one():
    """crete:4.2.1#7: "+1 Drop Table modifier for every Allied Unit that projects a
    Fire Zone into the DZ/LZ hex" — 31.11, Stick Four's DZ centre, clear."""
    session = snafu()
    land(session, "2./I./FJR 2 •", "31.11")
    lander = unit(session, "2./I./FJR 2 •")
    zones = session.value("drop_fire_zones", lander)
    assert len(zones) >= 2 and all(session.attr(z, "side").id == "Allied" for z in zones)
    explained = session.value("drop_modifiers", lander)
    assert explained == len(zones)
    assert [t["name"] for t in explained.terms] == ["fire_zones"]


def test_an_aa_unit_counts_twice():
    """crete:4.2.1#8, crete:4.2.1#9: "an additional +1 modifier for every Allied AA Unit that
    projects a Fire Zone ... So an AA unit with a Fire Zone on a DZ/LZ hex
    applies a total +2 modifier."  (Seen from the other side: the German Flak,
    with its Air Defense value, over an Allied Unit's landing hex.)"""
    session = snafu()
    session.place("2. Fsch. Flak 7", "40.10")
    session.place("Platanias", "40.11")               # adjacent, clear, no one else near
    target = unit(session, "Platanias")
    assert session.value("drop_fire_zones", target) == [unit(session, "2. Fsch. Flak 7")]
    terms = {t["name"]: t["amount"] for t in session.value("drop_modifiers", target).terms}
    assert terms == {"fire_zones": 1, "aa_fire_zones": 1}


@pytest.mark.parametrize("hex_id, terrain", [("17.15", "orchard"), ("21.13", "village"),
                                             ("40.06", "scrub")])
def test_cover_terrain_adds_one_for_a_paradrop(hex_id, terrain):
    """crete:4.2.1#10: "A Paradrop unit suffers a +1 ... for landing in an
    Orchard/Vineyard, Village, or Scrub hex"."""
    session = snafu()
    land(session, "9./III./FJR 2 •", hex_id)
    lander = unit(session, "9./III./FJR 2 •")
    assert session.value("terrain", hex_id) == terrain
    terms = {t["name"]: t["amount"] for t in session.value("drop_modifiers", lander).terms}
    assert terms.pop("paradrop_cover") == 1
    assert terms.get("fire_zones", 0) == len(session.value("drop_fire_zones", lander))


# ---- 4.1 / 4.2 when and where ---------------------------------------------------------

def test_the_sticks_drop_with_the_division_chit_one_unit_per_hex():
    """crete:4.1#1: the Units "arrive when the corresponding Division Activation chit
    is pulled"; crete:4.2#1, crete:4.2#3: "place one Unit on each of the drop/landing
    zone (DZ/LZ) hexes ... No more than one Unit may land in a hex", each with a
    paradrop marker; crete:4.2.1#1-2: the Drop Table roll for each, in that same
    activation."""
    session = snafu()
    dropping = [u for u, e in session.state.catalog["unit"].items() if e.get("arrival")]
    assert len(dropping) == 14
    assert not any(session.attr(unit(session, u), "on_map") for u in dropping)
    session.perform("drop_division", session.ref("division", FJR))
    landed = {e.data["unit"]: e.data["hex"] for e in session.events("unit_dropped")}
    assert list(landed) == ["9./III./FJR 2 •", "11./III./FJR 2 •", "1. Fsch. MG 7",
                            "2. Fsch. Flak 7", "2. Fsch.Art. 7", "10./III./FJR 2 •",
                            "12./III./FJR 2 •", "13. FJR 2 •", "14. FJR 2 •", "2./I./FJR 2 •",
                            "1./I./FJR 2 •", "4./I./FJR 2 •", "2. Fsch. MG 7", "3./I./FJR 2 •"]
    assert len(set(landed.values())) == 14
    for name, hex_id in landed.items():
        assert hex_id in session.state.catalog["unit"][name]["drop_zone"]
    assert landed["2./I./FJR 2 •"] == "25.12" and landed["3./I./FJR 2 •"] == "42.07"
    assert {e.data["unit"] for e in session.events("drop_resolved")} == set(landed)
    for name in landed:
        u = unit(session, name)
        assert not session.attr(u, "on_map") or session.attr(u, "drop_markers") >= 1
    # the battalion leaders come down with a unit of their battalion
    leader = session.ref("leader", "III./FJR 2 Leader")
    assert session.attr(leader, "hex") in {landed["9./III./FJR 2 •"], landed["11./III./FJR 2 •"],
                                           landed["10./III./FJR 2 •"], landed["12./III./FJR 2 •"]}
    # a Unit drops once
    session.perform("drop_division", session.ref("division", FJR))
    assert len(session.events("unit_dropped")) == 14


def test_stick_one_zone_is_within_one_hex_of_either_centre():
    """crete:scenario:1 Stick One: "DZ: within 1 hex of 17.15 and/or 19.15"."""
    session = snafu()
    zone = session.state.catalog["unit"]["9./III./FJR 2 •"]["drop_zone"]
    assert set(zone) == ({"17.15", "19.15"} | set(session.value("neighbours", "17.15")) |
                         set(session.value("neighbours", "19.15")))


def test_a_unit_forced_onto_an_enemy_is_eliminated():
    """crete:4.2#4, crete:4.2#5: "may not land in a hex containing an Enemy Unit. If forced to do
    so, the German Unit is eliminated" — Stick Three's one DZ hex, 25.12."""
    session = snafu()
    session.place("Gallos", "25.12")
    session.perform("drop_division", session.ref("division", FJR))
    assert not session.attr(unit(session, "2./I./FJR 2 •"), "on_map")
    assert {"unit": "2./I./FJR 2 •"} in [e.data for e in session.events("unit_eliminated")]
    assert "2./I./FJR 2 •" not in {e.data["unit"] for e in session.events("unit_dropped")}


def test_a_friendly_unit_from_an_earlier_drop_does_not_close_the_hex():
    """crete:4.2: only "a hex containing an Enemy Unit" is forbidden; Stick
    Three's one DZ hex, 25.12, already holds a German Unit that landed earlier,
    so 2./I./FJR 2 lands with it instead of being eliminated."""
    session = snafu()
    land(session, "3./I./FJR 2 •", "25.12")
    session.perform("drop_division", session.ref("division", FJR))
    assert session.attr(unit(session, "2./I./FJR 2 •"), "hex") == "25.12"
    assert {"unit": "2./I./FJR 2 •"} not in [e.data for e in session.events("unit_eliminated")]
    assert session.value("overstacked", "25.12") is False


def test_no_two_units_of_one_drop_land_in_a_hex():
    """crete:4.2#3: "No more than one Unit may land in a hex": a Unit that landed
    in 25.12 in this same drop leaves no room for 2./I./FJR 2, which is forced
    and eliminated."""
    session = snafu()
    land(session, "3./I./FJR 2 •", "25.12")
    session.set_initial(unit(session, "3./I./FJR 2 •"), "landed_on_turn",
                        session.value("current_turn") + 1)
    session.perform("drop_division", session.ref("division", FJR))
    assert not session.attr(unit(session, "2./I./FJR 2 •"), "on_map")
    assert {"unit": "2./I./FJR 2 •"} in [e.data for e in session.events("unit_eliminated")]


def test_a_full_stack_closes_the_hex():
    """gts:14.7: a friendly stack at the stacking limit takes no more Units, so
    2./I./FJR 2, with 25.12 its one DZ hex, is forced and eliminated."""
    session = snafu()
    stack = ["3./I./FJR 2 •", "1./I./FJR 2 •", "4./I./FJR 2 •", "9./III./FJR 2 •"]
    for name in stack:
        land(session, name, "25.12")
    assert session.value("stacked_steps_in", "25.12") == session.program.const("stacking_limit_steps")
    assert session.value("shared_drop_hexes", unit(session, "2./I./FJR 2 •")) == []
    session.perform("drop_division", session.ref("division", FJR))
    assert {"unit": "2./I./FJR 2 •"} in [e.data for e in session.events("unit_eliminated")]


# ---- 4.2.2 the markers ------------------------------------------------------------------

def test_a_marked_unit_may_only_remove_a_marker_or_pass():
    """crete:4.2.2#1, crete:4.2.2#3, crete:4.2.2#4: "Each glider/paradrop marker on a
    Unit takes the Unit one Action to remove ... A Unit with a glider/paradrop
    marker on it may perform no other actions, except Rally if it is Suppressed."""
    session = snafu()
    land(session, "3./I./FJR 2 •", "42.07")
    lander = unit(session, "3./I./FJR 2 •")
    session.set_initial(lander, "drop_markers", 2)
    assert session.value("legal_actions", lander, "formation") == ["pass", "remove_drop_marker"]
    session.perform("perform_action", [lander], "remove_drop_marker", "formation")
    assert session.attr(lander, "drop_markers") == 1
    # "A Suppressed Unit must Rally from Suppression before it can remove" it
    session.set_initial(lander, "suppressed", 1)
    assert session.value("legal_actions", lander, "formation") == ["rally", "pass"]
    session.set_initial(lander, "suppressed", 0)
    session.perform("perform_action", [lander], "remove_drop_marker", "formation")
    legal = session.value("legal_actions", lander, "formation")
    assert "move" in legal and "remove_drop_marker" not in legal


def test_removing_a_marker_twice_is_no_second_action():
    """crete:4.2.2#5: "the restriction against performing the same Action twice in a
    row as a Second Action does apply to removing a glider/paradrop marker"."""
    session = snafu()
    land(session, "3./I./FJR 2 •", "42.07")
    lander = unit(session, "3./I./FJR 2 •")
    session.set_initial(lander, "drop_markers", 2)
    assert "remove_drop_marker" not in session.value("second_actions", lander,
                                                     "remove_drop_marker", "formation")


def test_no_german_points_on_the_first_turn():
    """crete:scenario:1: "The Germans do not receive Command or Dispatch points the
    first turn" — the Division Activation rolls nothing; the Allies' does."""
    session = snafu()
    session.perform("roll_division_points", session.ref("division", FJR))
    session.perform("roll_division_points", session.ref("division", "CREFOR"))
    rolled = [e.data["division"] for e in session.events("division_points_rolled")]
    assert rolled == ["CREFOR"]
    assert session.attr(session.ref("division", FJR), "cp") == 3


def test_a_failed_drop_leaves_the_state_unchanged():
    """An action that fails part-way changes nothing (the dice script runs out)."""
    session = snafu()
    land(session, "3./I./FJR 2 •", "42.07")
    script(session, [])
    before = session.state.digest()
    with pytest.raises(KsError):
        session.perform("roll_drop_table", unit(session, "3./I./FJR 2 •"))
    assert session.state.digest() == before
