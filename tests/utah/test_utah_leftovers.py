"""Sentences of sections otherwise played that the engine already did without a test
naming them: Roads over Ridges (utah:2.2.2#10), getting in and out of Column on
Raised and Sunken Roads (utah:2.3.3, utah:2.3.5), and spending Straggler Recovery
Points (utah:3.4.3(4))."""

from __future__ import annotations

import pytest
from utah_games import INFANTRY, unit, utah_game

from kriegsspiel.core.state import Ref


@pytest.fixture
def game():
    return utah_game(allied={"move": ["enter_column", "stop"]})


def test_2_2_2_a_column_on_a_road_crosses_a_ridge_at_the_road_rate(game):
    """utah:2.2.2#10: "When any Unit is in Column and using a Road to cross the Ridge
    hexside, then use standard Road movement rates" — not the whole allowance."""
    leg = unit(game, INFANTRY, "36.043", column=1)
    allowance = game.value("movement_allowance", leg)
    assert game.value("half_point_cost", leg, "36.043", "37.043") == 2 * allowance
    game.state.map.roads[frozenset(("36.043", "37.043"))] = {"road"}
    assert game.value("half_point_cost", leg, "36.043", "37.043") == 1


@pytest.mark.parametrize("hex_id, along, off", [("37.050", "36.050", "37.049"),
                                                 ("33.048", "32.048", "33.047")])
def test_column_on_raised_and_sunken_roads(hex_id, along, off):
    """utah:2.3.3#18, utah:2.3.5#17: "A Leg Unit not in Column in a Raised [Sunken]
    Road/Railroad hex may get in Column for 1 movement point"; utah:2.3.3#19,
    utah:2.3.5#18: it gets off by leaving Column, "one movement point or ... a Cohesion
    Hit"; utah:2.3.5#19: "Once the Leg Unit is not in Column, it may leave the Sunken
    Road/Railroad hex by any hexside"."""
    game = utah_game(allied={"move": ["enter_column", "stop"]})
    for h in (hex_id, along, off):
        game.state.map.terrain[h] = "clear"
    leg = unit(game, INFANTRY, hex_id)
    assert game.value("raised_hex", hex_id) or game.value("sunken_hex", hex_id)
    game.perform("move", [leg], "formation")
    [changed] = [e for e in game.events("track_changed")
                 if e.data["track"] == "half_points_left" and e.data["old"] > 0][:1]
    assert changed.data["old"] - changed.data["new"] == 2          # 1 movement point
    assert game.attr(leg, "column") == 1
    assert game.value("half_point_cost", leg, hex_id, off) is None  # in Column: along only
    game.set_initial(leg, "half_points_left", 10)
    choices = game.value("move_choices", [leg], "formation", True, False)
    assert "leave_column" in choices and "leave_column_by_cohesion_hit" in choices
    game.set_initial(leg, "column", 0)
    assert game.value("half_point_cost", leg, hex_id, off) is not None


def test_3_4_3_4_several_points_on_one_unit_and_combat_losses():
    """utah:3.4.3(4)#1: "More than one SRP can be spent on a given Unit during an
    Activation to bring it from the Straggler box to the map at reduced strength and
    then to bring it back to full strength, as long as all other Units in the battalion
    are at least at 1/2 strength"; utah:3.4.3(4)#7: "Units eliminated in combat may not
    be brought back"; utah:3.4.3(4)#8: a two-step Unit that lost a step in combat may
    be restored; utah:3.4.3(4)#3: a returned Unit may act in the Activation."""
    game = utah_game("utah/night_drop", allied={"spend_recovery_point": ["A/1/505", "A/1/505",
                                                                         "keep"]})
    b = Ref("battalion", "1/505")
    division = game.ref("division", "82nd Airborne Division")
    game.perform("place_rally_points", division)
    a = unit(game, "A/1/505", "44.030")
    game.place("A/1/505", None)
    game.set_initial(a, "in_straggler_box", 1)
    game.set_initial(b, "recovery_points", 2)
    game.perform("spend_recovery_points", division)
    assert game.attr(a, "on_map") and game.attr(a, "face") == "front"   # back, then whole
    # utah:3.4.3(4)#3: "eligible to perform an Action pursuant to the Division
    # Activation at any point during the Division Activation".
    assert "move" in game.value("legal_actions", a, "division")
    assert game.attr(b, "recovery_points") == 0
    c = unit(game, "C/1/505", game.attr(b, "rally_point").id)
    game.perform("take_step_loss", c)                                   # a combat loss
    game.set_initial(b, "recovery_points", 1)
    assert [u.id for u in game.value("srp_restores", b)] == ["C/1/505"]
    game.perform("take_step_loss", c)                                   # eliminated
    assert not game.attr(c, "on_map")
    assert game.value("srp_returns", b) == []


