"""The last sentences of Part Two outside the Naval Invasion System: the naval Random
Event (utah:6.0 roll 4) and the Formation Leader's replacement side, phone lines cut by
naval bombardment (utah:16.1), ships and Landing Craft as Auto-Command Units (utah:14.0),
Beach hexes off the overlay (utah:2.1.8), a Barrage on a Hill seen only back from it
(utah:2.1.10), two Sunken Roads in one hex (utah:2.3.5), one Unit assaulting across a
Bridge (utah:2.4.1), no Ferry on a Command Point (utah:11.2), the 101st's Stragglers
(utah:3.4.1) and the special cases of Straggler recovery (utah:3.4.3(4)).  The dice are
scripted; the ships' and Landing Craft's numbers are PROVISIONAL."""

from __future__ import annotations

from pathlib import Path

import pytest
from utah_games import GRENADIER, INFANTRY, unit, utah_game

from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.core.state import Ref
from kriegsspiel.engine.rulebook import ExtraRules

HERE = Path(__file__).resolve().parent
NAVAL = str(HERE / "scenarios" / "naval_test.yaml")
NAVAL_AIRBORNE = str(HERE / "scenarios" / "naval_airborne_test.yaml")
AIRBORNE = str(HERE / "scenarios" / "airborne_test.yaml")
PARA = "A/1/505"
NIGHT, JUNE6_0700, JUNE6_0900 = 1, 2, 3      # naval_test's turns


def terms(value):
    return {t["name"]: t["amount"] for t in value.terms}


def naval_game(rolls=None, allied=None, axis=None, turn=None, scenario=NAVAL_AIRBORNE):
    game = utah_game(scenario, rolls=rolls, allied=allied)
    if axis is not None:
        game.players.players["Axis"] = KeyedPlayer(axis)
    if turn is not None:
        game.state.turn = turn
    return game


def paratrooper(game, hex_id):
    """The 82nd Airborne company of naval_airborne_test, with its Leader, in clear
    ground two hexes from 30.031 (in sight of it)."""
    for h in ("30.031", "30.032", "30.033"):
        game.state.map.terrain[h] = "clear"
    game.place("CO 505th PIR", hex_id, "leader")
    return unit(game, PARA, hex_id)


# ---- 6.0, roll 4: Allied Naval Support ------------------------------------------------

def test_6_0_roll_4_two_ships_fire_for_the_airborne_without_a_contact_roll():
    """utah:6.0#26, utah:6.0#30, utah:6.0#31: "Roll of 4 – Allied Naval Support ... the
    airborne gets support from 2 Naval vessels that are in range. The Allied player
    chooses the 2 ships, which are automatically in contact and immediately fire at any
    German Unit in Line of Sight of an In Command, Airborne Unit"; utah:6.0#33: "Contact
    is lost after completion of the Naval fire" — two shots, no contact roll, contact
    given up after each."""
    game = naval_game(rolls=[4, 2, 3],
                      allied={"naval_support_ship": ["USS Tuscaloosa", "HMS Black Prince"],
                              "ship_target": GRENADIER})
    unit(game, GRENADIER, "30.031")              # 11 hexes from UtS's marker: in range
    para = paratrooper(game, "30.033")
    assert game.value("in_command", para) and game.value("has_los", "30.033", "30.031", "spot")
    game.perform("random_event_roll")
    shots = [(str(e.data["firer"]), str(e.data["target"]), e.data["roll"])
             for e in game.events("naval_fire")]
    assert shots == [("USS Tuscaloosa", GRENADIER, 2), ("HMS Black Prince", GRENADIER, 3)]
    assert game.events("ship_contact_roll") == []
    contacts = [(str(e.data["ship"]), e.data["contact"])
                for e in game.events("naval_support_contact")]
    assert contacts == [("USS Tuscaloosa", True), ("USS Tuscaloosa", False),
                        ("HMS Black Prince", True), ("HMS Black Prince", False)]


