"""Situation files and ``ks resolve`` (docs/situations.md): the Crete Part One
worked examples as executable tests, the CLI's output, and located errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kriegsspiel.tools.cli import app
from kriegsspiel.core.errors import KsError
from kriegsspiel.tools.situation import build, check_expectations, load, records, resolve, run

HERE = Path(__file__).resolve().parent / "situations"
SITUATIONS = sorted(HERE.glob("*.yaml"))
runner = CliRunner()

# A small situation the error tests break in one place at a time.
BASE = """\
rules: [gts]
units:
  - id: flak
    side: Axis
    hex: "10.05"
    values: {steps: 1, troop_quality: 5, fire_rating: 3, weapon_class: DHE, fire_range: 3,
             movement: 4, movement_class: leg, defense: 0}
  - id: para
    side: Allied
    hex: "10.07"
    markers: {suppressed: 1}
    values: {steps: 2, troop_quality: 6, fire_rating: 3, weapon_class: SA, fire_range: 2,
             movement: 4, movement_class: leg, defense: 0}
action: {do: direct_fire, firer: flak, target: para, mode: direct}
rolls: [1, 0]
answers: {convert_suppression: true}
"""


def ks(*args: str):
    return runner.invoke(app, list(args))


def write(tmp_path: Path, text: str, name: str = "situation.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_lines(result) -> list[str]:
    return [line for line in result.output.splitlines() if ": error: " in line]


# --------------------------------------------------------- the worked examples


@pytest.mark.parametrize("path", SITUATIONS, ids=[p.stem for p in SITUATIONS])
def test_worked_example(path: Path):
    """Each Crete Part One worked example (gts:14.3, gts:14.6, gts:14.8, gts:14.10.3,
    gts:15.5, gts:15.6, gts:16.5, gts:17.6, gts:19.2.2 — each file cites its own)
    reproduces every number the text states: its expect block holds."""
    sit, report = resolve(path)
    assert sit.expect is not None and sit.cites, "a worked example states what must happen"
    failures = check_expectations(sit, report)
    assert not failures, "\n".join(f.render() for f in failures)
    assert report["dice"]["unused"] == []  # the text's dice, no more


def test_the_examples_are_all_here():
    """The Crete Part One examples the rules resolve so far (gts:15.5, gts:17.6,
    gts:14.8, gts:14.6, gts:14.10.3, gts:16.5)."""
    assert {p.stem for p in SITUATIONS} >= {
        "direct_fire_example", "opportunity_fire_example", "movement_example",
        "column_movement_example", "dismount_example"}


def test_a_broken_number_fails_where_it_is_written(tmp_path):
    """gts:15.6: the Direct Fire Example's modified Fire Rating is two; a file saying
    three fails, located at that number, with what was computed."""
    text = (HERE / "direct_fire_example.yaml").read_text(encoding="utf-8")
    wrong = text.replace("rating: 2, roll: 1", "rating: 3, roll: 1")
    assert wrong != text
    sit, report = resolve(write(tmp_path, wrong))
    failures = check_expectations(sit, report)
    assert len(failures) == 1
    line = wrong.splitlines()[failures[0].location.line - 1]
    assert "rating: 3" in line and line.index("3, roll") + 1 == failures[0].location.column
    assert failures[0].message == "expect.fire_resolved.rating: expected 3, got 2"


def test_terms_must_be_exactly_those_that_applied(tmp_path):
    """gts:15.6: "there is no mass modifier" — naming a term that did not apply
    (or leaving out one that did) is a failure."""
    text = (HERE / "direct_fire_example.yaml").read_text(encoding="utf-8")
    wrong = text.replace("terms: {range: -1}", "terms: {range: -1, mass: 1}")
    sit, report = resolve(write(tmp_path, wrong))
    [failure] = check_expectations(sit, report)
    assert failure.message.startswith("expect.values.modified_fire_rating: expected")
    assert "computed: {base: 3, value: 2, terms: {range: -1}}" in failure.message


def test_other_dice_other_story():
    """gts:15.5: a nine always misses — the same situation with other dice (as
    --rolls gives them) resolves differently and its expectations fail."""
    sit, report = resolve(HERE / "direct_fire_example.yaml", rolls=[9])
    assert [e["data"]["hit"] for e in report["events"] if e["kind"] == "fire_resolved"] == [False]
    assert report["units"]["A Company"]["markers"] == {}
    assert check_expectations(sit, report)


def test_report_explains_with_citations():
    """gts:15.6 / gts:29.47: the report carries each value's explanation: the
    modifiers with their terms and citations, the table row with its layer, the
    check with its roll."""
    _, report = resolve(HERE / "direct_fire_example.yaml")
    [rating] = records(report, "modifiers modified_fire_rating")
    assert rating["value"] == 2 and rating["base"] == 3
    assert [(t["name"], t["amount"], t["layer"]) for t in rating["terms"]] == \
        [("range", -1, "series")]
    assert "gts:15.6" in rating["terms"][0]["cites"]
    [row] = records(report, "table crt")
    assert row["keys"] == ["DHE", "unarmored", 1] and row["value"] == "S"
    assert row["layer"] == "series" and row["provenance"] == "provisional"
    [check] = records(report, "check ")
    assert (check["roll"], check["target"], check["passed"]) == (0, 6, True)
    assert "gts:29.47" in check["cites"]


def test_results_rally_and_checks_as_actions(tmp_path):
    """gts:19.2.1 / gts:19.2.2 / gts:20.0 / gts:29.47: an "S?" the Suppressed para fails
    (8 against 6 - 1 - 1) is a Cohesion Hit; it then Rallies from Suppression
    (3 against 4) and passes a Troop Quality Check — `actions` in turn, and
    `result` is the last one's."""
    text = BASE.replace(
        "action: {do: direct_fire, firer: flak, target: para, mode: direct}",
        "actions:\n  - {do: apply_result, unit: para, result: S?}\n"
        "  - {do: rally, unit: para}\n  - {do: tq_check, unit: para}")
    text = text.replace("rolls: [1, 0]", "rolls: [8, 3, 4]").replace(
        "answers: {convert_suppression: true}", "") + (
        "expect:\n"
        "  checks: [{check: tq_check, roll: 8, target: 4, passed: false},\n"
        "           {check: rally_check, roll: 3, target: 4, passed: true},\n"
        "           {check: tq_check, roll: 4, target: 5, passed: true}]\n"
        "  markers: {para: {cohesion_hits: 1, suppressed: 0}}\n"
        "  result: {passed: true, roll: 4}\n")
    sit, report = resolve(write(tmp_path, text))
    assert [a["do"] for a in report["actions"]] == ["apply_result", "rally", "tq_check"]
    assert check_expectations(sit, report) == []
    wrong = text.replace("result: {passed: true, roll: 4}", "result: {passed: false}")
    sit, report = resolve(write(tmp_path, wrong, "wrong.yaml"))
    [failure] = check_expectations(sit, report)
    assert failure.message == "expect.result.passed: expected false, got true"


