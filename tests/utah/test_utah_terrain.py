"""Utah terrain (utah:2.0, utah:2.1, utah:2.2, utah:2.3, utah:2.4, modules/utah/rules/in_hex.ksr, roads.ksr,
sight.ksr, fire_terms.ksr) on the provisional Map 6, each test with the map
changed only where it says."""

from __future__ import annotations

import pytest

from utah_games import GRENADIER, INFANTRY, TANK, face, unit, utah_game

ROWS = {  # utah:2.1.x: (unarmored, armored) as printed
    "clear": (0, 0), "woods": (-2, -2), "village": (-1, 0), "town": (-2, -1),
    "city": (-3, -2), "fortified": (-4, -3), "marsh": (1, 0), "beach": (1, 0),
    "hedgerow": (-2, -1), "hills": (-1, -2), "flooded": (0, 0), "orchard": (-2, -1),
    "sand_dunes": (-1, 0), "impassable": (0, 0)}


def term(value, name):
    return sum(t["amount"] for t in value.terms if t["name"] == name)


@pytest.fixture
def game():
    return utah_game()


def set_terrain(session, hex_id, terrain):
    session.state.map.terrain[hex_id] = terrain


@pytest.mark.parametrize("terrain", sorted(ROWS))
def test_fire_rating_modifiers_as_printed(game, terrain):
    """utah:2.0, utah:2.1#10, utah:2.1.1#2, utah:2.1.2#4, utah:2.1.3#2, utah:2.1.4#3, utah:2.1.5#3, utah:2.1.6#3,
    utah:2.1.7#2, utah:2.1.8#2, utah:2.1.9#2, utah:2.1.10#5, utah:2.1.11#4, utah:2.1.12#4,
    utah:2.1.13#2, utah:2.1.14#6: each type's modifier against Unarmored and Armored
    targets, for a small-arms firer (not in Column)."""
    assert (game.program.lookup("utah_terrain_fire_modifier", terrain, "unarmored"),
            game.program.lookup("utah_terrain_fire_modifier", terrain, "armored")) == ROWS[terrain]
    firer = unit(game, GRENADIER, "30.045")
    target = unit(game, INFANTRY, "32.045")
    set_terrain(game, "32.045", terrain)
    fired = game.value("modified_fire_rating", firer, target, "direct", 0, 0)
    assert term(fired, "terrain") == ROWS[terrain][0]


def test_blocking_terrain_as_printed(game):
    """utah:2.1.2#4, utah:2.1.4#2, utah:2.1.5#3, utah:2.1.6#3, utah:2.1.9#2,
    utah:2.1.10#4, utah:2.1.12#4 block; utah:2.1.1#2, utah:2.1.3#2, utah:2.1.7#2,
    utah:2.1.8#2, utah:2.1.11#4, utah:2.1.13#2, utah:2.1.14#6 do not."""
    blocking = {t for t in ROWS if game.value("terrain_type_has", t, "blocking")}
    assert blocking == {"woods", "town", "city", "fortified", "hedgerow", "hills", "orchard"}


def test_hedgerow_is_fired_into_at_normal_ranges(game):
    """utah:2.1.9#4: "LOS to, Fire Zones, and Direct Fire attacks against Units in a
    Hedgerow hex are allowed normally": a clear line to the hedgerow hex next door."""
    set_terrain(game, "31.045", "hedgerow")
    assert game.value("has_los", "30.045", "31.045", "direct")


def test_vehicles_and_woods_and_marsh(game):
    """utah:2.1.2#3, utah:2.1.7#3: "Wheeled and Tracked Units cannot enter or exit a
    Woods [Marsh] hex unless they are in Column and traveling along a Road";
    utah:2.1.2#6: not leaving Column there."""
    tank = unit(game, TANK, "33.044", column=1)
    set_terrain(game, "34.044", "woods")            # on the road 34.045-34.040
    assert game.value("half_point_cost", tank, "34.045", "34.044") == 1  # along the road
    assert game.value("half_point_cost", tank, "33.044", "34.044") is None  # off it
    game.place(TANK, "34.044")
    assert not game.value("may_leave_column", tank)
    set_terrain(game, "34.044", "marsh")
    assert not game.value("may_leave_column", tank)
    assert game.value("half_point_cost", tank, "34.044", "33.044") is None
    game.set_initial(tank, "column", 0)
    assert game.value("half_point_cost", tank, "34.045", "34.044") is None


