"""The campaign weather cycle (tld:IX.C) as the Scenario Addenda use it for
scenarios 2 and 3 (tld:VIII.B, tld:VIII.C): the first turn's weather, the
Weather Table and its modifiers (provisional charts), the storm cycle, and what
the weather grounds; the two addenda scenarios played to a result."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import Table
from kriegsspiel.engine.starting import start
from kriegsspiel.tools.play import play_game
from tld_world import INFANTRY, counter, side, stay, world

BOXES = ["FAIR", "OV1", "OV2", "ST1", "ST2"]
BOMBER = dict(unit_class="aircraft", transport="motorized", stacking=0, front=(6, 0, 0),
              back=None)


def weather_world(first_turn="fair", dice=(), answer=stay):
    units = {"B": counter("Allied", None, BOMBER, tags=["air:bomber"]),
             "A": counter("Allied", "05.04", INFANTRY), "G": counter("German", "05.05", INFANTRY)}
    effects = {"w": {"kind": "weather_cycle", "first_turn": first_turn}}
    return world(units, rules=("tld:I", "tld:III"), effects=effects, dice=list(dice),
                 month="06", start_date=19, turns=7, answer=answer)


def weather(session):
    return str(session.value("weather_now"))


def set_weather(session, box, times=1):
    """The weather marker in *box*, as if it had been so *times* turns running."""
    for _ in range(times):
        session.perform("set_weather", box, 0, 0, "test")


def determined(session):
    return [(str(e.data["weather"]), e.data["roll"], e.data["modifier"])
            for e in session.events("weather_determined")]


def test_fair_on_the_first_turn_then_a_die_on_the_weather_table_each_turn():
    """tld:VIII.C#1-2, tld:IX.C#6-7: the weather is automatically FAIR for the
    first turn (no die); at the beginning of each later turn the Allied player
    rolls one die on the Weather Table's column for the turn (provisional: June,
    4-5 OV-1) and the weather marker records it — once a turn, whichever segment
    begins first."""
    session, _ = weather_world("fair", dice=[5])
    session.perform("player_segment", side(session, "Allied"))
    session.perform("player_segment", side(session, "German"))
    assert determined(session) == [("FAIR", 0, 0)] and weather(session) == "FAIR"
    session.perform("advance_turn")
    session.perform("player_segment", side(session, "Allied"))
    session.perform("player_segment", side(session, "German"))
    assert determined(session)[1:] == [("OV1", 5, 0)]
    assert session.state.attr(session.ref("game", "game"), "weather_box") == BOXES.index("OV1")


def test_the_first_turn_rolled_with_no_modification():
    """tld:VIII.B#3-4: the first turn's weather is one die with no modifications
    (provisional June column: a 6 is OV-2)."""
    session, _ = weather_world("roll", dice=[6])
    session.perform("weather_phase")
    assert determined(session) == [("OV2", 6, 0)]


@pytest.mark.parametrize("previous, die, modifier, outcome", [
    ("FAIR", 3, 0, "FAIR"), ("OV1", 3, 1, "OV1"), ("OV2", 6, 2, "ST1"), ("OV1", 6, 1, "OV2")])
def test_the_previous_turns_weather_modifies_the_die(previous, die, modifier, outcome):
    """tld:IX.C#8: on later turns the die is modified by the previous turn's
    weather (the Weather Modifier Chart, provisional: OV-1 +1, OV-2 +2)."""
    session, _ = weather_world(dice=[die])
    session.perform("advance_turn")
    set_weather(session, previous)
    session.perform("weather_phase")
    assert determined(session)[-1] == (outcome, die, modifier)


def test_the_storm_cycle():
    """tld:IX.C#9-13: ST-1 is followed automatically by ST-2 (no die); a storm
    rolled after ST-2 is ST-1 again, and so on until a non-storm result, which
    after ST-2 is always FAIR; after the sixth consecutive storm turn the
    weather is FAIR whatever is rolled."""
    session, _ = weather_world(dice=[6, 4, 6])
    session.perform("advance_turn")
    set_weather(session, "ST1")
    session.perform("weather_phase")
    assert determined(session)[-1] == ("ST2", 0, 0)
    session.perform("weather_phase")                     # 6 + 2 = 8: storm again
    assert determined(session)[-1] == ("ST1", 6, 2)
    set_weather(session, "ST2")
    session.perform("weather_phase")                     # 4 + 2 = 6: OV-2, after ST-2
    assert determined(session)[-1] == ("FAIR", 4, 2)
    set_weather(session, "ST2", times=6)
    session.perform("weather_phase")                     # storm rolled, six in a row
    assert determined(session)[-1] == ("FAIR", 6, 2)
    assert session.state.attr(session.ref("game", "game"), "storm_turns") == 0


@pytest.mark.parametrize("box, flies", [("FAIR", True), ("OV1", False), ("OV2", False),
                                        ("ST1", False), ("ST2", False)])
def test_only_fair_weather_lets_tactical_aircraft_fly(box, flies):
    """tld:IX.C#14-16, tld:IX.C#18, tld:IX.C#20: over the whole mapboard, in OV-1
    only rail and strategic interdiction and air supply fly, in OV-2 only
    strategic interdiction: no tactical air support (the bombers are not
    offered a hex); in storm none (provisional: the Summary: Air Ops chart)."""
    session, rec = weather_world()
    set_weather(session, box)
    session.perform("air_phase", side(session, "Allied"))
    assert ("bomber_hex" in [k for _, k, _ in rec.asked]) is flies
    assert session.value("flies_this_turn", session.ref("unit", "B")) is flies


def test_without_the_cycle_the_weather_is_always_fair():
    """tld:IX.C#6: the weather cycle is a campaign rule: a scenario without its
    addendum's weather never rolls, and its aircraft fly."""
    units = {"B": counter("Allied", None, BOMBER, tags=["air:bomber"])}
    session, _ = world(units, rules=("tld:I", "tld:III"))
    session.perform("player_segment", side(session, "Allied"))
    assert not session.events("weather_determined") and weather(session) == "FAIR"