def test_conditions_reach_the_rules(tmp_path):
    """gts:15.4 / gts:26.0 / gts:28.0: rain at night limits Line of Sight to two
    hexes — the para three hexes away cannot be seen; one two hexes away can."""
    text = BASE.replace("action:", "conditions: {turn: [night], weather: rain}\naction:")
    text = text.replace("action: {do: direct_fire, firer: flak, target: para, mode: direct}",
                        "action: {do: direct_fire_targets, firer: flak}")
    sit = load(write(tmp_path, text))
    report = run(build(sit))
    assert report["results"] == [["para"]]
    [los] = [r for r in records(report, "table max_los_distance")][:1]
    assert los["keys"] == ["rain", "night"] and los["value"] == 2
    far = text.replace('hex: "10.07"', 'hex: "10.08"')
    assert run(build(load(write(tmp_path, far, "far.yaml"))))["results"] == [[]]


def test_defaults_let_a_designer_write_only_units(tmp_path):
    """gts:21.4 / gts:29.30: units name only their side; a leader with only a side
    leads the side's default formation, so a unit within his range is In Command."""
    text = BASE.replace("action: {do: direct_fire, firer: flak, target: para, mode: direct}",
                        "action: {do: in_command, unit: para}")
    alone = run(build(load(write(tmp_path, text))))
    assert alone["results"] == [False]
    led = text.replace("action:", "leaders:\n  - {id: Bedding, side: Allied, hex: \"10.06\", "
                       "values: {command_range: 1, attachment_rating: 0}}\naction:")
    built = build(load(write(tmp_path, led, "led.yaml")))
    assert built.session.state.catalog["formation"]["Allied division formation"]["leader"] == \
        "Bedding"
    assert run(built)["results"] == [True]


