"""Divisional Trucks/Jeeps (utah:12.0, modules/utah/rules/trucks.ksr; errata 12.0 in
modules/utah/errata/transport_and_parks.ksr): a Leg Unit boards a truck from its
Division Display as its first Action, the truck carries it, and leaving it returns the
truck to the Display."""

from __future__ import annotations

from utah_games import INFANTRY, unit, utah_game

from kriegsspiel.engine.rulebook import ExtraRules

ELIMINATE = ExtraRules("eliminate_for_test.ksr", """
procedure eliminate_for_test(unit: unit) @utah:12.0 {
  step go @utah:12.0 { do eliminate(unit) }
}
""")

TRUCK = "4th ID Trucks 1"
FOURTH = "4th Infantry Division"


def add_truck(game, truck_id=TRUCK, division=FOURTH, tag="divisional_truck", side="Allied",
              **extra):
    """A white-striped truck counter on *division*'s Display (off the map)."""
    face = {"steps": 2, "troop_quality": 5, "fire_rating": None, "weapon_class": None,
            "fire_range": None, "assault_rating": None, "movement": 12,
            "movement_class": "wheeled", "defense": 0}
    game.state.catalog["unit"][truck_id] = {
        "name": truck_id, "side": side, "division": division, "formation": None,
        "unit_class": "truck", "stripe": "white", "tags": [tag], "back_kind": "reduced",
        "faces": {"front": face, "back": dict(face, steps=1)}, **extra}
    return game.ref("unit", truck_id)


def leader_near(game, hex_id="35.045"):
    game.place("CO 8th IR", hex_id, "leader")


def truck_game(**kw):
    game = utah_game(**kw)
    truck = add_truck(game)
    infantry = unit(game, INFANTRY, "35.045")
    leader_near(game)
    return game, truck, infantry


def test_trucks_wait_off_the_map_on_their_division_display():
    """utah:12.0#1-2: Divisional Trucks are Units, kept off the map on their Division
    Display until used; utah:12.0#15: the Tross/Flak 30 too; one arriving as a
    reinforcement goes to the Display, not to its entry hex."""
    game, truck, infantry = truck_game()
    assert not game.attr(truck, "on_map")
    assert game.value("trucks_available", infantry) == [truck]
    game.state.catalog["unit"][TRUCK]["arrival_turn"] = game.value("current_turn")
    game.perform("reinforcements_to_boxes")
    assert game.attr(truck, "in_box") == 0 and not game.attr(truck, "on_map")
    assert game.events("truck_to_display")
    later = add_truck(game, "4th ID Trucks 2", arrival_turn=99)
    assert later not in game.value("trucks_available", infantry)


def test_an_in_command_leg_unit_boards_a_truck_as_its_first_action():
    """utah:12.0#3-5: an In Command Leg Unit of the owning Division mounts, as an Action,
    a truck taken from its Display and placed on it; utah:12.0#6: the truck, a
    white-striped Unit, stands in the hex and the loaded Unit is inactive (off the
    map); utah:12.0#16: only as the Unit's first Action of its activation."""
    game, truck, infantry = truck_game()
    assert game.value("can_mount_now", infantry, "formation")
    assert not game.value("can_mount_now", infantry, "formation_second")
    assert "transport" in game.value("legal_actions", infantry, "formation")
    game.perform("mount", infantry)
    assert game.attr(truck, "hex") == "35.045" and not game.attr(infantry, "on_map")
    assert game.attr(truck, "truck_carrying") == infantry
    assert game.attr(infantry, "riding_in") == truck
    assert game.value("independent", truck)                      # white-striped
    [event] = game.events("truck_boarded")
    assert (event.data["unit"], event.data["truck"]) == (INFANTRY, TRUCK)
    assert game.value("trucks_available", game.ref("unit", "B/1/8")) == []


