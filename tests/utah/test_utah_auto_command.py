"""Auto-Command Units (utah:14.0): red Troop Quality counters, always In Command,
active on their side's Direct Command chit for one free Action; black-striped Recon
also under the series' black-stripe activation (gts:21.6.4) but never to move; an
Auto-Command artillery Unit in an Artillery Park is a divisional Unit
(modules/utah/rules/auto_command.ksr)."""

from __future__ import annotations

from utah_games import GRENADIER, INFANTRY, unit, utah_game

from kriegsspiel.engine.rulebook import ExtraRules

GERMAN = "91.Luftlande Infanterie-Division"
CHECK_FOR_TEST = ExtraRules("check_for_test.ksr", """
event checked_for_test(unit, passed) @utah:14.0
procedure check_for_test(u: unit) @utah:14.0 {
  step check @utah:14.0 { emit checked_for_test(unit = u, passed = tq_check(u)) }
}
""")


def auto_command(game, unit_id, stripe):
    for side in ("front", "back"):
        game.state.catalog["unit"][unit_id]["faces"][side].update(auto_command=True,
                                                                  stripe=stripe)


def test_a_red_troop_quality_unit_is_always_in_command_and_buys_nothing():
    """utah:14.0#1-3: "Auto-Command Units have a red Troop Quality value. You may never
    spend Command Points nor use Dispatch Points on these Units. These Units are always
    considered In Command" — far from any Leader, its Troop Quality Check is rolled
    (no Command Point buys it) and it has no Second Action."""
    game = utah_game(rolls=[9, 9], extra=(CHECK_FOR_TEST,))
    corps = unit(game, GRENADIER, "28.045")
    division = game.ref("division", GERMAN)
    game.set_initial(division, "cp", 5)
    game.place("Kdr Gren 1057", "28.045", "leader")
    game.players.players["Axis"].answers["buy:tq_check"] = True
    game.perform("check_for_test", corps)                   # bought with a point
    assert game.events("checked_for_test")[-1].data["passed"]["passed"] and game.attr(division, "cp") == 4
    game.place("Kdr Gren 1057", None, "leader")
    assert not game.value("in_command", corps)
    auto_command(game, GRENADIER, "white")
    assert game.value("in_command", corps)
    assert game.value("second_actions", corps, "move", "formation") == []
    game.perform("check_for_test", corps)                   # rolled: a 9 fails
    assert not game.events("checked_for_test")[-1].data["passed"]["passed"]
    assert game.attr(division, "cp") == 4


def test_white_striped_corps_units_act_free_on_direct_command():
    """utah:14.0#8, utah:14.0#10: a white-striped Auto-Command Unit is active when its
    side's Direct Command chit is pulled and performs one Action "without any payment
    of Command Points" (none in the Division's pool either); utah:14.0#3: not in a
    Division or Formation activation, where it may only Pass."""
    game = utah_game()
    corps = unit(game, GRENADIER, "28.045")
    auto_command(game, GRENADIER, "white")
    axis = game.ref("side", "Axis")
    division = game.ref("division", GERMAN)
    game.set_initial(division, "cp", 0)
    assert game.value("direct_command_eligible", corps, axis)
    assert game.value("legal_actions", corps, "division") == ["pass"]
    assert game.value("legal_actions", corps, "formation") == ["pass"]
    assert "move" in game.value("legal_actions", corps, "direct")
    game.players.players["Axis"].answers.update(
        {"direct_command_unit": [GRENADIER, "done"], "action": "move", "move": ["27.045", "stop"]})
    game.perform("direct_command", axis)
    assert game.attr(corps, "hex") == "27.045" and game.attr(division, "cp") == 0


def test_a_reinforcement_acts_on_direct_command_and_must_enter():
    """utah:14.0#9, utah:14.0#11: "This includes Units arriving as reinforcements on a
    given turn ... Units arriving as reinforcements must enter the map, even if it will
    cause Opportunity Fire" — from its entry hex its only Action is to move out."""
    game = utah_game()
    corps = unit(game, GRENADIER, "28.045")
    game.set_initial(corps, "in_entry_hex", 1)
    axis = game.ref("side", "Axis")
    assert not game.value("direct_command_eligible", corps, axis)
    auto_command(game, GRENADIER, "white")
    assert game.value("direct_command_eligible", corps, axis)
    assert game.value("legal_actions", corps, "direct") == ["move"]


def test_black_striped_recon_never_moves_outside_direct_command():
    """utah:14.0#12-15: a black-striped Auto-Command Recon Unit acts free on the Allied
    Direct Command chit, and "as Black-Striped Independent Units, they are active under
    Series Rule 21.6.4 ... with the exception that they may not be given a movement
    action. This means they may only move during the Direct Command chit.\""""
    game = utah_game()
    recon = unit(game, INFANTRY, "35.045")
    auto_command(game, INFANTRY, "black")
    allied = game.ref("side", "Allied")
    game.set_initial(game.ref("division", "4th Infantry Division"), "cp", 0)
    assert game.value("direct_command_eligible", recon, allied)
    assert "move" in game.value("legal_actions", recon, "direct")
    formation = game.value("legal_actions", recon, "formation")
    assert "move" not in formation and "transport" not in formation and "pass" in formation


def test_auto_command_artillery_in_a_park_is_a_divisional_unit():
    """utah:14.0#16, utah:14.0#17: in an Artillery Park an Auto-Command artillery Unit
    functions "as if they were not Auto-Command Units"; out of it, Auto-Command again."""
    game = utah_game()
    gun = unit(game, GRENADIER, "28.045")
    auto_command(game, GRENADIER, "white")
    assert game.value("auto_command_unit", gun)
    game.set_initial(gun, "in_artillery_park", 1)
    assert not game.value("auto_command_unit", gun)
    assert not game.value("direct_command_eligible", gun, game.ref("side", "Axis"))
    game.set_initial(gun, "in_artillery_park", 0)
    assert game.value("auto_command_unit", gun)


PARK_FOR_TEST = ExtraRules("park_for_test.ksr", """
procedure park_for_test(unit: unit, d: division) @utah:13.6 {
  step park @utah:13.6 {
    let park = hex_at(unit.hex)
    set park.artillery_park = 1
    set park.park_of = d
    set unit.in_artillery_park = 1
  }
}
""")


def test_13_6_corps_artillery_in_a_park_belongs_to_the_park_s_division():
    """utah:13.6#1-3: Corps Artillery Units (VII Corps or German Independent) are
    Auto-Command outside Artillery Parks; "When inside an artillery park they are
    treated as an organic Unit of the division that owns the park – thus there is no
    radio contact modifier for making contact with a leader of that division"."""
    game = utah_game(extra=(PARK_FOR_TEST,))
    gun = unit(game, GRENADIER, "28.045")
    auto_command(game, GRENADIER, "white")
    for side in ("front", "back"):
        game.state.catalog["unit"][GRENADIER]["faces"][side].update(weapon_class="IHE", contact_pending=5,
                                                                          contact_in=6)
    keil, own = (game.ref("leader", name) for name in ("Kdr Gren 919", "Kdr Gren 1057"))
    outside = game.value("contact_number", gun, keil)
    assert game.value("contact_number", gun, own) == outside + 3       # 91.LL's own Leader
    assert game.value("auto_command_unit", gun)
    game.perform("park_for_test", gun, game.ref("division", "709.Infanterie-Division"))
    assert not game.value("auto_command_unit", gun)
    assert game.value("contact_number", gun, keil) == outside + 3      # the park's Division
    assert game.value("contact_number", gun, own) == outside
