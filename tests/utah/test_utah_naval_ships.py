"""Ships on the Naval Display (utah:4.4, 4.6 steps 2, 7, 8, 4.7.1, 4.7.2;
docs/utah_nis.md): the ships' range and spotting, their Indirect Fire, the
LCSs and LCRs, the Coastal Batteries' fire at ships, the Assault Force markers
moved as pieces and the ships' moves; errata 4.4.4(c) on and off.  Every ship's
number is PROVISIONAL (games/utah/units/naval.yaml); the dice are scripted."""

from __future__ import annotations

from pathlib import Path


from utah_games import unit, utah_game

HERE = Path(__file__).resolve().parent
NAVAL = str(HERE / "scenarios" / "naval_test.yaml")
WN = "5./II./Gren 1057"
OTHER = "6./II./Gren 1057"


def game_with(rolls=None, allied=None, as_printed=False, axis=None):
    game = utah_game(NAVAL, rolls=rolls, allied=allied, as_printed=as_printed)
    if axis:
        from kriegsspiel.core.players import KeyedPlayer
        game.players.players["Axis"] = KeyedPlayer(axis)
    return game


def ship(game, name="USS Tuscaloosa"):
    return game.ref("unit", name)


def battery(game, hex_id="30.027", fire_range=40):
    ref = unit(game, WN, hex_id)
    entry = game.state.catalog["unit"][WN]
    entry.setdefault("tags", []).append("coastal_battery")
    entry["faces"]["front"].update(fire_rating=4, weapon_class="EMPLACED", fire_range=fire_range)
    return ref


def wn(game, hex_id):
    ref = unit(game, WN, hex_id)
    game.state.catalog["unit"][WN].setdefault("tags", []).append("wn")
    return ref


def naval_chit(game):
    return game.ref("chit", "naval:Allied")


# ---- 4.4.1, 4.4.4(a): where a ship is and its range ------------------------------------

def test_4_4_1_ships_live_in_a_range_box_of_an_assault_force():
    """utah:4.4 (Assault Forces), utah:4.4.1#1-3: every ship lives in a range box of an
    Assault Force and is part of that force (the scenario's Naval Display: Tuscaloosa in UtS's Medium box)."""
    game = game_with()
    assert (game.value("ship_force", ship(game)), game.value("ship_box", ship(game))) == \
        ("UtS", "medium")
    assert not game.attr(ship(game), "on_map")
    assert {r.id for r in game.value("ships")} == {"USS Nevada", "USS Tuscaloosa",
                                                   "HMS Black Prince", "USS Corry"}


def test_4_4_4_a_a_ship_is_in_range_counting_from_the_target_to_its_own_marker():
    """utah:4.4.4#5-7, utah:4.7.1#4-6: hexes from the target to the ship's own Assault
    Force marker (20.025) plus its box's number (Medium 20): 30.027 is 10 + 20 = 30,
    within the Tuscaloosa's 40 (PROVISIONAL); 40.027 is 20 + 20 = 40, in; beyond is out."""
    game = game_with()
    assert game.value("ship_range", ship(game), "30.027") == 30
    assert game.value("ship_in_range", ship(game), "30.027")
    corry = ship(game, "USS Corry")                   # Short box (10), range 25
    assert game.value("ship_range", corry, "30.027") == 20
    assert not game.value("ship_in_range", corry, "40.027")


# ---- 4.4.4(b), (c), 4.7.1: spotting and the shot ----------------------------------------

def test_4_4_4_b_a_ship_self_spots_a_coastal_battery_and_fires_indirect_he():
    """utah:4.4.4#1-4, utah:4.4.4#8, utah:4.4.4#10, utah:4.7.1#3, utah:4.7.1#7:
    a ship always self-spots a Coastal Battery in range and conducts normal Indirect Fire
    (HE: its Fire Rating plus the target's modifiers, the CRT's IHE line, a Barrage): no
    contact roll."""
    game = game_with(rolls=[2], allied={"ship_fires": True, "ship_target": WN})
    target = battery(game)
    assert game.value("ship_self_spots", ship(game), target)
    game.perform("ship_fires", ship(game))
    assert game.events("ship_contact_roll") == []
    fired = game.events("naval_fire")[-1].data
    assert (str(fired["firer"]), fired["roll"], fired["hit"]) == ("USS Tuscaloosa", 2, True)
    assert fired["result"] is not None
    assert [e.data["hex"] for e in game.events("barrage_placed")] == ["30.027"]