def test_6_0_roll_4_needs_a_german_unit_the_airborne_see_in_range():
    """utah:6.0#31: the target is "any German Unit in Line of Sight of an In Command,
    Airborne Unit" — one seen by no airborne Unit (a 4th Infantry Division Unit sees it)
    draws no fire; utah:6.0#30: "2 Naval vessels that are in range" — with one ship in
    range (the others in their Long boxes), one fires."""
    game = naval_game(rolls=[4])
    unit(game, GRENADIER, "30.031")
    unit(game, INFANTRY, "30.033")                    # not airborne
    game.perform("random_event_roll")
    assert game.events("naval_fire") == []
    game = naval_game(rolls=[4, 0, 9], allied={"naval_support_ship": "USS Nevada",
                                                "ship_target": GRENADIER})
    unit(game, GRENADIER, "30.031")
    paratrooper(game, "30.033")
    assert len(game.value("naval_support_ships")) == 4
    for name in ("USS Tuscaloosa", "HMS Black Prince", "USS Corry"):
        game.set_initial(game.ref("unit", name), "naval_box", 4)   # Long: 11 + 30 hexes
    assert [s.id for s in game.value("naval_support_ships")] == ["USS Nevada"]  # range 45
    game.perform("random_event_roll")
    assert [str(e.data["firer"]) for e in game.events("naval_fire")] == ["USS Nevada"]


def test_6_0_roll_4_at_night_with_the_night_modifier():
    """utah:6.0#32: "This event can occur at Night as well, with the corresponding Night
    modifiers" — the ship's Fire Rating carries the Night's -2."""
    game = naval_game(turn=NIGHT)
    target = unit(game, GRENADIER, "30.031")
    ship = game.ref("unit", "USS Tuscaloosa")
    night = terms(game.value("final_fire_rating", ship, target, "indirect", 0, 0))
    assert night.get("weather") == -2
    game = naval_game(turn=JUNE6_0700)
    target = unit(game, GRENADIER, "30.031")
    day = terms(game.value("final_fire_rating", ship, target, "indirect", 0, 0))
    assert not day.get("weather")


# ---- 6.0, roll 0-1 then 8-9: the Formation Leader's replacement side ---------------------

def test_6_0_a_formation_leader_flips_to_his_replacement_side_and_stays_there():
    """utah:6.0#16: "Flip the Leader counter over to the replacement side"; utah:6.0#17:
    "If it is already on the replacement side, it remains there"."""
    game = utah_game(rolls=[0, 9, 1, 8],
                     allied={"event_formation": "8th Infantry Regiment"})
    game.players.players["Axis"] = KeyedPlayer({"event_formation": "8th Infantry Regiment"})
    unit(game, INFANTRY, "35.044")
    leader = game.ref("leader", "CO 8th IR")
    assert game.attr(leader, "replacement_side") == 0
    game.perform("random_event_roll")
    assert game.attr(leader, "replacement_side") == 1
    game.perform("random_event_roll")
    assert game.attr(leader, "replacement_side") == 1
    flips = [e.data["already"] for e in game.events("leader_replacement_side")]
    assert flips == [False, True]


# ---- 16.1: the Beach Overlay's phone lines cut by naval bombardment ---------------------

OTHER = "6./II./Gren 1057"


def phone_overlay_game(turn=JUNE6_0900, rolls=(0, 0, 0, 0, 0, 0)):
    """naval_test at *turn*, its Beach Overlay's extent 30.031-30.033 (map6 draws none:
    the map area of the overlay's name, as games/utah/maps/utah_beach.yaml draws it); a
    telephone Wn on it, another telephone Unit off it."""
    game = naval_game(scenario=NAVAL, turn=turn, rolls=list(rolls))
    overlay = game.value("beach_overlays")[0]
    game.state.catalog["area"]["Utah Beach Overlay"] = {
        "name": "Utah Beach Overlay", "hexes": ["30.031", "30.032", "30.033"]}
    units = game.state.catalog["unit"]
    units[GRENADIER]["tags"] = list(units[GRENADIER].get("tags") or []) + ["wn", "telephone"]
    units[OTHER]["tags"] = list(units[OTHER].get("tags") or []) + ["telephone"]
    wn = unit(game, GRENADIER, "30.031")
    other = unit(game, OTHER, "38.031")
    return game, overlay, wn, other