def test_markers_and_points_are_set_up(tmp_path):
    """gts:19.2.2 / gts:29.47: a Suppressed unit's Troop Quality is one less; with
    Command Points in hand an In Command unit is offered to buy the check."""
    text = BASE.replace("action: {do: direct_fire, firer: flak, target: para, mode: direct}",
                        "action: {do: tq_check, unit: para}")
    text = text.replace("rolls: [1, 0]", "rolls: [5]\nleaders:\n  - {id: B, side: Allied, "
                        "hex: \"10.07\", values: {command_range: 2, attachment_rating: 0}}\n"
                        "conditions: {points: {Allied division: {command: 2}}}")
    _, report = resolve(write(tmp_path, text))
    assert report["results"][0]["passed"] is True and report["results"][0]["target"] == 5
    assert [d["key"] for d in report["decisions"]] == ["buy:tq_check"]


def test_shipped_map(tmp_path):
    """crete:2.5: a shipped map ({game, map}) with its terrain: a Town hex of the
    Kastelli map gives its Town fire modifier (crete rules in force)."""
    text = BASE.replace("rules: [gts]", "title: shipped\nrules: [gts, crete]\n"
                        "map: {game: crete, map: kastelli}")
    text = text.replace('"10.05"', '"06.03"').replace('"10.07"', '"06.05"')
    text = text.replace("action: {do: direct_fire, firer: flak, target: para, mode: direct}",
                        "action: {do: modified_fire_rating, firer: para, target: flak, "
                        "mode: direct}")
    _, report = resolve(write(tmp_path, text))
    assert report["units"]["para"]["hex"] == "06.05"
    [rating] = records(report, "modifiers modified_fire_rating")
    assert {t["name"]: t["amount"] for t in rating["terms"]}["range"] == -1


# ------------------------------------------------------------------------- CLI


GOLDEN = """\
Crete Part One: Movement Example (including Forced March)
rules: gts
action: move(group=[German], kind=formation)
    3 track_changed       German: half_points_left 0 -> 8
    4 decision            Axis: move (German) -> 02.01
    5 opportunity_trigger units=[German] origin=01.01 destination=02.01
    6 track_changed       German: half_points_left 8 -> 0
    7 unit_moved          unit=German origin=01.01 destination=02.01
    8 unit_entered_hex    unit=German hex=02.01 half_points_left=0
    9 decision            Axis: move (German) -> forced_march
   10 track_changed       German: forced_marched 0 -> 1
   11 track_changed       German: half_points_left 0 -> 4
   12 decision            Axis: move (German) -> 03.01
   13 opportunity_trigger units=[German] origin=02.01 destination=03.01
   14 track_changed       German: half_points_left 4 -> 0
   15 unit_moved          unit=German origin=02.01 destination=03.01
   16 unit_entered_hex    unit=German hex=03.01 half_points_left=0
   17 decision            Axis: move (German) -> stop
   18 track_changed       German: forced_marched 1 -> 0
   19 action              move -> none
dice: 1
units:
  German  03.01      front
expect: all met
"""


def test_cli_resolve_golden():
    """gts:14.8: `ks resolve` prints the action's events, the dice and the units."""
    result = ks("resolve", str(HERE / "movement_example.yaml"))
    assert result.exit_code == 0, result.output
    assert result.output == GOLDEN


