"""Getting Units to the Beach (utah:4.5.6, 4.7.4: NSoP steps 5 and 6) and the
Leaders who land with their Units (utah:4.5.3); docs/utah_nis.md."""

from __future__ import annotations

from pathlib import Path

from utah_games import utah_game

HERE = Path(__file__).resolve().parent
NAVAL = str(HERE / "scenarios" / "naval_test.yaml")
BATTALION = ["A/1/8", "B/1/8", "C/1/8"]


def refs(game, names):
    return [game.ref("unit", n) for n in names]


def test_4_7_4_step_6_en_route_units_go_to_the_loading_box_of_the_players_choice():
    """utah:4.5.6#8-9, utah:4.7.4#2, utah:4.6#13-14: step 6 moves every Unit En Route
    from England into the Loading into Landing Craft box of the Sub-Beach the Allied
    player chooses."""
    game = utah_game(NAVAL, allied={"loading_box": "uncle_red"})
    for u in refs(game, BATTALION):
        game.set_initial(u, "en_route", 1)
    game.perform("en_route_to_loading")
    for u in refs(game, BATTALION):
        assert (game.attr(u, "en_route"), game.attr(u, "loading_box")) == (0, 2)
        assert not game.attr(u, "on_map")


def test_4_7_4_step_5_loads_a_battalion_or_one_independent_unit_per_craft():
    """utah:4.5.6#3-5, utah:4.7.4#1, utah:4.6#11-12, utah:4.5.4#5-7: step 5 moves the
    Loading box's Units to their Sub-Beach's Landing Wave box and puts a Landing Craft on
    each stack:
    all the Units of one battalion (1/8's three companies), or a Unit alone (the tank,
    of no battalion; the engineers, of another)."""
    game = utah_game(NAVAL)
    names = BATTALION + ["C/70 Tk", "A/4 Engr"]
    for u in refs(game, names):
        game.set_initial(u, "loading_box", 2)
    game.perform("load_landing_craft")
    loaded = [sorted(str(p) for p in e.data["passengers"]) for e in game.events("units_loaded")]
    assert sorted(loaded) == [["A/1/8", "B/1/8", "C/1/8"], ["A/4 Engr"], ["C/70 Tk"]]
    lead = game.ref("unit", "A/1/8")
    assert [str(game.attr(u, "aboard")) for u in refs(game, ["B/1/8", "C/1/8"])] == \
        ["A/1/8", "A/1/8"]
    for u in refs(game, names):
        assert (game.attr(u, "landing_wave"), game.attr(u, "landing_craft"),
                game.attr(u, "loading_box")) == (2, 1, 0)
    assert game.value("craft_passengers", lead) == refs(game, BATTALION)


def test_4_5_3_a_leader_rides_with_a_unit_of_his_command_and_lands_with_it():
    """utah:4.5.3#1-5, utah:4.5.6#6, utah:4.5.4#8, utah:4.7.3(1)#2: the Leader at sea is
    put with a Unit of his command in the Landing Wave box and lands with its craft;
    utah:4.5.3#7-10:
    until then he has no Command Range and the landed Units are Out of Command; once he is
    on the Beach the series' command rules hold."""
    game = utah_game(NAVAL, rolls=[5], allied={"leader_rides_with": "B/1/8",
                                               "landing_craft_fires": False})
    beach = game.value("beach_overlays")[0]
    game.state.catalog["effect"][beach.id]["area"] = "planned"
    game.state.map.terrain["21.024"] = "beach"
    leader = game.ref("leader", "CO 8th IR")
    game.set_initial(leader, "leader_at_sea", 1)
    for u in refs(game, BATTALION[:2]):
        game.set_initial(u, "loading_box", 2)
    game.perform("load_landing_craft")
    assert str(game.attr(leader, "rides_with")) == "B/1/8"
    passengers = refs(game, BATTALION[:2])
    game.perform("landing_craft_landing", passengers, beach, "21.024")
    assert game.attr(leader, "hex") == "21.024"
    assert game.attr(leader, "rides_with") is None
    assert all(game.value("in_command", u) for u in passengers)

    game = utah_game(NAVAL, rolls=[5], allied={"landing_craft_fires": False})
    beach = game.value("beach_overlays")[0]
    game.state.catalog["effect"][beach.id]["area"] = "planned"
    game.state.map.terrain["21.024"] = "beach"
    passengers = refs(game, BATTALION[:2])
    for u in passengers:                 # the Leader still at sea: no Command Range
        game.set_initial(u, "landing_wave", 2)
        game.set_initial(u, "landing_craft", 1)
    game.set_initial(passengers[1], "aboard", passengers[0])
    game.perform("landing_craft_landing", passengers, beach, "21.024")
    assert not game.attr(game.ref("leader", "CO 8th IR"), "on_map")
    assert not any(game.value("in_command", u) for u in passengers)


def test_4_5_3_a_leader_whose_unit_is_lost_in_a_landing_moves_to_another_of_his_command():
    """utah:4.5.3#11: the Unit the Leader rides with is eliminated with its craft: he is
    moved to another Unit of his command of the Allied player's choice (here one still in
    the Landing Wave box, which he then rides with)."""
    game = utah_game(NAVAL, allied={"leader_rides_with": "A/1/8",
                                    "leader_moves_to": "C/70 Tk"})
    leader = game.ref("leader", "CO 8th IR")
    game.set_initial(leader, "leader_at_sea", 1)
    for u in refs(game, BATTALION[:2] + ["C/70 Tk"]):
        game.set_initial(u, "loading_box", 2)
    game.perform("load_landing_craft")
    passengers = refs(game, BATTALION[:2])
    game.perform("landing_craft_result", passengers, "E")
    assert all(game.attr(u, "eliminated") for u in passengers)
    assert str(game.attr(leader, "rides_with")) == "C/70 Tk"
    assert [str(e.data["unit"]) for e in game.events("leader_moved_to")] == ["C/70 Tk"]


def test_4_7_3_2_a_leader_stacked_with_a_dd_tank_lands_with_it():
    """utah:4.7.3(2)#2, utah:4.5.5#12: a Leader riding with a DD Tank lands with it (a
    missed Sea State roll: the tank is on the Beach hex, and so is he)."""
    game = utah_game(NAVAL, rolls=[5], allied={"dd_tank_acts": False})
    beach = game.value("beach_overlays")[0]
    game.state.catalog["effect"][beach.id]["area"] = "planned"
    game.state.map.terrain["21.024"] = "beach"
    game.state.catalog["unit"]["C/70 Tk"].setdefault("tags", []).append("dd_tank")
    tank = game.ref("unit", "C/70 Tk")
    game.set_initial(tank, "landing_wave", 2)
    leader = game.ref("leader", "CO 8th IR")
    game.set_initial(leader, "leader_at_sea", 1)
    game.set_initial(leader, "rides_with", tank)
    game.perform("dd_tank_landing", tank, beach, "21.024")
    assert game.attr(leader, "hex") == "21.024" == game.attr(tank, "hex")