def test_16_1_an_orange_naval_zero_on_the_overlay_cuts_its_phone_lines():
    """utah:16.1#6: "On the 0900 6 June turn and later, the Phone Lines to Units with a
    phone symbol on the Beach Overlay (only) can be cut"; utah:16.1#8: "These lines are
    cut when an Allied Naval Unit with an Orange Fire Rating rolls a "0" when bombarding
    any hex on the overlay"; utah:16.1#9: "the phone lines to Utah Beach have been cut" —
    every telephone Unit on the overlay, none off it."""
    game, overlay, wn, other = phone_overlay_game()
    assert game.value("on_the_phone", wn) and game.value("on_the_phone", other)
    ship = game.ref("unit", "USS Tuscaloosa")                     # Indirect HE: orange
    game.perform("ship_shot", ship, wn)
    assert [str(e.data["by"]) for e in game.events("phone_lines_cut")] == ["USS Tuscaloosa"]
    assert game.attr(overlay, "overlay_phones_cut") == 1
    assert not game.value("on_the_phone", wn)
    assert game.value("on_the_phone", other)
    game.place(OTHER, "30.033")                                   # on the overlay now
    assert not game.value("on_the_phone", other)


@pytest.mark.parametrize("turn, firer, roll", [
    (JUNE6_0700, "USS Tuscaloosa", 0),      # before 0900, 6 June
    (JUNE6_0900, "USS Tuscaloosa", 1),      # not a 0
    (JUNE6_0900, "LCS(L) 1", 0),            # not orange (Dual Purpose, PROVISIONAL)
])
def test_16_1_no_cut_before_0900_on_another_roll_or_from_another_colour(turn, firer, roll):
    """utah:16.1#7: "This cannot happen before the 0900 6 June turn"; utah:16.1#8: only
    an Orange Fire Rating's "0"."""
    game, overlay, wn, other = phone_overlay_game(turn=turn, rolls=(roll, 0, 0, 0, 0, 0))
    craft = game.ref("unit", firer)
    game.perform("close_craft_shot" if firer.startswith("LCS") else "ship_shot", craft, wn)
    assert game.events("naval_fire")[-1].data["roll"] == roll
    assert game.events("phone_lines_cut") == []
    assert game.attr(overlay, "overlay_phones_cut") == 0


def test_16_1_cut_phones_stay_cut_when_the_overlay_is_removed():
    """utah:16.1#12: "If any Units are on the Beach Overlay and their Phone Lines have been
    cut, then the overlay is removed, their phones remain cut"."""
    game, overlay, wn, other = phone_overlay_game()
    game.perform("ship_shot", game.ref("unit", "USS Tuscaloosa"), wn)
    game.set_initial(overlay, "overlay_removed", 1)
    assert game.value("overlays_in_play") == []
    assert not game.value("on_the_phone", wn)         # the Wn cut while it was in play
    game.place(OTHER, "30.032")                       # a telephone Unit in the overlay's area
    assert not game.value("on_the_phone", other)


# ---- 14.0: ships and Landing Craft -------------------------------------------------------

def test_14_0_ships_and_landing_craft_act_on_the_naval_chit():
    """utah:14.0#4: "For all Navy Ships and Landing Craft: All Ships and Landing Craft
    Markers are active when the Naval chit is pulled"; utah:14.0#5: "These Units all
    follow the Naval Sequence of Play" — the chit's play fires the ships (step 2) and
    lands the waiting craft (step 4); no other chit activates a ship (off the map on the
    Naval Display), an Auto-Command Unit (14.0#3)."""
    from test_utah_naval import craft_game, naval_chit, overlay
    from test_utah_naval_ships import battery
    from kriegsspiel.core.dice import Dice
    game, passengers = craft_game([], allied={"landing_hex": "21.024", "ship_fires": True,
                                              "ship_target": "5./II./Gren 1057"})
    game.dice.__dict__.update(Dice(3).__dict__)
    lead, other = passengers
    game.set_initial(other, "aboard", lead)
    battery(game)
    ships = game.value("ships")
    allied = game.ref("side", "Allied")
    for ship in ships:
        assert game.value("auto_command_unit", ship) and game.value("commanded_otherwise", ship)
        assert not game.value("direct_command_eligible", ship, allied)
    game.perform("play_chit", naval_chit(game))
    assert game.events("naval_chit_played")
    firers = {str(e.data["firer"]) for e in game.events("naval_fire")}
    assert firers & {s.id for s in ships}
    landed = game.events("landing_craft_landed")
    assert [sorted(str(u) for u in e.data["passengers"]) for e in landed] == [["A/1/8", "B/1/8"]]
    assert overlay(game)


