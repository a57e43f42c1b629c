"""Allied Supply Limits (utah:17.3): three Supplied Divisions a day from 0700, 8 June;
the Non-supplied roll for half their Command Points and at most one Dispatch Point
and buy no Formation chits (modules/utah/rules/supply.ksr).  The demonstrations end
before 8 June, so the tests move the first day of the limits to 7 June."""

from __future__ import annotations

from utah_games import INFANTRY, unit, utah_game

from kriegsspiel.engine.rulebook import ExtraRules

FOURTH = "4th Infantry Division"
FROM_7_JUNE = ExtraRules("supply_from_7_june.ksr",
                         'override const supply_limits_from = "1944-06-07" @utah:17.3\n')


def supply_game():
    game = utah_game(extra=(FROM_7_JUNE,), allied={"supplied_division": FOURTH})
    unit(game, INFANTRY, "35.045")
    return game


def test_no_limits_before_8_june():
    """utah:17.3#1: "At the start of the 0700, 8 June game turn, and every 0700 turn
    thereafter" — the causeway's 7 June is free of them."""
    game = utah_game()
    unit(game, INFANTRY, "35.045")
    assert not game.value("supply_limits_apply")
    assert not game.value("non_supplied", game.ref("division", FOURTH))


def test_the_american_player_designates_the_supplied_divisions():
    """utah:17.3#1-3: at a 0700 turn the American player designates (up to) 3 Divisions
    as Supplied for the day; the others are Non-supplied; utah:17.3#12: V Corps is
    never limited; the Germans are not either."""
    game = supply_game()
    fourth = game.ref("division", FOURTH)
    assert game.value("supply_limits_apply") and game.value("non_supplied", fourth)
    game.perform("designate_supplied_divisions")
    [chosen] = game.events("divisions_supplied")
    assert [str(d) for d in chosen.data["divisions"]] == [FOURTH]
    assert not game.value("non_supplied", fourth)
    airborne = game.ref("division", "82nd Airborne Division")
    assert game.value("non_supplied", airborne)              # not designated
    assert not game.value("supply_limited", game.ref("division", "709.Infanterie-Division"))
    game.state.catalog["division"]["29th Infantry Division"] = dict(
        game.state.catalog["division"][FOURTH], id="29th Infantry Division")
    assert not game.value("supply_limited", game.ref("division", "29th Infantry Division"))


def test_non_supplied_divisions_roll_short_and_buy_no_chits():
    """utah:17.3#3, utah:17.3#5-8: a Non-supplied Division buys no Formation chit; its Command
    Points are half its roll, without the Command Rating; it gets no Dispatch Point for
    a roll within its rating nor for a 0 ("they can only ever get 1 Dispatch Point per
    turn")."""
    game = supply_game()
    fourth = game.ref("division", FOURTH)
    rating = game.attr(fourth, "command_rating")
    assert game.value("command_points_gained", fourth, 8) == 4
    game.set_initial(fourth, "dp", 5)
    assert int(game.value("dispatch_points_gained", fourth, 0)) == 1     # below current
    chit = game.ref("chit", "formation:8th Infantry Regiment")
    assert not game.value("chit_purchasable", chit)
    # utah:17.3#9: "Division Units are activated normally during the Division
    # Activation and Direct Command Chits."
    infantry = game.ref("unit", INFANTRY)
    game.set_initial(fourth, "cp", 1)
    game.place("CO 8th IR", "35.045", "leader")
    assert game.value("direct_command_eligible", infantry, game.ref("side", "Allied"))
    assert "move" in game.value("legal_actions", infantry, "division")
    game.perform("designate_supplied_divisions")
    assert game.value("command_points_gained", fourth, 8) == rating + 4
    assert int(game.value("dispatch_points_gained", fourth, 0)) > 1
    assert game.value("chit_purchasable", chit)


def test_a_division_on_its_first_day_is_supplied():
    """utah:17.3#4: "Any Division arriving is considered to be supplied on the first day
    of its arrival."""
    game = supply_game()
    fourth = game.ref("division", FOURTH)
    for entry in game.state.catalog["unit"].values():
        if entry.get("division") == FOURTH:
            entry["arrival_turn"] = 0
    assert not game.value("non_supplied", fourth)