# ---- the addenda scenarios (tld:VIII.B, tld:VIII.C) ------------------------------
def test_falaise_addenda_full_us_and_british_complement_and_rolled_weather():
    """tld:VIII#1-2, tld:VIII.B#1-4: scenario 2 with every module of the scenarios,
    the full U.S. and British air complement (provisional), no heavy bombardment
    unit, and the campaign weather, the first turn's rolled unmodified."""
    session = start("tld/falaise_addenda", Table({}), seed=1)
    catalog = session.state.catalog
    assert {"tld:I", "tld:II", "tld:III", "tld:IV"} <= set(catalog["special_rule"])
    aircraft = [session.ref("unit", u) for u, v in catalog["unit"].items()
                if v["unit_class"] == "aircraft"]
    assert {session.value("nation_of", a) for a in aircraft
            if session.value("is_fighterbomber", a)} == {"us", "british"}
    assert {session.value("tag_value", a, "air") for a in aircraft} == {"bomber", "fighterbomber"}
    [cycle] = [e for e in catalog["effect"].values() if e["kind"] == "weather_cycle"]
    assert cycle["first_turn"] == "roll"
    game, _ = play_game("tld/falaise_addenda", 1, ["random"], until=1)
    [first] = game.session.events("weather_determined")
    assert first.data["roll"] > 0 and first.data["modifier"] == 0


def test_cobra_addenda_fair_first_turn():
    """tld:VIII.C#1-2: scenario 3 with the campaign weather, FAIR on the first turn."""
    session = start("tld/cobra_addenda", Table({}), seed=1)
    [cycle] = [e for e in session.state.catalog["effect"].values()
               if e["kind"] == "weather_cycle"]
    assert cycle["first_turn"] == "fair"
    game, _ = play_game("tld/cobra_addenda", 1, ["random"], until=1)
    assert [(str(e.data["weather"]), e.data["roll"])
            for e in game.session.events("weather_determined")] == [("FAIR", 0)]


def test_mortain_addenda_tactical_air_only_and_fair_first_turn():
    """tld:VIII.A#9-14: scenario 1 with the addenda: its own tactical air units (the
    display is not in the text: provisional fighterbombers), no heavy bombardment,
    no naval bombardment, the campaign weather, FAIR on the first turn."""
    session = start("tld/mortain_addenda", Table({}), seed=1)
    catalog = session.state.catalog
    aircraft = [session.ref("unit", u) for u, v in catalog["unit"].items()
                if v["unit_class"] == "aircraft"]
    assert aircraft and all(session.value("is_fighterbomber", a) for a in aircraft)
    assert {session.value("tag_value", a, "air") for a in aircraft} == {"fighterbomber"}
    assert not any(v["unit_class"] == "naval" for v in catalog["unit"].values())
    [cycle] = [e for e in catalog["effect"].values() if e["kind"] == "weather_cycle"]
    assert cycle["first_turn"] == "fair"
    game, _ = play_game("tld/mortain_addenda", 1, ["random"], until=2)
    found = [(str(e.data["weather"]), e.data["roll"])
             for e in game.session.events("weather_determined")]
    assert found[0] == ("FAIR", 0) and len(found) == 2 and found[1][1] > 0


CASES = [pytest.param(name, seed, ["random"], marks=() if seed == 2 else (pytest.mark.slow,),
                      id=f"{name}-random-{seed}") for name in ("falaise_addenda", "cobra_addenda")
         for seed in range(2, 21)] + [
    pytest.param(name, seed, ["heuristic", "heuristic"], marks=pytest.mark.slow,
                 id=f"{name}-heuristic-{seed}") for name in ("falaise_addenda", "cobra_addenda")
    for seed in range(1, 3)]


@pytest.mark.parametrize("name, seed, kinds", CASES)
def test_bots_play_the_addenda_to_one_result(name, seed, kinds):
    """tld:VI.A#3: each addenda scenario ends with one result after its last turn."""
    game, lines = play_game(f"tld/{name}", seed, kinds, check_invariants=True)
    assert len(game.session.events("game_won")) == 1 and lines[-1].startswith("RESULT: ")


def test_a_misspelt_first_turn_weather_is_a_located_error(tmp_path):
    """`first_turn: fair|roll` (the addenda's first-turn weather): another word
    would silently roll, so ks check names it, with a did-you-mean."""
    from typer.testing import CliRunner
    from kriegsspiel.tools.cli import app
    from pathlib import Path
    shipped = Path(__file__).resolve().parents[2] / "scenarios" / "tld" / "cobra_addenda.yaml"
    text = shipped.read_text(encoding="utf-8")
    assert "first_turn: fair" in text
    bad = tmp_path / "cobra_addenda.yaml"
    bad.write_text(text.replace("first_turn: fair", "first_turn: fiar"), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(bad)])
    assert result.exit_code == 1
    assert "first_turn: weather_cycle first_turn 'fiar' is not one of fair, roll" in result.output
    assert "did you mean 'fair'?" in result.output