def test_16_3_the_bocage_marker_lasts_through_step_3_of_an_assault():
    """utah:16.3#15: "The Bocage marker remains in effect through step 3 of the Assault
    procedure" — a German assaulting out of Bocage is under it for the defenders'
    Opportunity Fire, and loses it before the assault rounds."""
    from utah_games import GRENADIER
    game = utah_game(rolls=[0] * 40, allied={"opportunity_fire": True})
    for h in ("33.046", "33.047"):
        game.state.map.terrain[h] = "hedgerow"
    german = unit(game, GRENADIER, "33.046")
    game.set_initial(german, "bocage", 1)
    unit(game, INFANTRY, "33.047")
    game.perform("assault", [german], "formation")
    kinds = [(e.kind, e.data) for e in game.events()]
    fired = [i for i, (k, d) in enumerate(kinds) if k == "fire_resolved" and d["target"] == GRENADIER]
    left = [i for i, (k, d) in enumerate(kinds) if k == "track_changed" and
            d["track"] == "bocage" and d["new"] == 0]
    rounds = [i for i, (k, d) in enumerate(kinds) if k == "assault_fire_resolved"]
    assert fired and left and fired[0] < left[0]
    assert not rounds or left[0] < rounds[0]
    assert game.attr(german, "bocage") == 0


def test_16_3_bocage_adds_to_the_hedgerow_hex():
    """utah:16.3#10: "That Unit now has all the benefits of the Bocage marker in addition
    to any effects of the Hedgerow hex" — fired on, the Hedgerow's terrain modifier still
    counts, and the Bravery Check reads the Bocage line."""
    from utah_games import GRENADIER
    game = utah_game()
    game.state.map.terrain["33.046"] = "hedgerow"
    german = unit(game, GRENADIER, "33.046")
    firer = unit(game, INFANTRY, "35.046")
    before = game.value("modified_fire_rating", firer, german, "direct", 0, 0)
    game.set_initial(german, "bocage", 1)
    after = game.value("modified_fire_rating", firer, german, "direct", 0, 0)
    terrain = [sum(t["amount"] for t in v.terms if t["name"] == "terrain") for v in (before, after)]
    assert terrain[0] == terrain[1] != 0
    assert game.value("exclusive_assault_marker", german, "bocage")


MINES = """
procedure mine_for_test(hex_id, side: side) @utah:10.1 {
  step lay @utah:10.1 {
    let mined = hex_at(hex_id)
    set mined.minefield = 1
    set mined.mines_of = side
  }
}
"""


def mined_assault_game():
    from kriegsspiel.engine.rulebook import ExtraRules
    from utah_games import GRENADIER
    game = utah_game(extra=(ExtraRules("mines_for_test.ksr", MINES),))
    game.perform("mine_for_test", "33.046", game.ref("side", "Axis"))
    german = unit(game, GRENADIER, "33.046")
    inf = unit(game, INFANTRY, "33.047")
    return game, german, inf


def test_10_2_a_sherman_dozer_halves_the_minefield_s_bravery_cut():
    """utah:10.2#7: "If, however, you have a Sherman Dozer Unit (EN / 70 AR) in the
    Assaulting force, only 1 is subtracted from the Defender's defense strength";
    utah:10.2#8: the benefit holds whichever defender's value the Check reads."""
    game, german, inf = mined_assault_game()
    bravery = game.value("bravery", inf, [inf], "33.046")
    assert sum(t["amount"] for t in bravery.terms if t["name"] == "minefield") == -2
    tank = unit(game, "C/70 Tk", "33.047")
    game.state.catalog["unit"]["C/70 Tk"]["tags"].append("sherman_dozer")
    bravery = game.value("bravery", inf, [inf, tank], "33.046")
    assert sum(t["amount"] for t in bravery.terms if t["name"] == "minefield") == -1
    unit(game, "6./II./Gren 1057", "34.046")
    bravery = game.value("bravery", inf, [inf, tank], "33.046")    # the other's defense too
    assert sum(t["amount"] for t in bravery.terms if t["name"] == "minefield") == -1