def test_cli_explain_shows_every_value():
    """gts:15.6 / gts:15.5 / gts:29.47: --explain lists, under each event, the terms
    with citations, the table rows and the checks."""
    result = ks("resolve", str(HERE / "direct_fire_example.yaml"), "--explain")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "modified_fire_rating = 2: base 3, range -1 [gts:15.6" in out
    assert "crt[DHE, unarmored, 1] = S  row DHE, unarmored, 1 (series, provisional)" in out
    assert "check tq_check: roll 0 vs 6 -> passed (a 0 always passes)  [gts:29.47]" in out
    assert "fire_resolved       firer=flak target=A Company rating=2 roll=1 hit=true result=S" \
        in out
    assert ks("resolve", str(HERE / "direct_fire_example.yaml")).output.count("\n") < \
        out.count("\n") // 2


def test_cli_json_shape():
    """gts:15.5: --json gives the same report, machine-readable."""
    result = ks("resolve", str(HERE / "direct_fire_example.yaml"), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"title", "rules", "actions", "results", "events", "decisions", "dice",
                         "units", "expect"}
    assert data["actions"] == [{"do": "fire", "args": {"unit": "flak"}}]
    assert data["expect"] == {"ok": True, "failures": []}
    assert data["dice"] == {"rolled": [1, 0], "unused": []}
    assert all(set(e) == {"seq", "kind", "data", "explanation"} for e in data["events"])
    [fired] = [e for e in data["events"] if e["kind"] == "fire_resolved"]
    assert fired["data"] == {"firer": "flak", "target": "A Company", "rating": 2, "roll": 1,
                             "hit": True, "result": "S"}
    assert any(r["what"] == "modifiers modified_fire_rating" for r in fired["explanation"])
    assert data["units"]["A Company"] == {"hex": "10.07", "face": "front", "on_map": True,
                                          "eliminated": False,
                                          "markers": {"cohesion_hits": 1}, "links": {}}


def test_cli_rolls_override_and_expect_failure_exit_1():
    """gts:15.5: --rolls replaces the file's dice; unmet expectations exit 1 and say
    what differed, located in the file."""
    path = HERE / "direct_fire_example.yaml"
    result = ks("resolve", str(path), "--rolls", "3")
    assert result.exit_code == 1
    assert "hit=false" in result.output
    assert f"{path}:" in result.output and "expect.fire_resolved.roll: expected 1, got 3" \
        in result.output
    assert "expectation(s) not met" in result.output


def test_cli_too_few_rolls_is_located(tmp_path):
    """gts:15.5 / gts:19.2.2: running out of dice names the action that needed them."""
    path = write(tmp_path, BASE)
    result = ks("resolve", str(path), "--rolls", "1")
    assert result.exit_code == 1
    assert error_lines(result) == [f"{path}:14:9: error: action: the dice script ran out after "
                                   "1 roll(s): give more 'rolls'"]


def test_schema_situation():
    """`ks schema situation` (gts:15.5 situations are files too)."""
    result = ks("schema", "situation")
    assert result.exit_code == 0, result.output
    schema = json.loads(result.output)
    assert {"units", "action", "actions", "expect", "rolls", "map"} <= set(schema["properties"])
    assert schema["$defs"]["SituationUnit"]["additionalProperties"] is False
    assert "situation" in ks("schema").output.split()


# ------------------------------------------------------------- located errors


