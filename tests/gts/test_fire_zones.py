"""Fire Range (gts:29.27, gts:15.3) and Fire Zones (gts:17.3, gts:29.29) on small
hand-made maps."""

from __future__ import annotations

from los_world import los_map, los_session, make_night, set_hex_marker

from kriegsspiel.core.hexgrid import HexGrid

GRID = HexGrid((1, 20, 1, 12))


def around(hex_id, n):
    """On-map hexes at distance 1..n."""
    h = GRID.parse(hex_id)
    return {GRID.format(x) for x in GRID.within(h, n) if x != h}


def value(session, name, *args):
    return session.value(name, *args)


def unit(session, ident):
    return session.ref("unit", ident)


ENEMY = {"side": "allies"}


def test_printed_fire_range_and_none_printed(gts):
    """gts:29.27 / gts:15.1#4: the printed Fire Range; "If no Fire Range appears, it
    means that a Unit has a Fire Range of one"."""
    s = los_session(gts, units={"rifle": ("05.05", {"fire_range": 4}, {}),
                                "plain": ("05.08", {"fire_range": None}, {})})
    assert value(s, "fire_range", unit(s, "rifle")) == 4
    assert value(s, "fire_range", unit(s, "plain")) == 1


def test_an_adjacent_enemy_cuts_fire_range_to_one(gts):
    """gts:29.27 / gts:15.3#11: "A Unit's Fire Range is reduced to one hex if it is
    adjacent to an enemy Unit"; a friendly neighbour changes nothing."""
    s = los_session(gts, units={"rifle": ("05.05", {"fire_range": 4}, {}),
                                "friend": ("05.06", {}, {}),
                                "enemy": ("05.09", {}, ENEMY)})
    rifle = unit(s, "rifle")
    assert value(s, "fire_range", rifle) == 4
    s.place("enemy", "06.05")                    # now adjacent (north-east of 05.05)
    assert value(s, "fire_range", rifle) == 1
    assert value(s, "spotted_fire_range", rifle) == 1


def test_a_barrage_cuts_fire_range_except_parks_and_emplaced_for_spotted_fire(gts):
    """gts:29.27 / gts:16.6.2.2 / gts:15.3#11-13 / gts:15.5#18: in a barraged hex the Fire
    Range is one — but an artillery Unit in an Artillery Park or an Emplaced
    Artillery Unit "may still perform spotted Indirect Fire normally"; Mortars
    and Organic Artillery may not."""
    arty = {"weapon_class": "IHE", "fire_range": 20}
    s = los_session(gts, units={
        "rifle": ("05.05", {"fire_range": 4}, {}),
        "park": ("05.05", arty, {}),
        "emplaced": ("05.05", {"weapon_class": "EMPLACED", "fire_range": 12}, {}),
        "mortar": ("05.05", {"weapon_class": "MORTAR", "fire_range": 6}, {}),
        "organic": ("05.05", {"weapon_class": "ORGANIC", "fire_range": 8}, {})})
    s.state.record("track_changed", {"entity": "unit:park", "track": "in_artillery_park",
                                     "old": 0, "new": 1}, [])
    set_hex_marker(s, "05.05", "barrage", 1)
    ranges = {u: (value(s, "fire_range", unit(s, u)), value(s, "spotted_fire_range", unit(s, u)))
              for u in ("rifle", "park", "emplaced", "mortar", "organic")}
    assert ranges == {"rifle": (1, 1), "park": (1, 20), "emplaced": (1, 12),
                      "mortar": (1, 1), "organic": (1, 1)}


def test_fire_zone_is_the_hexes_in_range_and_in_sight(gts):
    """gts:17.3 / gts:29.29: "any hex to which the Unit has a Line of Sight and that
    is within its Fire Range" — not its own hex, not a hex behind a town
    (gts:17.3#2)."""
    s = los_session(gts, los_map(hexes={"town": ["10.04"]}),
                    units={"rifle": ("10.06", {"fire_range": 3}, {})})
    rifle = unit(s, "rifle")
    zone = set(value(s, "fire_zone", rifle))
    assert zone < around("10.06", 3) and "10.06" not in zone
    assert "10.04" in zone and "10.03" not in zone          # the town, and behind it
    assert around("10.06", 2) <= zone
    assert zone == {h for h in around("10.06", 3) if value(s, "in_fire_zone", h, rifle)}


