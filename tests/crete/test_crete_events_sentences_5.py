"""Random Events (crete:5.0-5.13) sentence by sentence, with the helpers and the
20×12 session of tests/crete/test_crete_events.py: the Allied Air Strike, the
airstrike's modifiers and declarations, Greek Rout's bought check, Out of Ammo's
map, Command Confusion's floor, and the counters going back."""

from __future__ import annotations

from test_crete_events import asked, crete, draw, game, marks, pull  # noqa: F401

from kriegsspiel.core.players import KeyedPlayer


def test_the_allied_air_strike_is_one_counter_and_none_at_night(game):  # noqa: F811
    """crete:5.1#5: "When the Allied player draws this chit, he receives one (1)
    Luftwaffe airstrike counter (a mistaken or friendly fire attack that is
    performed by the Allied player on an Enemy Unit)"; crete:5.1#6: "Immediately
    resolve the attack and place the Event counter back in the cup"; crete:5.1#7:
    at Night "treat as a no event and just return the Event counter"."""
    allies = KeyedPlayer({"airstrike_hex": "15.06", "airstrike_target": "pi1"})
    session = game(allies=allies, rolls=[9], placement={"greek": "15.08"})
    chit = draw(session, "allies", "air_strike")
    assert len(asked(allies, "airstrike_hex")) == 1            # one counter only
    strike = session.events("air_strike_resolved")[0].data
    assert strike["side"] == "allies" and strike["target"] in ("pi1", "truck")
    assert session.state.pools["allies events"] == ["event:allies air_strike"]
    session.ctx.emit("turn_advanced", {"turn": 5})             # the conftest night
    pull(session, chit, "air_strike")
    assert len(asked(allies, "airstrike_hex")) == 1 and len(session.events(
        "air_strike_resolved")) == 1
    assert session.state.pools["allies events"] == ["event:allies air_strike"]


def test_german_air_support_at_night_is_no_event_and_the_counter_returns(game):  # noqa: F811
    """crete:5.1#4: "If it is currently Night, treat as a no event and just return
    the Event counter back to the Event cup" — no die is rolled for the strikes."""
    axis = KeyedPlayer({"airstrike_hex": "04.05"})
    session = game(axis=axis, rolls=[], placement={"pi1": "04.07"})
    session.ctx.emit("turn_advanced", {"turn": 5})
    draw(session, "axis", "air_support")
    assert asked(axis, "airstrike_hex") == [] and session.dice._next == 0
    assert session.state.pools["axis events"] == ["event:axis air_support"]


def test_an_airstrike_counts_no_negative_modifier(make_session, crete):  # noqa: F811
    """crete:5.1#10: "Resolve as a '3' white Fire Power attack"; crete:5.1#11: "The
    only modifiers considered are the Direct Fire modifiers with positive values
    ... no negative modifiers, even for entrenchments or Defense Rating" — an
    entrenched target with a -2 Defense Rating in an orchard is struck at 3; in
    Column (a positive modifier) at more."""
    axis = KeyedPlayer({"airstrike_hex": ["04.05", "04.05"]})
    session = make_session(program=crete, rolls=[9, 9], axis=axis,
                           placement={"pi1": "04.07", "greek": "04.05", "bedding": "10.10"})
    session.state.map.terrain["04.05"] = "orchard"
    greek = session.ref("unit", "greek")
    session.state.catalog["unit"]["greek"]["faces"]["front"]["defense"] = -2
    marks(session, "greek", entrenched=1)
    session.perform("fly_air_strikes", session.ref("side", "axis"), 1, None, None)
    strike = session.events("air_strike_resolved")[0].data
    assert (strike["rating"], strike["hit"]) == (3, False)
    marks(session, "greek", entrenched=0, column=1)
    session.perform("fly_air_strikes", session.ref("side", "axis"), 1, None, None)
    assert session.events("air_strike_resolved")[1].data["rating"] > 3
    assert session.attr(greek, "on_map")


