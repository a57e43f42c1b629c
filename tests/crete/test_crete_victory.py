"""The scenarios' victory conditions beyond control of every listed hex: "two of
the three airfield hexes" (count), Fire Zones (Scenario 7), Units exited
(Scenario 5), Steps east of a column (Scenario 8), "before the 1300 turn"
(Scenario 8), and Scenario 4's victory points — on variants of Scenario 4's
Heraklion set-up."""

from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

SCENARIO = Path(__file__).parents[2] / "scenarios" / "crete" / "piling_on.yaml"
RUNWAY = "27.08 28.08 29.08"


def variant(tmp_path, victory: str):
    """Scenario 4 with its victory section replaced."""
    text = SCENARIO.read_text(encoding="utf-8")
    path = tmp_path / "variant.yaml"
    path.write_text(text[:text.index("\nvictory:")] + "\nvictory:\n" + victory,
                    encoding="utf-8")
    session = start(str(path), Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    dice=Dice(0))
    return session


def holds(session, n=1):
    return session.value("condition_holds", session.ref("victory", f"victory {n}"))


def take(session, unit_id, hex_id):
    unit = session.ref("unit", unit_id)
    session.ctx.emit("unit_moved", {"unit": unit, "origin": None, "destination": hex_id})


def test_two_of_the_three(tmp_path):
    """Scenario 7: "control two of the three airfield hexes" — any two, not
    necessarily adjacent."""
    session = variant(tmp_path, f"""
  conditions:
    - {{kind: control, side: Axis, hexes: "{RUNWAY}", count: 2, when: end_of_game,
       winner: Axis, level: major}}
  otherwise: Allied
""")
    take(session, "1. Kgr. Vogel •", "27.08")
    assert not holds(session)
    take(session, "2. Kgr. Vogel •", "29.08")
    assert holds(session)


def test_fire_zone_on_two_hexes(tmp_path):
    """Scenario 7: "a minor victory if they project a fire zone on two of the
    three airfield hexes at the end of the scenario"."""
    session = variant(tmp_path, f"""
  conditions:
    - {{kind: fire_zone, side: Axis, hexes: "{RUNWAY}", count: 2, when: end_of_game,
       winner: Axis, level: minor}}
  otherwise: Allied
""")
    for unit_id in list(session.state.placement):
        session.place(unit_id, None, "leader" if "Leader" in unit_id else "unit")
    assert not holds(session)
    session.place("1. Kgr. Vogel •", "28.09")        # next to 27.08/28.08/29.08... in range
    zone = [h for h in RUNWAY.split() if session.value("hex_in_enemy_fire_zone", h,
                                                       session.ref("side", "Allied"))]
    assert holds(session) == (len(zone) >= 2) and len(zone) >= 2


def test_units_exited_and_its_reading(tmp_path):
    """Scenario 5: "exits 3 units off the east edge of the map between hexes 48.07
    and 48.09, inclusive" — the hexes are exits for that side, free of S1.0's cost."""
    session = variant(tmp_path, """
  conditions:
    - {kind: units_exited, side: Axis, hexes: "48.09 48.10", count: 2, when: end_of_game,
       winner: Axis}
  otherwise: Allied
""")
    for unit_id in list(session.state.placement):
        session.place(unit_id, None, "leader" if "Leader" in unit_id else "unit")
    session.place("1. Kgr. Vogel •", "48.10")
    session.place("A 2/B W •", "10.12")                 # an enemy on the map
    vogel = session.ref("unit", "1. Kgr. Vogel •")
    assert session.value("exclusive_move_choices", [vogel], "formation", False) == ["leave_map"]
    cp = session.attr(session.ref("division", "7. Flieger Division"), "cp")
    session.perform("exclusive_move", [vogel], "leave_map", "formation")
    assert session.attr(session.ref("division", "7. Flieger Division"), "cp") == cp  # free
    assert not holds(session)
    session.place("2. Kgr. Vogel •", "48.09")
    session.perform("exclusive_move", [session.ref("unit", "2. Kgr. Vogel •")], "leave_map",
                    "formation")
    assert holds(session)
    # An Allied Unit there is not at an exit of its own side's
    session.place("3. Kgr. Vogel •", "20.14")
    session.place("B 2/B W •", "48.09")
    assert session.value("exclusive_move_choices", [session.ref("unit", "B 2/B W •")],
                         "formation", False) == []


