"""The landings of the Naval Invasion System sentence by sentence (utah:4.1.7,
4.5.1, 4.5.4, 4.5.5, 4.7.3; docs/utah_nis.md): the Allied player's order of
landings, passengers landing in Column or mounted, a Landing Craft's damage, loss
and reuse, the DD Tank's Second Action, and the ships on the Naval Chit (always In
Command, firing in the Allied player's order).  The dice are scripted; every
Landing Craft and ship number is PROVISIONAL."""

from __future__ import annotations

import pytest

from test_utah_abandoned_transport import motorize
from test_utah_naval import DD_TANK, naval_chit, overlay
from test_utah_naval import craft_game as one_craft_game

from kriegsspiel.engine.rulebook import ExtraRules

GRENADIER = "5./II./Gren 1057"


def craft_game(rolls, axis=None, allied=None, extra=(), as_printed=False):
    """The naval test scenario emptied, the Planned area's Uncle Red hex 21.024 a
    Beach hex, and 1/8's A and B companies in one Landing Craft in Uncle Red's
    Landing Wave box (B aboard A's craft)."""
    game, (lead, other) = one_craft_game(rolls, axis, allied, extra, as_printed)
    game.set_initial(other, "aboard", lead)
    return game, [lead, other]


def remembering(answer, seen):
    """A KeyedPlayer answer that keeps the options it was offered."""
    def decide(decision):
        names = [str(getattr(o, "id", o)) for o in decision.options]
        seen.append(names)
        return decision.options[names.index(answer)] if answer in names else decision.options[0]
    return decide


def decisions(game, key):
    return [d.data for d in game.events("decision") if d.data["key"] == key]


def kinds(game, *wanted):
    return [e.kind for e in game.events() if e.kind in wanted]


def dd_tank_waiting(game, box=1):
    game.state.catalog["unit"][DD_TANK].setdefault("tags", []).append("dd_tank")
    tank = game.ref("unit", DD_TANK)
    game.set_initial(tank, "landing_wave", box)
    return tank


# ---- 4.5.1, 4.7.3: the order of the landings ---------------------------------------

@pytest.mark.parametrize("first", ["A/1/8", DD_TANK])
def test_4_5_1_the_allied_player_lands_one_at_a_time_in_the_order_he_wishes(first):
    """utah:4.5.1#1 (as corrected, every one), utah:4.5.1#2: a Landing Craft (by its
    first passenger) and a DD Tank are the two kinds of landing, both offered;
    utah:4.5.1#3-4: the Allied player picks any of them, in any order, lands it and
    completes its Actions before the next (both wait for Uncle Red: the only Sub-Beach
    with its hexes on the test map); utah:4.7.3#5: once all have landed,
    step 5 of the NSoP follows (a Unit in the Loading box is loaded after them);
    utah:4.1.7#11: the craft takes its Units from the Landing Wave box onto the Beach
    Overlay."""
    offered = []
    game, (lead, other) = craft_game([5, 5], allied={
        "landing_hex": "21.024",
        "dd_tank_acts": True, "action": "pass", "second_action": False,
        "next_landing": remembering(first, offered)})
    tank = dd_tank_waiting(game, box=2)                # Uncle Red, as the craft
    game.set_initial(game.ref("unit", "C/1/8"), "loading_box", 1)
    game.perform("naval_sequence_of_play", naval_chit(game))
    assert offered[0] == ["A/1/8", DD_TANK]
    assert len(offered) == 2 and len(offered[1]) == 1  # each landing once
    order = kinds(game, "sea_state_roll", "landing_craft_attacked", "units_loaded")
    events = game.events()
    tank_acted = [i for i, e in enumerate(events)
                  if e.kind == "decision" and e.data["key"] == "action"][0]
    craft_rolled = [i for i, e in enumerate(events) if e.kind == "landing_craft_attacked"][0]
    if first == DD_TANK:
        assert order == ["sea_state_roll", "landing_craft_attacked", "units_loaded"]
        assert tank_acted < craft_rolled               # its Action done before the craft
    else:
        assert order == ["landing_craft_attacked", "sea_state_roll", "units_loaded"]
        assert tank_acted > craft_rolled
    assert (game.attr(tank, "hex"), game.attr(lead, "hex")) == ("21.024", "21.024")


