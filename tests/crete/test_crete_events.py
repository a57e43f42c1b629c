"""Random Events (crete:5.0–5.13): the Random Event Chits, the two Event Cups and
every event, with scripted dice and draws."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.engine.rulebook import build_program


@pytest.fixture(scope="module")
def crete():
    return build_program(["crete"])


def with_events(session, side, *events):
    """The side's Random Event Chit and one Event counter per event, in its cup."""
    chits = session.state.catalog["chit"]
    cup = f"{side} events"
    chits[f"random_event:{side}"] = {"kind": "random_event", "side": side, "cup": cup}
    for name in events:
        chits[f"event:{side} {name}"] = {"kind": "event", "side": side, "cup": cup, "event": name}
    return session.ref("chit", f"random_event:{side}")


def pull(session, chit, event):
    """Pull the side's Random Event Chit; the blind draw from its cup is *event*."""
    if session.dice.picks is None:
        session.dice.picks = []
    session.dice.picks.append(f"event:{chit.id.split(':')[1]} {event}")
    session.perform("play_chit", chit)


def draw(session, side, *events):
    """Fill the cups, then pull the side's Random Event Chit (drawing the first event)."""
    chit = with_events(session, side, *events)
    session.perform("fill_event_cups")
    pull(session, chit, events[0])
    return chit


@pytest.fixture
def game(make_session, crete):
    def make(rolls=(), axis=None, allies=None, **kw):
        return make_session(program=crete, rolls=list(rolls), axis=axis or KeyedPlayer(),
                            allies=allies or KeyedPlayer(), **kw)
    return make


def marks(session, ident, **values):
    session.state.tracks.setdefault(f"unit:{ident}", {}).update(values)


def asked(player, key):
    return [d.options for d in player.asked if d.key == key]


def test_chits_go_in_the_mug_and_counters_in_their_cups(game):
    """crete:5.0#4: "Each turn, the Random Event Chit for each side is added to the draw
    cup"; crete:5.0#1: the counters are placed in two containers "at the start of play" — once;
    Scenario 1: "The German Random Event chit for Leader Loss is not used"."""
    session = game()
    with_events(session, "axis", "leader_loss", "rally")
    with_events(session, "allies", "rally")
    session.state.catalog["effect"] = {"no-leader-loss 1": {
        "kind": "events_not_used", "rule": "no-leader-loss", "side": "axis",
        "events": ["leader_loss"]}}
    session.perform("fill_mug")
    assert {"random_event:axis", "random_event:allies"} <= set(session.state.pools["mug"])
    assert session.state.pools["axis events"] == ["event:axis rally"]
    assert session.state.pools["allies events"] == ["event:allies rally"]
    session.perform("fill_event_cups")                      # never filled twice
    assert session.state.pools["axis events"] == ["event:axis rally"]


def test_german_air_support_halves_the_roll_and_the_counter_returns(game):
    """crete:5.1#1-3: "roll a 10-sided die, halve the roll ... no airstrikes should he
    roll a '0' or '1' ... place the Event Chit back in the cup"."""
    axis = KeyedPlayer({"airstrike_hex": "04.05"})
    session = game(axis=axis, rolls=[5, 9, 9, 1],
                           placement={"pi1": "04.07"})
    chit = draw(session, "axis", "air_support")
    assert len(asked(axis, "airstrike_hex")) == 2           # half of 5
    assert len(session.events("air_strike_resolved")) == 2
    assert session.state.pools["axis events"] == ["event:axis air_support"]
    pull(session, chit, "air_support")                      # a 1: no airstrike
    assert len(asked(axis, "airstrike_hex")) == 2


def test_air_strikes_are_no_event_at_night(game):
    """crete:5.1: "If it is currently Night, treat as a no event"."""
    axis = KeyedPlayer({"airstrike_hex": "04.05"})
    session = game(axis=axis, rolls=[], placement={"pi1": "04.07"})
    session.ctx.emit("turn_advanced", {"turn": 5})         # the conftest track's night
    draw(session, "axis", "air_support")
    assert asked(axis, "airstrike_hex") == [] and session.dice._next == 0
    assert session.state.pools["axis events"] == ["event:axis air_support"]


