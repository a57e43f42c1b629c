"""The 82nd Airborne Division's extended supply in hypothetical scenarios (utah:17.6)
and 17.3's link-up condition (utah:17.3#11), on the night drop demonstration with the
rule listed among its special rules and its turns moved to later days
(modules/utah/rules/extended_supply.ksr).  The supply zones LZ 4 and LZ 5 lie outside
the demonstration's play area: the tests draw LZ 4 inside it."""

from __future__ import annotations

from utah_games import NIGHT_GRENADIER as GRENADIER, PARATROOPER, unit, utah_game, weather

from kriegsspiel.core.state import Ref

EIGHTY_SECOND = Ref("division", "82nd Airborne Division")
ZONE = ["45.035"]
BEACH = "46.035"


def supply_game(day="1944-06-07", allied=None):
    game = utah_game("utah/night_drop", allied=dict({"supply_drop_zone": "LZ 4"}, **(allied or {})))
    cat = game.state.catalog
    cat["special_rule"]["utah:17.6"] = {}
    cat["zone"]["LZ 4"]["hexes"] = ZONE
    game.state.map.features[BEACH] = [{"kind": "beach_reinforcement"}]
    relabel(game, day)
    weather(game, "clear")
    return game


def relabel(game, day):
    for turn in game.state.catalog["game"]["game"]["turns"]:
        turn["label"] = day + turn["label"][10:]


def tq_term(game, unit_ref):
    value = game.value("troop_quality", unit_ref)
    return sum(t["amount"] for t in value.terms if t["name"] == "extended_supply")


def test_17_6_a_supply_drop_on_the_night_of_7_june():
    """utah:17.6#1, utah:17.6#6, utah:17.6#7: the supply drop is made with the Division
    Activation chit, into LZ 4 or 5 (the Allied player's choice), Mission Indianapolis on
    the Night, 7 June turn; delivered, the zone is open and the Troop Quality whole."""
    game = supply_game()
    assert game.value("turn_label") == "1944-06-07 night"
    assert game.value("supply_mission_due", EIGHTY_SECOND)
    para = unit(game, PARATROOPER, "44.030")
    game.perform("supply_drop_mission", EIGHTY_SECOND)
    [drop] = game.events("supply_drop")
    assert (drop.data["mission"], drop.data["zone"], drop.data["closed"]) == \
        ("Mission Indianapolis", "LZ 4", False)
    assert tq_term(game, para) == 0
    assert not game.value("supply_mission_due", EIGHTY_SECOND)     # one a night
    off = utah_game("utah/night_drop")                              # not hypothetical
    relabel(off, "1944-06-07")
    assert not off.value("supply_mission_due", EIGHTY_SECOND)


def test_17_6_a_german_in_the_zone_closes_it():
    """utah:17.6#2, utah:17.6#4: "If a German Unit occupies a hex in the Division's supply
    Drop Zone at the time of the supply drop, the Supply Drop Zone is closed"; closed,
    every Unit of the 82nd is at -1 Troop Quality until the next delivered drop;
    utah:17.6#8: the next night Mission Jackson."""
    game = supply_game()
    para = unit(game, PARATROOPER, "44.030")
    unit(game, GRENADIER, ZONE[0])
    game.perform("supply_drop_mission", EIGHTY_SECOND)
    assert game.events("supply_drop")[-1].data["closed"]
    assert tq_term(game, para) == -1
    game.place(GRENADIER, None)
    relabel(game, "1944-06-08")
    game.set_initial(EIGHTY_SECOND, "supply_mission_flown_tonight", 0)
    game.perform("supply_drop_mission", EIGHTY_SECOND)
    drop = game.events("supply_drop")[-1]
    assert (drop.data["mission"], drop.data["closed"]) == ("Mission Jackson", False)
    assert tq_term(game, para) == 0


def test_17_6_storm_delays_and_closes():
    """utah:17.6#3: closed "on any turn the weather is Storm"; utah:17.6#12: "If a Storm
    occurs, then the supply missions get delayed a day" — the mission is still to fly;
    utah:17.6#9, utah:17.6#10, utah:17.6#13: four missions in all (Lubbock, Memphis
    after)."""
    game = supply_game()
    para = unit(game, PARATROOPER, "44.030")
    weather(game, "storm")
    game.perform("supply_drop_mission", EIGHTY_SECOND)
    assert game.events("supply_drop")[-1].data["closed"] and tq_term(game, para) == -1
    assert game.attr(EIGHTY_SECOND, "supply_missions_flown") == 0
    weather(game, "clear")
    flown = []
    for night in ("1944-06-08", "1944-06-09", "1944-06-10", "1944-06-11", "1944-06-12"):
        relabel(game, night)
        game.set_initial(EIGHTY_SECOND, "supply_mission_flown_tonight", 0)
        if game.value("supply_mission_due", EIGHTY_SECOND):
            game.perform("supply_drop_mission", EIGHTY_SECOND)
            flown.append(game.events("supply_drop")[-1].data["mission"])
    assert flown == ["Mission Indianapolis", "Mission Jackson", "Mission Lubbock",
                     "Mission Memphis"]


def test_17_6_a_chit_not_pulled_closes_the_zone():
    """utah:17.6#3: closed on any turn "the Division Activation chit is not pulled" — the
    mission due that night is gone."""
    game = supply_game()
    para = unit(game, PARATROOPER, "44.030")
    game.perform("cleanup_phase")
    drop = game.events("supply_drop")[-1]
    assert drop.data["closed"] and drop.data["reason"] == "the chit was not pulled"
    assert tq_term(game, para) == -1
    assert game.attr(EIGHTY_SECOND, "supply_missions_flown") == 1


def test_17_6_link_up_ends_it_all_and_17_3_supply():
    """utah:17.6#5: the penalty lasts until the next supply drop "or there is a path of
    continuous Road hexes from the Supply Drop Zone to the Utah Beach Reinforcement hex
    ('link-up') during the Reinforcement Phase of the Division Activation chit";
    utah:17.6#11: without link-up by 0700, 11 June, -2; utah:17.3#11: the 82nd "cannot be
    chosen as a Supplied Division until Units from Utah Beach have linked up with
    them"."""
    game = supply_game(day="1944-06-11")
    para = unit(game, PARATROOPER, "44.030")
    assert tq_term(game, para) == -2
    assert not game.value("may_be_supplied", EIGHTY_SECOND)
    game.perform("check_link_up", EIGHTY_SECOND)                  # no Road: no link-up
    assert game.attr(EIGHTY_SECOND, "linked_up") == 0
    game.state.map.roads[frozenset(ZONE + [BEACH])] = {"road"}
    game.perform("check_link_up", EIGHTY_SECOND)
    assert game.attr(EIGHTY_SECOND, "linked_up") == 1
    assert tq_term(game, para) == 0 and game.value("may_be_supplied", EIGHTY_SECOND)
