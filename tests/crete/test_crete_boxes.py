"""The Off-Map Display's boxes (crete:S1.0, modules/crete/rules/boxes.ksr): which
boxes the maps in play make usable, the box a Unit leaving a map enters, moving
from box to connected box by Division Activation (Wheeled, Tracked, Organic
Transportation: any; Leg: by night, or at 0700 when the chit was carried over
from the night), and coming back at the box's Exit hex.

The test scenario plays the joined Maleme and Canea-Suda sheets with S1.0 in
effect.  Their shared seam makes Maleme's East box and Canea-Suda's West box
useless; the transit boxes lead to sheets not in play.  Where a test needs two
usable boxes joined through a transit box, it links the Kastelli-Maleme transit
box to Canea-Suda's south box in the catalog (a test fixture: the display is
game data)."""

from __future__ import annotations

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

NZ = "A 22 Bn"             # Leg, no Organic Transportation (2nd NZ Division)
TANK = "Det D 7 RTR"       # Tracked (2nd NZ Division)
GERMAN = "3./I./LLSR"
MORE_GERMANS = ["4./I./LLSR", "5./II./LLSR", "6./II./LLSR"]
# turn indices from 1900 26 May: 1900, night, 0700 27 May, 0900
T1900, NIGHT, T0700 = 0, 1, 2

SCENARIO = """\
provenance: provisional
source: "crete:S1.0"
id: test-boxes
title: Off-Map Display test
game: crete
rulesets: [gts, crete]
counter_set: campaign
maps: [maleme, canea_suda]
start_turn: "1941-05-26 1900"
end_turn: "1941-05-27 1500"
special_rules: ["crete:S1.0", "crete:S3.0", "crete:S6.0"]
setup:
  - {unit: "A 22 Bn", hex: "02.18"}
  - {unit: "Det D 7 RTR", hex: "02.17"}
  - {unit: "3./I./LLSR", hex: "09.04"}
  - {unit: "4./I./LLSR", hex: "12.04"}
  - {unit: "5./II./LLSR", hex: "13.04"}
  - {unit: "6./II./LLSR", hex: "14.04"}
command_values:
  - {division: 2nd New Zealand Division, ratings: {command: 4, dispatch: 1},
     points: {command: 4, dispatch: 1}}
  - {division: 7. Flieger Division, ratings: {command: 5, dispatch: 3},
     points: {command: 6, dispatch: 3}}
mug:
  at_start: [{kind: direct_command, of: Allied}]
victory:
  conditions:
    - {kind: control, side: Axis, hex: "49.07", when: end_of_game, winner: Axis}
  draw: otherwise
"""


@pytest.fixture
def make(tmp_path):
    def make(allied=None, axis=None, rolls=None):
        path = tmp_path / "boxes.yaml"
        path.write_text(SCENARIO, encoding="utf-8")
        allied = allied or KeyedPlayer()
        axis = axis or KeyedPlayer()
        for player in (allied, axis):  # Units on the map do nothing unless a test says
            player.answers.setdefault("action", "pass")
        session = start(str(path), Table({"Allied": allied, "Axis": axis}), seed=1)
        if rolls is not None:
            session.dice.__dict__.update(Dice(script=rolls).__dict__)
        return session
    return make


def box(session, box_id):
    return session.ref("box", box_id)


def usable(session, box_id):
    return session.value("box_usable", box(session, box_id))


def link_transit_to_the_south_box(session):
    """The fixture: Kastelli-Maleme transit box also joins Canea-Suda's south box."""
    boxes = session.state.catalog["box"]
    boxes["kastelli-maleme"]["connects"].append("canea-suda-south")
    boxes["canea-suda-south"]["connects"].append("kastelli-maleme")


def in_box(session, unit_id, box_id):
    """Take a Unit off the map into a box, as S1.0's leave_map does."""
    unit = session.ref("unit", unit_id)
    session.place(unit_id, None)
    session.set_initial(unit, "off_map", 1)
    session.state.set_link(unit, "off_map_box", box(session, box_id), [{"what": "test"}])
    return unit


def division_chit(session, division):
    return session.ref("chit", f"division:{division}")


