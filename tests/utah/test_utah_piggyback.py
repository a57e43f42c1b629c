"""Piggyback Mode (utah:7.0-7.4, modules/utah/rules/piggyback.ksr): an Infantry Unit
rides a Vehicle Unit of its Formation; they move as one when the Vehicle acts, count
the Vehicle's steps for stacking, share each fire's die roll, and part on the
Vehicle's Action, under fire or when assaulted."""

from __future__ import annotations

from utah_games import GRENADIER, INFANTRY, TANK, unit, utah_game, weather

from kriegsspiel.engine.rulebook import ExtraRules

HEX = "36.045"
FOR_TEST = ExtraRules("piggyback_for_test.ksr", """
procedure move_for_test(unit: unit, hex_id) @utah:7.1 {
  step go @utah:7.1 { do move_unit(unit, hex_id) }
}
procedure declare_assault_for_test(attackers, hex_id) @utah:7.4 {
  step declare @utah:7.4 { emit assault_declared(units = attackers, hex = hex_id) }
}
""")


def piggyback_game(rolls=None, axis=None, **kw):
    game = utah_game(rolls=rolls, extra=(FOR_TEST,), **kw)
    if axis:
        game.players.players["Axis"].answers.update(axis)
    infantry = unit(game, INFANTRY, HEX)
    tank = unit(game, TANK, HEX)
    game.place("CO 8th IR", HEX, "leader")
    return game, infantry, tank


def mounted(**kw):
    game, infantry, tank = piggyback_game(**kw)
    game.perform("mount", infantry)
    return game, infantry, tank


def test_infantry_mounts_a_vehicle_of_its_formation():
    """utah:7.0#1: an Infantry Unit without Organic Transport rides a Vehicle Unit of its
    Formation; utah:7.1#1: both in the same hex, an entire movement Action of both
    Units (the Infantry's transport Action, the Vehicle's Action spent with it)."""
    game, infantry, tank = piggyback_game()
    assert game.value("piggyback_carriers", infantry) == [tank]
    assert "transport" in game.value("legal_actions", infantry, "formation")
    game.perform("mount", infantry)
    assert game.attr(infantry, "piggyback_on") == tank
    assert game.attr(tank, "piggyback_rider") == infantry
    assert game.attr(tank, "acted") == 1
    [event] = game.events("piggyback_mounted")
    assert (event.data["unit"], event.data["vehicle"]) == (INFANTRY, TANK)
    # Not in another hex, nor a Vehicle that has acted.
    other, infantry2, tank2 = piggyback_game()
    other.set_initial(tank2, "acted", 1)
    assert other.value("piggyback_carriers", infantry2) == []
    third, infantry3, tank3 = piggyback_game()
    third.place(TANK, "35.045")
    assert third.value("piggyback_carriers", infantry3) == []


def test_who_may_ride_what():
    """utah:7.3#1: one Infantry Unit on one Vehicle at a time; utah:7.3#2: the Vehicle
    has at least as many Steps as the Infantry; utah:7.3#3: never a Vehicle with a
    dismounted side; utah:7.3#7: never an Infantry Unit with Organic Transport."""
    game, infantry, tank = mounted()
    second = unit(game, "B/1/8", HEX)
    assert game.value("piggyback_carriers", second) == []            # the tank is loaded
    reduced, infantry, tank = piggyback_game()
    reduced.perform("take_step_loss", tank)
    assert reduced.value("piggyback_carriers", infantry) == []        # 1 step < 2
    halftrack, infantry, tank = piggyback_game()
    halftrack.state.catalog["unit"][TANK]["back_kind"] = "transport"
    assert halftrack.value("piggyback_carriers", infantry) == []
    motorized, infantry, tank = piggyback_game()
    motorized.state.catalog["unit"][INFANTRY]["back_kind"] = "transport"
    assert motorized.value("piggyback_carriers", infantry) == []


def test_they_move_as_one_when_the_vehicle_moves():
    """utah:7.1#2: the two Units move as one, when the Vehicle Unit is activated."""
    game, infantry, tank = mounted()
    game.perform("move_for_test", tank, "37.045")
    assert game.attr(infantry, "hex") == "37.045"


def test_stacking_counts_the_vehicle_only_mass_counts_both():
    """utah:7.3#4: for stacking, the Vehicle's Steps only; for the Mass Modifier both."""
    game, infantry, tank = mounted()
    assert game.value("stacked_steps_in", HEX) == 2
    assert game.value("steps_in", HEX) == 4