@pytest.mark.parametrize("old, new, expected, hint", [
    ("target: para", "target: paar", ":14:48: error: action.target: unknown unit 'paar'",
     "did you mean 'para'?"),
    ("do: direct_fire,", "do: direct_fir,", ":14:14: error: action.do: unknown procedure "
     "'direct_fir'", "did you mean 'direct_fire'?"),
    ("mode: direct}", "mode: direct, oportunity: 2}", ":14:68: error: action.oportunity: "
     "procedure 'direct_fire' has no parameter 'oportunity' (it has: firer, target, mode, "
     "opportunity)", "did you mean 'opportunity'?"),
    ("{suppressed: 1}", "{supressed: 1}", ":11:15: error: units[1].markers.supressed: the rules "
     "declare no marker or track 'supressed' on a unit", "did you mean 'suppressed'?"),
    ("{suppressed: 1}", "{suppressed: 2}", ":11:27: error: units[1].markers.suppressed: "
     "suppressed 2 is outside 0..1", None),
    ('hex: "10.07"', 'hex: "10.17"', ":10:10: error: units[1].hex: hex '10.17' is not on the map",
     "did you mean '10.12'?"),
    ('hex: "10.07"', "hex: 10.07", ":10:10: error: units[1].hex: write hex ids in quotes", None),
    ("weapon_class: DHE", "weapon_class: DHEE", ":6:72: error: units[0].values.weapon_class:",
     "did you mean 'DHE'?"),
])
def test_broken_situation_is_located(tmp_path, old, new, expected, hint):
    """gts:15.5 / gts:19.2.2 / gts:29.53: every mistake in a situation file is an
    error at its YAML node, with a did-you-mean where one exists; exit 1."""
    assert old in BASE
    path = write(tmp_path, BASE.replace(old, new, 1))
    result = ks("resolve", str(path))
    assert result.exit_code == 1
    [line] = error_lines(result)
    assert line.startswith(f"{path}{expected}"), line
    if hint:
        assert f"hint: {hint}" in result.output


def test_unknown_names_in_expect_are_located(tmp_path):
    """gts:15.5 / gts:19.2.3: an expectation about an event kind, marker or unit the
    rules do not know is an input error, not a silent pass."""
    text = BASE + ("expect:\n  fire_resolvd: {roll: 1}\n  markers: {para: {cohesion_hit: 1}}\n"
                   "  units: {paar: {hex: \"10.07\"}}\n")
    path = write(tmp_path, text)
    with pytest.raises(KsError) as info:
        build(load(path))
    messages = [(e.location.line, e.message, e.hint) for e in info.value.errors]
    assert messages == [
        (18, "expect.fire_resolvd: no event kind, unit state or expectation 'fire_resolvd'",
         "did you mean 'fire_resolved'?"),
        (19, "expect.markers.para.cohesion_hit: the rules declare no marker 'cohesion_hit' "
             "on a unit", "did you mean 'cohesion_hits'?"),
        (20, "expect.units.paar: unknown unit 'paar'", "did you mean 'para'?")]


def test_a_situation_without_an_action_is_refused(tmp_path):
    """gts:15.5: one declared action (or a list of them) — none is an error."""
    path = write(tmp_path, BASE.replace(
        "action: {do: direct_fire, firer: flak, target: para, mode: direct}\n", ""))
    result = ks("resolve", str(path))
    assert result.exit_code == 1
    assert "give exactly one of 'action' or 'actions'" in result.output


SPECIAL = """\
title: special and optional rules in a situation
rules: [gts, crete]
special_rules: ["crete:S4.0"]
units:
  - id: A
    side: Allied
    hex: "01.01"
    values: {steps: 2, troop_quality: 5, fire_rating: 3, weapon_class: SA, fire_range: 2,
             movement: 4, movement_class: leg, defense: 0}
actions:
  - {do: in_effect, section: "crete:S4.0"}
  - {do: in_effect, section: "crete:O1.0"}
"""


def test_special_and_optional_rules_are_in_effect_as_in_a_scenario(tmp_path):
    """A situation's special_rules are in effect as a scenario's are (crete:S4.0
    here; crete:10.0 reads them); `ks resolve --optional crete:O1.0` switches
    that rule on and loads its module."""
    def results(*options):
        result = ks("resolve", str(write(tmp_path, SPECIAL)), "--json", *options)
        assert result.exit_code == 0, result.output
        report = json.loads(result.output)
        return report["rules"], [e["data"]["result"] for e in report["events"]
                                 if e["kind"] == "action"]
    assert results() == (["gts", "crete"], [True, False])
    assert results("--optional", "crete:O1.0") == (["gts", "crete", "crete_optional"],
                                                   [True, True])
    wrong = ks("resolve", str(write(tmp_path, SPECIAL)), "--optional", "crete:O1.9")
    assert wrong.exit_code != 0 and "did you mean 'crete:O1.0'" in wrong.output