def test_who_may_use_a_truck():
    """utah:12.0#3: In Command, of the owning Division; a Leg Unit; utah:12.0#20: never
    a zero-step Unit; errata 12.0 (utah:errata:12.0#1): a Leg Unit without Organic
    Transport of the Division it is attached to (a truck of another Division is not
    offered), or one within 2 hexes of its reinforcement hex though out of command."""
    game, truck, infantry = truck_game()
    assert game.value("may_board_truck", infantry)
    tank = unit(game, "C/70 Tk", "35.044")
    assert not game.value("may_board_truck", tank)               # not a Leg Unit
    game.place("CO 8th IR", None, "leader")
    assert not game.value("in_command", infantry)
    assert not game.value("may_board_truck", infantry)
    game.state.catalog["unit"][INFANTRY]["entry_hex"] = "36.045"
    assert game.value("may_board_truck", infantry)               # errata: 1 hex away
    printed = utah_game(as_printed=True)
    add_truck(printed)
    printed.state.catalog["unit"][INFANTRY]["entry_hex"] = "36.045"
    assert not printed.value("may_board_truck", unit(printed, INFANTRY, "35.045"))
    other = utah_game()
    add_truck(other, division="82nd Airborne Division")
    infantry = unit(other, INFANTRY, "35.045")
    leader_near(other)
    assert other.value("trucks_available", infantry) == []
    zero = utah_game()
    add_truck(zero)
    leader_near(zero)
    infantry = unit(zero, INFANTRY, "35.045")
    zero.state.catalog["unit"][INFANTRY]["faces"]["front"]["steps"] = 0
    assert not zero.value("may_board_truck", infantry)


def test_leaving_the_truck_returns_it_to_the_display():
    """utah:12.0#7: when the loaded Unit dismounts the truck goes back to the Display;
    utah:12.0#8: the Unit may not be active during that activation; utah:12.0#9: a
    truck that lost a step returns at full strength, reusable."""
    game, truck, infantry = truck_game()
    game.perform("mount", infantry)
    game.perform("take_step_loss", truck)
    assert game.value("current_steps", truck) == 1
    assert game.value("can_mount_now", truck, "direct")
    game.perform("mount", truck)                                 # the truck's Action
    assert game.attr(infantry, "hex") == "35.045" and not game.attr(truck, "on_map")
    assert game.value("current_steps", infantry) == 1           # what the truck suffered
    assert game.attr(infantry, "acted") == 1 and game.attr(infantry, "truck_dismounted") == 1
    assert game.value("current_steps", truck) == 2              # back at full strength
    assert truck in game.value("trucks_available", game.ref("unit", "B/1/8"))
    assert game.events("truck_left")


def test_a_one_step_unit_gets_a_one_step_truck():
    """utah:12.0#17-19: a truck placed on a one-step Unit is a one-step truck, and no
    one-step truck is left on the Display: you never make change."""
    game, truck, infantry = truck_game()
    game.perform("take_step_loss", infantry)
    add_truck(game, "4th ID Trucks 2")
    game.perform("mount", infantry)
    assert game.value("current_steps", truck) == 1
    assert [t.id for t in game.value("trucks_available", game.ref("unit", "B/1/8"))] == [
        "4th ID Trucks 2"]
    game.perform("mount", truck)
    assert game.value("current_steps", truck) == 2


def test_an_eliminated_truck_is_lost_for_good():
    """utah:12.0#9: "If any Division Trucks are eliminated while in play, these assets
    are removed from the game permanently" (with the Unit it carries)."""
    game, truck, infantry = truck_game(extra=(ELIMINATE,))
    game.perform("mount", infantry)
    game.perform("eliminate_for_test", truck)
    assert game.attr(truck, "truck_lost") == 1
    assert game.attr(infantry, "eliminated")
    assert truck not in game.value("trucks_available", game.ref("unit", "B/1/8"))


def test_airborne_jeeps_keep_their_size():
    """utah:12.0#10: Airborne Divisional Jeeps stay the size they are when used;
    utah:12.0#11: a Jeep that loses a step is not reconstituted."""
    game = utah_game("utah/night_drop")
    jeep = add_truck(game, "82nd Jeeps", division="82nd Airborne Division",
                     tag="divisional_jeep")
    para = unit(game, "A/1/505", "44.030")
    game.place("CO 505th PIR", "44.030", "leader")
    game.perform("take_step_loss", para)
    game.perform("mount", para)
    assert game.value("current_steps", jeep) == 2                # not made a one-step Jeep
    game.perform("take_step_loss", jeep)
    game.perform("mount", jeep)
    assert game.value("current_steps", jeep) == 1               # not reconstituted


