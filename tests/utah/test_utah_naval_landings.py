"""The landings of the Naval Invasion System sentence by sentence (utah:4.1.7,
4.5.1, 4.5.4, 4.5.5, 4.7.3; docs/utah_nis.md): the Allied player's order of
landings, passengers landing in Column or mounted, a Landing Craft's damage, loss
and reuse, the DD Tank's Second Action, and the ships on the Naval Chit (always In
Command, firing in the Allied player's order).  The dice are scripted; every
Landing Craft and ship number is PROVISIONAL."""

from __future__ import annotations

import pytest

from test_utah_abandoned_transport import motorize
from test_utah_naval import DD_TANK, NAVAL, naval_chit, overlay

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.rulebook import ExtraRules
from kriegsspiel.engine.starting import start

GRENADIER = "5./II./Gren 1057"


def craft_game(rolls, axis=None, allied=None, extra=(), as_printed=False):
    """The naval test scenario emptied, the Planned area's Uncle Red hex 21.024 a
    Beach hex, and 1/8's A and B companies in one Landing Craft in Uncle Red's
    Landing Wave box (B aboard A's craft)."""
    game = start(NAVAL, Table({"Allied": KeyedPlayer({"landing_craft_fires": False,
                                                      **(allied or {})}),
                               "Axis": KeyedPlayer({"nests_at_landing_craft": False,
                                                    "nests_at_landed_unit": False,
                                                    **(axis or {})})}),
                 dice=Dice(0), extra=extra, options=["as-printed"] if as_printed else [])
    for unit_id in list(game.state.placement):
        kind = "leader" if unit_id in game.state.catalog["leader"] else "unit"
        game.place(unit_id, None, kind)
    game.dice.__dict__.update(Dice(script=rolls).__dict__)
    game.state.catalog["effect"][overlay(game).id]["area"] = "planned"
    game.state.map.terrain["21.024"] = "beach"     # the Sub-Beach's one hex on the map
    lead, other = game.ref("unit", "A/1/8"), game.ref("unit", "B/1/8")
    for u in (lead, other):
        game.set_initial(u, "landing_wave", 2)
        game.set_initial(u, "landing_craft", 1)
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
    utah:4.5.1#3-4: the Allied player picks any of them, whatever its Sub-Beach, lands
    it and completes its Actions before the next (the only Sub-Beach with its hexes on
the test map is Uncle Red); utah:4.7.3#5: once all have landed,
    step 5 of the NSoP follows (a Unit in the Loading box is loaded after them)."""
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
    all go from the Loading box into one Landing Wave box."""
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
    land mounted (its Vehicle side), in any combination."""
    game, (lead, other) = craft_game([5], allied={"land_in_column": True,
                                                  "land_mounted": True})
    motorize(game, "B/1/8")
    game.perform("landing_craft_landing", [lead, other], overlay(game), "21.024")
    assert (game.attr(lead, "column"), game.attr(lead, "face")) == (1, "front")
    assert (game.attr(other, "column"), game.attr(other, "face")) == (0, "back")
    assert [d["subject"] for d in decisions(game, "land_in_column")] == ["A/1/8"]
    assert [d["subject"] for d in decisions(game, "land_mounted")] == ["B/1/8"]
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
    leaves it afloat)."""
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