def test_steps_in_columns(tmp_path):
    """Scenario 8: "20 steps of the 5th New Zealand Brigade ... are east of the
    33.XX hex column" — Steps on the map, of the Formation, in the columns."""
    session = variant(tmp_path, """
  conditions:
    - {kind: steps_in_columns, side: Allied, formation: 14th Infantry Brigade, steps: 4,
       columns: [25, 99], when: end_of_game, winner: Allied}
  otherwise: Axis
""")
    on_map = [u for u, h in session.state.placement.items()
              if h and session.state.catalog["unit"].get(u, {}).get("formation")
              == "14th Infantry Brigade"]
    east = [u for u in on_map if int(session.state.placement[u][:2]) >= 25]
    steps = sum(session.value("current_steps", session.ref("unit", u)) for u in east)
    assert session.value("steps_in_columns", session.ref("victory", "victory 1")) == steps
    assert holds(session) == (steps >= 4)
    for unit_id in east:
        session.place(unit_id, "20.12")
    assert session.value("steps_in_columns", session.ref("victory", "victory 1")) == 0
    assert not holds(session)


def test_before_a_turn_is_read_at_the_end_of_earlier_turns_and_decides_at_once(tmp_path):
    """Scenario 8: "If the Germans control the village of Platanias ... before the
    1300 23 May Game Turn" — read at the end of each turn before it."""
    session = variant(tmp_path, """
  conditions:
    - {kind: control, side: Axis, hex: "19.08", before: "1941-05-20 1900", winner: Axis}
  otherwise: Allied
""")
    victory = session.ref("victory", "victory 1")
    take(session, "1. Kgr. Vogel •", "19.08")
    assert session.value("read_now", victory, False) is True          # the 1700 turn
    session.perform("victory_check", False)
    assert [e.data for e in session.events("game_won")] == [{"winner": "Axis",
                                                            "reason": "victory 1"}]
    session.state.turn = 1                                             # the 1900 turn
    assert session.value("read_now", victory, True) is False


def test_a_level_names_the_victory(tmp_path):
    session = variant(tmp_path, """
  conditions:
    - {kind: control, side: Axis, hex: "19.08", when: end_of_any_turn, winner: Axis,
       level: major}
  otherwise: Allied
""")
    take(session, "1. Kgr. Vogel •", "19.08")
    session.perform("victory_check", False)
    assert [e.data for e in session.events("game_won")] == [{"winner": "Axis",
                                                            "reason": "major"}]


def test_scenario_4_points_and_the_winner():
    """Scenario 4: 1VP each enemy step eliminated (both), 3VP each OP, 5VP each
    airfield hex and 10VP the Port (German), ... "The side with more victory
    points wins."  At the start the Allies hold both OPs: 6 to 0.
    crete:scenario:4#38 crete:scenario:4#40-42 crete:scenario:4#44-45 crete:scenario:4#49"""
    session = start("crete/piling_on", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    dice=Dice(0))
    session.perform("points_result")
    scored = {e.data["side"]: e.data["points"] for e in session.events("victory_points_scored")}
    assert scored == {"Allied": 6, "Axis": 0}
    assert session.events("game_won")[-1].data == {"winner": "Allied",
                                                   "reason": "more victory points"}
    # The Germans take the Port (10) and two runway hexes (2 x 5); the Allies lose 3 steps.
    take(session, "1. Kgr. Vogel •", "19.08")
    take(session, "2. Kgr. Vogel •", "27.08")
    take(session, "3. Kgr. Vogel •", "28.08")
    allied = session.ref("side", "Allied")
    session.set_initial(allied, "steps_lost", 3)
    session.perform("points_result")
    scored = {e.data["side"]: e.data["points"] for e in session.events("victory_points_scored")}
    assert scored == {"Allied": 6, "Axis": 23}


def test_scenario_4_ops_are_observation_posts():
    """Scenario 4's "Apex Hill OP" and "AMES Ridge OP" are Observation Posts
    (gts:15.4.2): spotting from one reaches 13 hexes by day and through three
    hexes of Blocking Terrain; Direct Fire from it gains nothing."""
    session = start("crete/piling_on", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    dice=Dice(0))
    for hex_id in ("24.13", "33.13"):
        assert session.value("feature_in", hex_id, "observation_post") is True
        assert session.value("los_blocking_allowed", hex_id, "spot") == 3
        assert session.value("los_blocking_allowed", hex_id, "direct") == 0
    assert session.value("feature_in", "19.09", "observation_post") is False