def test_an_adjacent_enemy_limits_the_fire_zone_to_the_six_hexes_around(gts):
    """gts:29.29 / gts:17.3: "if a Unit has one or more enemy Units adjacent to it
    ... its Fire Zone is reduced to its six surrounding hexes" (gts:17.3#5)."""
    s = los_session(gts, units={"rifle": ("10.06", {"fire_range": 3}, {}),
                                "enemy": ("10.05", {}, ENEMY)})
    assert set(value(s, "fire_zone", unit(s, "rifle"))) == around("10.06", 1)


def test_a_barrage_limits_the_fire_zone_except_in_an_artillery_park(gts):
    """gts:29.29 / gts:17.3 / gts:16.6.2.2: a Unit in a barrage hex has a Fire
    Zone of the six hexes around it, "except for a Unit in an Artillery Park"
    (gts:17.3#5)."""
    s = los_session(gts, units={"rifle": ("10.06", {"fire_range": 3}, {}),
                                "gun": ("10.06", {"weapon_class": "IHE", "fire_range": 20}, {})})
    set_hex_marker(s, "10.06", "barrage", 2)
    assert set(value(s, "fire_zone", unit(s, "rifle"))) == around("10.06", 1)
    assert set(value(s, "fire_zone", unit(s, "gun"))) == around("10.06", 1)
    s.state.record("track_changed", {"entity": "unit:gun", "track": "in_artillery_park",
                                     "old": 0, "new": 1}, [])
    assert set(value(s, "fire_zone", unit(s, "gun"))) == around("10.06", 3)


def test_artillery_fire_zones_reach_three_hexes(gts):
    """gts:17.3 / gts:29.29: "Indirect HE, Emplaced Artillery, and Organic Artillery
    Units have a Fire Zone range of up to three hexes within their Line of Sight"
    (gts:17.3#3)."""
    s = los_session(gts, units={
        "ihe": ("05.05", {"weapon_class": "IHE", "fire_range": 20}, {}),
        "emplaced": ("10.06", {"weapon_class": "EMPLACED", "fire_range": 12}, {}),
        "organic": ("15.06", {"weapon_class": "ORGANIC", "fire_range": 8}, {}),
        "dhe": ("05.10", {"weapon_class": "DHE", "fire_range": 5}, {})})
    for u, h in (("ihe", "05.05"), ("emplaced", "10.06"), ("organic", "15.06")):
        assert value(s, "fire_zone_range", unit(s, u)) == 3
        assert set(value(s, "fire_zone", unit(s, u))) == around(h, 3)
    assert value(s, "fire_zone_range", unit(s, "dhe")) == 5


def test_no_fire_zone_for_mortars_suppressed_units_or_units_that_cannot_fire(gts):
    """gts:17.3#4 / gts:29.29: "Mortar Units do not have a Fire Zone"; gts:19.2.2:
    "Suppressed Units do not project any Fire Zones"; gts:29.28: a 'No' Fire
    Rating cannot fire."""
    s = los_session(gts, units={
        "mortar": ("05.05", {"weapon_class": "MORTAR", "fire_range": 6}, {}),
        "truck": ("10.06", {"fire_rating": None, "weapon_class": None, "fire_range": 1}, {}),
        "rifle": ("15.06", {"fire_range": 2}, {}),
        "target": ("15.08", {}, ENEMY)})
    for u in ("mortar", "truck"):
        assert value(s, "fire_zone", unit(s, u)) == []
        assert value(s, "fire_zone_range", unit(s, u)) == 0
    assert value(s, "in_enemy_fire_zone", unit(s, "target"))
    s.state.record("track_changed", {"entity": "unit:rifle", "track": "suppressed",
                                     "old": 0, "new": 1}, [])
    assert value(s, "fire_zone", unit(s, "rifle")) == []
    assert not value(s, "in_enemy_fire_zone", unit(s, "target"))


