"""Scenario #1: Mortain (tld:scenario:1) as the text gives it, and played to a
result by the bots under the invariant checker.

Random games cost about two seconds each: seeds 2-4 in CI (seed 1 is also the
golden playthrough, tests/golden/tld_mortain_seed1.txt), the other sixteen and
the heuristic games beyond two under KS_SLOW=1 (`-m slow`)."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import RandomPlayer, Table
from kriegsspiel.engine.starting import start
from kriegsspiel.tools.play import play_game

IN_CI = {"random": range(2, 5), "heuristic": range(1, 3)}   # seed 1: the golden game
PLAYERS = {"random": ["random"], "heuristic": ["heuristic", "heuristic"]}


@pytest.fixture(scope="module")
def mortain():
    return start("tld/mortain", Table({"Allied": RandomPlayer(1), "German": RandomPlayer(2)}),
                 seed=1)


def test_the_scenario_as_printed(mortain):
    """tld:scenario:1#6-7, tld:scenario:1#17-18, tld:scenario:1#20-28: section F
    only; four turns, 6 to 9 August; the reinforcements on their turns through
    their entry roads: 35 Inf. Div. by 'EE' or 'FF' on the west edge, CCA 3 Arm
    Div. from the north edge road into Granville, CCA and CCB 2 Arm Div. by
    'AA' on the south edge, on 7, 7 and 8 August."""
    state = mortain.state
    game = state.catalog["game"]["game"]
    assert game["maps"] == ["F"]
    assert [t["label"] for t in game["turns"]] == [f"1944-08-0{d} 0600" for d in (6, 7, 8, 9)]
    units = state.catalog["unit"]
    assert units["1/134"]["arrival_turn"] == 1 and units["1/134"]["entry_hexes"] == \
        ["01.45", "01.47"]
    assert units["1/32 Arm"]["arrival_turn"] == 1 and units["1/32 Arm"]["entry_hexes"] == ["04.33"]
    assert units["1/66 Arm"]["arrival_turn"] == 1 and units["1/66 Arm"]["entry_hexes"] == ["21.48"]
    assert units["1/67 Arm"]["arrival_turn"] == 2 and units["1/67 Arm"]["entry_hexes"] == ["21.48"]
    assert [mortain.value("features_at", h) for h in ("01.45", "01.47", "21.48", "04.33")] \
        == [["entry_road"]] * 4


def test_module_one_only_no_supply_air_or_naval_and_the_us_sets_up_first(mortain):
    """tld:scenario:1#9-12: the scenario plays with Module I's rules only (no
    supply units, schedule, aircraft or naval gunfire in it), and the US
    player's units are set up before the German's."""
    state = mortain.state
    assert list(state.catalog["special_rule"]) == ["tld:I"]
    assert {u["unit_class"] for u in state.catalog["unit"].values()} <= {
        "infantry", "armor", "recon"}
    placed = [str(e.data["unit"]).split(":")[-1] for e in state.log if e.kind == "unit_placed"]
    sides = [state.catalog["unit"][u]["side"] for u in placed]
    assert sides == sorted(sides)       # every Allied placement before the first German


def test_the_game_begins_with_the_german_segment(mortain):
    """tld:scenario:1#17-18: no Allied segment on 6 August; both on 7 August."""
    session = start("tld/mortain", Table({"Allied": RandomPlayer(3), "German": RandomPlayer(4)}),
                    seed=3)
    session.perform("play_turn")
    session.perform("play_turn")
    segments = [e.data["side"] for e in session.state.log if e.kind == "segment_started"]
    assert [str(s).split(":")[-1] for s in segments] == ["German", "Allied", "German"]


@pytest.mark.parametrize("holders, outcome", [
    ({"II/3 Pz": "19.38", "I/2 PzGr": "16.47"}, "German"),
    ({"1/39": "31.37", "2/39": "32.37"}, "Allied"),
    ({"II/3 Pz": "19.38", "I/2 PzGr": "16.47", "1/39": "31.37", "2/39": "32.37"}, "draw"),
    ({"II/3 Pz": "19.38"}, "draw"),
])
def test_victory_and_the_draw(holders, outcome):
    """tld:scenario:1#13-16: the Germans win holding St. Pois and St. Hilaire
    at the end of 9 August, the Allies holding both Vire hexes; both or
    neither is a draw."""
    session = start("tld/mortain", Table({"Allied": RandomPlayer(5), "German": RandomPlayer(6)}),
                    seed=5)
    state = session.state
    for unit in list(state.units_at("19.38")) + list(state.units_at("16.47")) + \
            list(state.units_at("31.37")) + list(state.units_at("32.37")):
        session.place(unit.id, None)
    for unit, hex_id in holders.items():
        session.place(unit, hex_id)
    session.state.turn = len(state.catalog["game"]["game"]["turns"])
    session.perform("victory_check")
    won = [e for e in state.log if e.kind == "game_won"]
    assert len(won) == 1
    result = "draw" if won[0].data["winner"] is None else str(won[0].data["winner"])
    assert result == outcome