def test_equal_points_are_a_draw(tmp_path):
    session = variant(tmp_path, """
  points:
    - {award: 1, per: enemy_step_eliminated, sides: [Axis, Allied]}
""")
    session.perform("points_result")
    assert session.events("game_won")[-1].data == {"winner": None,
                                                   "reason": "draw: equal victory points"}


@pytest.mark.parametrize("victory, message", [
    ("  points:\n    - {award: 1, per: step_exited, sides: [Allied]}\n", "needs 'hex' or"),
    ("  points:\n    - {award: 1, per: step_shipped, sides: [Allied]}\n  otherwise: Axis\n",
     "won on points alone"),
    ("  conditions:\n    - {kind: units_exited, side: Axis, hexes: '48.09', winner: Axis}\n",
     "needs the exit 'hexes' and a 'count'"),
    ("  conditions:\n    - {kind: control, side: Axis, hex: '19.08', before: '1941-05-30 0700',"
     " winner: Axis}\n  otherwise: Allied\n", "is not a turn after"),
])
def test_bad_victory_data_is_a_located_error(tmp_path, victory, message):
    with pytest.raises(KsError) as caught:
        variant(tmp_path, victory)
    assert message in str(caught.value) and "variant.yaml:" in str(caught.value)


def test_a_negated_condition_read_at_the_start_of_a_turn(tmp_path):
    """Scenario 9: "If the Germans do not control Galatas ... at the start of the
    0700, 26 May game turn, it is an Allied Sudden Death Victory" — read once, at
    the end of the turn before."""
    session = variant(tmp_path, """
  conditions:
    - {kind: control, side: Axis, hex: "19.08", negated: true, at_start_of: "1941-05-20 night",
       winner: Allied, level: sudden death}
  draw: otherwise
""")
    victory = session.ref("victory", "victory 1")
    assert session.value("read_now", victory, False) is False      # the 1700 turn
    session.state.turn = 1                                          # 1900: the turn before
    assert session.value("read_now", victory, False) is True
    assert session.value("condition_holds", victory) is True        # the Allies hold it
    take(session, "1. Kgr. Vogel •", "19.08")
    assert session.value("condition_holds", victory) is False
    session.perform("victory_check", False)
    assert session.events("game_won") == []
    session.state.turn = 2
    assert session.value("read_now", victory, False) is False


def test_otherwise_a_draw_and_withdrawal(tmp_path):
    """Scenario 9: "... or Allied Withdrawal is triggered, the Germans win.
    Otherwise, it is a draw.\""""
    session = variant(tmp_path, """
  conditions:
    - {kind: allied_withdrawal, when: end_of_any_turn, winner: Axis}
  draw: otherwise
""")
    session.perform("victory_check", True)
    assert session.events("game_won")[-1].data == {"winner": None,
                                                   "reason": "draw: no victory condition holds"}
    again = variant(tmp_path, """
  conditions:
    - {kind: allied_withdrawal, when: end_of_any_turn, winner: Axis}
  draw: otherwise
""")
    again.set_initial(again.ref("game", "game"), "allied_withdrawal", 1)
    again.perform("victory_check", False)
    assert again.events("game_won")[-1].data == {"winner": "Axis", "reason": "victory 1"}


def test_an_attached_battalion_counts_with_its_new_brigade():
    """Scenario 8: "20 steps of the 5th New Zealand Brigade (including the 20th
    BN)" — the 20 Bn, attached by S9.0, counts for the 5th NZ Bde.
    crete:scenario:8#73"""
    session = start("crete/kiwis", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    dice=Dice(0))
    brigade = session.ref("formation", "5th NZ Bde")
    twenty = session.ref("unit", "A 20 Bn")
    assert session.attr(twenty, "formation") != brigade             # printed: 4th NZ Bde
    assert session.value("counts_for_formation", session.ref("unit", "A 22 Bn"), brigade)
    session.perform("play_turn")                                     # step F attaches it
    assert session.value("counts_for_formation", twenty, brigade)
