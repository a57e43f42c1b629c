"""A second game system on the kernel: tests/rulesets/skirmish, written only as
rule files and a hook module, loads and plays with no GTS module at all.

Skirmish has alternating player turns (skirmish:2), movement stopped by zones
of control (skirmish:3, skirmish:4), an odds-ratio Combat Results Table
(skirmish:5) and retreats (skirmish:6); see its rule_index.json.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import GridSpec, MapModel, TerrainType
from kriegsspiel.core.players import KeyedPlayer, RandomPlayer, Table
from kriegsspiel.engine.plugins import load_registry
from kriegsspiel.engine.rulebook import build_program
from kriegsspiel.engine.session import Session

MODULE = Path(__file__).with_name("skirmish") / "__init__.py"
REGISTRY = load_registry(use_entry_points=False, extra_paths=[MODULE])
TURNS = 8
OBJECTIVE = "05.04"


@pytest.fixture(scope="module")
def program():
    return build_program(["skirmish"], REGISTRY)


def new_game(program, players: Table, dice: Dice, units: dict[str, dict],
             rough: tuple[str, ...] = ()) -> Session:
    """A Session on an 8×8 field, clear but for the *rough* hexes: the catalog a
    designer's data would give."""
    grid = HexGrid((1, 8, 1, 8))
    field = MapModel(id="field", name="Field", grid=GridSpec(columns=(1, 8), rows=(1, 8)),
                     default_terrain="clear", hexes={"rough": list(rough)} if rough else {},
                     provenance="provisional")
    catalog = {
        "side": {"red": {}, "blue": {}},
        "game": {"game": {"objective": OBJECTIVE,
                          "turns": [{"label": str(n + 1), "tags": []} for n in range(TURNS)]}},
        "unit": {name: {"side": u["side"], "faces": {"front": {
            "attack": u["attack"], "defense": u["defense"], "movement": u["movement"]}}}
                 for name, u in units.items()},
    }
    terrain = [TerrainType(id="clear", name="Clear", kind="hex"),
               TerrainType(id="rough", name="Rough", kind="hex")]
    session = Session(program, catalog, dice, players, grid,
                      MapIndex.build(field, terrain, grid))
    for name, u in units.items():
        session.place(name, u["hex"])
    return session


ARMIES = {
    "R1": {"side": "red", "attack": 4, "defense": 3, "movement": 3, "hex": "01.03"},
    "R2": {"side": "red", "attack": 6, "defense": 2, "movement": 2, "hex": "01.05"},
    "R3": {"side": "red", "attack": 2, "defense": 4, "movement": 4, "hex": "02.04"},
    "B1": {"side": "blue", "attack": 3, "defense": 3, "movement": 3, "hex": "08.03"},
    "B2": {"side": "blue", "attack": 5, "defense": 2, "movement": 2, "hex": "08.05"},
    "B3": {"side": "blue", "attack": 2, "defense": 5, "movement": 3, "hex": "07.04"},
}


def play_out(program, seed: int) -> Session:
    session = new_game(program, Table({"red": RandomPlayer(seed), "blue": RandomPlayer(seed + 1)}),
                       Dice(seed), ARMIES)
    for _ in range(TURNS):
        if session.value("game_decided"):
            break
        session.perform("play_turn")
    return session


def test_the_ruleset_loads_alone_without_any_gts_rule(program):
    assert REGISTRY.select(["skirmish"]) == ["skirmish"]
    files = {str(where.path) for where in (c.decl.loc for c in program.compiled.values())}
    assert all("skirmish.ksr" in f for f in files)
    assert "activation_phase" not in program.compiled and "fire_hits" not in program.compiled


