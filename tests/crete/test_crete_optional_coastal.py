"""O3.0 Allied Coastal Artillery (crete:O3.0), switched on by name: set-up hexes
exactly as printed on the maps in play, contact outside an Artillery Park and
spotted fire once In Contact, with scripted dice."""

from __future__ import annotations

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

LEADER = "14th Infantry Brigade Leader"
GUN = "1 15 Coast RA"


def heraklion(options=("crete:O3.0",), allied=None):
    return start("crete/heraklion", Table({"Axis": KeyedPlayer(),
                                           "Allied": KeyedPlayer(allied)}), options=options)


def script(session, rolls):
    session.dice.__dict__.update(Dice(script=rolls).__dict__)


def test_heraklion_battery_placed_only_with_the_option():
    """crete:O3.0 "Heraklion Map: 1 15 Coast RA (19.08)": on the Heraklion sheet
    when the option is on; with it off the counter takes no part.
    Sentences: crete:O3.0#4, crete:O3.0#8, crete:O3.0#13.
    """
    on = heraklion()
    assert on.attr(on.ref("unit", GUN), "hex") == "19.08"
    assert on.attr(on.ref("unit", GUN), "weapon_class") == "EMPLACED"  # the Black row
    off = heraklion(options=())
    assert GUN not in off.state.catalog["unit"]


@pytest.mark.parametrize("scenario, placed, absent", [
    # Scenario 9 plays the joined Maleme and Canea-Suda sheets
    ("crete/gala", {"Z CD Bty Rm": "09.06", "2 15 Coast RA": "76.16",
                    "3 15 Coast RA": "53.06", "4 15 Coast RA": "81.21"},
     ["1 15 Coast RA", "X CD Bty RM"]),
    # Scenario 5 plays the Maleme sheet alone: the Suda guns stay out
    ("crete/descent", {"Z CD Bty Rm": "09.06"},
     ["2 15 Coast RA", "3 15 Coast RA", "4 15 Coast RA", "1 15 Coast RA"]),
])
def test_set_up_hexes_as_printed_on_the_maps_in_play(scenario, placed, absent):
    """crete:O3.0 "Allied Coastal Artillery Setup": "Maleme - Canea Map: Z CD Bty
    Rm (09.06); Suda Map: 2 15 Coast RA (76.16); 3 15 Coast RA (53.06); 4 15
    Coast RA (81.21)"; a battery whose map is not in play is not placed.
    Sentences: crete:O3.0#10, crete:O3.0#11.
    """
    session = start(scenario, Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                    options=["crete:O3.0"])
    for unit_id, hex_id in placed.items():
        assert session.attr(session.ref("unit", unit_id), "hex") == hex_id
    for unit_id in absent:
        assert unit_id not in session.state.catalog["unit"]


@pytest.mark.parametrize("die, made", [(6, True), (7, False)])
def test_battery_contacts_a_leader_without_a_park_and_may_then_be_spotted(die, made):
    """crete:O3.0: "exempt from the restriction of being in an Artillery Park in
    order to gain contact with a Leader"; once In Contact it may be spotted for
    by the Leader's Units though it is In Command of nobody (gts:16.3, gts:16.5).
    Contact Pending 6 (provisional counter): a 6 makes it, a 7 does not.
    Sentences: crete:O3.0#5, crete:O3.0#6.
    """
    session = heraklion(allied={"contact_leader": LEADER})
    gun = session.ref("unit", GUN)
    session.place(LEADER, "38.10", "leader")  # far from 19.08
    assert session.attr(gun, "in_artillery_park") == 0
    assert session.value("may_seek_contact", gun)
    assert not session.value("in_command", gun)
    assert not session.value("may_be_spotted", gun)
    script(session, [die])
    session.perform("contact_attempts", session.ref("side", "Allied"))
    [attempt] = [e.data for e in session.events("contact_attempted")]
    assert (attempt["unit"], attempt["roll"], attempt["target"], attempt["made"]) == \
        (GUN, die, 6, made)
    assert session.value("may_be_spotted", gun) is made


def test_without_the_option_an_emplaced_gun_needs_command_to_be_spotted():
    """The exemption is the optional rule's (crete:O3.0): the same gun In Contact
    but with the rule not in effect (coastal_artillery false) is not spotted for
    while out of command (gts:16.5, gts:21.0)."""
    session = heraklion()
    gun = session.ref("unit", GUN)
    session.set_initial(gun, "in_contact", 1)
    assert session.value("may_be_spotted", gun)
    session.state.catalog["special_rule"].pop("crete:O3.0")
    assert not session.value("coastal_artillery", gun)
    assert not session.value("may_be_spotted", gun)
