"""More Historically Accurate Drops (utah:3.4.4, optional) and the end of Straggler
Recovery on 8 June (utah:3.4.2#15), with scripted dice
(modules/utah/optional/historical_drops.ksr).  The demonstrations' order of battle
has no 507th or 508th PIR: the tests make the 505th's first battalion one of the
507th's."""

from __future__ import annotations

import pytest
from utah_games import unit, utah_game

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.state import Ref

A, B = "A/1/505", "B/1/505"
REGIMENT = "507th Parachute Infantry Regiment"
B1 = Ref("battalion", "1/505")


def drop_game(options=("utah:3.4.4",), rolls=None, of_the_507th=True):
    game = utah_game("utah/night_drop", options=options)
    if of_the_507th:
        cat = game.state.catalog
        cat["formation"][REGIMENT] = dict(cat["formation"]["505th Parachute Infantry Regiment"],
                                          leader=None)
        for unit_id in (A, B):
            cat["unit"][unit_id]["formation"] = REGIMENT
    if rolls is not None:
        game.dice.__dict__.update(Dice(script=rolls).__dict__)
    return game


def results(game):
    return [e.data["result"] for e in game.events("drop_table_rolled")]


@pytest.mark.parametrize("roll, printed, historical", [(0, "NE", "R"), (3, "1*(D)", "R"),
                                                       (7, "R(D)", "R(D)"), (8, "R(DD)", "R(DD)")])
def test_3_4_4_the_lowest_result_is_a_6(roll, printed, historical):
    """utah:3.4.4#5-9: "all normal modifiers apply. However, the lowest result will be a
    6 ... if you roll a modified 3, it is treated as a 6. If you roll a 7, it is treated
    as a 7" — Rearguards at best; off, or another regiment's stick, the table as
    printed."""
    for options, of_the_507th, expected in ((("utah:3.4.4",), True, historical),
                                            ((), True, printed),
                                            (("utah:3.4.4",), False, printed)):
        game = drop_game(options, rolls=[roll] + [1, 0] * 4, of_the_507th=of_the_507th)
        a = unit(game, A, "44.030")
        game.perform("roll_drop_table", [a], "44.030", "first", "paradrop")
        assert results(game) == [expected]


def test_3_4_4_an_unmodified_9_moves_the_rally_point_east_of_the_merderet():
    """utah:3.4.4#10, utah:3.4.4#11: "If you roll an unmodified 9, then the Rally Point is
    moved to the nearest hex that meets the requirements for a Rally Point, on the east
    side of the Merderet River. This is the new Rally Point for that Battalion".  The
    night drop's play area lies all east of the provisional map's Merderet (column 30):
    the test draws the river by column 47 instead."""
    for options, moved_to in ((("utah:3.4.4",), "47.033"), ((), "46.033")):
        game = drop_game(options)
        east = [f"{c}.{r:03d}" for c in range(47, 51) for r in range(27, 38)]
        game.state.catalog["area"]["East of the Merderet"]["hexes"] = east
        game.players.players["Allied"].answers["rally_point"] = ["46.033", "47.033"]
        game.perform("place_rally_points", game.ref("division", "82nd Airborne Division"))
        assert game.attr(B1, "rally_point").id == "46.033"
        game.dice.__dict__.update(Dice(script=[9] + [1, 0] * 4).__dict__)
        a = unit(game, A, "44.030")
        game.perform("roll_drop_table", [a], "44.030", "second", "paradrop")
        assert game.attr(B1, "rally_point").id == moved_to
        if options:
            assert [e.data["hex"] for e in game.events("rally_point_moved_east")] == [moved_to]
            assert game.value("rally_point_hexes", B1) == ["47.033"]


def relabel(game, day):
    """The scenario's turns moved to another day (the demonstrations end before 8
    June)."""
    for turn in game.state.catalog["game"]["game"]["turns"]:
        turn["label"] = day + turn["label"][10:]


def test_3_4_4_the_two_regiments_recovery_limits():
    """utah:3.4.4#12-15: for the 507th's and 508th's battalions at most 2 Straggler
    Recovery Points on the Night, 5 June turn, 1 on 6-7 June, none from 8 June; the
    other battalions keep 3.4.2's limits."""
    game = drop_game()
    assert game.value("turn_label") == "1944-06-05 night"
    assert (game.value("battalion_recovery_limit", B1), game.value("recovery_limit")) == (2, 4)
    for day, limit in (("1944-06-06", 1), ("1944-06-07", 1), ("1944-06-08", 0)):
        relabel(game, day)
        assert game.value("battalion_recovery_limit", B1) == limit
    plain = drop_game(of_the_507th=False)
    assert plain.value("battalion_recovery_limit", B1) == 4
    game = drop_game(rolls=[1, 1, 1, 1])
    game.set_initial(B1, "stragglers", 7)
    game.perform("place_rally_points", game.ref("division", "82nd Airborne Division"))
    game.perform("straggler_recovery_rolls", game.ref("division", "82nd Airborne Division"))
    assert game.attr(B1, "recovery_points") == 2


def test_3_4_2_no_recovery_on_or_beyond_8_june():
    """utah:3.4.2#15: "No further Straggler Recovery is attempted on or beyond 8 June" —
    no roll, whatever the Track."""
    game = drop_game(options=(), of_the_507th=False, rolls=[1, 1])
    game.set_initial(B1, "stragglers", 7)
    game.perform("place_rally_points", game.ref("division", "82nd Airborne Division"))
    relabel(game, "1944-06-08")
    assert game.value("recovery_limit") == 0
    game.perform("straggler_recovery_rolls", game.ref("division", "82nd Airborne Division"))
    assert game.events("straggler_roll") == [] and game.attr(B1, "recovery_points") == 0
    relabel(game, "1944-06-09")
    assert game.value("recovery_limit") == 0