def test_4_4_4_a_ships_nine_is_no_fire_and_no_barrage():
    """utah:4.4.4#3 ("normal Indirect Fire"): as the series' 16.5, a nine is no fire at
    all: no result and no Barrage."""
    game = game_with(rolls=[9], allied={"ship_fires": True, "ship_target": WN})
    battery(game)
    game.perform("ship_fires", ship(game))
    assert game.events("naval_fire")[-1].data["hit"] is False
    assert game.events("barrage_placed") == []


def test_4_4_4_b_a_wn_in_sight_of_an_uncleared_beach_is_self_spotted():
    """utah:4.4.4#9, utah:4.7.1#8: a Wn in range and in the Line of Sight of a Beach hex of
    an uncleared Beach is self-spotted; once the Beach is cleared, it is not."""
    game = game_with()
    game.state.map.terrain["21.024"] = "beach"
    target = wn(game, "23.024")
    assert game.value("ship_self_spots", ship(game), target)
    beach = game.value("beach_overlays")[0]
    game.set_initial(beach, "beach_cleared", 1)
    assert not game.value("ship_self_spots", ship(game), target)


def spotter_game(rolls, as_printed=False):
    game = game_with(rolls=rolls, as_printed=as_printed,
                     allied={"ship_fires": True, "ship_target": OTHER, "ship_spotter": "A/1/8"})
    target = unit(game, OTHER, "30.040")
    spotter = unit(game, "A/1/8", "30.041")
    game.place("CO 8th IR", "30.041", "leader")
    return game, target, spotter


def test_4_4_4_c_a_spotter_and_a_contact_roll_of_6_or_less():
    """utah:4.4.4#11-16, utah:4.7.1#9-11, utah:errata:4.4.4(c): another target needs an
    In Command spotter in sight of it and a contact roll against 6: a 6 makes contact and
    the ship fires; a 7 does not, and the ship is done; contact is rolled at every shot."""
    game, target, spotter = spotter_game([6, 9, 7])
    assert not game.value("ship_self_spots", ship(game), target)
    assert [r.id for r in game.value("ship_spotters", ship(game), target)] == ["A/1/8"]
    game.perform("ship_fires", ship(game))
    contact = game.events("ship_contact_roll")[-1].data
    assert (contact["roll"], contact["contact"]) == (6, True)
    assert len(game.events("naval_fire")) == 1
    game.perform("ship_fires", ship(game))          # the next shot rolls anew
    assert len(game.events("ship_contact_roll")) == 2

    game, target, spotter = spotter_game([7])
    game.perform("ship_fires", ship(game))
    assert game.events("ship_contact_roll")[-1].data["contact"] is False
    assert game.events("naval_fire") == []


def test_errata_4_4_4_c_who_may_spot_for_ships():
    """utah:4.4.4#12 as printed ("Any non-American airborne, In Command Unit"): only a
    non-American airborne Unit — none in this game — so a 4th Division company may not;
    utah:errata:4.4.4(c): any In Command Unit but the American airborne divisional
    Units — the 4th's company may, an 82nd Airborne company may not."""
    game, target, spotter = spotter_game([], as_printed=True)
    assert game.value("ship_spotters", ship(game), target) == []
    assert game.value("ship_targets", ship(game)) == []
    game, target, spotter = spotter_game([])
    assert [r.id for r in game.value("ship_spotters", ship(game), target)] == ["A/1/8"]
    assert game.value("may_spot_for_ships", spotter)
    # the same company made an 82nd Airborne one
    game.state.catalog["unit"]["A/1/8"]["tags"] = ["airborne"]
    game.state.catalog["unit"]["A/1/8"]["division"] = "82nd Airborne Division"
    assert game.value("american_airborne", spotter)
    assert not game.value("may_spot_for_ships", spotter)


# ---- 4.4.5, 4.4.6: LCRs and LCSs ---------------------------------------------------------