def test_the_maps_in_play_decide_which_boxes_can_be_used(make):
    """crete:S1.0 with the display's provisional boxes: a map box whose Exit lies on
    the edge of the map in play; not Maleme's East box, whose exits the joined
    Canea-Suda sheet surrounds, nor Canea-Suda's West; a transit box only between
    two usable map boxes (Kastelli and Georgeoupolis are not in play)."""
    session = make()
    assert usable(session, "maleme-west") and usable(session, "canea-suda-south")
    assert usable(session, "canea-suda-south-east")
    assert not usable(session, "maleme-east") and not usable(session, "canea-suda-west")
    assert not usable(session, "kastelli-east")           # the Kastelli sheet is not in play
    assert not usable(session, "kastelli-maleme") and not usable(session, "canea-suda-georgeoupolis")
    assert session.value("exit_hex", "01.18") and not session.value("exit_hex", "48.08")
    link_transit_to_the_south_box(session)
    assert usable(session, "kastelli-maleme")
    assert [b.id for b in session.value("connected_boxes", box(session, "maleme-west"))] == \
        ["kastelli-maleme"]


def test_connections_listed_on_either_box_join_both(make):
    """The display's links go both ways: Maleme's West box lists the transit box,
    and the transit box lists it back; Rethymnon's transit box to Georgeoupolis
    lists only Rethymnon's West box, which the Georgeoupolis sheet joins later."""
    boxes = make().state.catalog["box"]
    assert "maleme-west" in boxes["kastelli-maleme"]["connects"]
    assert "kastelli-maleme" in boxes["maleme-west"]["connects"]
    assert boxes["georgeoupolis-rethymnon"]["connects"] == ["rethymnon-west"]
    assert boxes["heraklion-east"]["connects"] == []
    assert boxes["maleme-east"]["exits"] == ["48.07", "48.08", "48.09"]


def test_leaving_at_an_exit_enters_its_box(make):
    """crete:S1.0: "Once it reaches an Exit Hex, the Unit may immediately be placed
    on the Off-Map Display in the box for the map and Exit Hex"; with an enemy on
    the map the Unit must be in the Exit Hex.
    Sentences: crete:S1.0#4, crete:S1.0#5.
    """
    session = make(allied=KeyedPlayer({"move": "leave_map"}))
    unit = session.ref("unit", NZ)
    session.place(NZ, "05.18")
    assert session.value("exclusive_move_choices", [unit], "formation", False) == []
    session.place(NZ, "01.18")
    session.perform("move", [unit], "formation")
    assert session.attr(unit, "off_map") == 1
    assert session.attr(unit, "off_map_box").id == "maleme-west"


def test_with_no_enemy_on_the_map_either_box_of_the_sheet(make):
    """crete:S1.0: "If no Enemy Units are on the map, the active Unit may be picked up
    and place on the Off-Map Display. If the map has two boxes, the unit may be
    placed in either box" — on the Canea-Suda sheet, towards Stilos or towards
    Georgeoupolis (its West box cannot be used here).
    Sentences: crete:S1.0#6, crete:S1.0#7.
    """
    session = make(allied=KeyedPlayer({"move": "leave_map",
                                       "off_map_box": "canea-suda-south-east"}))
    for german in [GERMAN, *MORE_GERMANS]:
        session.place(german, None)
    unit = session.ref("unit", NZ)
    session.place(NZ, "60.17")
    session.perform("move", [unit], "formation")
    asked = [d for d in session.players.players["Allied"].asked if d.key == "off_map_box"]
    assert [b.id for b in asked[0].options] == ["canea-suda-south-east", "canea-suda-south"]
    assert session.attr(unit, "off_map_box").id == "canea-suda-south-east"


def test_tracked_units_move_box_to_box_by_day(make):
    """crete:S1.0: "Wheeled, Tracked, and Leg Units with Organic Transportation may
    be moved from their current transit/map box to a connected one during the
    Unit's Division Activation" — and Leg Units without it may not by day.
    Sentences: crete:S1.0#12.
    """
    session = make(allied=KeyedPlayer({"box_move": "kastelli-maleme",
                                       "return_from_off_map": "stay"}))
    link_transit_to_the_south_box(session)
    tank, leg = in_box(session, TANK, "maleme-west"), in_box(session, NZ, "maleme-west")
    assert session.value("may_change_box", tank) and not session.value("may_change_box", leg)
    session.perform("play_chit", division_chit(session, "2nd New Zealand Division"))
    assert session.attr(tank, "off_map_box").id == "kastelli-maleme"
    assert session.attr(leg, "off_map_box").id == "maleme-west"
    moved = [e.data for e in session.events("unit_changed_box")]
    assert moved == [{"unit": TANK, "origin": "maleme-west", "destination": "kastelli-maleme"}]