def test_10_2_a_minefield_asks_a_bravery_check_of_a_suppressed_hex():
    """utah:10.2#9: "The Minefield marker will cause a bravery check even if the Unit
    being assaulted is suppressed"; utah:10.2#10: then the Check is the assaulting
    Unit's Troop Quality, its defense and markers, and the -2 — no defender's term."""
    game, german, inf = mined_assault_game()
    game.set_initial(german, "suppressed", 1)
    assert not game.value("bravery_needed", inf)                     # no Fire Zone
    assert game.value("bravery_needed_at", inf, "33.046")
    bravery = game.value("bravery", inf, [inf], "33.046")
    names = {t["name"]: t["amount"] for t in bravery.terms}
    assert names.get("minefield") == -2 and not names.get("best_defender")
    plain = utah_game()
    german = unit(plain, "5./II./Gren 1057", "33.046")
    inf = unit(plain, INFANTRY, "33.047")
    plain.set_initial(german, "suppressed", 1)
    assert not plain.value("bravery_needed_at", inf, "33.046")


def test_5_0_nachhuten_with_a_movement_allowance_move_and_act():
    """utah:5.0#7: "some Rearguards and Nachhuten now have movement allowances and can
    have Fire Rating strengths and ranges"; utah:5.0#8: "They may move and activate like
    any other Units" — a counter printing them acts as any Unit, one printing none
    stays where it was made (gts:24.1)."""
    game = utah_game()
    nachhut = "Rearguard 709.Infanterie-Division 1"
    r = unit(game, nachhut, "31.046")
    assert "move" not in game.value("legal_actions", r, "formation")
    game.state.catalog["unit"][nachhut]["faces"]["front"].update(
        movement=4, movement_class="leg", fire_rating=2, weapon_class="SA", fire_range=2)
    assert "move" in game.value("legal_actions", r, "formation")
    unit(game, INFANTRY, "31.048")                                   # in range, in sight
    assert game.value("direct_fire_targets", r)


@pytest.mark.parametrize("hex_id, along, ahead, off", [
    ("37.050", "36.050", "38.050", "37.049"), ("33.048", "32.048", "34.048", "33.047")])
def test_retreats_follow_raised_and_sunken_roads(hex_id, along, ahead, off):
    """utah:2.3.3#10, utah:2.3.5#9: a Vehicle "forced to retreat ... must follow the
    Raised [Sunken] Road/Railroad and if it cannot do so, it is eliminated";
    utah:2.3.3#21, utah:2.3.5#20: so a Leg Unit in Column — running away from an
    Assault (gts:18.7 5A) only along the Road, none left: they surrender."""
    from utah_games import TANK
    game = utah_game()
    for h in (hex_id, along, ahead, off):
        game.state.map.terrain[h] = "clear"
    leg = unit(game, INFANTRY, hex_id, column=1)
    assert set(game.value("run_away_hexes", [leg], off)) == {along, ahead}
    assert game.value("run_away_hexes", [leg], along) == [ahead]
    game.place(INFANTRY, None)
    tank = unit(game, TANK, hex_id, column=1)
    assert game.value("run_away_hexes", [tank], along) == [ahead]
    unit(game, "5./II./Gren 1057", ahead)                            # the way out held
    assert game.value("run_away_hexes", [tank], along) == []
    game.place("C/70 Tk", None)
    leg = unit(game, INFANTRY, hex_id)
    game.set_initial(leg, "column", 0)                                 # out of Column
    assert off in game.value("run_away_hexes", [leg], along)


def with_organic_transport(game):
    entry = game.state.catalog["unit"][INFANTRY]
    entry["back_kind"] = "transport"
    entry["faces"]["back"] = dict(entry["faces"]["front"], movement=8, movement_class="wheeled")


@pytest.mark.parametrize("hex_id, lost", [("37.050", 1), ("33.048", 1), ("35.046", 0)])
def test_vehicles_lost_dismounting_on_raised_and_sunken_roads(hex_id, lost):
    """utah:2.3.3#12, utah:2.3.3#13, utah:2.3.5#12, utah:2.3.5#13: "If a Unit dismounts
    from its Organic Transport while it is on a Raised [Sunken] Road/Railroad, the
    vehicles are lost. Place an Abandoned Transport marker on the Unit after it
    dismounts" — elsewhere nothing is lost."""
    game = utah_game(allied={"move": ["dismount"]})
    with_organic_transport(game)
    game.state.map.terrain[hex_id] = "clear"
    inf = unit(game, INFANTRY, hex_id, column=1)
    game.perform("mount", inf)
    assert game.attr(inf, "face") == "back"
    game.perform("move", [inf], "formation")
    assert game.attr(inf, "face") == "front"
    assert game.attr(inf, "abandoned_transport") == lost


