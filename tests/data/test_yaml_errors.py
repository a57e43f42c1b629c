"""Golden tests: the exact text a person sees for broken data files.

Each fixture under fixtures/ is broken on purpose; the expected output is
written out in full so any change to wording, location or hints is visible.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.core.errors import KsError, KsErrors
from kriegsspiel.core import loading
from kriegsspiel.core.loading import check_references, load_game, shipped_roots
from kriegsspiel.engine.reading import read_game
from kriegsspiel.engine.plugins import load_registry
from kriegsspiel.engine.reading import (Checks, check_content, game_models_of, read_scenario)

FIXTURES = Path(__file__).parent / "fixtures"


def rendered_failure(call, *args) -> str:
    with pytest.raises(KsError) as caught:
        call(*args)
    return caught.value.render()


@pytest.fixture(scope="module")
def crete():
    return read_game(shipped_roots()[0] / "crete")


def test_misspelt_unit_in_scenario_points_at_it_with_a_hint(crete):
    path = FIXTURES / "scenario_misspelt_unit.yaml"
    errors = check_references(crete, [read_scenario(path)])
    assert "\n".join(e.render() for e in errors) == f"""\
{path}:13:12: error: setup[2].unit: unknown unit '1 A/1 Inff'
      - {{unit: 1 A/1 Inff, hex: "02.02"}}
               ^
hint: did you mean '1 A/1 Inf'?
{path}:14:28: error: setup[3].hex: hex '21.02' is not on map 'kastelli' (columns 1-20, rows 1-12)
      - {{unit: 2 A/1 Inf, hex: "21.02"}}
                               ^
{path}:17:12: error: reinforcements[0].turn: turn '1941-05-24 1900' is outside the scenario \
('1941-05-24 0900' to '1941-05-24 1700')
      - {{turn: "1941-05-24 1900", units: [1. Geb.Pz.Jäg. 95], hex: "15.06"}}
               ^
{path}:21:14: error: victory.otherwise: unknown side 'Allies'
      otherwise: Allies
                 ^
hint: did you mean 'Allied'?"""


def test_schema_errors_are_all_reported_at_their_nodes():
    path = FIXTURES / "scenario_schema_errors.yaml"
    assert rendered_failure(read_scenario, path) == f"""\
{path}:1:13: error: provenance: Input should be 'published' or 'provisional'
    provenance: publshed
                ^
hint: did you mean 'published'?
{path}:8:11: error: end_turn: expected a turn like '1941-05-24 0900' or '1941-05-24 night', \
not '24/5/41 1700'
    end_turn: "24/5/41 1700"
              ^
{path}:10:27: error: setup[0].hex: write hex ids in quotes, e.g. '06.05' \
(unquoted, YAML reads them as the number 6.05)
      - {{unit: Kastelli, hex: 06.05}}
                              ^
{path}:11:23: error: setup[1].hexx: unknown field
      - {{unit: 1 A/1 Inf, hexx: "02.02"}}
                          ^