def test_the_hexes_are_declared_before_any_target(make_session, crete):  # noqa: F811
    """crete:5.1#12: "Place all Luftwaffe airstrike counters on chosen hexes before
    any attack rolls take place"; crete:5.1#13: "You don't have to declare your
    target (should multiple units be in the hex) but you do have to declare the
    hex" — every hex is asked for before the first target in a hex of two."""
    axis = KeyedPlayer({"airstrike_hex": ["04.05", "06.05"], "airstrike_target": "police"})
    session = make_session(program=crete, rolls=[9, 9], axis=axis,
                           placement={"pi1": "05.07", "greek": "04.05", "police": "06.05",
                                      "bedding": "06.05"})
    session.place("greek", "06.05")
    axis.answers["airstrike_hex"] = ["06.05", "06.05"]
    session.perform("fly_air_strikes", session.ref("side", "axis"), 2, None, None)
    keys = [d.key for d in axis.asked if d.key.startswith("airstrike")]
    assert keys == ["airstrike_hex", "airstrike_hex", "airstrike_target", "airstrike_target"]
    assert len(asked(axis, "airstrike_target")[0]) == 2          # the choice comes late


def test_greek_rout_a_command_point_passes_the_check_in_command(game):  # noqa: F811
    """crete:5.2#4: "A Command Point may be used to pass the Troop Quality Check if
    the Unit is In Command"; crete:5.2#5 the counter goes back — a failing 9, bought
    with a point of the Division of the Leader commanding it (crete:6.0#4)."""
    axis = KeyedPlayer({"greek_rout": "greek"})
    allies = KeyedPlayer({"buy:tq_check": True})
    session = game(axis=axis, allies=allies, rolls=[9, 9])
    session.state.catalog["unit"]["greek"]["tags"] = ["greek"]
    session.state.tracks["division:nz2"] = {"cp": 2}
    greek = session.ref("unit", "greek")
    assert session.value("in_command", greek)
    chit = draw(session, "axis", "greek_rout")
    assert session.attr(greek, "on_map")
    assert session.attr(session.ref("division", "nz2"), "cp") == 1
    assert session.state.pools["axis events"] == ["event:axis greek_rout"]
    session.place("bedding", "20.12", "leader")                 # out of command now
    assert not session.value("in_command", greek)
    pull(session, chit, "greek_rout")
    assert session.attr(greek, "eliminated")
    assert session.attr(session.ref("division", "nz2"), "cp") == 1


def test_out_of_ammo_on_the_map_the_enemy_picks(game):  # noqa: F811
    """crete:5.8#1: "The Enemy Player picks a map in play then the Friendly Player
    picks one of his Units adjacent to an Enemy Unit on that map"; crete:5.8#2: "If
    there are no Friendly Units adjacent to an Enemy Unit, treat this as No Event" —
    two sheets; the Allies pick the east one, where no German Unit is next to an
    Allied one: no Cohesion Hit, though on the west sheet there is such a Unit;
    crete:5.8#3: the counter goes back."""
    allies = KeyedPlayer({"out_of_ammo_map": "east"})
    session = game(rolls=[], allies=allies, placement={"greek": "14.06"})
    sheets = session.state.map.sheets
    for col in range(1, 21):
        for row in range(1, 13):
            sheets[f"{col:02d}.{row:02d}"] = "west" if col <= 16 else "east"
    session.state.catalog["game"]["game"]["maps"] = ["west", "east"]
    chit = draw(session, "axis", "out_of_ammo")
    assert asked(allies, "out_of_ammo_map") == [("west", "east")]
    assert [session.attr(session.ref("unit", u), "cohesion_hits") for u in ("pi1", "truck")] \
        == [0, 0]
    allies.answers["out_of_ammo_map"] = "west"
    pull(session, chit, "out_of_ammo")
    assert sorted(session.attr(session.ref("unit", u), "cohesion_hits")
                  for u in ("pi1", "truck")) == [0, 1]
    assert session.state.pools["axis events"] == ["event:axis out_of_ammo"]


def test_command_confusion_leaves_no_less_than_none(game):  # noqa: F811
    """crete:5.12#1: "that Division loses two Command Points" — with one point
    left it has none (gts:10.0.4: no fewer than zero); crete:5.12#2 the counter
    goes back."""
    session = game(rolls=[], axis=KeyedPlayer({"command_confusion": "nz2"}))
    session.state.tracks["division:nz2"] = {"cp": 1}
    draw(session, "axis", "command_confusion")
    assert session.attr(session.ref("division", "nz2"), "cp") == 0
    assert session.state.pools["axis events"] == ["event:axis command_confusion"]