def test_4_5_1_as_printed_the_allied_player_may_keep_a_landing_waiting():
    """utah:4.5.1#1 as printed: "the Allied player may land all of his Units" — asked
    for each landing, he may leave one in its box (as corrected he must land all:
    utah:errata:4.5.1, test_utah_naval)."""
    game, (lead, other) = craft_game([5], allied={"land_from_landing_wave": [False, True],
                                                  "landing_hex": "21.024"}, as_printed=True)
    tank = dd_tank_waiting(game, box=2)
    game.perform("land_waiting_units", overlay(game))
    assert len(decisions(game, "land_from_landing_wave")) == 2
    assert game.events("landing_craft_landed") == []
    assert game.attr(lead, "landing_wave") == 2
    assert game.attr(tank, "hex") == "21.024"


def test_4_5_1_no_stacking_limit_in_the_landing_wave_boxes():
    """utah:4.5.1#5: "there is no stacking limit in any box on the Naval Display nor in
    the Landing Wave boxes": five Units of ten steps (over the eight of a hex, gts:14.7)
    all go from the Loading box into one Landing Wave box; utah:4.1.7#12: as many
    Landing Craft markers as loads (three: the battalion's, the tank's, the
    engineers')."""
    game, _ = craft_game([])
    names = ["A/1/8", "B/1/8", "C/1/8", "C/70 Tk", "A/4 Engr"]
    for name in names:
        u = game.ref("unit", name)
        game.set_initial(u, "landing_wave", 0)
        game.set_initial(u, "landing_craft", 0)
        game.set_initial(u, "aboard", None)
        game.set_initial(u, "loading_box", 1)
    assert sum(int(game.value("current_steps", game.ref("unit", n))) for n in names) > 8
    game.perform("load_landing_craft")
    assert all(game.attr(game.ref("unit", n), "landing_wave") == 1 for n in names)
    assert len(game.events("units_loaded")) == 3


def test_4_5_4_a_dd_tank_is_loaded_into_no_landing_craft():
    """utah:4.5.4#3: "Landing Craft markers are used to land Units other than DD Tanks":
    step 5 puts a DD Tank in its Landing Wave box with no craft, and step 4 lands it by
    the DD Tank procedure (the Sea State roll), not the craft's."""
    game, passengers = craft_game([5], allied={"landing_hex": "21.024"})
    for u in passengers:
        game.set_initial(u, "landing_wave", 0)
        game.set_initial(u, "landing_craft", 0)
    tank = dd_tank_waiting(game, box=0)
    game.set_initial(tank, "loading_box", 2)
    game.perform("load_landing_craft")
    assert (game.attr(tank, "landing_wave"), game.attr(tank, "landing_craft")) == (2, 0)
    assert game.events("units_loaded") == []
    game.perform("land_waiting_units", overlay(game))
    assert len(game.events("sea_state_roll")) == 1
    assert game.events("landing_craft_attacked") == []


# ---- 4.5.4(4), 4.7.3(1): landing in Column or mounted --------------------------------

def test_4_5_4_4_passengers_land_in_column_if_stacking_allows_or_mounted():
    """utah:4.5.4#18, utah:4.7.3(1)#17-18: each passenger may land in Column where
    normal stacking allows it (one Unit in Column a hex, gts:14.6.2: the second is not
    offered Column), and suffers the Column modifier if attacked after landing (the
    Resistance Nests' target_in_column); utah:4.5.4#19: one with Organic Transport may
    land mounted (its Vehicle side), in any combination (in Column and mounted, or
    either); one without Organic Transport is not asked."""
    game, (lead, other) = craft_game([5], allied={"land_in_column": True,
                                                  "land_mounted": [False, True]})
    motorize(game, "A/1/8")
    motorize(game, "B/1/8")
    game.perform("landing_craft_landing", [lead, other], overlay(game), "21.024")
    assert (game.attr(lead, "column"), game.attr(lead, "face")) == (1, "front")
    assert (game.attr(other, "column"), game.attr(other, "face")) == (0, "back")
    assert [d["subject"] for d in decisions(game, "land_in_column")] == ["A/1/8"]
    assert [d["subject"] for d in decisions(game, "land_mounted")] == ["A/1/8", "B/1/8"]

    game, (lead, other) = craft_game([5], allied={"land_in_column": True,
                                                  "land_mounted": True})
    motorize(game, "A/1/8")
    game.perform("landing_craft_landing", [lead, other], overlay(game), "21.024")
    assert (game.attr(lead, "column"), game.attr(lead, "face")) == (1, "back")
    assert (game.attr(other, "column"), game.attr(other, "face")) == (0, "front")
    assert [d["subject"] for d in decisions(game, "land_mounted")] == ["A/1/8"]
    terms = {t["name"] for t in game.value("resistance_nest_rating", overlay(game),
                                           lead).terms}
    assert "target_in_column" in terms
    assert "target_in_column" not in {
        t["name"] for t in game.value("resistance_nest_rating", overlay(game), other).terms}