def test_riders_do_nothing_and_carriers_only_move_or_unload():
    """utah:7.2#7, utah:7.3#5: the Infantry in Piggyback mode is never active and can
    perform no Actions; utah:7.3#6: the Vehicle may only move and dismount the
    Infantry: no Assault, no Opportunity Fire."""
    game, infantry, tank = mounted()
    game.set_initial(tank, "acted", 0)
    assert game.value("legal_actions", infantry, "formation") == ["pass"]
    assert set(game.value("legal_actions", tank, "formation")) <= {"move", "transport", "pass"}
    assert "transport" in game.value("legal_actions", tank, "formation")
    assert not game.value("piggyback_allows", tank, "assault")
    assert not game.value("can_opportunity_fire", tank)


def test_the_vehicle_dismounts_the_infantry():
    """utah:7.2#1-2: in the Vehicle's activation, as its Action, the Infantry is
    dismounted; utah:7.2#3: not in Column; utah:7.2#4: a Movement Action of the
    Vehicle; utah:7.2#8: the Infantry acts no more this activation; utah:7.2#9: the
    Vehicle may go on to a Second Action (its Actions are its own again)."""
    game, infantry, tank = mounted()
    game.set_initial(infantry, "column", 1)
    game.perform("mount", tank)
    assert game.attr(infantry, "piggyback_on") is None and game.attr(tank, "piggyback_rider") is None
    assert game.attr(infantry, "column") == 0
    assert game.attr(infantry, "acted") == 1
    assert [e.data["what"] for e in game.events("movement_action")][-1] == "dismount"
    assert game.value("piggyback_allows", tank, "fire")


def test_dismounting_on_the_way_only_within_half_the_allowance():
    """utah:7.2#1: "if the Vehicle Unit expends half of its printed movement allowance
    or less": the tank (8) may unload after 4 Movement Points, not after 4½."""
    game, infantry, tank = mounted()
    game.set_initial(tank, "half_points_left", 8)                # 8 of 16 halves spent
    assert game.value("exclusive_move_choices", [tank], "formation", True) == ["unload"]
    game.set_initial(tank, "half_points_left", 7)
    assert game.value("exclusive_move_choices", [tank], "formation", True) == []


def firer(game, hex_id="38.045"):
    return unit(game, GRENADIER, hex_id)


def test_opportunity_fire_after_the_dismount_targets_the_infantry_only():
    """utah:7.2#5-6: the Opportunity Firing player decides when to shoot: after the
    dismounting only the Infantry Unit is the target."""
    game, infantry, tank = mounted(rolls=[0, 9, 5, 5, 5, 5],
                                   axis={"opportunity_fire_timing": "after",
                                         "opportunity_fire": True})
    firer(game)
    game.perform("mount", tank)
    [shot] = game.events("fire_resolved")
    assert shot.data["target"] == INFANTRY and game.attr(tank, "piggyback_rider") is None


def test_opportunity_fire_before_the_dismount_hits_both():
    """utah:7.2#6: before the dismounting the Vehicle is the target "and Rule 7.4
    applies": the Infantry takes the same roll."""
    game, infantry, tank = mounted(rolls=[0, 1, 5, 5, 5, 5, 5, 5],
                                   axis={"opportunity_fire_timing": "before",
                                         "opportunity_fire": True})
    firer(game)
    game.perform("mount", tank)
    [shot] = game.events("fire_resolved")
    assert shot.data["target"] == TANK and shot.data["hit"]
    assert game.events("piggyback_dismounted")[0].data["how"] == "under fire"