def test_11_2_a_unit_with_organic_transport_ferried_abandons_it():
    """utah:11.2#6: "If a Unit that has Organic transportation uses a Ferry, place an
    Abandoned Transport marker on the Unit"."""
    from kriegsspiel.engine.rulebook import ExtraRules
    move = ExtraRules("move_for_test.ksr", """
procedure move_for_test(unit: unit, hex_id) @utah:2.4.5 {
  step go @utah:2.4.5 { do move_unit(unit, hex_id) }
}
""")
    game = utah_game(rolls=[0], extra=(move,),
                     allied={"engineer_work": "create_ferry", "ferry_site": "30.044"})
    for h in ("29.044", "30.044"):
        game.state.map.terrain[h] = "clear"
    with_organic_transport(game)
    sapper = unit(game, "A/4 Engr", "29.044")
    game.perform("engineer", sapper)
    inf = unit(game, INFANTRY, "29.044", column=1)
    game.perform("move_for_test", inf, "30.044")
    assert game.attr(inf, "abandoned_transport") == 1


def test_2_1_12_no_bocage_in_an_orchard():
    """utah:2.1.12#3: "the Germans cannot build Bocage markers in an Orchard hex" — a
    German in an Orchard, an Orchard and a Hedgerow beside it: only the Hedgerow."""
    from utah_games import GRENADIER
    game = utah_game()
    for h in ("33.046", "33.047"):
        game.state.map.terrain[h] = "orchard"
    game.state.map.terrain["34.046"] = "hedgerow"
    german = unit(game, GRENADIER, "33.046")
    hexes = game.value("bocage_hexes", german)
    assert "34.046" in hexes and "33.046" not in hexes and "33.047" not in hexes
    assert "bocage" in game.value("legal_actions", german, "formation")
    for h in ["33.046"] + game.value("neighbours", "33.046"):
        game.state.map.terrain[h] = "orchard"
    assert game.value("bocage_hexes", german) == []
    assert "bocage" not in game.value("legal_actions", german, "formation")


def test_16_3_no_artillery_park_in_bocage():
    """utah:16.3#8: "Artillery parks cannot be placed in Bocage" — an Orange Unit under a
    Bocage marker is no Park candidate, and the Bocage action is not offered in a Park."""
    from utah_games import GRENADIER
    game = utah_game()
    for side in ("front", "back"):
        game.state.catalog["unit"][GRENADIER]["faces"][side]["weapon_class"] = "IHE"
    game.state.map.terrain["33.046"] = "hedgerow"
    gun = unit(game, GRENADIER, "33.046")
    assert game.value("park_candidate", gun)
    game.set_initial(gun, "bocage", 1)
    assert not game.value("park_candidate", gun)
    game.set_initial(gun, "bocage", 0)
    game.set_initial(gun, "in_artillery_park", 1)
    assert not game.value("may_enter_bocage", gun)


def test_16_3_entering_bocage_mounted_and_in_column():
    """utah:16.3#9: "The Unit can also start the movement action in Column and/or mounted
    and dismount/exit column as part of this action" — it ends dismounted, out of
    Column, under the Bocage marker."""
    from utah_games import GRENADIER
    from kriegsspiel.engine.rulebook import ExtraRules
    flip = ExtraRules("flip_for_test.ksr", """
procedure flip_for_test(u: unit) @utah:16.3 {
  step flip @utah:16.3 { do flip(u) }
}
""")
    game = utah_game(extra=(flip,))
    entry = game.state.catalog["unit"][GRENADIER]
    entry["back_kind"] = "transport"
    entry["faces"]["back"] = dict({k: v for k, v in entry["faces"]["front"].items()
                                   if k != "fire_rating"}, movement_class="wheeled", movement=10)
    game.state.map.terrain["33.046"] = "hedgerow"
    german = unit(game, GRENADIER, "33.046", column=1)
    game.perform("flip_for_test", german)                   # mounted
    assert not game.value("can_fire", german)
    assert "bocage" in game.value("legal_actions", german, "formation")
    game.players.players["Axis"].answers["bocage_hex"] = "33.046"
    game.perform("enter_bocage", german)
    assert (game.attr(german, "face"), game.attr(german, "column"),
            game.attr(german, "bocage")) == ("front", 0, 1)