def test_4_5_4_4_passengers_land_out_of_column_and_on_foot_unless_the_player_says():
    """utah:4.7.3(1)#17: "Column or not and/or mounted or not": answered no, the
    passengers land as they were, on foot and out of Column."""
    game, (lead, other) = craft_game([5])
    motorize(game, "B/1/8")
    game.perform("landing_craft_landing", [lead, other], overlay(game), "21.024")
    assert [(game.attr(u, "column"), game.attr(u, "face")) for u in (lead, other)] == \
        [(0, "front"), (0, "front")]


# ---- 4.1.7(c), 4.5.4(3): the craft's damage -------------------------------------------

def test_4_1_7_a_craft_converts_an_s_by_a_check_or_a_command_point_without_a_leader():
    """utah:4.1.7#17: "Landing Craft can convert an S result to a C result by passing a
    Troop Quality Check or spending an available Command Point (no leader is
    necessary)": a passed check (3 against 6, PROVISIONAL), or a Command Point of the
    passengers' Division, with no Leader near them; a failed check keeps the S."""
    game, passengers = craft_game([3], allied={"convert_suppression": True,
                                               "buy:landing_craft_check": False})
    assert not game.value("in_command", passengers[0])
    game.perform("landing_craft_result", passengers, "S")
    assert [(game.attr(u, "craft_cohesion_hits"), game.attr(u, "craft_suppressed"))
            for u in passengers] == [(1, 0), (1, 0)]

    game, passengers = craft_game([], allied={"convert_suppression": True,
                                              "buy:landing_craft_check": True})
    division = game.ref("division", "4th Infantry Division")
    game.set_initial(division, "cp", 1)
    game.perform("landing_craft_result", passengers, "S")
    assert game.attr(division, "cp") == 0
    assert game.attr(passengers[0], "craft_cohesion_hits") == 1

    game, passengers = craft_game([8], allied={"convert_suppression": True,
                                               "buy:landing_craft_check": False})
    game.perform("landing_craft_result", passengers, "S")
    assert [game.attr(u, "craft_suppressed") for u in passengers] == [1, 1]


def test_4_1_7_passengers_land_with_the_crafts_step_loss_and_suppression():
    """utah:4.1.7#19-20 (the example): a craft that took a Step Loss and a Suppression
    lands each passenger with a Step Loss and a Suppression; utah:4.1.7#18,
    utah:4.5.4#14: the Suppressed craft still lands them; utah:4.5.4#13: each and every
    passenger suffers the craft's result, a passed S? being none; utah:4.5.4#16: two
    Steps, so one loss leaves it afloat; utah:4.5.4#10: landed from the Landing Wave box
    on the Beach hex."""
    game, passengers = craft_game([3, 5], allied={"convert_suppression": False})
    game.perform("landing_craft_result", passengers, "1")
    game.perform("landing_craft_result", passengers, "S")
    game.perform("landing_craft_result", passengers, "S?")       # 3 passes the check (6)
    assert [game.attr(u, "craft_cohesion_hits") for u in passengers] == [0, 0]
    assert not any(game.attr(u, "eliminated") for u in passengers)
    game.perform("landing_craft_landing", passengers, overlay(game), "21.024")
    for u in passengers:
        assert (game.attr(u, "hex"), game.attr(u, "face"), game.attr(u, "suppressed"),
                game.attr(u, "cohesion_hits"), game.attr(u, "landing_wave")) == \
            ("21.024", "back", 1, 0, 0)


# The CRT is PROVISIONAL: as it stands its Small Arms line never takes a step from
# an armored target, so this test's row lets the Nests and a rifle company's
# Opportunity Fire sink a craft.
SA_STEP_ON_ARMOR = ExtraRules("sa_step_on_armor_for_test.ksr", """
override table crt(weapon: weapon_class, target: target_kind, roll: 0..9) @utah:4.7.3(1) {
  SA, armored, 0 -> "1" @utah:4.7.3(1)
}
""")


