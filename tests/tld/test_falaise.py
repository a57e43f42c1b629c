"""Scenario #2: The Falaise Pocket (tld:scenario:2) as the text gives it — its
schedules, special rules and victory points — and played to a result by the
bots under the invariant checker.

A random game costs about ten seconds: one seed in CI besides the golden game
(tests/golden/tld_falaise_seed1.txt), the rest and the heuristic games under
KS_SLOW=1 (`-m slow`)."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer, RandomPlayer, Table
from kriegsspiel.engine.starting import start
from kriegsspiel.tools.play import play_game

IN_CI = {"random": [2], "heuristic": []}
PLAYERS = {"random": ["random"], "heuristic": ["heuristic", "heuristic"]}
EAST = [f"60.{r}" for r in range(33, 49)]


@pytest.fixture(scope="module")
def falaise():
    return start("tld/falaise", Table({"Allied": RandomPlayer(1), "German": RandomPlayer(2)}),
                 seed=1)


def test_the_scenario_as_printed(falaise):
    """tld:scenario:2#6-7, tld:scenario:2#9-11, tld:scenario:2#27-37, tld:VI.A#7: section G,
    five turns 17-21 August, Modules I and II, the Germans setting up first; the
    2ss and 9ss Panzer Divisions on 20 August anywhere along the east edge; four
    Allied supply units a turn along the north or west edge, one German along
    the east edge."""
    state = falaise.state
    game = state.catalog["game"]["game"]
    assert game["maps"] == ["G"]
    assert [t["label"] for t in game["turns"]] == [f"1944-08-{d} 0600" for d in range(17, 22)]
    assert set(state.catalog["special_rule"]) == {"tld:I", "tld:II"}
    units = state.catalog["unit"]
    placed = [str(e.data["unit"]).split(":")[-1] for e in state.log if e.kind == "unit_placed"]
    sides = [units[u]["side"] for u in placed]
    assert sides[0] == "German" and sides == sorted(sides, key=lambda s: s != "German")
    for division in ("2 SS Pz", "9 SS Pz"):
        arriving = [u for u, v in units.items() if f"division:{division}" in v["tags"]]
        assert arriving and all(units[u]["arrival_turn"] == 3 and units[u]["entry_hexes"] == EAST
                                for u in arriving)
    for day in range(5):
        allied = [u for u, v in units.items() if v.get("arrival_turn") == day and
                  v["unit_class"] == "supply" and v["side"] == "Allied"]
        german = [u for u, v in units.items() if v.get("arrival_turn") == day and
                  v["unit_class"] == "supply" and v["side"] == "German"]
        assert len(allied) == 4 and len(german) == 1
        edges = set(units[allied[0]]["entry_hexes"])
        assert {"41.40", "50.33"} <= edges and edges & set(EAST) == {"60.33"}  # the corner
        assert units[german[0]]["entry_hexes"] == EAST


def test_victory_points_for_units_off_the_east_edge(falaise):
    """tld:scenario:2#12-14, tld:scenario:2#22: five points an HQ, one a combat or
    remnant unit, evacuated or withheld; the Germans win with 200, else the Allies."""
    session = start("tld/falaise", Table({"Allied": RandomPlayer(5), "German": RandomPlayer(6)}),
                    seed=5)
    state = session.state
    german = state.attr(session.ref("unit", "84 Inf HQ"), "side")
    hqs = [u for u, v in state.catalog["unit"].items()
           if v["side"] == "German" and v["unit_class"] == "hq" and u != "IIss Pz Korps HQ"]
    for u in hqs[:10]:
        session.perform("evacuate", session.ref("unit", u))
    assert session.value("exit_points", german) == 50
    supply = session.ref("unit", "84 Inf supply")
    session.perform("evacuate", supply)
    assert session.value("exit_points", german) == 50             # a supply unit: none
    state.set_track(session.ref("unit", "I/1051"), "withheld", 1, [])
    assert session.value("exit_points", german) == 51
    state.turn = len(state.catalog["game"]["game"]["turns"])
    session.perform("victory_check")
    [won] = [e for e in state.log if e.kind == "game_won"]
    assert str(won.data["winner"]) == "Allied"
    more, _ = start("tld/falaise", Table({}), seed=5), None
    combat = [u for u, v in more.state.catalog["unit"].items()
              if v["side"] == "German" and v["unit_class"] not in ("supply",)]
    for u in combat:
        if more.state.attr(more.ref("unit", u), "on_map"):
            more.perform("evacuate", more.ref("unit", u))
        else:                                   # the IIss Panzer Korps, withheld
            more.state.set_track(more.ref("unit", u), "withheld", 1, [])
    points = more.value("exit_points", more.state.attr(more.ref("unit", "84 Inf HQ"), "side"))
    assert points >= 200
    more.state.turn = len(more.state.catalog["game"]["game"]["turns"])
    more.perform("victory_check")
    [won] = [e for e in more.state.log if e.kind == "game_won"]
    assert str(won.data["winner"]) == "German"


def test_evacuation_needs_an_east_edge_hex_with_a_point_to_spare():
    """tld:scenario:2#23-24: a German unit that can move into an east edge hex
    with at least one movement point left is offered 'evacuate'; taking it
    removes the unit and tallies its points."""
    table = Table({})
    session = start("tld/falaise", table, seed=7)
    offered = []

    def move_to(decision):
        offered.append("evacuate" in decision.options)
        return "evacuate" if "evacuate" in decision.options else "stop"
    table.players = {"German": KeyedPlayer({"move_to": move_to, "strategic_road_move": False}),
                     "Allied": KeyedPlayer({"move_to": "stop"})}
    unit = session.ref("unit", "I/1051")
    session.place("I/1051", "57.35")             # three hexes from the edge, 4 MP
    session.perform("move", unit)
    assert offered == [True] and session.state.attr(unit, "evacuated") == 1
    assert not session.state.attr(unit, "on_map")
    far = session.ref("unit", "II/1051")
    session.place("II/1051", "56.35")             # four hexes: no point to spare
    offered.clear()
    session.perform("move", far)
    assert offered == [False]


def test_the_thirtieth_is_removed_on_19_august_its_supply_stays():
    """tld:scenario:2#16-18, tld:scenario:2#29: at the start of the Allied segment
    of 19 August the 30th Infantry Division's HQ and units leave play; its supply
    unit stays."""
    session = start("tld/falaise", Table({}), seed=8)
    state = session.state
    state.turn = 2
    session.perform("remove_divisions", session.ref("side", "Allied"))
    assert not state.attr(session.ref("unit", "30 Inf HQ"), "on_map")
    assert not state.attr(session.ref("unit", "1/117"), "on_map")
    assert state.attr(session.ref("unit", "30 Inf supply"), "on_map")


def test_the_fourth_armored_waits_in_reserve_until_disturbed():
    """tld:scenario:2#19-20: the 4th Armored may not move or fight until German
    units attack it or enter its area."""
    table = Table({})
    session = start("tld/falaise", table, seed=9)
    tank = session.ref("unit", "8 Tk")
    assert session.value("held_in_reserve", tank)
    assert not session.value("may_attack", tank)
    assert not session.value("moves_in_phase", tank, "regular")
    german = session.ref("unit", "I/1051")
    session.place("I/1051", "43.46")
    table.players = {"German": KeyedPlayer({"move_to": "44.47", "strategic_road_move": False})}
    session.perform("move", german)
    assert not session.value("held_in_reserve", tank)


def test_iiss_panzer_korps_may_be_withheld_and_counts_as_exited():
    """tld:scenario:2#21-22: on 20 August each of its units may stay off the map;
    one that does counts as exited for the German points."""
    table = Table({})
    session = start("tld/falaise", table, seed=10)
    table.players = {"German": KeyedPlayer({"withhold": True}), "Allied": KeyedPlayer({})}
    session.state.turn = 3
    hq = session.ref("unit", "2 SS Pz HQ")
    session.perform("enter", hq)
    assert session.state.attr(hq, "withheld") == 1 and not session.state.attr(hq, "on_map")
    german = session.state.attr(hq, "side")
    assert session.value("exit_points", german) == 5


def test_fuel_shortage_one_point_in_the_german_mechanized_phase():
    """tld:scenario:2#25: in the German mechanized movement phase every German
    allowance is one movement point."""
    session = start("tld/falaise", Table({}), seed=11)
    tank = session.ref("unit", "I/12 SS Pz")
    session.state.set_track(tank, "in_mech_phase", 1, [])
    assert session.value("reach_allowance", tank) == 4
    session.state.set_track(tank, "in_mech_phase", 0, [])
    assert session.value("reach_allowance", tank) == 40


def _cases():
    for bots in PLAYERS:
        for seed in range(1, 21):
            if bots == "random" and seed == 1:
                continue                      # the golden game
            marks = () if seed in IN_CI[bots] else (pytest.mark.slow,)
            yield pytest.param(bots, seed, marks=marks, id=f"{bots}-{seed}")


@pytest.mark.parametrize("bots, seed", list(_cases()))
def test_bots_play_falaise_to_one_result(bots, seed):
    """tld:scenario:2#7, tld:scenario:2#14: every game ends after 21 August with
    one result, no rule broken on the way."""
    game, lines = play_game("tld/falaise", seed, PLAYERS[bots], check_invariants=True)
    ends = game.session.events("game_won")
    assert len(ends) == 1 and lines[-1].startswith("RESULT: ")