@pytest.mark.parametrize("adjustment, quality", [(0, 6), (-1, 5), (-2, 4), (1, 7)])
def test_14_0_landing_craft_troop_quality_moves_with_the_4th_infantry_division(adjustment,
                                                                               quality):
    """utah:14.0#6: "Landing Craft are considered constituent Units of the 4th Infantry
    Division"; utah:14.0#7: "Thus, they have their Troop Quality adjusted as required by
    Rule 9.0" — the craft's PROVISIONAL 6 moves with the 4th ID's track, and its check
    (a roll of 6) passes or fails with it."""
    game = naval_game(scenario=NAVAL, rolls=[6])
    fourth = game.ref("division", "4th Infantry Division")
    game.set_initial(fourth, "tq_adjustment", adjustment)
    game.set_initial(fourth, "cp", 0)                 # no Command Point to buy it
    carrier = unit(game, INFANTRY, "30.040")
    assert game.value("landing_craft_quality", carrier) == quality
    check = game.value("landing_craft_check", carrier)
    assert (check.target, check.passed) == (quality, 6 <= quality)


# ---- 2.1.8: Beach hexes only on the overlay ----------------------------------------------

def beach_step(game, side_unit=INFANTRY):
    for h in ("30.040", "30.041"):
        game.state.map.terrain[h] = "clear"
    game.state.map.terrain["30.041"] = "beach"
    mover = unit(game, side_unit, "30.040")
    return game.value("hexside_prohibited", mover, "30.040", "30.041")


def test_2_1_8_beach_hexes_are_in_play_only_on_an_overlay_in_play():
    """utah:2.1.8#3: "Beach hexes are present only on the Beach Overlays and the area they
    cover"; utah:2.1.8#4: "All other Beach hexes on the map are Impassable terrain" — no
    overlay (the causeway demonstration), or one not covering the hex: closed;
    utah:2.1.8#5: "When the Overlay is removed when a Beach is cleared, all Beach hexes
    on that Overlay are no longer passable hexes"; utah:2.1.8#6: never for a German."""
    assert beach_step(utah_game()) is True                         # no overlay at all
    game = naval_game(scenario=NAVAL)
    assert beach_step(game) is False                               # the overlay's Beach
    game.place(INFANTRY, None)
    assert beach_step(game, GRENADIER) is True
    overlay = game.value("beach_overlays")[0]
    areas = game.state.catalog["area"]
    areas["Utah Beach Overlay"] = {"name": "Utah Beach Overlay", "hexes": ["30.042"]}
    assert beach_step(game) is True                                # not in its extent
    areas["Utah Beach Overlay"]["hexes"] = ["30.041"]
    assert beach_step(game) is False
    game.set_initial(overlay, "overlay_removed", 1)
    assert beach_step(game) is True                                # removed


# ---- 2.4.1: across a Bridge only in Column -----------------------------------------------