def test_4_4_5_lcrs_fire_on_the_first_naval_chit_only_and_are_removed():
    """utah:4.4.5#1-7, utah:4.7.1#2, utah:4.7.1#16-18, utah:4.1.7#2-4: on the 0700, 6
    June turn's first
    Naval Chit the LCR fires at a target it self-spots, with only positive modifiers, no
    Company Bonus and no Barrage, and is removed from play; at any other time it does not."""
    game = game_with(rolls=[1], allied={"ship_fires": True, "ship_target": WN})
    target = battery(game)
    lcr = ship(game, "LCT(R) 1")
    game.perform("close_craft_fires", lcr)
    fired = game.events("naval_fire")[-1].data
    rating = game.value("lcr_rating", lcr, target)
    assert all(t["amount"] > 0 for t in rating.terms)
    assert (str(fired["firer"]), fired["roll"]) == ("LCT(R) 1", 1)
    assert game.attr(lcr, "eliminated")
    assert game.events("barrage_placed") == []
    assert [str(e.data["lcr"]) for e in game.events("lcr_spent")] == ["LCT(R) 1"]
    assert not game.value("lcrs_may_fire")      # the scenario starts on 5 June, 2100


def test_4_4_6_an_lcs_fires_at_the_beach_defenses_as_a_landing_craft_or_at_a_unit():
    """utah:4.4.6#1-6, utah:4.7.1#12-15: an LCS fires at the Beach Defenses as a "Landing
    Craft" (PROVISIONAL table: a 0 reduces the Nests) or at a Unit it self-spots, with the
    Direct Fire modifiers but range; never once the overlay is gone."""
    game = game_with(rolls=[0], allied={"lcs_fires_at_beach_defenses": True})
    lcs = ship(game, "LCS(L) 1")
    game.perform("close_craft_fires", lcs)
    fired = game.events("beach_defense_fire")[-1].data
    assert (fired["group"], fired["result"]) == ("landing_craft", "nests")
    game = game_with(rolls=[1], allied={"lcs_fires_at_beach_defenses": False,
                                        "ship_fires": True, "ship_target": WN})
    battery(game)  # the WN on the map, a coastal battery: the ship's target
    game.perform("close_craft_fires", ship(game, "LCS(L) 1"))
    assert str(game.events("naval_fire")[-1].data["target"]) == WN
    assert not game.attr(ship(game, "LCS(L) 1"), "eliminated")
    beach = game.value("beach_overlays")[0]
    game.set_initial(beach, "overlay_removed", 1)
    assert game.value("close_craft_targets", ship(game, "LCS(L) 1")) == []


# ---- 4.4.7, 4.7.2: Coastal Batteries at ships --------------------------------------------

def test_4_7_2_a_coastal_battery_sinks_a_ship_in_range():
    """utah:4.4.7#3-5, utah:4.4.7#10, utah:4.4.7#14-16, utah:4.7.2#2, utah:4.7.2#4,
    utah:4.7.2#7-12: in step 3 a battery fires at a ship within its hexes to the ship's
    marker plus its box (10 + 30 = 40 to the Long box); the only modifier is the ship's
    Defense (Nevada +2, PROVISIONAL), armored, black line; Effective Fire sinks it."""
    game = game_with(rolls=[1], axis={"coastal_battery_fires": True,
                                      "coastal_battery_target": "USS Nevada"})
    gun = battery(game)
    nevada = ship(game, "USS Nevada")
    assert game.value("battery_ship_range", gun, nevada) == 40
    assert nevada in game.value("coastal_battery_targets", gun)
    game.perform("coastal_battery_defensive_fire")
    fired = game.events("coastal_battery_fire")[-1].data
    assert (fired["rating"], fired["roll"], fired["effective"]) == (6, 1, True)
    assert game.attr(nevada, "eliminated")
    assert game.events("barrage_placed") == []
    # utah:4.4.7#7-8: a special function, apart from the battery's normal Activation:
    # nothing of the battery's own changes (no contact, no fired or activated marker).
    assert not [e for e in game.events("track_changed") if str(e.data["entity"]) == f"unit:{WN}"]
    assert not [e for e in game.events("link_changed") if str(e.data["entity"]) == f"unit:{WN}"]


def test_4_7_2_a_ship_out_of_range_is_no_target():
    """utah:4.7.2#3: 10 hexes + the Long box's 30 is beyond a range of 39;
    utah:4.4.7#1-2: a Coastal Battery is the Unit tagged coastal_battery (the black Fire
    Rating), an Emplaced gun; utah:4.4.7#6: never at Landing Craft (the LCS) on the Naval
    Display."""
    game = game_with()
    gun = battery(game, fire_range=39)
    assert ship(game, "USS Nevada") not in game.value("coastal_battery_targets", gun)
    assert ship(game, "USS Tuscaloosa") in game.value("coastal_battery_targets", gun)
    assert ship(game, "LCS(L) 1") not in game.value("coastal_battery_targets", gun)


# ---- 4.6 steps 7 and 8: the markers and the ships move -----------------------------------