def test_leg_units_move_by_night(make):
    """crete:S1.0: "Leg Units without Organic Transportation may be moved ... to a
    connected box during the Unit's Division Activation on a Night Turn".
    Sentences: crete:S1.0#13.
    """
    session = make(allied=KeyedPlayer({"box_move": "kastelli-maleme",
                                       "return_from_off_map": "stay"}))
    link_transit_to_the_south_box(session)
    leg = in_box(session, NZ, "maleme-west")
    session.state.turn = NIGHT
    session.perform("play_chit", division_chit(session, "2nd New Zealand Division"))
    assert session.attr(leg, "off_map_box").id == "kastelli-maleme"


def test_a_night_chit_carried_to_0700_moves_leg_units_then(make):
    """crete:S1.0: "If the Unit's Division Activation chit is not played on the
    Night Turn (it is the last one drawn), the unit may move during the Unit's
    Division Activation of the 0700 game turn" — not another Division's, and not
    at 0900.
    Sentences: crete:S1.0#14.
    """
    session = make()
    leg = in_box(session, NZ, "maleme-west")
    chit = division_chit(session, "2nd New Zealand Division")
    session.state.turn = NIGHT
    session.ctx.emit("pool_added", {"pool": "carry", "entity": chit.key})  # the night's last chit
    session.state.turn = T0700
    session.ctx.emit("turn_advanced", {"turn": T0700})
    nz = session.ref("division", "2nd New Zealand Division")
    assert session.attr(nz, "night_chit_carried") == 1
    assert session.attr(session.ref("division", "7. Flieger Division"), "night_chit_carried") == 0
    assert session.value("may_change_box", leg)
    session.state.turn = T0700 + 1
    session.ctx.emit("turn_advanced", {"turn": T0700 + 1})
    assert not session.value("may_change_box", leg)


def test_a_unit_goes_through_the_display_and_comes_back_at_the_other_exit(make):
    """crete:S1.0: a Unit in a map box "may be placed as reinforcements in the
    appropriate Exit hex, during the Unit's Division Activation" (overstacked, no
    Opportunity Fire); Allied Units roll on the Airlanding/Interdiction Table.
    Sentences: crete:S1.0#1, crete:S1.0#15, crete:S1.0#18, crete:S1.0#19.
    """
    session = make(rolls=[0] * 10,
                   allied=KeyedPlayer({"box_move": ["kastelli-maleme", "canea-suda-south"],
                                       "return_from_off_map": ["stay", "68.24"]}))
    link_transit_to_the_south_box(session)
    tank = in_box(session, TANK, "maleme-west")
    chit = division_chit(session, "2nd New Zealand Division")
    session.perform("play_chit", chit)                  # to the transit box
    session.perform("play_chit", chit)                  # to Canea-Suda's box towards Stilos
    assert session.attr(tank, "off_map_box").id == "canea-suda-south"
    assert session.attr(tank, "off_map") == 1
    session.perform("play_chit", chit)                  # onto the map at its Exit
    assert session.attr(tank, "hex") == "68.24" and session.attr(tank, "off_map") == 0
    assert session.attr(tank, "off_map_box") is None
    assert [e.data["unit"] for e in session.events("airlanding_interdicted")] == [TANK]


def test_a_blocked_exit_returns_along_the_edge_within_five(make):
    """crete:S1.0: "If an enemy Unit occupies the Exit hex ... reinforcements may be
    placed in any permissible and unoccupied map edge hex within 5 hexes".
    Sentences: crete:S1.0#17.
    """
    session = make()
    unit = in_box(session, NZ, "maleme-west")
    session.place(GERMAN, "01.18")
    hexes = session.value("return_hexes", unit)
    assert "01.18" not in hexes and hexes
    assert all(session.value("map_edge", h) and session.value("distance", h, "01.18") <= 5
               for h in hexes)