hint: did you mean 'hex'?
{path}:12:5: error: setup[2]: say where: exactly one of 'hex', 'hexes', 'around' or 'with'
      - {{unit: 2 A/1 Inf}}
        ^
{path}:15:7: error: victory.conditions[0].winner: missing required field
        - {{kind: control, hex: "06.04"}}
          ^"""


def test_schema_errors_come_as_one_ks_errors_with_each_error_inside():
    with pytest.raises(KsErrors) as caught:
        read_scenario(FIXTURES / "scenario_schema_errors.yaml")
    assert [e.location.line for e in caught.value.errors] == [1, 8, 10, 11, 12, 15]


def test_yaml_syntax_error_is_located_at_the_problem_mark():
    path = FIXTURES / "syntax_error.yaml"
    assert rendered_failure(read_scenario, path) == f"""\
{path}:5:3: error: YAML syntax error: expected ',' or '}}', but got '-' (while parsing a flow mapping)
      - {{unit: 1 A/1 Inf, hex: "02.02"}}
      ^"""


def test_duplicate_key_is_located_at_the_second_key():
    path = FIXTURES / "duplicate_key.yaml"
    assert rendered_failure(read_scenario, path) == f"""\
{path}:4:1: error: duplicate key 'title' (first defined on line 3)
    title: Two
    ^"""


def test_counter_values_are_checked_by_the_ruleset_model_with_locations():
    root = FIXTURES / "bad_game"
    units = root / "units" / "units.yaml"
    assert rendered_failure(read_game, root) == f"""\
{root / 'game.yaml'}:13:32: error: unit_files[1]: file not found: units/missing.yaml
    unit_files: [units/units.yaml, units/missing.yaml]
                                   ^
{units}:7:15: error: units[0].front.values.movement: missing required field
          values: {{steps: 3, troop_quality: 4, fire_rating: 2, weapon_class: SA,
                  ^
{units}:7:23: error: units[0].front.values.steps: Input should be less than or equal to 2
          values: {{steps: 3, troop_quality: 4, fire_rating: 2, weapon_class: SA,
                          ^
{units}:8:16: error: units[0].front.values.movment: unknown field
                   movment: 5, movement_class: leg, defense: 1}}
                   ^
hint: did you mean 'movement'?
{units}:13:74: error: units[1].front.values.weapon_class: Input should be 'DP', 'SA', 'AP', \
'LM', 'MORTAR', 'IHE', 'DHE', 'EMPLACED' or 'ORGANIC'
          values: {{steps: 2, troop_quality: 4, fire_rating: 2, weapon_class: RIFLE,
                                                                             ^
{units}:14:26: error: units[1].front.values.movement: Input should be a valid integer, \
unable to parse string as an integer, or Input should be 'star'
                   movement: fast, movement_class: leg, defense: 1}}
                             ^"""


def test_game_cross_references_are_checked_with_hints():
    root = FIXTURES / "bad_refs_game"
    game, units, tiny = root / "game.yaml", root / "units.yaml", root / "map.yaml"
    # Read with GTS's keys but not its counter values (the fixture gives none);
    # the order of battle's references are GTS's, checked after the kernel's.
    registry = load_registry()
    models = game_models_of(registry, ["gts"])
    rendered = "\n".join(e.render() for e in loading.check_content(
        [root], lambda home: load_game(home, models=models), checks=Checks(registry)))
    assert rendered == f"""\
{units}:5:10: error: units[2].id: duplicate unit id '1 A/1 Inf' (first at {units}:3:5)
      - {{id: 1 A/1 Inf, formation: 1 Inf (Greek), unit_class: infantry, front: {{values: {{}}}}}}
             ^
{tiny}:8:10: error: hexes.scrub[0]: hex '02.02' is given twice (also under 'orchard')
      scrub: "02.02 06.01"
             ^
{tiny}:8:10: error: hexes.scrub[1]: hex '06.01' is not on map 'tiny' (columns 1-5, rows 1-5)
      scrub: "02.02 06.01"
             ^
{tiny}:9:3: error: hexes.swamp: unknown hex terrain 'swamp'
      swamp: ["03.03"]
      ^
{tiny}:11:15: error: hexsides[0].hexside: hexes '01.01' and '03.03' are not adjacent
      - {{hexside: "01.01/03.03", feature: slope}}
                  ^
{tiny}:13:10: error: roads.road[0]: hexes '01.02' and '02.04' are not adjacent
      road: ["01.01 01.02 02.04"]
             ^
{game}:8:24: error: armies[1].side: unknown side 'Axsi'
      - {{id: German, side: Axsi}}
                           ^
hint: did you mean 'Axis'?
{game}:12:69: error: formations[0].leader: unknown leader 'Major Beding'
      - {{id: 1 Inf (Greek), division: 2nd New Zealand Division, leader: Major Beding}}
                                                                        ^
hint: did you mean 'Major Bedding'?
{game}:14:35: error: leaders[0].division: unknown division '2nd NZ Division'
      - {{id: Major Bedding, division: 2nd NZ Division}}
                                      ^
hint: did you mean '2nd New Zealand Division'?
{units}:4:32: error: units[1].formation: unknown formation '1 Inf (Grek)'
      - {{id: 2 A/1 Inf, formation: 1 Inf (Grek), unit_class: infantry, front: {{values: {{}}}}}}
                                   ^
hint: did you mean '1 Inf (Greek)'?"""


def test_unknown_game_in_a_scenario_is_reported(tmp_path):
    scenario = tmp_path / "orphan.yaml"
    scenario.write_text((FIXTURES / "scenario_misspelt_unit.yaml").read_text(encoding="utf-8")
                        .replace("game: crete", "game: kreta"), encoding="utf-8")
    games = shipped_roots()[0]
    errors = check_content([games, tmp_path])
    assert [e.render().splitlines()[0] for e in errors] == [
        f"{scenario}:5:7: error: game: unknown game 'kreta'"]
    assert errors[0].hint == "did you mean 'crete'?"


def test_unreadable_and_empty_files_are_ks_errors(tmp_path):
    missing = tmp_path / "nope.yaml"
    assert rendered_failure(read_scenario, missing).startswith(f"{missing}: error: cannot read file")
    empty = tmp_path / "empty.yaml"
    empty.write_text("# nothing\n", encoding="utf-8")
    assert "the file is empty; expected a Scenario mapping" in rendered_failure(read_scenario, empty)
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"id: J\xe4ger\n")
    assert rendered_failure(read_scenario, latin).startswith(
        f"{latin}:1:1: error: file is not valid UTF-8")


def test_an_effects_turn_and_hexes_are_checked(crete):
    """A scenario rule's effect: its turn must be a turn of the day's track (the
    rules read it as a place on the track), and a key naming a hex
    (``marker_hex``) a hex of the map."""
    path = FIXTURES / "scenario_effect_references.yaml"
    errors = "\n".join(e.render() for e in check_references(crete, [read_scenario(path)]))
    assert "turn '1941-05-24 1000': '1000' is not a turn of the day" in errors
    assert "(0700, 0900, 1100, 1300, 1500, 1700, 1900, night)" in errors
    assert "1941-05-25 0900" not in errors  # a turn of the track, if not of this scenario
    assert "marker_hex: hex '30.30' is not on map 'kastelli'" in errors
    assert errors.count("error:") == 2