def test_4_6_step_7_the_allied_player_moves_an_assault_force_marker():
    """utah:4.4.3#1-4, utah:4.4.1#4, utah:4.6#15-17: step 7 moves UtS's marker to a hex of
    its Sector
    (here a Beach hex, the overlay being in place); ranges count from it afterwards."""
    game = game_with(allied={"assault_force_marker_hex": "21.024"})
    game.state.map.terrain["21.024"] = "beach"
    assert "21.024" in game.value("assault_force_marker_hexes", "UtS")
    game.perform("move_assault_force_markers")
    moved = game.events("assault_force_marker_moved")[-1].data
    assert (moved["force"], moved["origin"], moved["destination"]) == \
        ("UtS", "20.025", "21.024")
    assert game.value("assault_force_marker_hex", "UtS") == "21.024"
    assert game.value("ship_range", ship(game), "21.024") == 20


def test_4_6_step_8_ships_move_within_their_assault_force():
    """utah:4.4.2#1-4, utah:4.6#18-20: a lettered ship moves to another range box of its
    force; utah:4.6#21-23: an asterisk ship (Nevada) may not change Assault Group in Utah
    Beach alone."""
    game = game_with(allied={"ship_box": "short"})
    game.perform("move_ships")
    assert game.value("ship_box", ship(game)) == "short"
    assert {str(e.data["ship"]) for e in game.events("ship_moved")} == \
        {"USS Nevada", "USS Tuscaloosa", "HMS Black Prince"}
    assert game.value("ship_forces", ship(game, "USS Nevada")) == ["UtS"]


def test_4_6_the_nsop_runs_steps_2_3_4_7_8_in_order():
    """utah:4.6#1, utah:4.6#5-8, utah:4.6#15, utah:4.6#18, utah:4.7.1#1: the Naval Chit's
    play runs the bombardment (the ships, then the LCSs, each the Allied player's to
    fire), the Coastal Battery fire, the landing, the markers' and the ships' moves."""
    game = game_with(allied={"ship_fires": False, "lcs_fires_at_beach_defenses": False,
                             "ship_box": "medium", "assault_force_marker_hex": "20.025"})
    battery(game)
    game.perform("naval_sequence_of_play", naval_chit(game))
    asked = [d.data["key"] for d in game.events("decision")]
    assert asked.count("ship_fires") == 5           # four ships and the LCS (no LCR now)
    assert asked.index("ship_fires") < asked.index("lcs_fires_at_beach_defenses")
    steps = [e.data["step"] for e in game.events("naval_step")]
    assert steps == ["check_gaps", "ships_fire", "shore_fires", "landing",
                     "loading_to_landing_wave", "en_route_to_loading",
                     "move_assault_force_markers", "move_ships"]


# ---- the turn log -------------------------------------------------------------------------

def test_the_turn_log_shows_the_naval_chit_its_steps_and_the_fire():
    """utah:4.6#1, utah:4.7.1#3, utah:4.7.2#2: `ks play`'s log reads the Naval Chit's play —
    each NSoP step by its printed title, a ship's shot, a battery's shot at a ship, the
    markers' and the ships' moves — their declarations' `says` and the module's
    ks_describe_event."""
    from kriegsspiel.tools.play import describe
    game = game_with(rolls=[9, 9], allied={"ship_fires": True, "ship_target": WN,
                                           "lcs_fires_at_beach_defenses": False,
                                           "ship_box": "short",
                                           "assault_force_marker_hex": "20.025"},
                     axis={"coastal_battery_fires": True,
                           "coastal_battery_target": "USS Corry"})
    battery(game)
    # only the Corry on the display
    game.state.catalog["effect"] = {k: v for k, v in game.state.catalog["effect"].items()
                                    if not (v["kind"] == "naval_display" and
                                            v["box"] != "short")}
    game.perform("naval_sequence_of_play", naval_chit(game))
    turns = [t["label"] for t in game.state.catalog["game"]["game"]["turns"]]
    log = [describe(e, turns, program=game.program) for e in game.events()]
    lines = [line for line in log if line]
    assert "  Naval Chit: the Naval Sequence of Play" in lines
    assert "   NSoP 2. Ships Fire at Shore" in lines
    assert "   NSoP 8. Move Ships" in lines
    assert f"    USS Corry fires at {WN}: rating" in "\n".join(lines)
    assert f"    {WN} fires at USS Corry: rating" in "\n".join(lines)
