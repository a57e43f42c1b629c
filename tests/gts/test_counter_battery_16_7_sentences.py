"""gts:16.7 sentence by sentence: counter-battery fire (and gts:16.2#2)."""

from __future__ import annotations

import pytest
from artillery16_helpers import activate, add_leader, artillery, hex_track, in_contact, in_park

from kriegsspiel.core.players import KeyedPlayer

# Nobody Allied sees the German Park at 08.06: no spotter, no self-spotting.
FAR = {"greek": "20.12", "bedding": "20.12", "police": "20.11"}


def battery(make_session, rolls=None, fired=True, firer_class="IHE", firer_park=True,
            fire_rating=3):
    session = make_session(rolls=rolls, placement=FAR,
                           axis=KeyedPlayer({"buy:tq_check": False,
                                             "convert_suppression": False}),
                           allies=KeyedPlayer({"buy:tq_check": False}))
    mine = artillery(session, "mine", "allies", "01.12", firer_class, fire_rating=fire_rating)
    if firer_park:
        in_park(session, "01.12", mine)
    in_contact(session, mine, "bedding")
    t1, t2 = (artillery(session, t, "axis", "08.06") for t in ("t1", "t2"))
    in_park(session, "08.06", t1, t2, fired=fired)
    activate(session, "inf1")
    return session, mine, t1, t2


def test_counter_battery_is_indirect_fire(make_session):
    """gts:16.7#1: "Counter-battery fire is a type of Indirect Fire": its mission
    leaves a barrage marker (a miss, 8, at rating 4 - 2 + mass 1) and, on a nine,
    loses radio contact (gts:16.5#20)."""
    session, mine, t1, _ = battery(make_session, rolls=[8])
    session.perform("indirect_fire", mine, t1)
    assert session.events("fire_resolved")[-1].data["hit"] is False
    assert hex_track(session, "08.06", "barrage") == 1
    again, mine2, t1b, _ = battery(make_session, rolls=[9])
    again.perform("indirect_fire", mine2, t1b)
    assert again.attr(mine2, "in_contact") == 0


def test_a_park_unit_firing_indirectly_flips_its_park(make_session):
    """gts:16.7#2: "When any Artillery Unit in an Artillery Park fires, flip the
    Artillery Park marker to its 'Fired' side" (a spotted Indirect Fire mission
    here); gts:16.7#3: then it "may be subject to counter-battery fire" — the
    German Park Unit In Contact with the active German Formation may fire at it."""
    session, mine, t1, t2 = battery(make_session, rolls=[8], fired=False)
    session.place("greek", "05.08")
    session.place("bedding", "05.08", "leader")
    assert not session.value("counter_battery_target", mine, t1)
    assert t1 in session.value("indirect_targets", mine)           # spotted by the Greek
    in_contact(session, t2, "schaette")
    activate(session, "pi95")
    assert mine not in session.value("indirect_targets", t2)       # not Fired yet
    session.perform("indirect_fire", mine, t1)
    assert hex_track(session, "01.12", "park_fired") == 1
    assert mine in session.value("indirect_targets", t2)


def test_only_a_park_unit_fires_counter_battery(make_session):
    """gts:16.2#2: "Only Artillery Units in Artillery Parks can engage in
    counter-battery fire against enemy Artillery Units in enemy Artillery Parks";
    gts:16.7#6: "The Artillery Unit must be in an Artillery Park" — an Emplaced
    gun In Contact with the active Formation's Leader gets no target."""
    session, mine, t1, _ = battery(make_session, firer_class="EMPLACED", firer_park=False)
    assert not session.value("counter_battery_target", mine, t1)
    assert session.value("indirect_targets", mine) == []


def test_the_firer_is_in_contact_with_the_active_formation(make_session):
    """gts:16.7#5: "The Artillery Unit must be in contact with the currently active
    Formation" — In Contact with another Formation's Leader, no target."""
    session, mine, t1, _ = battery(make_session)
    assert t1 in session.value("indirect_targets", mine)
    add_leader(session, "other", "allies", "19.12", "inf2")
    in_contact(session, mine, "other")
    assert session.value("indirect_targets", mine) == []


def test_the_enemy_park_is_in_range(make_session):
    """gts:16.7#7: "The Artillery Unit must be in range of the target enemy
    Artillery Park" — Fire Range 6 does not reach seven hexes."""
    session, mine, t1, _ = battery(make_session)
    short = artillery(session, "short", "allies", "01.12", fire_range=6)
    in_park(session, "01.12", mine, short)
    in_contact(session, short, "bedding")
    assert session.value("indirect_targets", short) == []


@pytest.mark.parametrize("tq_roll,others_checked", [(3, False), (8, True)])
def test_a_result_on_the_target_puts_s_query_on_the_whole_park(make_session, tq_roll,
                                                               others_checked):
    """gts:16.7#10: "If the designated target (one of the Artillery Units in the Park
    being fired on) suffers a result — a passed S? does not count as a result —
    all the Units in that Artillery Park also suffer an 'S?'": the "S?" (roll 5)
    passed with a 3 leaves t2 alone; failed with an 8, t2 checks (9: fails)."""
    rolls = [5, tq_roll] + ([9] if others_checked else [])
    session, mine, t1, t2 = battery(make_session, rolls=rolls, fire_rating=8)
    session.perform("indirect_fire", mine, t1)
    assert session.events("fire_resolved")[-1].data["result"] == "S?"
    assert session.attr(t2, "suppressed") == (1 if others_checked else 0)


def test_counter_battery_hits_the_whole_stack_as_indirect_fire_does(make_session):
    """gts:16.7#9: "conducted as a normal Indirect Fire mission", so gts:16.6.1#1
    holds too: the German infantry stacked with the Park takes its "S?" beside
    the Park's Units (gts:16.7#10) when the target takes a result ("1", roll 0)."""
    session, mine, t1, t2 = battery(make_session, rolls=[0, 9, 9])
    session.place("pi1", "08.06")
    session.perform("indirect_fire", mine, t1)
    assert session.events("fire_resolved")[-1].data["result"] == "1"
    assert session.attr(t2, "suppressed") == 1
    assert session.attr(session.ref("unit", "pi1"), "suppressed") == 1


def test_parks_are_fired_on_normally_with_a_spotter(make_session):
    """gts:16.7#12: Parks "can also be fired at normally, with a spotter and an
    in-contact Leader" — a spotted mission at a Park Unit of a Park not Fired."""
    session, mine, t1, _ = battery(make_session, fired=False)
    session.place("greek", "08.09")
    session.place("bedding", "08.09", "leader")
    assert t1 in session.value("indirect_targets", mine)
    assert not session.value("counter_battery_target", mine, t1)