@pytest.mark.parametrize("seed", range(1, 21))
def test_seeded_games_play_to_a_result(program, seed):
    """skirmish:7: every game ends — a side wiped out, or at the last turn the
    objective's holder wins or the game is drawn; one unit a hex throughout."""
    session = play_out(program, seed)
    assert session.value("game_decided")
    ends = [e for e in session.state.log if e.kind in ("game_won", "game_drawn")]
    assert len(ends) == 1
    on_map = [u for u in session.state.units() if session.state.attr(u, "on_map")]
    hexes = [session.state.attr(u, "hex") for u in on_map]
    assert len(hexes) == len(set(hexes))
    if ends[0].kind == "game_won":
        winner = ends[0].data["winner"]
        assert ends[0].data["reason"] == "the other side has no unit left" and not any(
            session.state.attr(u, "side").id != winner for u in on_map) or \
            any(session.state.attr(u, "side").id == winner for u in
                session.state.units_at(OBJECTIVE))
    # The same seed plays the same game (replay = seed + decisions).
    again = play_out(program, seed)
    assert [(e.kind, e.data) for e in again.state.log] == [
        (e.kind, e.data) for e in session.state.log]


def test_several_seeds_end_in_different_ways(program):
    kinds = {(e.kind, e.data.get("reason")) for seed in range(1, 21)
             for e in play_out(program, seed).state.log if e.kind in ("game_won", "game_drawn")}
    assert len(kinds) >= 2


def test_red_moves_and_attacks_before_blue(program):
    """skirmish:2: a Red player turn, then a Blue one, each movement then combat."""
    session = play_out(program, 3)
    movers = [session.state.attr(session.ref("unit", e.data["unit"]), "side").id
              for e in session.state.log if e.kind == "unit_moved"]
    assert movers and movers[0] == "red"
    first_blue = movers.index("blue")
    assert "blue" not in movers[:first_blue] and all(m == "red" for m in movers[:first_blue])


def two_units(program, answers: dict, dice: list[int], red_hex="03.04", blue_hex="06.04",
              red=(6, 2, 4), blue=(2, 2, 3), rough: tuple[str, ...] = ()) -> Session:
    units = {"R": {"side": "red", "attack": red[0], "defense": red[1], "movement": red[2],
                   "hex": red_hex},
             "B": {"side": "blue", "attack": blue[0], "defense": blue[1], "movement": blue[2],
                   "hex": blue_hex}}
    # The retreating unit's owner chooses where it goes (skirmish:6).
    players = Table({"red": KeyedPlayer(answers), "blue": KeyedPlayer(
        {"move_to": "stop", "attack": "none", "retreat_to": "07.04"})})
    return new_game(program, players, Dice(0, script=dice), units, rough)


def reference_reach(grid: HexGrid, start: str, allowance: int, occupied: set[str],
                    enemies: set[str], rough: set[str]) -> dict[str, int]:
    """skirmish:3-4 worked out by brute force: every way through empty hexes,
    one point a clear hex and two a rough one, none going on from a hex next
    to an enemy — the least cost to each hex."""
    best = {start: 0}
    frontier = [start]
    while frontier:
        here = frontier.pop()
        if here != start and any(grid.distance(grid.parse(here), grid.parse(e)) == 1
                                 for e in enemies):
            continue
        for n in grid.neighbours(grid.parse(here)):
            there = grid.format(n)
            cost = best[here] + (2 if there in rough else 1)
            if there not in occupied and cost <= allowance and cost < best.get(there, 99):
                best[there] = cost
                frontier.append(there)
    del best[start]
    return best


def test_a_unit_is_offered_the_hexes_it_can_reach_and_a_zone_of_control_stops_it(program):
    """skirmish:3, skirmish:4 on the kernel's reach search: R (4 points) at
    03.04 with B at 06.04 and rough at 04.04 and 04.05 is offered exactly the
    hexes a brute-force walk finds; 05.04 beside B is among them, the hexes
    beyond B's zone of control are not, and the rough hexes cost two."""
    offered = []

    def move_to(decision):
        offered.extend(o for o in decision.options if o != "stop")
        return "05.04"
    rough = ("04.04", "04.05")
    session = two_units(program, {"move_to": move_to, "attack": "none"}, [], rough=rough)
    expected = reference_reach(session.state.grid, "03.04", 4, {"06.04"}, {"06.04"}, set(rough))
    session.perform("move", session.ref("unit", "R"))
    assert sorted(offered) == sorted(expected)
    assert "05.04" in offered and "07.04" not in offered
    assert session.state.attr(session.ref("unit", "R"), "hex") == "05.04"
    # The nearest first: what the search settles cheapest is offered first.
    assert [expected[h] for h in offered] == sorted(expected[h] for h in offered)
    clear = two_units(program, {"move_to": "stop", "attack": "none"}, [])
    wider = clear.value("reachable_hexes", clear.ref("unit", "R"), "move")
    assert set(wider) > set(offered)