def test_points_of_an_unknown_owner_are_a_located_error(tmp_path):
    """A situation's points name the entity that holds them by its id; an id the
    set-up lacks is reported at its key, with the nearest id offered."""
    text = BASE + "conditions: {points: {Allied divisoin: {command: 2}}}\n"
    with pytest.raises(KsError) as err:
        resolve(write(tmp_path, text))
    (only,) = err.value.each()
    assert only.location.line == 17 and only.location.column == 23
    assert only.message.startswith("conditions.points['Allied divisoin']: unknown 'Allied "
                                   "divisoin'")
    assert only.hint == "did you mean 'Allied division'?"


ON_SCENARIO = sorted((HERE / "on_scenario").glob("*.yaml"))


@pytest.mark.parametrize("path", ON_SCENARIO, ids=[p.stem for p in ON_SCENARIO])
def test_a_situation_set_in_a_scenario_has_what_the_scenario_lays_out(path: Path):
    """crete:S1.0 (the Off-Map Display's boxes, an off-map move asked of ks
    resolve) and gts:8.0 (a reinforcement waiting for its turn and its entry
    hex): a situation on a scenario starts from its catalog and set-up, as
    `ks play` does, and its own placements go on top."""
    sit, report = resolve(path)
    failures = check_expectations(sit, report)
    assert not failures, "\n".join(f.render() for f in failures)


def test_a_situation_on_a_scenario_reports_its_mistakes_where_they_are(tmp_path):
    """Each located with a did-you-mean: a counter the scenario lacks, one given
    values the scenario already has, a turn not on its track — all at once."""
    text = (HERE / "on_scenario" / "reinforcement_arrives.yaml").read_text(encoding="utf-8")
    text = text.replace('conditions: {at: "1941-05-24 1100"}',
                        'conditions: {at: "1941-05-24 1110"}\n'
                        'units:\n  - {id: 1. Geb.Pi. 96, hex: "15.06"}\n'
                        '  - {id: Kastelli, values: {steps: 1}}')
    with pytest.raises(KsError) as err:
        resolve(write(tmp_path, text))
    found = {(e.location.line, e.message.split(":")[0], e.hint) for e in err.value.each()}
    assert found == {(6, "conditions.at", "did you mean '1941-05-24 1100'?"),
                     (8, "units[0].id", "did you mean '1. Geb.Pi. 95'?"),
                     (9, "units[1].values", None)}


@pytest.mark.parametrize("extra, message", [
    ("map: {game: crete, map: kastelli}\n", "takes its map from the scenario"),
    ("rules: [gts]\n", "takes its rules from the scenario"),
    ("conditions: {turn: [night]}\n", "conditions.at"),
])
def test_a_situation_on_a_scenario_takes_its_map_rules_and_turns_from_it(tmp_path, extra,
                                                                         message):
    text = "scenario: crete/learning\naction: {do: reinforcements_to_boxes}\n" + extra
    with pytest.raises(KsError, match=message):
        resolve(write(tmp_path, text))


def test_a_situation_may_leave_the_scenarios_set_up_out(tmp_path):
    """scenario_set_up: false — only this file's placements are on the map."""
    text = ("scenario: crete/learning\nscenario_set_up: false\n"
            "units:\n  - {id: Kastelli, hex: \"06.05\"}\n"
            "action: {do: reinforcements_to_boxes}\n")
    built = build(load(write(tmp_path, text)))
    on_map = sorted(p for p, h in built.session.state.placement.items() if h is not None)
    assert on_map == ["Kastelli"]
    full = build(load(write(tmp_path, text.replace("scenario_set_up: false\n", ""))))
    assert len([h for h in full.session.state.placement.values() if h]) > 5