@pytest.mark.parametrize("attacker", ["beach_obstacles", "resistance_nests",
                                      "opportunity_fire"])
def test_4_7_3_1_an_eliminated_craft_takes_its_passengers_and_the_next_one_lands(attacker):
    """utah:4.7.3(1)#4, utah:4.7.3(1)#8, utah:4.7.3(1)#12 (the Beach Obstacles, the
    Resistance Nests, Opportunity Fire), utah:4.5.4#12: a craft eliminated takes all
    its passengers and its landing ends there — nothing more is asked of it, the next
    one lands; utah:4.7.3(1)#5, utah:4.7.3(1)#9, utah:4.7.3(1)#13, utah:4.5.4#15: the
    next craft is a recycled marker at full strength (utah:4.1.7#14-15: a step loss
    leaves it afloat); utah:4.1.7#16: the Landing Craft attacked by each of the three;
    utah:4.1.7#21, utah:4.7.3(1)#24, utah:4.5.4#23: after its landing the next craft's marker is
    removed (its passengers stay on the Beach), free for reuse."""
    rolls = {"beach_obstacles": [0, 0],
             "resistance_nests": [5, 0, 0],
             "opportunity_fire": [5, 0, 0, 0]}[attacker]
    game, (lead, other) = craft_game(
        rolls, allied={"landing_hex": "21.024"},
        axis={"nests_at_landing_craft": [attacker == "resistance_nests", False],
              "opportunity_at_landing_craft": [attacker == "opportunity_fire", False]},
        extra=(SA_STEP_ON_ARMOR,))
    for u in (lead, other):
        game.set_initial(u, "craft_step_losses", 1)      # a craft already a step down
    third = game.ref("unit", "C/1/8")
    game.set_initial(third, "landing_wave", 2)
    game.set_initial(third, "landing_craft", 1)
    if attacker == "opportunity_fire":
        game.place(GRENADIER, "22.024")
        assert game.value("direct_fire_class", game.ref("unit", GRENADIER)) == "SA"
    game.perform("land_waiting_units", overlay(game))
    [lost] = game.events("landing_craft_lost")
    assert sorted(str(u) for u in lost.data["passengers"]) == ["A/1/8", "B/1/8"]
    assert all(game.attr(u, "eliminated") for u in (lead, other))
    last = game.events("landing_craft_attacked")[-1].data
    assert (last["by"], last["result"]) == ("beach_obstacles", "1")   # the next craft
    assert game.attr(third, "face") == "back"           # its one step lost, afloat
    assert [d["subject"] for d in decisions(game, "nests_at_landing_craft")] == \
        (["A/1/8", "C/1/8"] if attacker != "beach_obstacles" else ["C/1/8"])
    assert not game.attr(third, "eliminated")
    assert (game.attr(third, "hex"), game.attr(third, "landing_craft")) == ("21.024", 0)


# ---- 4.5.5(3), 4.7.3(2): a just-landed DD Tank's Actions --------------------------------

def dd_landing_game(rolls, allied, leader=True, axis=None):
    game, passengers = craft_game(rolls, allied={"convert_suppression": False, **allied},
                                  axis=axis)
    for u in passengers:
        game.set_initial(u, "landing_wave", 0)
        game.set_initial(u, "landing_craft", 0)
    tank = dd_tank_waiting(game, box=2)
    if leader:
        game.place("CO 8th IR", "21.024", "leader")
    game.set_initial(game.ref("division", "4th Infantry Division"), "cp", 2)
    return game, tank


def test_4_7_3_2_a_dd_tank_in_command_may_take_a_second_action_after_the_nests_again():
    """utah:4.5.5#16, utah:4.7.3(2)#9-10: after its Action a just-landed DD Tank In
    Command and not Suppressed may take a Second Action for a Command Point;
    utah:4.5.5#17, utah:4.7.3(2)#11-12: the Resistance Nests attack it again first, and
    the surviving, unsuppressed tank performs it; utah:4.7.3(2)#14: then the next
    landing.  Both Actions fire at the Beach Defenses (the Nests miss on a 9)."""
    game, tank = dd_landing_game([5, 9, 5, 9],
                                 {"dd_tank_acts": True, "action": ["fire", "move"],
                                  "move": "stop", "fire_at_beach_defenses": True,
                                  "second_action": True})
    division = game.ref("division", "4th Infantry Division")
    game.perform("dd_tank_landing", tank, overlay(game), "21.024")
    assert game.value("in_command", tank)
    assert len(decisions(game, "second_action")) == 1
    assert game.attr(division, "cp") == 1
    assert [d["answer"] for d in decisions(game, "action")] == ["fire", "move"]
    assert [e.kind if e.kind != "decision" else e.data["key"] for e in game.events()
         if e.kind in ("sea_state_roll", "resistance_nest_fire", "beach_defense_fire") or
         (e.kind == "decision" and e.data["key"] == "second_action")] == [
        "sea_state_roll", "resistance_nest_fire", "beach_defense_fire", "second_action",
        "resistance_nest_fire"]