def test_vehicles_and_towns_cities_and_forts(game):
    """utah:2.1.4#4, utah:2.1.4#5: into or out of a Town only in Column, but may exit
    Column there; utah:2.1.5#5, utah:2.1.6#5: into a City or Fortified hex only in
    Column, never leaving it there."""
    tank = unit(game, TANK, "32.046", column=1)
    for terrain, leaves in (("town", True), ("city", False), ("fortified", False)):
        set_terrain(game, "32.047", terrain)
        game.place(TANK, "32.046")
        game.set_initial(tank, "column", 1)
        assert game.value("half_point_cost", tank, "32.046", "32.047") is not None
        game.set_initial(tank, "column", 0)
        assert game.value("half_point_cost", tank, "32.046", "32.047") is None
        game.place(TANK, "32.047")
        game.set_initial(tank, "column", 1)
        assert game.value("may_leave_column", tank) == leaves
    set_terrain(game, "32.047", "town")
    game.set_initial(tank, "column", 0)
    assert game.value("half_point_cost", tank, "32.047", "32.046") is None


def test_german_units_may_not_enter_the_beach(game):
    """utah:2.1.8#6: "German Units may not enter Beach hexes"; an Allied Unit may, on a
    Beach Overlay in play (without one the Beach is Impassable, utah:2.1.8#4)."""
    set_terrain(game, "31.046", "beach")
    german = unit(game, GRENADIER, "31.045")
    assert game.value("half_point_cost", german, "31.045", "31.046") is None
    american = unit(game, INFANTRY, "32.046")
    assert game.value("half_point_cost", american, "32.046", "31.046") is None
    from pathlib import Path
    naval = utah_game(str(Path(__file__).resolve().parent / "scenarios" / "naval_test.yaml"))
    set_terrain(naval, "31.046", "beach")
    german = unit(naval, GRENADIER, "31.045")
    assert naval.value("half_point_cost", german, "31.045", "31.046") is None
    american = unit(naval, INFANTRY, "32.046")
    assert naval.value("half_point_cost", american, "32.046", "31.046") == 2


def test_woods_ignore_high_explosive_as_printed():
    """utah:2.1.2#5 (as printed): "This modifier is ignored if the Fire Rating of the
    firing Unit is black, brown, orange, green or yellow" — against any target."""
    game = utah_game(as_printed=True)
    set_terrain(game, "32.045", "woods")
    firer = unit(game, GRENADIER, "30.045")
    face(game, GRENADIER).update(weapon_class="DHE")
    for target_id in (INFANTRY, TANK):
        target = unit(game, target_id, "32.045")
        assert term(game.value("modified_fire_rating", firer, target, "direct", 0, 0),
                    "terrain") == 0


def test_hills_not_against_indirect_fire_and_their_sight(game):
    """utah:2.1.10#6: the Hill modifier "does not apply against Indirect Fire
    attacks"; utah:2.1.10#7: "maximum daylight LOS range of 13 hexes and may trace
    LOS and fire through 3 blocking hexes"; utah:2.1.10#8, utah:2.1.10#9: reciprocal."""
    firer = unit(game, GRENADIER, "30.045")
    target = unit(game, INFANTRY, "36.043")       # Hill 30 (provisional)
    assert term(game.value("modified_fire_rating", firer, target, "direct", 0, 0),
                "terrain") == -1
    assert term(game.value("modified_fire_rating", firer, target, "indirect", 0, 0),
                "terrain") == 0
    assert game.value("los_max_distance", "36.043", "direct") == 13
    assert game.value("los_max_distance", "30.045", "direct") == 8
    assert game.value("los_blocking_allowed", "36.043", "direct") == 3
    for h, terrain in (("36.044", "woods"), ("36.045", "woods"), ("36.046", "clear"),
                       ("36.047", "clear")):
        set_terrain(game, h, terrain)
    # from the hill through two woods hexes: seen, and so the hill is seen back
    assert game.value("has_los", "36.043", "36.047", "direct")
    assert game.value("has_los", "36.047", "36.043", "direct")
    assert not game.value("plain_los", "36.047", "36.043", "direct")


