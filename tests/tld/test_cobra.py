"""Scenario 3, Operation Cobra (tld:scenario:3), with Modules I-III: its map
sections, length, schedules and victory conditions as printed, a provisional
set-up and air complement; played to a result under the invariant checker."""

from __future__ import annotations

import pytest
from tld_sweep import bot_sweep

from kriegsspiel.core.players import Table
from kriegsspiel.engine.starting import start
from kriegsspiel.tools.play import play_game


def cobra():
    return start("tld/cobra", Table({}), seed=1)


def test_sections_length_and_modules():
    """tld:scenario:3#5-6: sections A, B, C and F only; seven turns, 25 through 31
    July; Modules I-III in force (tld:VI#3)."""
    session = cobra()
    state = session.state
    labels = [t["label"] for t in state.catalog["game"]["game"]["turns"]]
    assert labels[0] == "1944-07-25 0600" and labels[-1] == "1944-07-31 0600"
    assert len(labels) == 7
    assert set(state.catalog["special_rule"]) == {"tld:I", "tld:II", "tld:III"}
    assert session.value("map_has_hex", "07.42") and session.value("map_has_hex", "17.19")
    assert not session.value("map_has_hex", "45.25")          # section D is not in play
    assert not session.value("map_has_hex", "45.40")          # nor G


def test_reinforcement_schedule_with_its_entry_roads():
    """tld:scenario:3#17-24: the reinforcements on their turns through the hexes
    the schedule names (the roads and edges of the provisional map)."""
    units = cobra().state.catalog["unit"]
    day = {n: f"1944-07-{d} 0600" for n, d in enumerate(range(25, 32))}

    def arrival(uid):
        return day[units[uid]["arrival_turn"]], units[uid]["entry_hexes"]
    assert arrival("XLVII Pz Korps HQ") == ("1944-07-27 0600", ["40.37"])
    assert arrival("I/3 Pz") == ("1944-07-27 0600", ["40.37"])
    assert arrival("1/115")[0] == "1944-07-28 0600" and "15.14" in arrival("1/115")[1]
    assert arrival("1/109")[1][:2] == ["17.19", "18.19"]       # Carentan-St. Lo road
    assert arrival("15 Tk")[1][-1] == "06.21"                  # to Lessay
    assert arrival("I/16 Pz Pz")[0] == "1944-07-29 0600"
    assert all(h.startswith("40.") and int(h[3:]) > 37 for h in arrival("I/16 Pz Pz")[1])
    assert arrival("394 StuG") == ("1944-07-30 0600", ["01.45", "01.47"])
    assert arrival("II FS AuF") == ("1944-07-30 0600", ["01.45", "01.47"])


def test_supply_schedule_eight_at_carentan_four_on_the_east_edge_road():
    """tld:scenario:3#28-31 and the special rule (tld:scenario:3#12): eight
    Allied supply units a turn directly on either side of Carentan (from the
    first turn, at the start of the Allied segment's movement), four German
    through an east edge road hex."""
    units = cobra().state.catalog["unit"]
    for n in range(7):
        arriving = [v for v in units.values() if v["unit_class"] == "supply" and
                    v.get("arrival_turn") == n and "Jul" in v["name"]]
        allied = [v for v in arriving if v["side"] == "Allied"]
        german = [v for v in arriving if v["side"] == "German"]
        assert len(allied) == 8 and len(german) == 4
        assert allied[0]["entry_hexes"] == ["17.19", "18.19"]
        assert german[0]["entry_hexes"] == ["40.37"]


def test_victory_either_allied_condition_else_german():
    """tld:scenario:3#9-11: the Allies win holding Avranches' three city hexes and
    Pontaubault, OR both hexes of Mortain and of Vire, with a combat unit each at
    the end of 31 July; otherwise the Germans (who need only avoid them)."""
    session = cobra()
    conditions = session.state.catalog["victory"]
    hexes = sorted(tuple(v["hexes"]) for v in conditions.values())
    assert hexes == [("07.42", "08.42", "08.43", "08.45"), ("22.43", "22.44", "31.37", "32.37")]
    assert all(v["winner"] == "Allied" for v in conditions.values())
    assert session.state.catalog["game"]["game"]["otherwise"] == "German"
    for uid, h in zip(("1/115", "2/115", "1/116", "2/116"), ("22.43", "22.44", "31.37", "32.37")):
        session.perform("place", session.ref("unit", uid), h)
    met = {tuple(v["hexes"]): session.value("condition_met", session.ref("victory", key))
           for key, v in conditions.items()}
    assert met == {("07.42", "08.42", "08.43", "08.45"): False,
                   ("22.43", "22.44", "31.37", "32.37"): True}
    for _ in range(7):
        session.perform("advance_turn")
    session.perform("victory_check")
    [won] = session.events("game_won")
    assert won.data["winner"] == "Allied"


# A random game costs about ten seconds: seed 2 in CI (seed 1 is the golden
# game), the other eighteen and the heuristic games under KS_SLOW=1.
CASES = bot_sweep(2)


@pytest.mark.parametrize("seed, kinds", CASES)
def test_bots_play_it_to_one_result(seed, kinds):
    """tld:VI.A#3: the scenario ends with one result after its last turn."""
    game, lines = play_game("tld/cobra", seed, kinds, check_invariants=True)
    assert len(game.session.events("game_won")) == 1 and lines[-1].startswith("RESULT: ")
