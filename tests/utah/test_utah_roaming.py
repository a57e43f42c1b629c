"""Roaming Units (utah:18.6, optional) and the errata's clarification, with scripted
dice (modules/utah/optional/roaming.ksr)."""

from __future__ import annotations

from utah_games import INFANTRY, unit, utah_game

from kriegsspiel.engine.rulebook import ExtraRules

LEADER = "CO 8th IR"
END_FOR_TEST = ExtraRules("end_for_test.ksr", """
procedure end_for_test(chit: chit) @utah:18.6 {
  step end @utah:18.6 { emit activation_ended(chit = chit) }
}
""")


def roaming_game(options=("utah:18.6",), rolls=None, moves=()):
    game = utah_game(rolls=rolls, allied={"move": list(moves)}, options=options,
                     extra=(END_FOR_TEST,))
    game.set_initial(game.ref("division", "4th Infantry Division"), "cp", 0)
    return game


def test_18_6_a_failed_check_turns_the_unit_back_towards_its_leader():
    """utah:18.6#2, utah:18.6#3, utah:errata:18.6: a Unit more than twice its Leader's
    range away checks its Troop Quality as it is about to move to a hex no nearer;
    failing (9), it does not go, and for the activation it may only close on its
    Leader."""
    game = roaming_game(rolls=[9], moves=["33.045", "31.045", "stop"])
    game.place(LEADER, "25.045", "leader")
    inf = unit(game, INFANTRY, "32.045")
    assert game.value("roaming_far", inf, "32.045")             # 7 > 2 x 3
    game.perform("move", [inf], "formation")
    [check] = game.events("roaming_check")
    assert not check.data["passed"]["passed"]
    assert game.attr(inf, "hex") == "32.045" and game.attr(inf, "roaming_held") == 1
    assert game.value("entry_barred", inf, "33.045")
    assert game.value("entry_barred", inf, "32.044")            # no nearer
    assert not game.value("entry_barred", inf, "31.045")        # nearer: allowed
    game.perform("move", [inf], "formation")
    assert game.attr(inf, "hex") == "31.045"
    assert len(game.events("roaming_check")) == 1


def test_18_6_passed_the_unit_moves_freely_for_the_activation():
    """utah:errata:18.6: "If the roll is passed, the unit may move freely for that
    activation" — one roll; the next activation checks again."""
    game = roaming_game(rolls=[0, 0], moves=["33.045", "34.045", "stop", "35.045", "stop"])
    game.place(LEADER, "25.045", "leader")
    inf = unit(game, INFANTRY, "32.045")
    game.perform("move", [inf], "formation")
    assert game.attr(inf, "hex") == "34.045"
    assert len(game.events("roaming_check")) == 1
    assert game.attr(inf, "roaming_free") == 1
    game.perform("end_for_test", game.ref("chit", next(iter(game.state.catalog["chit"]))))
    assert game.attr(inf, "roaming_free") == 0
    game.perform("move", [inf], "formation")
    assert game.attr(inf, "hex") == "35.045" and len(game.events("roaming_check")) == 2


def test_18_6_checked_the_moment_it_goes_beyond_twice_the_range():
    """utah:errata:18.6: "This check is conducted at the moment a unit is going to move
    more than twice the range from a Leader that can command it ... at the beginning of
    a movement action or in the middle of one"; no check within it, nor moving nearer,
    nor with the rule off."""
    game = roaming_game(rolls=[9], moves=["31.045", "32.045", "33.045", "stop"])
    game.place(LEADER, "25.045", "leader")
    inf = unit(game, INFANTRY, "30.045")
    game.perform("move", [inf], "formation")
    assert [e.data["hex"] for e in game.events("roaming_check")] == ["31.045"]
    assert game.attr(inf, "hex") == "31.045"                    # 6: within; 7 refused
    off = roaming_game(options=(), moves=["33.045", "stop"])
    off.place(LEADER, "25.045", "leader")
    inf = unit(off, INFANTRY, "32.045")
    off.perform("move", [inf], "formation")
    assert off.attr(inf, "hex") == "33.045" and off.events("roaming_check") == []


def test_18_6_applies_to_auto_command_units():
    """utah:18.6#4: "This applies to Auto-Command Units as well" — an Auto-Command Unit
    (14.0), In Command wherever it is, checks all the same."""
    game = roaming_game(rolls=[9], moves=["33.045", "stop"])
    game.place(LEADER, "25.045", "leader")
    inf = unit(game, INFANTRY, "32.045")
    game.state.catalog["unit"][INFANTRY]["faces"]["front"]["auto_command"] = True
    assert game.value("in_command", inf)
    game.perform("move", [inf], "formation")
    assert game.attr(inf, "hex") == "32.045" and len(game.events("roaming_check")) == 1