def test_greek_rout(game):
    """crete:5.2#1-3: "the German player picks one Greek Unit ... Troop Quality Check. If
    the Greek Unit fails, he is removed from play"."""
    axis = KeyedPlayer({"greek_rout": "greek"})
    allies = KeyedPlayer({"buy:tq_check": False})
    session = game(axis=axis, allies=allies, rolls=[3, 9])
    session.state.catalog["unit"]["greek"]["tags"] = ["greek"]
    chit = draw(session, "axis", "greek_rout")
    assert asked(axis, "greek_rout") == [(session.ref("unit", "greek"),)]
    assert session.attr(session.ref("unit", "greek"), "on_map")       # 3 ≤ TQ 4
    pull(session, chit, "greek_rout")
    assert session.attr(session.ref("unit", "greek"), "eliminated")   # a 9 fails


def test_heroic_marker_and_its_return(game):
    """crete:5.3#1-5: on a friendly Unit (crete:5.0#7: the drawer is the Friendly
    Player), TQ +1 and Defense Rating -1 until the friendly Random Event Chit is
    next pulled; then the marker goes back in the cup before a new counter is drawn,
    and its effects end."""
    axis = KeyedPlayer({"heroic": "pi1"})
    session = game(axis=axis)
    pi1 = session.ref("unit", "pi1")
    greek = session.ref("unit", "greek")
    base_fire = session.value("modified_fire_rating", greek, pi1, "direct", 0, 0)
    chit = draw(session, "axis", "heroic", "no_event")
    assert session.value("troop_quality", pi1) == 6 + 1
    assert session.value("modified_fire_rating", greek, pi1, "direct", 0, 0) == base_fire - 1
    assert session.state.pools["axis events"] == ["event:axis no_event"]   # it stays out
    axis.answers["heroic"] = "truck"
    pull(session, chit, "heroic")                           # back in, and drawn again
    assert session.attr(pi1, "heroic") == 0 and session.value("troop_quality", pi1) == 6
    assert session.attr(session.ref("unit", "truck"), "heroic") == 1


def test_intelligence(game):
    """crete:5.4#1: "add 2 Command Points and 1 Dispatch Point to any one formation"."""
    session = game(rolls=[], axis=KeyedPlayer({"intelligence": "pi95"}))
    draw(session, "axis", "intelligence")
    division = session.ref("division", "geb5")
    assert (session.attr(division, "cp"), session.attr(division, "dp")) == (2, 1)


def test_rally_and_resupply_drop_take_two_from_one_formation(game):
    """crete:5.5#1: "Remove up to 2 Suppression Markers ... of any single Formation";
    crete:5.9#1: "Remove up to 2 Cohesion Hits ... Any excess ... ignored"."""
    session = game()
    marks(session, "pi1", suppressed=1, cohesion_hits=2)
    marks(session, "truck", suppressed=1)
    chit = draw(session, "axis", "rally", "resupply_drop")
    assert session.attr(session.ref("unit", "pi1"), "suppressed") == 0
    assert session.attr(session.ref("unit", "truck"), "suppressed") == 0
    pull(session, chit, "resupply_drop")
    assert session.attr(session.ref("unit", "pi1"), "cohesion_hits") == 0


def test_tanks_breakdown_suppresses_without_conversion(game):
    """crete:5.6#1-3: the German picks an Allied Armor Unit; it "becomes suppressed. The
    Allied player may not attempt to convert this into a Cohesion Hit"."""
    allies = KeyedPlayer()
    session = game(rolls=[], allies=allies)
    session.state.catalog["unit"]["greek"]["faces"]["front"]["armored"] = True
    draw(session, "axis", "tanks_breakdown")
    assert session.attr(session.ref("unit", "greek"), "suppressed") == 1
    assert asked(allies, "convert_suppression") == []