def test_fire_at_the_pair_rolls_once_for_both():
    """utah:7.4#1: both count for the mass modifier; utah:7.4#2: the same die roll for
    both, applied to one and then the other; utah:7.4#3: with the Vehicle's terrain and
    marker modifiers (the Fire Rating against the Vehicle decides the hit), each read
    for its own target type; utah:7.4#4: a result dismounts the Infantry at once,
    without Opportunity Fire; utah:7.4#5: the Vehicle's activation is over;
    utah:7.4#6: the Infantry not in Column."""
    # (the first roll: the Company Bonus check, failed)
    game, infantry, tank = mounted(rolls=[9, 1, 5, 5, 5, 5, 5])
    gun = firer(game)
    triggers = len(game.events("opportunity_trigger"))
    game.set_initial(infantry, "column", 1)
    game.set_initial(tank, "half_points_left", 10)
    mass = game.value("final_fire_rating", gun, tank, "direct", 0, 0)
    assert game.value("steps_in", HEX) == 4                    # both in the mass
    expected = game.value("partner_result", gun, tank, infantry, 1, True)
    assert expected == game.program.lookup("crt", "SA", "unarmored", 1) != \
        game.program.lookup("crt", "SA", "armored", 1)
    game.perform("direct_fire", gun, tank, "direct", 0)
    [shot] = game.events("fire_resolved")
    assert shot.data["roll"] == 1 and shot.data["hit"] and shot.data["rating"] == mass
    assert game.attr(tank, "piggyback_rider") is None
    assert game.attr(infantry, "column") == 0
    assert game.attr(tank, "piggyback_halted") == 1 and game.attr(tank, "half_points_left") == 0
    assert game.value("legal_actions", tank, "formation") == ["pass"]
    assert len(game.events("opportunity_trigger")) == triggers
    changed = {e.data["entity"] for e in game.events("track_changed")
               if e.data["track"] in ("suppressed", "cohesion_hits", "step_loss")}
    assert "unit:" + INFANTRY in changed


def test_a_miss_leaves_them_mounted():
    """utah:7.4#4: no result on either (a 9 misses): the Infantry stays aboard."""
    game, infantry, tank = mounted(rolls=[9, 9])
    game.perform("direct_fire", firer(game), tank, "direct", 0)
    assert not game.events("fire_resolved")[0].data["hit"]
    assert game.attr(tank, "piggyback_rider") == infantry


def test_assault_dismounts_the_infantry():
    """utah:7.4#7: when an Assault on them is declared the Infantry dismounts (no
    Opportunity Fire) and the Assault goes on as normal."""
    game, infantry, tank = mounted()
    attacker = firer(game, "37.045")
    triggers = len(game.events("opportunity_trigger"))
    game.perform("declare_assault_for_test", [attacker], HEX)
    assert game.attr(tank, "piggyback_rider") is None
    assert game.events("piggyback_dismounted")[0].data["how"] == "assaulted"
    assert len(game.events("opportunity_trigger")) == triggers


def test_indirect_fire_spares_the_rider_the_extra_s():
    """utah:7.4#8: Indirect Fire on the Vehicle that dismounts the Infantry: the
    Infantry suffers the roll's result with the Vehicle, but not the "S?" the other
    Units of the hex take."""
    # The partner shares the roll (the trigger marks it), the others do not.
    game2, infantry2, tank2 = mounted(rolls=[9, 1, 5, 5, 5, 5, 5, 5, 5])
    other2 = unit(game2, "B/1/8", HEX)
    gun = firer(game2, "39.045")
    for side in ("front", "back"):
        game2.state.catalog["unit"][GRENADIER]["faces"][side].update(weapon_class="IHE",
                                                                    fire_range=12)
    game2.perform("indirect_fire", gun, tank2)
    assert game2.attr(infantry2, "shared_roll_of") == tank2
    assert not game2.value("indirect_spread_reaches", infantry2, tank2)
    assert game2.value("indirect_spread_reaches", other2, tank2)
    checks = [e for e in game2.events("track_changed") if e.data["entity"] == "unit:" + INFANTRY]
    assert checks                                             # the shared roll's result
    assert game2.attr(tank2, "piggyback_rider") is None


def test_an_airstrike_rolls_once_for_both():
    """utah:7.4#1-2: "When fired on by Direct or Indirect Fire (and airstrikes)": the
    Fighter-Bombers' roll (utah:17.1, their weapons class) hits the Infantry too."""
    game, infantry, tank = mounted(rolls=[1, 5, 5, 5, 5, 5])
    weather(game, "clear")
    game.perform("air_strike", game.ref("side", "Axis"), tank, 7, "SA")
    [strike] = game.events("air_strike_resolved")
    assert strike.data["hit"]
    changed = {e.data["entity"] for e in game.events("track_changed")
               if e.data["track"] in ("suppressed", "cohesion_hits", "step_loss")}
    assert "unit:" + INFANTRY in changed
    assert game.attr(tank, "piggyback_rider") is None
