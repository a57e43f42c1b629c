"""`ks new title`: a designer's title scaffolded outside the source tree passes
`ks check --module` and plays with `ks play --module` at once; a mistake in
each kind of file it made is a located error; bad names are refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from kriegsspiel.tools.cli import app

RUNNER = CliRunner()


@pytest.fixture()
def title(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    made = RUNNER.invoke(app, ["new", "title", "mygame"])
    assert made.exit_code == 0, made.output
    root = tmp_path / "mygame"
    monkeypatch.chdir(root)
    return root


def run(*args: str):
    return RUNNER.invoke(app, list(args))


def test_a_new_title_checks_and_plays_to_a_result(title):
    """gts:12.0: the series leaves victory to the exclusive rules, and the
    scaffold's layer says it (scenario:1: Red holding the town wins, else Blue);
    its one example override changes one row of the series' chart (1.0)."""
    assert sorted(p.relative_to(title).as_posix() for p in title.rglob("*") if p.is_file()) == [
        "README.md", "games/mygame/game.yaml", "games/mygame/maps/field.yaml",
        "games/mygame/terrain.yaml", "games/mygame/units.yaml",
        "modules/mygame/__init__.py", "modules/mygame/rule_index.json",
        "modules/mygame/rules/mygame.ksr", "scenarios/mygame/first.yaml"]
    checked = run("check", "--module", "modules/mygame")
    assert checked.exit_code == 0, checked.output
    for players, seed in (("random", "1"), ("heuristic,heuristic", "1"),
                          ("random,heuristic", "1")):
        played = run("play", "mygame/first", "--module", "modules/mygame", "--players",
                     players, "--seed", seed, "--check-invariants")
        assert played.exit_code == 0, played.output
        lines = played.output.splitlines()
        assert lines[-1] in ("RESULT: Blue wins (no objective was taken)",
                             "RESULT: Red wins (it holds its objective)")
        # the title's own event, in the words its rule file says
        assert ("  Red holds its objective, 06.04" in lines) == lines[-1].startswith("RESULT: Red")
        if players == "random,heuristic":  # a heuristic Red takes it from a random Blue
            assert lines[-1] == "RESULT: Red wins (it holds its objective)"
    diff = run("rules", "diff", "--ruleset", "mygame", "--module", "modules/mygame").output
    assert "overrides table terrain_fire_modifier of gts: row town replaced @mygame:1.0" in diff


def test_the_guide_step_by_step_a_rule_and_a_scenario_of_ones_own(title):
    """docs/authoring.md, literally: add the Veterans rule (a term of the
    series' troop_quality, gts:19.2.2's modifiers) with its section, and a
    second scenario; both check and play, and the rule is in the layer's diff."""
    import json
    (title / "modules/mygame/rules/veterans.ksr").write_text(
        'override modifiers troop_quality(unit: unit) @mygame:2.0 {\n'
        '  veterans: 1 when "veteran" in unit.tags @mygame:2.0\n}\n', encoding="utf-8")
    index_path = title / "modules/mygame/rule_index.json"
    index = json.loads(index_path.read_text(encoding="utf-8"))
    index["entries"].append({"id": "2.0", "title": "Veterans",
                             "text": "A veteran Unit checks Troop Quality one better."})
    index_path.write_text(json.dumps(index), encoding="utf-8")
    first = (title / "scenarios/mygame/first.yaml").read_text(encoding="utf-8")
    second = first.replace("id: mygame-first", "id: mygame-second").replace(
        'title: "Mygame: the First Scenario"', 'title: "Mygame: the Second Scenario"').replace(
        '"01.03 01.04 01.05"', '"03.03 03.04 03.05"').replace('hex: "01.04"}', 'hex: "03.04"}')
    assert second.count("03.0") == 4
    (title / "scenarios/mygame/second.yaml").write_text(second, encoding="utf-8")
    checked = run("check", "--module", "modules/mygame")
    assert checked.exit_code == 0, checked.output
    played = run("play", "mygame/second", "--module", "modules/mygame", "--seed", "2")
    assert played.exit_code == 0 and played.output.splitlines()[-1].startswith("RESULT: ")
    assert "Mygame: the Second Scenario" in played.output.splitlines()[0]
    diff = run("rules", "diff", "--ruleset", "mygame", "--module", "modules/mygame").output
    assert "overrides modifiers troop_quality of gts: term veterans added @mygame:2.0" in diff