def test_night_line_of_sight_limits_the_fire_zone(gts):
    """gts:28.0 / gts:17.3: at night a Line of Sight reaches three hexes, so a
    Fire Range of five makes a Fire Zone of three."""
    s = los_session(gts, units={"tank": ("10.06", {"weapon_class": "AP", "fire_range": 5}, {})})
    assert set(value(s, "fire_zone", unit(s, "tank"))) == around("10.06", 5)
    make_night(s)
    assert set(value(s, "fire_zone", unit(s, "tank"))) == around("10.06", 3)


def test_a_strongpoint_fire_zone_sees_through_blocking_terrain(gts):
    """gts:15.4.3 / gts:17.3: a strongpoint's Line of Sight serves Direct Fire, so
    the Fire Zone reaches past two blocking hexes; an observation post's does not
    (gts:15.4.2)."""
    gmap = los_map(hexes={"woods": ["10.05", "10.04"]},
                   features=[("10.06", "strongpoint"), ("15.06", "observation_post")])
    s = los_session(gts, gmap, units={"sp": ("10.06", {"fire_range": 3}, {})})
    assert "10.03" in value(s, "fire_zone", unit(s, "sp"))
    s.place("sp", "15.06")
    set_hex_marker(s, "15.05", "barrage", 1)
    assert "15.04" not in value(s, "fire_zone", unit(s, "sp"))


def test_enemy_fire_zones_on_a_hex(gts):
    """gts:17.3 / gts:29.29: which Units of the other side cover a hex; a Unit is
    in an enemy Fire Zone when its hex is covered."""
    s = los_session(gts, los_map(hexes={"town": ["06.05"]}), units={
        "us": ("06.03", {}, {}),
        "near": ("06.06", {"fire_range": 3}, ENEMY),     # town between
        "far": ("08.03", {"fire_range": 2}, ENEMY),
        "short": ("10.03", {"fire_range": 2}, ENEMY)})
    axis = s.ref("side", "axis")
    assert [u.id for u in value(s, "enemy_fire_zone_units", "06.03", axis)] == ["far"]
    assert value(s, "hex_in_enemy_fire_zone", "06.03", axis)
    assert value(s, "in_enemy_fire_zone", unit(s, "us"))
    assert not value(s, "hex_in_enemy_fire_zone", "06.03", s.ref("side", "allies"))
    s.place("far", "09.03")
    assert not value(s, "in_enemy_fire_zone", unit(s, "us"))


def test_no_cohesion_rally_in_a_fire_zone_seen_across_the_map(gts):
    """gts:20.0 with gts:17.3: the Fire Zone that stops a Cohesion rally by day is
    the real one — an enemy three hexes off with the range and the Line of Sight
    counts; behind a town it does not."""
    gmap = los_map(hexes={"town": ["06.08"]})
    s = los_session(gts, gmap, units={"us": ("06.06", {}, {}),
                                      "enemy": ("06.03", {"fire_range": 3}, ENEMY)})
    s.state.record("track_changed", {"entity": "unit:us", "track": "cohesion_hits",
                                     "old": 0, "new": 1}, [])
    s.place("schaette", "06.06", "leader")          # In Command: no roll
    s.perform("rally", unit(s, "us"))
    assert s.attr(unit(s, "us"), "cohesion_hits") == 1
    s.place("enemy", "06.09")                        # three hexes off, behind the town
    s.perform("rally", unit(s, "us"))
    assert s.attr(unit(s, "us"), "cohesion_hits") == 0


def test_the_nearby_projectors_cut_changes_no_answer():
    """gts:17.3: hex_in_enemy_fire_zone looks only at the enemy Units that
    project a zone within the widest printed range of the hex; over a game in
    progress (Crete Scenario 3 after four turns) it answers for every hex as
    asking every enemy Unit's in_fire_zone does."""
    from kriegsspiel.tools.play import new_game
    game = new_game("crete/heraklion", 3, ["random"])
    game.run(4)
    session = game.session
    hexes = session.value("map_hexes")[::3]
    for side in session.state.catalog["side"]:
        ref = session.ref("side", side)
        enemies = session.value("units_of_other_sides", ref)
        for h in hexes:
            brute = any(session.value("in_fire_zone", h, e) for e in enemies)
            assert session.value("hex_in_enemy_fire_zone", h, ref) == brute, (side, h)
        assert any(session.value("hex_in_enemy_fire_zone", h, ref) for h in hexes)