def test_partisan_attack_near_a_village(game):
    """crete:5.7#1-2: a German Unit "within 2 hexes of a Village, Town, or City hex" may be
    attacked with a "2" pink (Small Arms) attack; "No Modifiers apply": a roll of 2
    hits a target whose Defense Rating of -3, its village hex and its stack would
    take a Direct Fire rating of 2 down to 0 or less (gts:15.6)."""
    allies = KeyedPlayer({"partisan_attack": True, "partisan_target": "pi1"})
    axis = KeyedPlayer({"convert_suppression": False})
    session = game(rolls=[2], allies=allies, axis=axis,
                           placement={"truck": "01.01"})
    session.state.map.terrain["15.06"] = "village"
    session.state.catalog["unit"]["pi1"]["faces"]["front"]["defense"] = -3
    draw(session, "allies", "partisan_attack")
    assert asked(allies, "partisan_target") == [(session.ref("unit", "pi1"),)]
    attack = session.events("partisan_attack_resolved")[0].data
    assert (attack["roll"], attack["hit"], attack["result"]) == (2, True, "C")


def test_out_of_ammo(game):
    """crete:5.8#1-2: a friendly Unit adjacent to an Enemy Unit suffers a Cohesion Hit;
    with none adjacent, No Event."""
    session = game(rolls=[], placement={"greek": "14.06"})
    session.state.catalog["game"]["game"]["maps"] = ["kastelli"]
    chit = draw(session, "axis", "out_of_ammo")
    hits = [session.attr(session.ref("unit", u), "cohesion_hits") for u in ("pi1", "truck")]
    assert sorted(hits) == [0, 1]
    session.place("greek", "01.12")
    pull(session, chit, "out_of_ammo")
    assert sorted(session.attr(session.ref("unit", u), "cohesion_hits")
                  for u in ("pi1", "truck")) == [0, 1]


def test_lost_fallschirmjager_come_back(game):
    """crete:5.10#1-2: "replace one step loss from any one Fallschirmjäger Unit ... a
    destroyed Unit [is] placed back on the map in a leader's hex (at one step)"."""
    axis = KeyedPlayer({"lost_fallschirmjager": True, "lost_fallschirmjager_unit": "pi1"})
    session = game(rolls=[], axis=axis,
                   placement={"schaette": "09.09", "truck": "09.09"})
    session.state.catalog["unit"]["pi1"]["tags"] = ["fallschirmjager"]
    pi1 = session.ref("unit", "pi1")
    session.ctx.emit("unit_flipped", {"unit": pi1, "face": "back"})
    chit = draw(session, "axis", "lost_fallschirmjager")
    assert session.attr(pi1, "face") == "front"
    # destroyed while in Column: it comes back not in Column — the truck in
    # the Leader's hex is in Column already (gts:14.6.2)
    session.state.tracks.setdefault("unit:pi1", {})["column"] = 1
    session.state.tracks.setdefault("unit:truck", {})["column"] = 1
    session.ctx.emit("unit_eliminated", {"unit": pi1})
    pull(session, chit, "lost_fallschirmjager")
    assert (session.attr(pi1, "hex"), session.attr(pi1, "face")) == ("09.09", "back")
    assert session.attr(pi1, "column") == 0


def test_lost_fallschirmjager_never_come_back_among_enemy_units(game):
    """crete:5.10#2: a destroyed Unit is "placed back on the map in a leader's hex" —
    not the hex of a Leader standing where enemy Units are (gts:14.1: no Unit is ever
    put in with the enemy; a Leader whose Units are gone may briefly stand there)."""
    axis = KeyedPlayer({"lost_fallschirmjager": True, "lost_fallschirmjager_unit": "pi1"})
    session = game(rolls=[], axis=axis,
                   placement={"greek": "09.09", "truck": "12.12"})
    session.state.catalog["unit"]["pi1"]["tags"] = ["fallschirmjager"]
    pi1 = session.ref("unit", "pi1")
    session.ctx.emit("unit_eliminated", {"unit": pi1})
    session.place("schaette", "09.09", "leader")        # among the enemy, as in a game
    chit = draw(session, "axis", "lost_fallschirmjager")
    pull(session, chit, "lost_fallschirmjager")
    assert session.attr(pi1, "hex") is None             # no Leader's hex it may go to
    assert not any(d.key == "lost_fallschirmjager_leader" for d in axis.asked)