def test_the_flak_tross_carries_the_independent_flak():
    """utah:12.0#12: the German Independent Flak Units' own transport, used like the
    trucks; utah:12.0#13: the Tross (s.)/Flak 30 carries the 88mm (white 7) Flak;
    utah:12.0#14: the Tross (le.)/Flak 30 the yellow fire power Flak."""
    game = utah_game()
    heavy = add_truck(game, "Tross (s.)/Flak 30", division="91.Luftlande Infanterie-Division",
                      tag="tross_heavy", side="Axis")
    light = add_truck(game, "Tross (le.)/Flak 30", division="91.Luftlande Infanterie-Division",
                      tag="tross_light", side="Axis")
    entry = game.state.catalog["unit"]["5./II./Gren 1057"]
    entry.update(tags=["flak"], stripe="white")
    entry["faces"]["front"].update(weapon_class="DP", fire_rating=7, movement=None)
    flak = unit(game, "5./II./Gren 1057", "30.045")
    game.place("Kdr Gren 1057", "30.045", "leader")
    assert game.value("trucks_available", flak) == [heavy]
    assert "transport" in game.value("legal_actions", flak, "direct")
    entry["faces"]["front"].update(weapon_class="DHE", fire_rating=3)
    assert game.value("trucks_available", flak) == [light]
    game.perform("mount", flak)
    assert game.attr(light, "truck_carrying") == flak


def test_the_counter_mix_is_the_limit():
    """utah:12.0#21: "The counter mix is an absolute limit": no truck beyond the
    counters the Division has (both in use, none is offered)."""
    game, truck, infantry = truck_game()
    game.perform("mount", infantry)
    other = unit(game, "B/1/8", "35.045")
    assert game.value("trucks_available", other) == []
    assert not game.value("may_board_truck", other)


def jeep_recovery_game():
    """The 82nd with its Jeeps arriving (in the Straggler box) and a battalion's
    Rally Point placed (modules/utah/rules/stragglers.ksr)."""
    game = utah_game("utah/night_drop", allied={
        "spend_recovery_point": lambda d: next((o for o in d.options if o != "keep"), "keep")})
    jeep = add_truck(game, "82nd Jeeps", division="82nd Airborne Division",
                     tag="divisional_jeep", arrival_turn=game.value("current_turn"))
    game.perform("place_rally_points", game.ref("division", "82nd Airborne Division"))
    return game, jeep


def test_airborne_jeeps_arrive_in_the_straggler_box():
    """utah:3.4#4: the Divisional Jeeps enter the game through the Straggler box when
    they arrive per the Reinforcement Schedule: not on the Display, not usable."""
    game, jeep = jeep_recovery_game()
    game.perform("reinforcements_to_boxes")
    assert game.attr(jeep, "in_straggler_box") == 1 and not game.attr(jeep, "on_map")
    para = unit(game, "A/1/505", "44.030")
    game.place("CO 505th PIR", "44.030", "leader")
    assert game.value("trucks_available", para) == []


def test_srps_bring_jeeps_to_the_display_and_to_full_strength():
    """utah:3.4.3(3)#5: 2 SRPs move one step of Divisional Jeeps from the Straggler box
    to the Division's available box; utah:3.4.3(3)#6: 2 SRPs flip a one-step Jeep there
    to its full strength side."""
    game, jeep = jeep_recovery_game()
    game.perform("reinforcements_to_boxes")
    b = game.ref("battalion", "1/505")
    game.set_initial(b, "recovery_points", 3)
    game.perform("spend_recovery_points", game.ref("division", "82nd Airborne Division"))
    assert game.attr(jeep, "in_straggler_box") == 0 and game.attr(jeep, "face") == "back"
    assert game.attr(b, "recovery_points") == 1                  # 2 spent, 1 short of more
    para = unit(game, "A/1/505", "44.030")
    game.place("CO 505th PIR", "44.030", "leader")
    assert game.value("trucks_available", para) == [jeep]        # on the Display
    game.set_initial(b, "recovery_points", 2)
    game.perform("spend_recovery_points", game.ref("division", "82nd Airborne Division"))
    assert game.attr(jeep, "face") == "front" and game.attr(b, "recovery_points") == 0
    spent = [e.data["how"] for e in game.events("recovery_point_spent")]
    assert spent == ["one step of Jeeps to the available box", "a Jeep flipped to full strength"]