@pytest.mark.parametrize("attack, defense, die, result", [
    (6, 2, 1, "DE"),   # 3 to 1, a 1: the defender eliminated
    (6, 2, 4, "DR"),   # 3 to 1, a 4: it retreats a hex, out of the zone of control
    (2, 4, 5, "AE"),   # 1 to 2 (odds 0), a 5: the attacker eliminated
    (4, 2, 4, "EX"),   # 2 to 1, a 4: both
])
def test_the_odds_ratio_combat_results_table(program, attack, defense, die, result):
    """skirmish:5: attack ÷ defense rounded down picks the column; the die the row."""
    answers = {"move_to": "stop", "attack": ["B"]}
    session = two_units(program, answers, [die], red_hex="05.04", blue_hex="06.04",
                        red=(attack, 2, 4), blue=(2, defense, 3))
    session.perform("player_turn", session.ref("side", "red"))
    where = {u: session.state.attr(session.ref("unit", u), "hex") for u in ("R", "B")}
    assert where == {"DE": {"R": "05.04", "B": None}, "DR": {"R": "05.04", "B": "07.04"},
                     "AE": {"R": None, "B": "06.04"}, "EX": {"R": None, "B": None}}[result]


def test_a_unit_that_cannot_retreat_is_eliminated(program):
    """skirmish:6: B in the corner 01.01 with R beside it and the other
    neighbours taken: a DR eliminates it."""
    units = {"R": {"side": "red", "attack": 6, "defense": 2, "movement": 1, "hex": "02.01"},
             "R2": {"side": "red", "attack": 1, "defense": 1, "movement": 1, "hex": "01.02"},
             "B": {"side": "blue", "attack": 1, "defense": 2, "movement": 1, "hex": "01.01"}}
    players = Table({"red": KeyedPlayer({"move_to": "stop", "attack": ["B"]})})
    session = new_game(program, players, Dice(0, script=[4]), units)
    session.state.catalog["unit"]["R2"]["faces"]["front"]["attack"] = 0  # it does not attack
    session.perform("attack", session.ref("unit", "R"))
    assert session.state.attr(session.ref("unit", "B"), "eliminated")


def test_a_retreat_is_offered_only_hexes_outside_enemy_zones(program):
    """skirmish:6: B at 06.04 retreats from R at 05.04; of its empty neighbours
    06.05 and 05.03 are next to R, so its owner may choose only among the rest."""
    offered = []

    def retreat_to(decision):
        offered.extend(decision.options)
        return decision.options[0]
    units = {"R": {"side": "red", "attack": 6, "defense": 2, "movement": 1, "hex": "05.04"},
             "B": {"side": "blue", "attack": 1, "defense": 2, "movement": 1, "hex": "06.04"}}
    players = Table({"red": KeyedPlayer({"attack": ["B"]}),
                     "blue": KeyedPlayer({"retreat_to": retreat_to})})
    session = new_game(program, players, Dice(0, script=[4]), units)
    session.perform("attack", session.ref("unit", "R"))
    assert sorted(offered) == ["06.03", "07.03", "07.04"]
    assert session.state.attr(session.ref("unit", "B"), "hex") == "06.03"


def test_the_tools_know_a_set_up_is_over_only_from_the_ruleset(program):
    """ks_play_begins: GTS's set-up ends with the first activation; Skirmish names
    no such event, and the kernel assumes none."""
    from kriegsspiel.engine.plugins import play_begins
    from kriegsspiel.tools.play import new_game
    assert play_begins(new_game("crete/learning", 1, ["random"]).session) == \
        frozenset({"activation_started"})
    assert play_begins(play_out(program, 1)) == frozenset()


# ---- the same game from data: the kernel's game and scenario formats, no GTS