def test_stream_costs_and_vehicles(game):
    """utah:2.2, utah:2.2.3#2: a Leg Unit crossing a Stream off a Road pays 2 more out of
    Column, 1 more in Column; utah:2.2.3#3: vehicles only along a Road."""
    leg = unit(game, INFANTRY, "33.047")
    assert game.value("hexside_features", "33.047", "34.047") == ["stream"]
    base = 2 * game.program.lookup("terrain_cost", game.value("terrain", "34.047"), "leg", 0)
    assert game.value("half_point_cost", leg, "33.047", "34.047") == base + 4
    game.set_initial(leg, "column", 1)
    base1 = 2 * game.program.lookup("terrain_cost", game.value("terrain", "34.047"), "leg", 1)
    assert game.value("half_point_cost", leg, "33.047", "34.047") == base1 + 2
    tank = unit(game, TANK, "33.047", column=1)
    assert game.value("half_point_cost", tank, "33.047", "34.047") is None


def test_rivers_only_at_bridges_and_bridges_only_in_column(game):
    """utah:2.2.4#1: "Rivers ... can only be crossed at Bridges"; utah:2.4.1#1: "A Unit
    must be in Column to cross a Bridge, and the cost is the same as for normal
    movement"; utah:2.3.7#1: the causeway is a Road (½ MP in Column)."""
    leg = unit(game, INFANTRY, "29.044")
    assert game.value("hexside_features", "29.044", "30.044") == ["river"]
    assert game.value("half_point_cost", leg, "29.044", "30.044") is None
    game.place(INFANTRY, "29.045")
    assert game.value("half_point_cost", leg, "29.045", "30.045") is None
    game.set_initial(leg, "column", 1)
    assert game.value("half_point_cost", leg, "29.045", "30.045") == 1
    assert game.value("half_point_cost", leg, "28.045", "29.045") == 1   # the causeway


def test_ridges_stop_vehicles_off_the_road_and_cut_fire(game):
    """utah:2.2.2#9: vehicles cross a Ridge only in Column along a Road;
    utah:2.2.2#4, utah:2.2.2#5: firing into a hex across a Ridge: -1 Unarmored, -2
    Armored, Direct and Opportunity Fire only; utah:2.2.1#6: a Crest does nothing to
    fire or movement."""
    tank = unit(game, TANK, "36.043", column=1)
    assert game.value("half_point_cost", tank, "36.043", "37.043") is None
    firer = unit(game, GRENADIER, "38.043")
    target = unit(game, INFANTRY, "36.043")
    direct = game.value("modified_fire_rating", firer, target, "direct", 0, 0)
    assert term(direct, "ridge") == -1
    game.place(TANK, "36.043")
    game.set_initial(tank, "column", 0)
    assert term(game.value("modified_fire_rating", firer, tank, "opportunity", 0, 0),
                "ridge") == -2
    assert term(game.value("modified_fire_rating", firer, target, "indirect", 0, 0),
                "ridge") == 0
    leg = unit(game, INFANTRY, "35.043")
    crest = 2 * game.program.lookup("terrain_cost", "hills", "leg", 0)
    assert game.value("half_point_cost", leg, "35.043", "36.043") == crest
    west = unit(game, GRENADIER, "34.043")
    assert term(game.value("modified_fire_rating", west, target, "direct", 0, 0), "ridge") == 0


def test_railroad_rates(game):
    """utah:2.3.2#2, utah:2.3.2#3: in Column along a Railroad a Leg Unit pays ½, a
    Wheeled Unit 2 and a Tracked Unit 1 Movement Point; utah:2.3.1#2: a Road ½."""
    tank = unit(game, TANK, "37.044", column=1)
    assert game.value("roads_between", "37.044", "38.044") == ["railroad"]
    assert game.value("half_point_cost", tank, "37.044", "38.044") == 2
    leg = unit(game, INFANTRY, "37.044", column=1)
    assert game.value("half_point_cost", leg, "37.044", "38.044") == 1
    assert game.program.lookup("railroad_half_points", "wheeled") == 4