def _cases():
    for bots in PLAYERS:
        for seed in range(1, 21):
            marks = () if seed in IN_CI[bots] else (pytest.mark.slow,)
            yield pytest.param(bots, seed, marks=marks, id=f"{bots}-{seed}")


@pytest.mark.parametrize("bots, seed", list(_cases()))
def test_bots_play_mortain_to_one_result(bots, seed):
    """tld:I.A#1, tld:scenario:1#7: every game ends after its fourth turn with
    one result, no rule broken on the way (--check-invariants)."""
    game, lines = play_game("tld/mortain", seed, PLAYERS[bots], check_invariants=True)
    ends = game.session.events("game_won")
    assert len(ends) == 1
    assert lines[-1].startswith("RESULT: "), lines[-3:]


def test_every_question_of_the_tld_rules_is_documented_and_judged():
    """Every `choose`/`ask` key in modules/tld/rules is in docs/players.md and
    has a judgement (`on_<key>`) in the TLD heuristic player."""
    import re
    from pathlib import Path

    from kriegsspiel.modules.tld.bot import TldHeuristicPlayer
    root = Path(__file__).resolve().parents[2]
    question = re.compile(r'\b(?:choose|ask)\(\s*[^,"]+,\s*"([^"]+)"')
    keys = {m.group(1) for path in (root / "modules" / "tld" / "rules").glob("*.ksr")
            for m in question.finditer(path.read_text(encoding="utf-8"))}
    assert {"move_to", "attack_hex", "defensive_fire_hex"} <= keys
    doc = (root / "docs" / "players.md").read_text(encoding="utf-8")
    assert not sorted(k for k in keys if f"`{k}`" not in doc)
    assert not sorted(k for k in keys if not hasattr(TldHeuristicPlayer, f"on_{k}"))


def test_the_search_player_answers_tld_questions():
    """tld:I.A#1: the search player (rollouts by the TLD heuristic player,
    scored by its evaluation) answers German questions of the 6 August turn
    legally; the rest of the turn random (a search over every move of every
    unit takes half a minute a turn: `ks play tld/mortain --players search`)."""
    from kriegsspiel.tools.search import search_player
    table = Table({})
    session = start("tld/mortain", table, seed=2)
    searcher = search_player(2, session, iterations=1, horizon=2)
    fallback = RandomPlayer(4)
    searched = []

    class FirstFew:
        def decide(self, decision):
            if len(searched) >= 3 or len(decision.options) > 40:
                return fallback.decide(decision)
            answer = searcher.decide(decision)
            searched.append(decision.key)
            assert answer in decision.options
            return answer
    table.players = {"German": FirstFew(), "Allied": RandomPlayer(3)}
    session.ctx.explaining = False
    session.perform("play_turn")
    assert session.state.turn == 1 and len(searched) == 3


def test_render_draws_tld_counters_attack_defense_movement(tmp_path):
    """`ks render` draws a TLD counter its own way (modules/tld/describe.py's
    board look): attack-defense-movement and the stacking value, no GTS
    troop-quality line."""
    from typer.testing import CliRunner

    from kriegsspiel.tools.cli import app
    out = tmp_path / "mortain.svg"
    result = CliRunner().invoke(app, ["render", "tld/mortain", "--out", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    assert "4-6-4" in svg and "10-6-10" in svg      # a US battalion, a German Pz IV battalion
    assert "Q4 D" not in svg and ">Q" not in svg


def test_each_game_system_describes_its_own_events():
    """Two game systems installed both name an event game_won: a game's log asks
    only its own modules (a Crete draw reads as GTS writes it, a TLD draw as TLD)."""
    from kriegsspiel.core.state import Event
    from kriegsspiel.engine.plugins import installed_registry
    from kriegsspiel.tools.play import describe
    registry = installed_registry()
    draw = Event(1, "game_won", {"winner": None, "reason": "nobody"})
    assert describe(draw, [], False, registry, registry.select(["crete"])) == "RESULT: nobody"
    assert describe(draw, [], False, registry, registry.select(["tld"])) == \
        "RESULT: a draw (nobody)"