def test_a_scenario_of_its_own_loads_and_plays_from_data():
    """skirmish:1, skirmish:7: the module's own games/ and scenarios/
    (ks_content_roots) read with the kernel's formats — counters naming their
    side, no order of battle — and its own scenario key, the objective
    (ks_scenario_schema, ks_check_scenario, ks_lay_out_catalog); seeded games
    from the scenario file play to a result as the hand-built ones do."""
    from kriegsspiel.engine.reading import check_content, content_roots
    from kriegsspiel.engine.starting import start
    roots = content_roots(REGISTRY)
    assert any(root.name == "scenarios" and (root / "skirmish").is_dir() for root in roots)
    assert check_content([r for r in roots if "skirmish" in str(r)], REGISTRY) == []
    for seed in (1, 2, 3):
        players = Table({"red": RandomPlayer(seed), "blue": RandomPlayer(seed + 1)})
        session = start("skirmish/meeting", players, seed, registry=REGISTRY)
        assert session.state.catalog["game"]["game"]["objective"] == OBJECTIVE
        assert session.state.placement == {name: u["hex"] for name, u in ARMIES.items()}
        assert session.state.owner(session.ref("unit", "B2")) == "blue"
        hand_built = play_out(build_program(["skirmish"], REGISTRY), seed)
        for _ in range(TURNS):
            if session.value("game_decided"):
                break
            session.perform("play_turn")
        assert session.value("game_decided")
        assert [e.data for e in session.events("game_won") + session.events("game_drawn")] == \
            [e.data for e in hand_built.events("game_won") + hand_built.events("game_drawn")]


def test_its_objective_must_be_on_the_map(tmp_path):
    """skirmish:7: the module checks its own key, located, like the kernel's."""
    from kriegsspiel.core.errors import KsError
    from kriegsspiel.engine.starting import start
    home = Path(__file__).with_name("skirmish")
    text = (home / "scenarios/skirmish/meeting.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "meeting.yaml"
    bad.write_text(text.replace('objective: "05.04"', 'objective: "09.09"'), encoding="utf-8")
    with pytest.raises(KsError) as caught:
        start(str(bad), Table({}), 1, registry=REGISTRY)
    assert "objective: hex '09.09' is not on map 'field'" in caught.value.render()
    assert f"{bad}:11:" in caught.value.render()


def test_ks_play_loads_a_module_by_path_and_a_save_remembers_it(tmp_path, monkeypatch):
    """A title that is not installed plays by `ks play --module PATH` (its games
    and scenarios found through ks_content_roots, its result line its own); the
    save keeps the path, so `ks resume` needs nothing more."""
    from typer.testing import CliRunner

    from kriegsspiel.tools.cli import app
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(app, ["play", "skirmish/meeting"]).exit_code == 1
    save = tmp_path / "game.json"
    played = runner.invoke(app, ["play", "skirmish/meeting", "--module", str(MODULE.parent),
                                 "--seed", "2", "--until", "2", "--save", str(save)])
    assert played.exit_code == 0, played.output
    assert played.output.splitlines()[-1] == "RESULT: not decided (stopped before the end)"
    import json
    assert json.loads(save.read_text())["modules"] == [str(MODULE.parent.resolve())]
    resumed = runner.invoke(app, ["resume", str(save)])
    assert resumed.exit_code == 0, resumed.output
    whole = runner.invoke(app, ["play", "skirmish/meeting", "--module", str(MODULE.parent),
                                "--seed", "2"])
    assert resumed.output.splitlines()[-1] == whole.output.splitlines()[-1]
    assert whole.output.splitlines()[-1].startswith("RESULT: ")
    assert "not decided" not in whole.output.splitlines()[-1]


def test_a_module_path_that_does_not_load_is_one_located_line(tmp_path):
    from typer.testing import CliRunner

    from kriegsspiel.tools.cli import app
    broken = tmp_path / "mine"
    broken.mkdir()
    (broken / "__init__.py").write_text("def oops(:\n", encoding="utf-8")
    runner = CliRunner()
    for path, message in ((broken, "cannot load module"), (tmp_path / "nowhere.py",
                                                          "module file not found"),
                          (tmp_path, "a folder without __init__.py")):
        result = runner.invoke(app, ["play", "skirmish/meeting", "--module", str(path)])
        assert result.exit_code == 1 and message in result.output
        assert "Traceback" not in result.output