def test_4_7_3_2_out_of_command_no_second_action():
    """utah:4.7.3(2)#9: the Second Action needs the tank In Command: with no Leader in
    range (his Units Out of Command until he lands, 4.5.3) it is not offered, and the
    landing ends after the first Action (utah:4.7.3(2)#10)."""
    game, tank = dd_landing_game([5, 9, 5], {"dd_tank_acts": True, "action": "fire",
                                             "fire_at_beach_defenses": True,
                                             "second_action": True}, leader=False)
    game.perform("dd_tank_landing", tank, overlay(game), "21.024")
    assert not game.value("in_command", tank)
    assert decisions(game, "second_action") == []
    assert len(game.events("resistance_nest_fire")) == 1


def test_4_2_2_the_nests_attack_before_any_opportunity_fire():
    """utah:4.2.2#4: "In all cases, Resistance Nest attacks are made before any
    Opportunity Fire"; utah:4.7.3(2)#8, utah:4.7.3(2)#13: the DD Tank's Action is
    subject to normal Opportunity Fire — entering Column in a German Fire Zone draws it,
    after the Nests' attack."""
    game, tank = dd_landing_game([5, 9, 0, 9], {"dd_tank_acts": True, "action": "move",
                                                "move": ["enter_column", "stop"],
                                                "second_action": False},
                                 axis={"opportunity_fire": True})
    game.place(GRENADIER, "22.024")
    game.perform("dd_tank_landing", tank, overlay(game), "21.024")
    order = kinds(game, "resistance_nest_fire", "fire_resolved")
    assert order == ["resistance_nest_fire", "fire_resolved"]
    assert str(game.events("fire_resolved")[-1].data["target"]) == DD_TANK


def test_4_2_6_firing_at_the_beach_defenses_draws_no_opportunity_fire():
    """utah:4.2.6#7: "this Action does not trigger Opportunity Fire": a tank on the
    Beach in a German Fire Zone fires at the Beach Defenses and no German is asked to
    fire (the Nests, as ever, fire first)."""
    game, tank = dd_landing_game([5, 9, 5], {"dd_tank_acts": True, "action": "fire",
                                             "fire_at_beach_defenses": True,
                                             "second_action": False},
                                 axis={"opportunity_fire": True})
    game.place(GRENADIER, "22.024")
    assert game.value("hex_in_enemy_fire_zone", "21.024", game.attr(tank, "side"))
    game.perform("dd_tank_landing", tank, overlay(game), "21.024")
    assert len(game.events("beach_defense_fire")) == 1
    assert decisions(game, "opportunity_fire") == []
    assert game.events("fire_resolved") == []


# ---- 4.5.3: attached Units are of the Leader's command -----------------------------

def test_4_5_3_attached_units_count_as_the_leaders_formation():
    """utah:4.5.3#6: "attached Units also count as part of a leader's formation and can
    be used for this rule": a Unit of another Formation attached to the Leader
    (gts:21.5) is among those he may ride with; one not attached is not."""
    game, passengers = craft_game([], allied={"leader_rides_with": "A/4 Engr"})
    leader = game.ref("leader", "CO 8th IR")
    game.set_initial(leader, "leader_at_sea", 1)
    stranger = game.ref("unit", "A/4 Engr")
    game.set_initial(stranger, "formation",
                     game.ref("formation", "502nd Parachute Infantry Regiment"))
    game.set_initial(stranger, "landing_wave", 2)

    def names():
        return sorted(str(u) for u in game.value("command_in_landing_wave", leader))
    assert names() == ["A/1/8", "B/1/8"]
    game.set_initial(stranger, "attached_to", leader)
    assert names() == ["A/1/8", "A/4 Engr", "B/1/8"]
    game.perform("load_landing_craft")
    assert str(game.attr(leader, "rides_with")) == "A/4 Engr"