def test_after_withdrawal_allies_sharing_a_box_with_germans_go_at_the_end_of_night(make):
    """crete:S1.0: "Once Allied Withdrawal is in effect, at the end of each Night
    Turn, Allied units occupying transit/map boxes with German units are removed
    from play" — not before Withdrawal, not after a day turn.
    Sentences: crete:S1.0#20, crete:S1.0#21.
    """
    session = make()
    allied, german = in_box(session, NZ, "maleme-west"), in_box(session, GERMAN, "maleme-west")
    lone = in_box(session, TANK, "canea-suda-south")
    session.state.turn = T0700
    session.ctx.emit("turn_advanced", {"turn": T0700})          # after the night
    assert not session.attr(allied, "eliminated")              # no Withdrawal yet
    game = session.ref("game", "game")
    session.set_initial(game, "allied_withdrawal", 1)
    session.ctx.emit("turn_advanced", {"turn": T0700 + 1})      # after a day turn
    assert not session.attr(allied, "eliminated")
    session.ctx.emit("turn_advanced", {"turn": T0700})          # after the night
    assert session.attr(allied, "eliminated") and not session.attr(german, "eliminated")
    assert not session.attr(lone, "eliminated")


def test_a_division_all_on_the_display_keeps_its_chit_in_the_mug(make):
    """crete:S1.0: its Units move and come back "during the Unit's Division
    Activation", so the chit still goes in the mug (gts:9.0) with none on the map."""
    session = make()
    nz = session.ref("division", "2nd New Zealand Division")
    in_box(session, NZ, "maleme-west")
    session.place(TANK, None)
    session.set_initial(session.ref("unit", TANK), "off_map", 1)     # off, in no box
    assert session.value("division_in_play", nz)
    unit = session.ref("unit", NZ)
    session.state.set_link(unit, "off_map_box", None, [{"what": "test"}])
    assert not session.value("division_in_play", nz)


def test_moves_on_the_display_read_in_the_log(make):
    """The turn log tells the box-to-box move (crete:S1.0)."""
    from kriegsspiel.core.state import Event
    from kriegsspiel.tools.play import describe
    moved = {"unit": TANK, "origin": "maleme-west", "destination": "kastelli-maleme"}
    line = describe(Event(1, "unit_changed_box", moved), [], program=make().program)
    assert line == f"    {TANK} moves on the Off-Map Display: maleme-west -> kastelli-maleme"


def test_a_leader_whose_last_unit_leaves_the_map_leaves_it_too(make):
    """crete:S1.0 with gts:21.3: a Leader must be with a Unit of his Formation; when
    its last Unit on the map goes to the Off-Map Display, wherever he stands, he
    goes off the map too (found by a seeded playout with the invariant checker)."""
    session = make()
    leader = session.ref("leader", "5th NZ Bde Leader")
    session.place(NZ, "01.18")
    session.place("5th NZ Bde Leader", "03.18", "leader")
    session.perform("take_off_map", session.ref("unit", NZ))
    assert session.attr(leader, "on_map") is False


def test_on_the_heraklion_map_alone_its_two_boxes_lead_nowhere():
    """crete:S1.0 on Scenario 4 (the Heraklion map only): the West and East Exits'
    boxes can be used, the transit box towards Rethymnon cannot (the Rethymnon
    sheet is not in play), so nothing moves on the display."""
    from test_crete_offmap import piling_on
    session, _, _ = piling_on()
    assert usable(session, "heraklion-west") and usable(session, "heraklion-east")
    assert not usable(session, "rethymnon-heraklion") and not usable(session, "rethymnon-east")
    assert session.value("connected_boxes", box(session, "heraklion-west")) == []
    assert session.value("exit_hex", "01.11") and session.value("exit_hex", "48.10")
    assert not session.value("exit_hex", "48.09")      # Maleme's East Exit id, another sheet


def test_a_leader_who_left_with_his_formation_comes_back_with_it(make):
    """crete:S1.0 with gts:21.3: the Leader who went off the map with the last
    Unit of his Formation returns with the first of them placed back at an
    Exit hex; a Leader of another Formation stays where he is."""
    session = make(rolls=[0] * 10, allied=KeyedPlayer({"return_from_off_map": "01.18"}))
    leader = session.ref("leader", "5th NZ Bde Leader")
    session.place(NZ, "01.18")
    session.place("5th NZ Bde Leader", "01.18", "leader")
    session.perform("take_off_map", session.ref("unit", NZ))
    assert session.attr(leader, "on_map") is False
    assert session.attr(leader, "left_with_formation") == 1
    session.perform("return_from_off_map", session.ref("division", "2nd New Zealand Division"))
    assert session.attr(session.ref("unit", NZ), "hex") == "01.18"
    assert session.attr(leader, "hex") == "01.18"
    assert session.attr(leader, "left_with_formation") == 0