@pytest.mark.parametrize("file, old, new, where", [
    ("modules/mygame/rules/mygame.ksr", "town -> -3", "twon -> -3", "mygame.ksr:7:3"),
    ("games/mygame/game.yaml", "army: Red Army}", "army: Red Armee}", "game.yaml:15"),
    ("games/mygame/units.yaml", "formation: 1st Red Regiment\n", "formation: 1st Red Regimen\n",
     "units.yaml:"),
    ("games/mygame/maps/field.yaml", 'town: ["06.04"]', 'town: ["06.44"]', "field.yaml:8"),
    ("scenarios/mygame/first.yaml", "hex: \"06.04\"}", "hex: \"60.04\"}", "first.yaml:14:30"),
    ("games/mygame/terrain.yaml", "kind: road}", "kind: raod}", "terrain.yaml:8"),
    ("modules/mygame/__init__.py", "def ks_rule_files():", "def ks_rule_files(:",
     "__init__.py:26:19"),
    ("modules/mygame/rule_index.json", '"id": "1.0"', '"idd": "1.0"', "rule_index.json"),
])
def test_a_mistake_in_each_file_it_made_is_located(title, file, old, new, where):
    path = title / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    checked = run("check", "--module", "modules/mygame")
    assert checked.exit_code == 1
    errors = [line for line in checked.output.splitlines() if ": error: " in line]
    assert errors and where in errors[0], checked.output


def test_a_name_or_place_it_cannot_use_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for args, message in ((["Bad-Name"], "cannot name a title"),
                          (["crete"], "a module named 'crete' is installed already"),
                          (["mine", "--on", "gtss"], "did you mean 'gts'?")):
        result = run("new", "title", *args)
        assert result.exit_code == 1 and message in result.output, result.output
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "x").write_text("mine", encoding="utf-8")
    result = run("new", "title", "taken")
    assert result.exit_code == 1 and "is not empty: nothing written" in result.output
    assert [p.name for p in (tmp_path / "taken").iterdir()] == ["x"]


def test_a_published_chart_replaces_a_provisional_one_row_by_row(title):
    """gts:19.1 / gts:15.5: the series' Combat Results Table is provisional (the
    books do not print it); a title's override marked `published` that gives a
    row the printed chart has makes `ks check` count what is left, and once it
    gives every row the table is no longer listed as provisional."""
    from kriegsspiel.engine.rulebook import build_program
    crt = build_program(["gts"]).decls["crt"]
    dims = ", ".join(f"{d.name}: {d.enum or f'{d.low}..{d.high}'}" for d in crt.dims)

    def value(row):
        return "none" if row.value is None else f'"{row.value}"'
    rules = title / "modules" / "mygame" / "rules" / "printed_crt.ksr"

    def publish(rows):
        body = "".join(f"  {r.key_text} -> {value(r)} @mygame:1.0\n" for r in rows)
        rules.write_text(f"override table crt({dims}) @mygame:1.0 published {{\n{body}}}\n",
                         encoding="utf-8")
        checked = run("check", "--module", "modules/mygame")
        assert checked.exit_code == 0, checked.output
        return [line for line in checked.output.splitlines() if line.startswith("  table crt")]
    # Crete's rules keep the series' chart whole: listed as it was.
    series = "  table crt (modules/gts/rules/fire.ksr:14)"
    assert publish(crt.rows[:3]) == [series, f"{series}: {len(crt.rows) - 3} of "
                                     f"{len(crt.rows)} rows still provisional in mygame's rules"]
    assert publish(crt.rows) == [series]


def test_a_scaffold_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    """A file that cannot be written leaves no half-made title behind."""
    from pathlib import Path as P
    real = P.write_text
    calls = []

    def failing(self, *args, **kwargs):
        calls.append(self)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return real(self, *args, **kwargs)
    monkeypatch.setattr(P, "write_text", failing)
    monkeypatch.chdir(tmp_path)
    result = run("new", "title", "mygame")
    assert result.exit_code == 1 and "No space left on device" in result.output
    assert list(tmp_path.iterdir()) == []