# ---- 4.4.1, 4.1.7: the ships and the LCSs on the Naval Chit ------------------------

def ships_game(rolls=None, allied=None):
    from test_utah_naval_ships import game_with
    return game_with(rolls=rolls, allied=allied)


def test_4_4_1_ships_are_always_in_command():
    """utah:4.4.1#7: "Ships are always considered In Command" — off the map, with no
    Leader: in_command holds, and the Troop Quality Check of its Company Bonus has no
    Out of Command -1 (gts:21.7); an LCS (a Landing Craft, not a ship) is not."""
    game = ships_game()
    ship = game.ref("unit", "USS Tuscaloosa")
    assert game.value("in_command", ship)
    terms = {t["name"] for t in game.value("troop_quality", ship).terms}
    assert "out_of_command" not in terms
    assert not game.value("in_command", game.ref("unit", "LCS(L) 1"))
    ground = game.ref("unit", "A/1/8")
    game.place("A/1/8", "35.044")
    assert not game.value("in_command", ground)        # the series' rule elsewhere


@pytest.mark.parametrize("first", ["LCS(L) 1", "USS Nevada"])
def test_4_7_1_ships_and_lcss_fire_in_the_allied_players_order(first):
    """utah:4.7.1#1 ("in any order"), utah:4.1.7#9: the LCSs fire when the ships fire
    at the shore, in the Allied player's order among them (question next_naval_firer,
    each once); utah:4.1.7#6-7: the LCS in the Close Range box fires at the Beach
    Defenses (PROVISIONAL table: a 0 reduces the Nests)."""
    from test_utah_naval_ships import battery
    offered = []
    game = ships_game(rolls=[0], allied={"next_naval_firer": remembering(first, offered),
                                         "ship_fires": False,
                                         "lcs_fires_at_beach_defenses": True})
    battery(game)
    lcs = game.ref("unit", "LCS(L) 1")
    assert game.value("ship_box", lcs) == "close"
    game.perform("naval_bombardment")
    assert sorted(offered[0]) == sorted(["USS Nevada", "USS Tuscaloosa", "HMS Black Prince",
                                         "USS Corry", "LCS(L) 1"])
    assert [len(o) for o in offered] == [5, 4, 3, 2, 1]
    events = game.events()
    lcs_fired = [i for i, e in enumerate(events) if e.kind == "beach_defense_fire"][0]
    ships_asked = [i for i, e in enumerate(events)
                   if e.kind == "decision" and e.data["key"] == "ship_fires"]
    assert len(ships_asked) == 4
    if first == "LCS(L) 1":
        assert lcs_fired < ships_asked[0]
    else:
        assert ships_asked[0] < lcs_fired


def test_4_1_7_the_lcss_remain_until_the_beach_overlay_is_removed():
    """utah:4.1.7#8: the LCSs "remain in play until the Beach Overlay is removed": they
    stay while it is cleared, and leave the Naval Display when it comes off."""
    game = ships_game()
    lcs = game.ref("unit", "LCS(L) 1")
    beach = game.value("beach_overlays")[0]
    game.set_initial(beach, "beach_cleared", 1)
    assert game.value("on_naval_display", lcs)
    game.perform("remove_cleared_overlays")
    assert [str(e.data["lcs"]) for e in game.events("lcs_withdrawn")] == ["LCS(L) 1"]
    from kriegsspiel.tools.play import describe
    turns = [t["label"] for t in game.state.catalog["game"]["game"]["turns"]]
    assert "    LCS(L) 1 leaves with the Beach Overlay" in [
        describe(e, turns, program=game.program) for e in game.events("lcs_withdrawn")]
    assert not game.value("on_naval_display", lcs)
    assert game.value("on_naval_display", game.ref("unit", "USS Tuscaloosa"))