def test_leader_loss_once_per_formation(game):
    """crete:5.11#1-3: "The Allied Player selects a Formation then the German player
    replaces the Leader ... on any unit of the formation. If the Leader has already
    been replaced, treat as No Event"."""
    allies = KeyedPlayer({"leader_loss": "pi95"})
    axis = KeyedPlayer({"replacement_leader": "truck"})
    session = game(rolls=[], axis=axis, allies=allies,
                           placement={"truck": "12.12"})
    chit = draw(session, "axis", "leader_loss")
    assert session.attr(session.ref("leader", "schaette"), "hex") == "12.12"
    pull(session, chit, "leader_loss")
    assert len(asked(axis, "replacement_leader")) == 1


def test_command_confusion(game):
    """crete:5.12#1: "The German Player selects an Allied Division and that Division
    loses two Command Points"."""
    session = game(rolls=[])
    session.state.tracks["division:nz2"] = {"cp": 3}
    draw(session, "axis", "command_confusion")
    assert session.attr(session.ref("division", "nz2"), "cp") == 1


def test_no_event(game):
    """crete:5.13#2: "Sorry, false alarm. No Event. Place the event chit back"."""
    session = game(rolls=[])
    before = len(session.events("track_changed"))
    draw(session, "axis", "no_event")
    assert len(session.events("track_changed")) == before + 1     # the cups filled, only
    assert session.state.pools["axis events"] == ["event:axis no_event"]


def test_the_game_data_gives_each_side_its_chit_and_cup():
    """crete:5.0#2: the Random Event Chits and Event counters come from the game's
    markers, German and Allied counters in their own cups; the Learning Scenario's mug has no Random Event Chit, so its cups stay
    empty, while a mug that names them fills both cups."""
    from kriegsspiel.core.players import RandomPlayer, Table
    from kriegsspiel.engine.starting import start
    session = start("crete/learning", Table({"Axis": RandomPlayer(1), "Allied": RandomPlayer(2)}))
    chits = session.state.catalog["chit"]
    assert chits["random_event:Axis"]["cup"] == "German Event Cup"
    session.perform("fill_mug")
    assert "German Event Cup" not in session.state.pools
    for side in ("Axis", "Allied"):
        chits[f"random_event:{side}"]["each_turn"] = True
    session.perform("fill_event_cups")
    german = session.state.pools["German Event Cup"]
    assert len(german) == 12 and "event:German Leader Loss" in german
    assert len(session.state.pools["Allied Event Cup"]) == 8


def test_the_fallschirmjager_of_lost_fallschirmjagers_are_the_7_flieger_division():
    """crete:5.10 "any one Fallschirmjäger Unit": the units of the 7. Flieger
    Division's Formations (tagged in game.yaml), never the Australians."""
    from kriegsspiel.core.players import Table
    from kriegsspiel.engine.starting import start
    session = start("crete/snafu", Table({}), seed=1)
    catalog = session.state.catalog["unit"]

    def fj(unit):
        return session.value("fallschirmjager", session.ref("unit", unit))

    assert fj("9./III./FJR 2 •") and fj("2. Fsch.Art. 7")
    assert not fj("A 2/1 Inf •") and not fj("Det A 7 RTR")
    assert all(fj(u) == (catalog[u]["division"] == "7. Flieger Division") for u in catalog
               if "rearguard" not in catalog[u]["tags"])  # Nachhuten are no companies