def test_2_4_1_one_unit_assaults_across_a_bridge_and_no_running_away_over_it():
    """utah:2.4.1#2: "This means only one Unit can Assault across a Bridge, and if a Unit
    not in Column is forced to run away, it cannot do so across a Bridge" — the bridge
    29.045/30.045: a Unit in Column may assault over it, a stack may not (only one Unit in
    Column in a hex, gts:14.6.2), nor a Unit out of Column; a defender out of Column runs
    away anywhere but over it."""
    game = utah_game()
    assert "bridge" in game.value("hexside_features", "29.045", "30.045")
    a = unit(game, INFANTRY, "29.045", column=1)
    b = unit(game, "B/1/8", "29.045")
    unit(game, GRENADIER, "30.045")
    assert "30.045" in game.value("assault_hexes", [a])
    assert "30.045" not in game.value("assault_hexes", [a, b])
    assert "30.045" not in game.value("assault_hexes", [b])
    game.place("B/1/8", "28.045")
    game.set_initial(b, "column", 1)
    assert not game.value("may_enter", b, "29.045", "formation")  # no second Column there
    game = utah_game()
    defender = unit(game, GRENADIER, "30.045")
    unit(game, INFANTRY, "31.045")
    assert "29.045" not in game.value("run_away_hexes", [defender], "31.045")
    game.set_initial(defender, "column", 1)
    assert "29.045" in game.value("run_away_hexes", [defender], "31.045")


# ---- 11.2: no Command Point for ferrying ---------------------------------------------------

def ferry_game(answers):
    game = utah_game(rolls=[0], allied={"engineer_work": "create_ferry", "ferry_site": "30.044",
                                        **answers})
    for h in ("29.044", "30.044"):
        game.state.map.terrain[h] = "clear"
    sapper = unit(game, "A/4 Engr", "29.044")
    game.perform("engineer", sapper)
    assert game.attr(sapper, "ferry_to") is not None
    return game, unit(game, INFANTRY, "29.044", column=1)


def test_11_2_no_command_point_and_no_second_action_for_ferrying():
    """utah:11.2#7: "You cannot use a Command Point to ferry a Unit (so no Second Action can
    be used for ferrying)" — under its Formation's chit the Unit crosses the Ferry; in a
    Second Action, or a Direct Command activation paid with a Command Point, the Ferry is
    not among its moves."""
    from kriegsspiel.dsl.runtime import RuleRuntimeError
    game, inf = ferry_game({"move": ["30.044", "stop"]})
    assert "30.044" in game.value("move_choices", [inf], "formation", False, False)
    assert not game.value("paid_with_command_point", inf, "formation")
    for kind in ("formation_second", "division_second", "direct"):
        assert game.value("paid_with_command_point", inf, kind)
    game.set_initial(inf, "moving_on_command_point", 1)
    assert "30.044" not in game.value("move_choices", [inf], "formation_second", False, False)
    game.set_initial(inf, "moving_on_command_point", 0)
    game.perform("perform_action", [inf], "move", "formation")
    assert game.attr(inf, "hex") == "30.044"
    game, inf = ferry_game({"move": ["30.044"]})
    with pytest.raises(RuleRuntimeError, match="legal answers"):
        game.perform("perform_action", [inf], "move", "formation_second")
    game, inf = ferry_game({"move": ["stop"]})
    game.perform("perform_action", [inf], "move", "formation_second")
    assert game.attr(inf, "hex") == "29.044"
    assert game.attr(inf, "moving_on_command_point") == 0          # only for the Action


# ---- 2.3.5: two Sunken Roads through one hex ---------------------------------------------

MOVE_FOR_TEST = ExtraRules("move_for_test.ksr", """
procedure move_for_test(unit: unit, hex_id) @utah:2.3.5 {
  step go @utah:2.3.5 { do move_unit(unit, hex_id) }
}
""")


def two_sunken_roads():
    """The causeway map's Sunken Road 32.048-33.048-34.048, and a second one through
    33.048 (33.047-33.048-33.049) that does not join it."""
    game = utah_game(extra=(MOVE_FOR_TEST,))
    m = game.state.map
    for h in ("32.048", "33.047", "33.048", "33.049", "34.048"):
        m.terrain[h] = "clear"
    for a, b in (("33.047", "33.048"), ("33.048", "33.049")):
        m.roads[frozenset((a, b))] = {"sunken_road"}
    m.road_paths.setdefault("33.048", []).append((frozenset({"33.047", "33.049"}), False))
    m.road_paths.setdefault("33.047", []).append((frozenset({"33.048"}), True))
    m.road_paths.setdefault("33.049", []).append((frozenset({"33.048"}), True))
    return game