def test_4_1_7_all_ships_and_landing_craft_are_active_when_the_naval_chit_is_pulled():
    """utah:4.1.7#28: on the Naval Chit every ship is offered its fire, the LCS too, and
    every Landing Craft waiting lands (utah:4.5.4#10-11: landed from its Landing Wave
    box onto the Beach hex, where the Beach Obstacles attack it)."""
    from test_utah_naval_ships import battery
    game = ships_game(rolls=[5], allied={"ship_fires": False,
                                         "lcs_fires_at_beach_defenses": False,
                                         "landing_hex": "21.024", "landing_craft_fires": False})
    battery(game)
    game.state.catalog["effect"][overlay(game).id]["area"] = "planned"
    game.state.map.terrain["21.024"] = "beach"
    for name in ("A/1/8", "B/1/8"):
        u = game.ref("unit", name)
        game.set_initial(u, "landing_wave", 2)
        game.set_initial(u, "landing_craft", 1)
    game.set_initial(game.ref("unit", "B/1/8"), "aboard", game.ref("unit", "A/1/8"))
    game.perform("naval_sequence_of_play", naval_chit(game))
    assert sorted(str(d["subject"]) for d in decisions(game, "ship_fires")) == sorted(
        ["USS Nevada", "USS Tuscaloosa", "HMS Black Prince", "USS Corry", "LCS(L) 1"])
    assert len(decisions(game, "lcs_fires_at_beach_defenses")) == 1
    assert [a.data["by"] for a in game.events("landing_craft_attacked")] == ["beach_obstacles"]
    assert game.attr(game.ref("unit", "A/1/8"), "hex") == "21.024"


# ---- 4.2.6: every Beach Defense but the Sea State to 0 ---------------------------------

@pytest.mark.parametrize("left", [None, "resistance_nests", "beach_obstacles", "gaps"])
def test_4_2_6_obstacles_nests_and_gaps_must_all_be_0_but_not_the_sea_state(left):
    """utah:4.2.6#1: "With the exception of the Sea State number, the other German Beach
    Overlay defenses – Beach Obstacles, Resistance Nests and Gaps – must all be reduced
    to 0 by the Allies before the Beach is secured": one of them left keeps the Beach
    uncleared; the Sea State (2) never does."""
    game, _ = craft_game([])
    beach = overlay(game)
    for defense in ("resistance_nests", "beach_obstacles", "gaps"):
        if defense != left:
            game.perform("reduce_beach_defense", beach, defense, 9)
    game.perform("check_beach_cleared", beach)
    assert game.value("sea_state", beach) == 2
    assert game.attr(beach, "beach_cleared") == (1 if left is None else 0)


# ---- 4.5.4(5): the craft returns fire -------------------------------------------------

def test_4_5_4_5_the_craft_fires_at_a_wn_in_range_and_sight_before_it_goes():
    """utah:4.5.4#21, utah:4.7.3(1)#22: after landing its passengers and before its
    removal the craft may fire at the Beach Defenses or at a Wn, Stp or Coastal Battery
    in range and Line of Sight: Direct Fire with the craft's PROVISIONAL Fire Rating (3,
    Small Arms, range 4) and the target's modifiers; another German Unit is no target
    (utah:4.5.4#2: a marker performing a Unit's Direct Fire)."""
    game, passengers = craft_game([5, 0], allied={"landing_craft_fires": False,
                                                  "landing_craft_fires_at_unit": True})
    wn = game.ref("unit", GRENADIER)
    game.place(GRENADIER, "22.024")
    other = game.ref("unit", "6./II./Gren 1057")
    game.place("6./II./Gren 1057", "23.025")
    side = game.attr(passengers[0], "side")
    assert game.value("landing_craft_targets", "21.024", side) == []
    game.state.catalog["unit"][GRENADIER].setdefault("tags", []).append("wn")
    assert game.value("landing_craft_targets", "21.024", side) == [wn]
    assert other not in game.value("landing_craft_targets", "21.024", side)
    game.perform("landing_craft_landing", passengers, overlay(game), "21.024")
    [fired] = game.events("landing_craft_fire")
    assert (str(fired.data["target"]), fired.data["roll"], fired.data["hit"]) == \
        (GRENADIER, 0, True)
    rating = game.value("landing_craft_fire_rating_at", "21.024", wn)
    assert rating.base == 3 and fired.data["rating"] == int(game.value("capped_rating", rating))
    assert fired.data["result"] is not None
    assert all(game.attr(u, "landing_craft") == 0 for u in passengers)
    from kriegsspiel.tools.play import describe
    turns = [t["label"] for t in game.state.catalog["game"]["game"]["turns"]]
    log = "\n".join(line for line in (describe(e, turns, program=game.program)
                                        for e in game.events()) if line)
    assert f"the Landing Craft in 21.024 fires at {GRENADIER}: rating" in log