def test_the_simple_events_put_their_counter_back(game):  # noqa: F811
    """crete:5.0#5-6: the side's Random Event Chit drawn, a counter comes out of that
    side's cup; crete:5.4#2, crete:5.5#2, crete:5.6#4, crete:5.7#3, crete:5.9#3, crete:5.10#3,
    crete:5.11#4, crete:5.13#2: "Place the Event counter back in the cup" — after
    each of these events, whatever it did, the cup holds its counter again."""
    for event in ("intelligence", "rally", "tanks_breakdown", "partisan_attack",
                  "resupply_drop", "lost_fallschirmjager", "leader_loss", "no_event"):
        session = game(rolls=[9] * 4, axis=KeyedPlayer({"lost_fallschirmjager": False}),
                       allies=KeyedPlayer({"partisan_attack": False}))
        side = "allies" if event == "partisan_attack" else "axis"
        draw(session, side, event)
        assert session.state.pools[f"{side} events"] == [f"event:{side} {event}"], event
        assert [e.data["event_name"] for e in session.events("random_event_drawn")] == [event]


def test_rally_and_resupply_ignore_fire_zones_and_waste_the_excess(game):  # noqa: F811
    """crete:5.5#1, crete:5.9#1: "regardless of the presence of enemy Fire Zones"
    — the Units sit beside an Allied Unit; crete:5.9#2: "Any excess Cohesion Hits
    are ignored" — one hit in the Formation, the second removal is lost (it goes
    to no other Formation's Unit)."""
    session = game(placement={"greek": "15.07", "police": "09.09"})
    marks(session, "pi1", suppressed=1, cohesion_hits=1)
    marks(session, "police", cohesion_hits=1)
    pi1 = session.ref("unit", "pi1")
    assert session.value("in_enemy_fire_zone", pi1)
    chit = draw(session, "axis", "rally", "resupply_drop")
    assert session.attr(pi1, "suppressed") == 0
    pull(session, chit, "resupply_drop")
    assert session.attr(pi1, "cohesion_hits") == 0
    assert session.attr(session.ref("unit", "police"), "cohesion_hits") == 1


def test_a_heroic_unit_has_a_lower_defensive_value_in_an_assault(game):  # noqa: F811
    """crete:5.3#2: "That Unit now has its TQ increased by one and a Defense Rating
    reduced by one" — wherever the Defense Rating counts: also the Defensive value
    an Assault's Bravery Check reads (gts:18.7 step 2), attacking or defending."""
    session = game(axis=KeyedPlayer({"heroic": "pi1"}))
    pi1 = session.ref("unit", "pi1")
    defending = session.value("assault_defense", pi1, True, "15.06")
    attacking = session.value("assault_defense", pi1, False, "15.07")
    draw(session, "axis", "heroic")
    assert session.attr(pi1, "heroic") == 1
    assert session.value("assault_defense", pi1, True, "15.06") == defending - 1
    assert session.value("assault_defense", pi1, False, "15.07") == attacking - 1


def test_partisans_reach_a_german_unit_in_the_village_itself(game):  # noqa: F811
    """crete:5.7#1: "any German Unit within 2 hexes of a Village, Town, or City
    hex" — one standing in the Village is within 2 hexes of it (none 3 away)."""
    allies = KeyedPlayer({"partisan_attack": True, "partisan_target": "pi1"})
    session = game(rolls=[9], allies=allies, placement={"truck": "01.01"})
    session.state.map.terrain["15.06"] = "village"          # pi1's own hex
    assert session.value("near_partisans", "15.06")
    session.state.map.terrain["15.06"] = "clear"
    session.state.map.terrain["15.09"] = "village"          # three hexes off
    assert not session.value("near_partisans", "15.06")
    session.state.map.terrain["15.09"] = "clear"
    session.state.map.terrain["15.06"] = "town"
    draw(session, "allies", "partisan_attack")
    assert asked(allies, "partisan_target") == [(session.ref("unit", "pi1"),)]
