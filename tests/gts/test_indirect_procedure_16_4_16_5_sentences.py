"""gts:16.4 and gts:16.5 sentence by sentence: spotting, and the steps of an
Indirect Fire mission."""

from __future__ import annotations

from artillery16_helpers import add, add_leader, artillery, in_contact, in_park, set_tracks

from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.core.state import Ref

# The German (pi1) at 10.04; a barrage in 10.08 hides it from 10.09 and beyond.
WORLD = {"pi1": "10.04", "truck": "01.01", "schaette": "10.04", "greek": "10.06",
         "bedding": "10.06", "police": "20.12"}


def world(make_session, rolls=None, **answers):
    session = make_session(rolls=rolls, placement=WORLD,
                           axis=KeyedPlayer({"buy:tq_check": False,
                                             "convert_suppression": False}),
                           allies=KeyedPlayer(answers))
    session.state.set_track(Ref("hex", "10.08"), "barrage", 1, [])
    return session


def pi1(session):
    return session.ref("unit", "pi1")


def spotter_ids(session, gun, hex_id="10.04"):
    return sorted(s.id for s in session.value("spotters", gun, hex_id))


def test_no_line_of_sight_needs_a_spotter_that_has_one(make_session):
    """gts:16.4#1: "you do not necessarily need a Line of Sight to your target — but
    if the firing Unit has none, it must be in contact with a Unit that does";
    gts:16.5#4, gts:16.5#11: the spotted mission needs a spotter that sees the
    target: the Greek sees it; put behind a second barrage, it does not, and the
    German is no target."""
    session = world(make_session)
    gun = artillery(session, "gun", "allies", "10.09", "ORGANIC")
    assert not session.value("self_spots", gun, "10.04")
    assert pi1(session) in session.value("indirect_targets", gun)
    session.state.set_track(Ref("hex", "10.05"), "barrage", 1, [])
    assert spotter_ids(session, gun) == []
    assert session.value("indirect_targets", gun) == []


def test_self_spotting_starts_at_step_seven(make_session):
    """gts:16.4#2: a Unit firing at a target it can see is self-spotting;
    gts:16.5#3: "If the mission is self-spotted ... start at step 7" — no spotter
    and no In Command needed: an Out of Command Organic gun five hexes off, with
    a clear view, fires; behind the barrage (gts:16.5#4, step 1) it may not."""
    session = world(make_session)
    gun = artillery(session, "gun", "allies", "15.04", "ORGANIC")
    assert not session.value("in_command", gun)
    assert session.value("self_spots", gun, "10.04")
    assert session.value("indirect_targets", gun) == [pi1(session)]
    hidden = artillery(session, "hidden", "allies", "10.12", "ORGANIC")
    assert not session.value("in_command", hidden)
    assert session.value("indirect_targets", hidden) == []


def test_the_firer_must_be_in_range_and_in_command(make_session):
    """gts:16.5#5: "Confirm the firing Unit is in range of the target ... and is In
    Command"; gts:16.5#7: "Firing Units that are Out of Command may not use
    spotters": an Organic gun of Bedding's Formation, spotted by the Greek, loses
    its target out of Command Range and at a Fire Range of four."""
    session = world(make_session)
    gun = artillery(session, "gun", "allies", "10.09", "ORGANIC")
    assert session.value("indirect_targets", gun) == [pi1(session)]
    session.place("bedding", "01.12", "leader")
    assert not session.value("in_command", gun)
    assert session.value("indirect_targets", gun) == []
    session.place("bedding", "10.06", "leader")
    short = artillery(session, "short", "allies", "10.09", "ORGANIC", fire_range=4)
    assert session.value("indirect_targets", short) == []


def test_an_adjacent_enemy_cuts_the_fire_range_to_one(make_session):
    """gts:16.5#6: "Adjacent enemy Units reduce Fire Range to one hex" — so no
    Indirect Fire at four hexes or more."""
    session = world(make_session)
    gun = artillery(session, "gun", "allies", "10.09", "ORGANIC")
    add(session, "close", "axis", "10.10")
    assert session.value("indirect_targets", gun) == []


def test_a_park_fires_spotted_from_under_a_barrage(make_session):
    """gts:16.5#8: "An Indirect HE Unit in an Artillery Park may still perform
    spotted Indirect Fire even with a barrage marker in its hex" (gts:16.6.2.2#8-9
    is the same exception)."""
    session = world(make_session)
    gun = artillery(session, "gun", "allies", "10.12")
    in_park(session, "10.12", gun)
    in_contact(session, gun, "bedding")
    session.state.set_track(Ref("hex", "10.12"), "barrage", 2, [])
    assert session.value("indirect_targets", gun) == [pi1(session)]