def test_sunken_and_raised_roads(game):
    """utah:2.3.5#4, utah:2.3.5#5: in Column only along the Sunken Road;
    utah:2.3.5#11: no Vehicle out of Column; utah:2.3.5#15: a Leg Unit out of Column
    from any side at double cost; utah:2.3.5#10, utah:2.3.5#16, utah:2.3.5#21: fired
    on, -3 a Vehicle, -2 a Leg Unit; utah:2.3.3#11, utah:2.3.3#17, utah:2.3.3#22: +2 on
    a Raised Road; utah:2.3.5#8, utah:2.3.3#9: a Vehicle never leaves Column there."""
    leg = unit(game, INFANTRY, "33.049", column=1)
    assert game.value("sunken_hex", "33.048")
    assert game.value("half_point_cost", leg, "33.049", "33.048") is None
    game.set_initial(leg, "column", 0)
    cost = game.program.lookup("terrain_cost", game.value("terrain", "33.048"), "leg", 0)
    assert game.value("half_point_cost", leg, "33.049", "33.048") == 4 * cost
    tank = unit(game, TANK, "32.047")
    assert game.value("half_point_cost", tank, "32.047", "32.048") is None
    firer = unit(game, GRENADIER, "30.048")
    game.place(INFANTRY, "33.048")
    assert term(game.value("modified_fire_rating", firer, leg, "direct", 0, 0),
                "road_embankment") == -2
    game.place(TANK, "33.048")
    game.set_initial(tank, "column", 1)
    assert term(game.value("modified_fire_rating", firer, tank, "direct", 0, 0),
                "road_embankment") == -3
    assert not game.value("may_leave_column", tank)
    game.place(INFANTRY, "37.050")
    assert game.value("raised_hex", "37.050")
    assert term(game.value("modified_fire_rating", firer, leg, "direct", 0, 0),
                "road_embankment") == 2


def test_raised_roads_block_sight_but_not_at_the_ends_and_sunken_never(game):
    """utah:2.3.3#25, utah:2.3.3#26: a Raised Road blocks a line through it, never in
    the firer's or target's hex; utah:2.3.5#22: Sunken Roads never block;
    utah:2.3.1#6, utah:2.2.4#4: Roads and Rivers do not."""
    for h in ("36.050", "37.050", "38.050", "35.050", "39.050", "32.048", "33.048",
              "34.048", "31.048", "35.048"):
        set_terrain(game, h, "clear")
    assert not game.value("has_los", "35.050", "39.050", "direct")
    assert game.value("has_los", "36.050", "38.050", "direct")
    assert game.value("has_los", "31.048", "35.048", "direct")


def test_bridges_in_column_and_no_roadblocks(game):
    """utah:2.4#3: in Column in a hex with a Bridge hexside, +2 and the hex's own
    terrain ignored; utah:2.4.2#1: no Roadblock in a Bridge hex; utah:2.4.4#1: a Bridge
    blocks a line that crosses it."""
    firer = unit(game, GRENADIER, "32.045")
    target = unit(game, INFANTRY, "30.045", column=1)   # the manor village by the bridge
    fired = game.value("modified_fire_rating", firer, target, "direct", 0, 0)
    assert term(fired, "bridge") == 2 and term(fired, "terrain") == 0
    assert not game.value("hex_has_road", "30.045")
    assert game.value("hex_has_road", "32.045")
    for c in range(26, 34):
        for r in range(42, 49):
            set_terrain(game, f"{c}.{r:03d}", "clear")
    assert not game.value("has_los", "28.045", "31.045", "direct")
    unbridged = utah_game()
    for c in range(26, 34):
        for r in range(42, 49):
            set_terrain(unbridged, f"{c}.{r:03d}", "clear")
    del unbridged.state.map.hexsides[frozenset(("29.045", "30.045"))]
    assert unbridged.value("has_los", "28.045", "31.045", "direct")


