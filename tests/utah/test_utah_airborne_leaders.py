"""Extra American Airborne Leaders (utah:17.5, modules/utah/rules/airborne_leaders.ksr):
the extra Leader of an Airborne Division replaces one of its regimental Leaders for
1 Dispatch Point, and the replaced Leader leaves the game."""

from __future__ import annotations

from utah_games import PARATROOPER, unit, utah_game

EXTRA = "Extra Leader 82nd Abn"
COLONEL = "CO 505th PIR"
REGIMENT = "505th Parachute Infantry Regiment"


def drop_game(allied=None):
    game = utah_game("utah/night_drop", allied=allied)
    unit(game, PARATROOPER, "44.030")
    game.place(COLONEL, "44.030", "leader")
    return game


def test_each_airborne_division_has_an_extra_leader():
    """utah:17.5#1: one extra formation Leader for each American Airborne Division, with
    no Formation of his own until he replaces a regimental Leader."""
    game = drop_game()
    extras = [l for l in game.state.catalog["leader"]
              if game.value("extra_airborne_leader", game.ref("leader", l))]
    assert sorted(game.attr(game.ref("leader", l), "division").id for l in extras) == [
        "101st Airborne Division", "82nd Airborne Division"]
    assert all(game.attr(game.ref("leader", l), "formation") is None for l in extras)


def test_the_extra_leader_replaces_a_regimental_leader_for_one_dispatch_point():
    """utah:17.5#2: the extra Leader replaces a regimental Leader of his own Division for
    1 DP, and leads the Formation from his hex; utah:17.5#3: the replaced Leader is
    permanently removed from the game."""
    game = drop_game(allied={"replace_leader": lambda d: d.options[1],
                             "convert_command_points": 0, "buy_formation_chit": "none"})
    extra, colonel = game.ref("leader", EXTRA), game.ref("leader", COLONEL)
    division = game.ref("division", "82nd Airborne Division")
    game.set_initial(division, "dp", 3)
    assert [l.id for l in game.value("extra_leader_options", extra)] == [COLONEL]
    game.perform("dispatch_phase", game.ref("side", "Allied"))
    assert game.attr(division, "dp") == 2
    regiment = game.ref("formation", REGIMENT)
    assert game.attr(extra, "formation") == regiment
    assert game.attr(regiment, "leader") == extra
    assert game.attr(extra, "hex") == "44.030" and not game.attr(colonel, "on_map")
    assert game.attr(colonel, "formation") is None
    assert game.attr(colonel, "removed_from_game") == 1
    # He commands the paratroopers now: In Command within his range.
    assert game.value("in_command", game.ref("unit", PARATROOPER))
    [event] = game.events("leader_replaced")
    assert (event.data["leader"], event.data["replaced_by"]) == (COLONEL, EXTRA)
    # utah:17.5#3: nothing brings the replaced Leader back, and the extra Leader,
    # now leading a Formation, is not offered again.
    assert not game.value("extra_airborne_leader", extra)


def test_no_replacement_without_a_dispatch_point_or_outside_the_division():
    """utah:17.5#2: "for the cost of 1 DP" — a Division without one cannot; and only
    a regimental Leader "from the corresponding Airborne Division"."""
    game = drop_game()
    extra = game.ref("leader", EXTRA)
    game.set_initial(game.ref("division", "82nd Airborne Division"), "dp", 0)
    assert game.value("extra_leader_options", extra) == []
    other = game.ref("leader", "Extra Leader 101st Abn")
    game.set_initial(game.ref("division", "101st Airborne Division"), "dp", 5)
    assert [l.id for l in game.value("extra_leader_options", other)] == ["CO 502nd PIR"]