def test_2_3_5_a_unit_in_column_keeps_to_its_own_sunken_road():
    """utah:2.3.5#6: "if there are two Sunken Roads/Railroads running through the same hex
    and they do not cross, you must remember which one the Unit is on, because it cannot
    jump from one to the other" — come in along one, a Unit in Column goes on (or back)
    along it only, in this Action or a later one; out of Column it leaves by any side."""
    game = two_sunken_roads()
    leg = unit(game, INFANTRY, "32.048", column=1)
    game.perform("move_for_test", leg, "33.048")
    assert game.attr(leg, "raised_entry_from").id == "32.048"
    prohibited = lambda to: game.value("hexside_prohibited", leg, "33.048", to)  # noqa: E731
    assert not prohibited("34.048") and not prohibited("32.048")
    assert prohibited("33.049") and prohibited("33.047")
    assert "33.049" not in game.value("move_choices", [leg], "formation", False, False)
    game.place(INFANTRY, None)
    other = unit(game, "B/1/8", "33.047", column=1)
    game.perform("move_for_test", other, "33.048")
    assert not game.value("hexside_prohibited", other, "33.048", "33.049")
    assert game.value("hexside_prohibited", other, "33.048", "34.048")
    game.set_initial(other, "column", 0)                          # out of Column: any side
    assert not game.value("hexside_prohibited", other, "33.048", "34.048")


# ---- 2.1.10: a Barrage on a Hill seen only back from it ---------------------------------

def hill_game(rolls, woods=True):
    """A German on Hill 30 (36.043, PROVISIONAL), an American mortar four hexes off in
    36.047, two Woods hexes between (seen from the Hill, 2.1.10#7, not towards it)."""
    game = utah_game(rolls=rolls)
    for h, terrain in (("36.044", "woods" if woods else "clear"),
                       ("36.045", "woods" if woods else "clear"),
                       ("36.046", "clear"), ("36.047", "clear")):
        game.state.map.terrain[h] = terrain
    face = game.state.catalog["unit"][INFANTRY]["faces"]["front"]
    face.update(weapon_class="MORTAR", fire_rating=6, fire_range=6)
    mortar = unit(game, INFANTRY, "36.047")
    target = unit(game, GRENADIER, "36.043")
    return game, mortar, target


def test_2_1_10_a_hill_seen_only_back_takes_a_barrage_and_no_damage():
    """utah:2.1.10#9: a Unit seen from a Hill "can in turn see the Hill itself and place a
    Barrage on that Hill, using the Indirect Fire rules"; utah:2.1.10#10: "However, the
    Barrage would be the same as firing on an empty hex, no damage will be caused to the
    Unit occupying the Hill" — a hit (roll 0) gives no result, the Barrage is placed; seen
    plainly (no Woods between), the same roll does its damage."""
    game, mortar, target = hill_game([0, 0, 0, 0])
    assert game.value("has_los", "36.047", "36.043", "self_spot")
    assert game.value("hill_seen_only_back", mortar, "36.043")
    game.perform("indirect_fire", mortar, target)
    assert game.events("fire_resolved")[-1].data["hit"] is True
    assert [str(e.data["hex"]) for e in game.events("hill_barrage_only")] == ["36.043"]
    assert (game.attr(target, "suppressed"), game.attr(target, "cohesion_hits"),
            game.attr(target, "face"), game.attr(target, "on_map")) == (0, 0, "front", True)
    assert [e.data["hex"] for e in game.events("barrage_placed")] == ["36.043"]
    game, mortar, target = hill_game([0, 0, 0, 0], woods=False)
    assert not game.value("hill_seen_only_back", mortar, "36.043")
    game.perform("indirect_fire", mortar, target)
    assert game.events("hill_barrage_only") == []
    assert (game.attr(target, "suppressed"), game.attr(target, "cohesion_hits"),
            game.attr(target, "face"), game.attr(target, "on_map")) != (0, 0, "front", True)