def test_off_the_road_or_out_of_column_the_terrain_is_paid(game):
    """utah:2.3, utah:2.3.1#2-4: in Column along a Road ½ MP; "A Unit not in Column, or not
    entering or exiting the hex along a Road, must pay the base terrain cost";
    utah:2.3.2#4-5: the same for Railroads."""
    leg = unit(game, INFANTRY, "33.045")
    cost = 2 * game.program.lookup("terrain_cost", game.value("terrain", "34.045"), "leg", 0)
    assert game.value("half_point_cost", leg, "33.045", "34.045") == cost
    game.set_initial(leg, "column", 1)
    assert game.value("half_point_cost", leg, "33.045", "34.045") == 1
    game.place(INFANTRY, "37.044")
    game.set_initial(leg, "column", 0)
    rail = 2 * game.program.lookup("terrain_cost", game.value("terrain", "38.044"), "leg", 0)
    assert game.value("half_point_cost", leg, "37.044", "38.044") == rail


def test_raised_roads_in_column_only_along_them_out_of_column_at_double_cost(game):
    """utah:2.3.3#5-7: in Column a Unit enters and leaves a Raised Road hex only
    through a hexside the Raised Road touches; utah:2.3.3#14: never a Vehicle out of
    Column; utah:2.3.3#16, utah:2.3.3#20: a Leg Unit out of Column from any side, at
    double the terrain's cost, and leaves by any side."""
    for h in ("36.049", "36.050", "37.049", "37.050", "38.050"):
        game.state.map.terrain[h] = "clear"
    leg = unit(game, INFANTRY, "36.050", column=1)
    assert game.value("raised_hex", "37.050")
    assert game.value("half_point_cost", leg, "36.050", "37.050") == 1      # along it
    game.place(INFANTRY, "37.049")
    assert game.value("half_point_cost", leg, "37.049", "37.050") is None   # across
    game.place(INFANTRY, "37.050")
    assert game.value("half_point_cost", leg, "37.050", "37.049") is None
    game.set_initial(leg, "column", 0)
    assert game.value("half_point_cost", leg, "37.050", "37.049") == 2
    game.place(INFANTRY, "37.049")
    assert game.value("half_point_cost", leg, "37.049", "37.050") == 4
    tank = unit(game, TANK, "37.049")
    assert game.value("half_point_cost", tank, "37.049", "37.050") is None


def test_embankment_roads_work_as_raised_roads(game):
    """utah:2.3.4#2: Embankment Roads/Railroads "work exactly like Raised
    Roads/Railroads in all respects"."""
    side = frozenset(("40.046", "40.047"))
    assert not game.value("raised_hex", "40.046")
    game.state.map.roads[side] = {"embankment_road"}
    assert game.value("raised_hex", "40.046") and game.value("raised_hex", "40.047")


def test_leg_units_cross_a_ridge_with_their_whole_allowance(game):
    """utah:2.2.2#6-8: "Leg Units can cross a Ridge hexside, in Column or not, by
    expending all of their movement allowance ... one hex over the Ridge hexside.
    Prolonging is not allowed over a Ridge hexside.\""""
    leg = unit(game, INFANTRY, "36.043")
    allowance = game.value("movement_allowance", leg)
    assert game.value("half_point_cost", leg, "36.043", "37.043") == 2 * allowance
    game.set_initial(leg, "column", 1)
    assert game.value("half_point_cost", leg, "36.043", "37.043") == 2 * allowance
    face(game, INFANTRY).update(movement="star")
    assert game.value("hexside_prohibited", leg, "36.043", "37.043")


def test_2_3_2_railroads_do_not_block_sight(game):
    """utah:2.3.2#7: "Railroads have no effect on Line of Sight" — along the Railroad
    37.044-40.044 and across it, over clear ground, the line is open."""
    for c in range(35, 41):
        for r in range(42, 47):
            set_terrain(game, f"{c}.{r:03d}", "clear")
    assert game.value("roads_between", "38.044", "39.044") == ["railroad"]
    assert game.value("has_los", "36.044", "40.044", "direct")
    assert game.value("has_los", "38.042", "38.046", "direct")