def test_the_spotter_is_unsuppressed_and_in_command(make_session):
    """gts:16.5#9-10: "Find an Unsuppressed, In Command Unit to spot. If you
    cannot, you cannot fire the mission": the Greek Suppressed, or out of
    Bedding's range, spots no more and the mission has no target."""
    session = world(make_session)
    gun = artillery(session, "gun", "allies", "10.09", "ORGANIC")
    greek = session.ref("unit", "greek")
    set_tracks(session, greek, suppressed=1)
    assert session.value("indirect_targets", gun) == []
    set_tracks(session, greek, suppressed=0)
    assert spotter_ids(session, gun) == ["greek"]
    session.place("greek", "14.04")                 # four hexes from Bedding: Out of Command
    assert not session.value("in_command", greek)
    assert spotter_ids(session, gun) == []


def test_mortar_and_organic_spotter_of_the_formation(make_session):
    """gts:16.5#12-14: for a Mortar or Organic firer, "the spotter and firing Unit
    must belong to the same Formation (or the spotter, if independent, must be In
    Command of that Formation's Leader), and the spotter must be In Command. If
    not met, you cannot fire. If met, go to step 7"; gts:16.4#9-10: no contact
    needed for these."""
    session = world(make_session)
    mortar = add(session, "mortar", "allies", "10.09", weapon_class="MORTAR", fire_range=8)
    add_leader(session, "other", "allies", "11.06", "inf2")
    add(session, "stranger", "allies", "11.05", formation="inf2")
    set_tracks(session, session.ref("unit", "greek"), suppressed=1)
    assert spotter_ids(session, mortar) == []
    assert session.value("indirect_targets", mortar) == []
    set_tracks(session, session.ref("unit", "greek"), suppressed=0)
    assert session.value("indirect_targets", mortar) == [pi1(session)]


def test_contact_artillery_spotter_of_the_formation_in_contact(make_session):
    """gts:16.5#15: an Indirect HE or Emplaced firer goes on when the spotter "is In
    Command and belongs to a Formation already in contact with the firing Unit (or,
    if independent, is In Command of that Formation's Leader)"; gts:16.5#16: a
    spotter "neither from the Formation the firing Unit is in contact with nor an
    Independent Unit from the same Division" cannot be used — an independent of
    another Division within the Leader's range (and In Command of its own) is no
    spotter; gts:16.4#5."""
    session = world(make_session)
    session.state.catalog["division"]["nz3"] = {"name": "other", "side": "allies",
                                                "command_rating": 1, "dispatch_rating": None}
    gun = artillery(session, "gun", "allies", "10.09", "EMPLACED")
    in_contact(session, gun, "bedding")
    add(session, "ours", "allies", "09.06", stripe="white")
    add_leader(session, "theirs_leader", "allies", "12.06", "inf9", division="nz3")
    add(session, "theirs", "allies", "11.06", stripe="white", division="nz3",
        formation="inf9")
    assert spotter_ids(session, gun) == ["greek", "ours"]


def test_several_contact_markers_on_one_leader(make_session):
    """gts:16.4#8: "A Formation Leader may therefore carry more than one contact
    marker": two Emplaced guns In Contact with Bedding are both spotted by his
    Formation."""
    session = world(make_session)
    g1 = artillery(session, "g1", "allies", "10.09", "EMPLACED")
    g2 = artillery(session, "g2", "allies", "11.08", "EMPLACED")
    for gun in (g1, g2):
        in_contact(session, gun, "bedding")
    assert "greek" in spotter_ids(session, g1) and "greek" in spotter_ids(session, g2)


def test_no_spotter_in_a_reinforcement_entry_hex(make_session):
    """gts:16.4#11: "A Unit in a reinforcement entry hex may not act as a
    spotter"."""
    session = world(make_session)
    gun = artillery(session, "gun", "allies", "10.09", "ORGANIC")
    assert spotter_ids(session, gun) == ["greek"]
    set_tracks(session, session.ref("unit", "greek"), in_entry_hex=1)
    assert spotter_ids(session, gun) == []


def test_the_shot_has_no_range_modifier_and_may_earn_the_company_bonus(make_session):
    """gts:16.5#18: "Follow the Direct Fire procedure (15.5) but do not include range
    modifiers" (six hexes: -5 by Direct Fire); gts:16.4#3: otherwise the Direct
    Fire procedure; gts:16.5#19: the Company Bonus (+2, a Troop Quality Check
    passed with a 1) is allowed."""
    session = world(make_session, rolls=[1, 9])
    gun = artillery(session, "gun", "allies", "10.10", "ORGANIC", steps=2, fire_rating=3)
    session.perform("indirect_fire", gun, pi1(session))
    terms = {c["what"]: c for e in session.events("fire_resolved") for c in e.cause
             if c.get("what") == "modifiers modified_fire_rating"}
    names = {t["name"] for t in terms["modifiers modified_fire_rating"]["terms"]}
    assert "range" not in names and "company_bonus" in names
    assert session.events("fire_resolved")[-1].data["rating"] == 3 + 2