# ---- 3.4.1: the 101st's Stragglers ------------------------------------------------------

def test_3_4_1_both_airborne_divisions_accumulate_stragglers():
    """utah:3.4.1#4: "Both the 101st and 82nd Airborne Divisions accumulate Stragglers" —
    a 1* result on a first-drop stick of each (1/502 on DZ A, 1/505 on DZ O) adds 2 a
    Unit to its battalion's track."""
    for paras, hex_id, battalion, division in (
            (["A/1/502", "B/1/502"], "33.027", "1/502", "101st Airborne Division"),
            (["A/1/505", "B/1/505"], "44.030", "1/505", "82nd Airborne Division")):
        game = utah_game(AIRBORNE, rolls=[2])
        game.state.map.terrain[hex_id] = "clear"
        stick = [unit(game, u, hex_id) for u in paras]
        game.perform("roll_drop_table", stick, hex_id, "first", "paradrop")
        b = Ref("battalion", battalion)
        assert game.state.catalog["battalion"][battalion]["division"] == division
        assert [(e.data["roll"], e.data["result"]) for e in
                game.events("drop_table_rolled")] == [(2, "1*")]
        assert game.attr(b, "stragglers") == 4


# ---- 3.4.3(4): Straggler recovery, special cases ------------------------------------------

GAME = Ref("game", "game")


def recovery_game(answers, rolls=None):
    game = utah_game("utah/night_drop", rolls=rolls, allied=answers)
    division = game.ref("division", "82nd Airborne Division")
    game.perform("place_rally_points", division)
    b = Ref("battalion", "1/505")
    return game, division, b, game.attr(b, "rally_point").id


@pytest.mark.parametrize("how, column, face", [("as_is", 0, "back"), ("column", 1, "back")])
def test_3_4_3_4_b_a_returned_straggler_placed_in_column(how, column, face):
    """utah:3.4.3(4)#2: "Units from the Straggler box may be placed on the Rally Point
    mounted and/or in Column" — a paratroop company (no transport) in Column or not."""
    game, division, b, rally = recovery_game({"spend_recovery_point": [PARA, "keep"],
                                              "straggler_placement": how})
    a = unit(game, PARA, "44.030")
    game.place(PARA, None)
    game.set_initial(a, "in_straggler_box", 1)
    game.set_initial(b, "recovery_points", 1)
    game.perform("spend_recovery_points", division)
    assert (game.attr(a, "hex"), game.attr(a, "column"), game.attr(a, "face")) == \
        (rally, column, face)


def test_3_4_3_4_b_a_returned_straggler_placed_mounted_and_in_column():
    """utah:3.4.3(4)#2: "mounted and/or in Column" — a Unit with Organic Transport (its
    back side, PROVISIONAL for the test) may come back mounted, and in Column; no
    Opportunity Fire (3.4.3(4)#6)."""
    game, division, b, rally = recovery_game({"spend_recovery_point": ["C/1/505", "keep"],
                                              "straggler_placement": "mounted_column"})
    entry = game.state.catalog["unit"]["C/1/505"]
    entry["back_kind"] = "transport"
    entry["faces"]["back"] = dict(entry["faces"]["front"], movement=8, movement_class="wheeled")
    c = unit(game, "C/1/505", "44.030")
    game.place("C/1/505", None)
    game.set_initial(c, "in_straggler_box", 1)
    game.set_initial(b, "recovery_points", 1)
    game.perform("spend_recovery_points", division)
    assert (game.attr(c, "hex"), game.attr(c, "face"), game.attr(c, "column")) == \
        (rally, "back", 1)
    assert game.events("fire_resolved") == []


