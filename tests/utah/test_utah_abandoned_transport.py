"""Abandoned Transport (utah:15.0, modules/utah/rules/abandoned_transport.ksr and
modules/utah/transport_route.py): a Unit with Organic Transport entering a hex its
transport could not enter leaves it behind; it mounts again only with a route for
the transport to a Road and along it, free of enemy Units and Fire Zones."""

from __future__ import annotations

from utah_games import GRENADIER, INFANTRY, unit, utah_game

from kriegsspiel.engine.rulebook import ExtraRules

MOVE_FOR_TEST = ExtraRules("move_for_test.ksr", """
procedure move_for_test(unit: unit, hex_id) @utah:15.0 {
  step go @utah:15.0 { do move_unit(unit, hex_id) }
}
""")


def motorize(game, unit_id, mclass="wheeled"):
    """The Unit's back is its Organic Transport (gts:14.10): a Vehicle side."""
    entry = game.state.catalog["unit"][unit_id]
    entry["back_kind"] = "transport"
    entry["faces"]["back"] = dict(entry["faces"]["front"], movement_class=mclass, movement=10)
    return game.ref("unit", unit_id)


def transport_game(**kw):
    return utah_game(extra=(MOVE_FOR_TEST,), **kw)


def test_entering_a_hex_the_transport_could_not_enter_abandons_it():
    """utah:15.0#1: a Leg Unit with Organic Transport moving off the Road into Woods
    (which Vehicles enter only along a Road, in Column, utah:2.1.2) gets the marker;
    into Hedgerow, or along the Road into Woods, it does not."""
    game = transport_game()
    infantry = motorize(game, INFANTRY)
    unit(game, INFANTRY, "36.046")                    # hedgerow
    game.perform("move_for_test", infantry, "35.046")  # hedgerow
    assert game.attr(infantry, "abandoned_transport") == 0
    game.perform("move_for_test", infantry, "35.047")  # woods, no Road
    assert game.attr(infantry, "abandoned_transport") == 1
    [event] = game.events("transport_abandoned")
    assert event.data["hex"] == "35.047"
    road = transport_game()
    infantry = motorize(road, INFANTRY)
    unit(road, INFANTRY, "34.045")
    road.perform("move_for_test", infantry, "34.044")    # Woods, along the Road
    assert road.attr(infantry, "abandoned_transport") == 0
    road.perform("move_for_test", infantry, "35.044")    # out of the Woods off the Road
    assert road.attr(infantry, "abandoned_transport") == 1


def test_the_transport_side_decides_in_column_or_not():
    """utah:15.0#1: "in Column or not": a Town closes to Vehicles out of Column only
    (utah:2.1.4), so the transport could enter it and is kept."""
    game = transport_game()
    infantry = motorize(game, INFANTRY)
    unit(game, INFANTRY, "33.040")                    # clear
    game.perform("move_for_test", infantry, "34.040")  # town
    assert game.attr(infantry, "abandoned_transport") == 0


def german_on_the_road(game):
    grenadier = motorize(game, GRENADIER, "tracked")
    unit(game, GRENADIER, "34.041")                   # clear, on the Road to the causeway
    game.set_initial(grenadier, "abandoned_transport", 1)
    return grenadier


def test_a_german_unit_remounts_with_ten_road_hexes_toward_its_edge():
    """utah:15.0#2: from the Unit to the nearest Road hex, then at least 10 Road hexes
    toward the north, west or south edge; utah:15.0#4: the marker is removed;
    utah:15.0#5: as part of the Movement Action to mount."""
    game = transport_game()
    grenadier = german_on_the_road(game)
    assert game.value("transport_recoverable", grenadier)
    assert game.value("can_mount", grenadier)
    game.perform("mount", grenadier)
    assert game.attr(grenadier, "abandoned_transport") == 0
    assert game.attr(grenadier, "face") == "back"
    [event] = game.events("transport_recovered")
    assert event.data["hex"] == "34.041"


def test_the_route_must_be_free_of_enemy_units_and_fire_zones():
    """utah:15.0#3: an American Unit on the Road west cuts it (and its Fire Zone covers
    the Road near it); north of 34.041 the Road runs only two hexes on the map in
    play: no route, no mounting, the marker stays."""
    game = transport_game()
    grenadier = german_on_the_road(game)
    unit(game, INFANTRY, "33.045")
    assert not game.value("transport_route_found", grenadier)
    assert not game.value("can_mount", grenadier)
    assert game.attr(grenadier, "abandoned_transport") == 1


def test_the_unit_must_be_in_terrain_accessible_by_vehicle():
    """utah:15.0#5: a transport left in Woods off the Road cannot be remounted there."""
    game = transport_game()
    grenadier = motorize(game, GRENADIER)
    unit(game, GRENADIER, "35.047")                   # Woods, no Road
    game.set_initial(grenadier, "abandoned_transport", 1)
    assert not game.value("transport_terrain_accessible", grenadier, "35.047")
    assert game.value("transport_terrain_accessible", grenadier, "34.044")   # on the Road
    assert not game.value("transport_recoverable", grenadier)
    assert not game.value("can_mount", grenadier)


def test_an_american_unit_needs_a_road_to_a_beach_reinforcement_hex():
    """utah:15.0#2: for the Americans the Road path leads to a Beach Reinforcement hex
    (a map feature): along the Road, over the Bridge and the causeway to 24.045."""
    game = transport_game()
    infantry = motorize(game, INFANTRY, "tracked")
    unit(game, INFANTRY, "33.045")
    game.set_initial(infantry, "abandoned_transport", 1)
    assert not game.value("transport_recoverable", infantry)   # no Beach hex on the route
    game.state.map.features.setdefault("24.045", []).append(
        {"kind": "beach_reinforcement", "name": None})
    other = transport_game()
    other.state.map.features.setdefault("24.045", []).append(
        {"kind": "beach_reinforcement", "name": None})
    infantry = motorize(other, INFANTRY, "tracked")
    unit(other, INFANTRY, "33.045")
    other.set_initial(infantry, "abandoned_transport", 1)
    assert other.value("transport_recoverable", infantry)


def test_2_4_3_crossing_an_unimproved_railroad_bridge_abandons_the_transport():
    """utah:2.4.3#3: "If a Unit with Organic Transport crosses a Railroad Bridge that
    hasn't been improved, the Unit loses its transport capabilities, and an Abandoned
    Transport marker is placed on the Unit" — over an improved one it keeps them."""
    from kriegsspiel.core.state import Ref
    for improved, marker in ((False, 1), (True, 0)):
        game = transport_game()
        game.state.map.hexsides[frozenset(("38.044", "39.044"))] = \
            [{"feature": "railroad_bridge"}]
        if improved:
            for h in ("38.044", "39.044"):
                game.set_initial(Ref("hex", h), "improved_bridge", 1)
        infantry = motorize(game, INFANTRY)
        unit(game, INFANTRY, "38.044", column=1)
        game.perform("move_for_test", infantry, "39.044")
        assert game.attr(infantry, "abandoned_transport") == marker