def test_3_4_3_4_d_a_step_restored_in_the_middle_of_a_move():
    """utah:3.4.3(4)#4: "SRPs may be spent to bring a two-step Unit back to full strength
    before, during or after that Unit's Division Activation, except while conducting a
    combat action"; utah:3.4.3(4)#5: "a Unit may move to within 3 hexes of its Rally
    Point, receive a SRP for a step, and then continue moving" — offered as the Unit
    enters a hex within 3 during the 82nd's activation, then the move goes on."""
    game, division, b, rally = recovery_game({})
    ring = lambda d: [h for h in game.value("hexes_around", rally, d)             # noqa: E731
                      if game.value("distance", h, rally) == d]
    start = ring(4)[0]
    step3 = next(h for h in game.value("neighbours", start) if h in ring(3))
    step2 = next(h for h in game.value("neighbours", step3) if h in ring(2))
    for h in (start, step3, step2):
        game.state.map.terrain[h] = "clear"
    a = unit(game, PARA, start)
    game.perform("take_step_loss", a)
    assert game.attr(a, "face") == "back"
    game.set_initial(b, "recovery_points", 1)
    game.set_initial(GAME, "active_chit", game.ref("chit", "division:82nd Airborne Division"))
    game.players.players["Allied"].answers.update(
        {"move": [step3, step2, "stop"], "srp_on_the_move": True})
    game.perform("move", [a], "division")
    kinds = [(e.kind, e.data.get("hex")) for e in game.events()
             if e.kind in ("unit_entered_hex", "recovery_point_spent")]
    assert kinds == [("unit_entered_hex", step3), ("recovery_point_spent", None),
                     ("unit_entered_hex", step2)]
    assert (game.attr(a, "hex"), game.attr(a, "face")) == (step2, "front")
    assert game.attr(b, "recovery_points") == 0


def test_3_4_3_4_g_a_leader_waits_in_the_straggler_box_and_comes_back():
    """utah:3.4.3(4)#9: "If a leader does not have a valid Unit to stack with, per Series
    Rules 21.2 and 21.3, and still has Units in the Straggler Box, he is moved to the
    Straggler Box"; utah:3.4.3(4)#10: "He returns during a subsequent leader movement
    phase once there is a legal Unit to stack with on the map" — A/1/505, the only
    company of the 505th on the map, eliminated with B/1/505 in the Straggler box; B comes
    back on the Rally Point, and the next transfer of Leaders puts him with it."""
    game, division, b, rally = recovery_game({"spend_recovery_point": ["B/1/505", "keep"],
                                              "leader_returns_to": "B/1/505"})
    leader = game.ref("leader", "CO 505th PIR")
    a = unit(game, PARA, "44.030")
    game.place("CO 505th PIR", "44.030", "leader")
    straggler = game.ref("unit", "B/1/505")
    game.set_initial(straggler, "in_straggler_box", 1)
    game.perform("take_step_loss", a)
    game.perform("take_step_loss", a)                               # eliminated
    assert not game.attr(a, "on_map")
    assert not game.attr(leader, "on_map")
    assert game.attr(leader, "leader_in_straggler_box") == 1
    assert game.attr(leader, "formation_lost") == 0
    game.perform("transfer_leader", leader)                         # no Unit yet: stays
    assert not game.attr(leader, "on_map")
    game.set_initial(b, "recovery_points", 1)
    game.perform("spend_recovery_points", division)
    assert game.attr(straggler, "hex") == rally
    assert not game.attr(leader, "on_map")                          # not at once
    game.perform("transfer_leader", leader)
    assert (game.attr(leader, "hex"), game.attr(leader, "leader_in_straggler_box")) == \
        (rally, 0)


def test_3_4_3_4_g_without_stragglers_the_series_rule():
    """utah:3.4.3(4)#9: only a Leader who "still has Units in the Straggler Box" goes there;
    with none, the series' 21.3 takes him off the map with his Formation."""
    game, division, b, rally = recovery_game({})
    leader = game.ref("leader", "CO 505th PIR")
    a = unit(game, PARA, "44.030")
    game.place("CO 505th PIR", "44.030", "leader")
    game.perform("take_step_loss", a)
    game.perform("take_step_loss", a)
    assert not game.attr(leader, "on_map")
    assert (game.attr(leader, "leader_in_straggler_box"), game.attr(leader, "formation_lost")) \
        == (0, 1)
