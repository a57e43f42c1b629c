"""`ks rules coverage --sentences`: each sentence of the books tested, a
documented reading, not a rule (with a reason in docs/audit/), or missing."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from kriegsspiel.tools.cli import app
from kriegsspiel.tools.sentence_coverage import report

# Sentence ids here are written with {H} for their "#": whole, the scan of the
# project's own tests would count these fixtures' ids as tested sentences.
H = "#"


def _tree(tmp_path, test_text="", audit="", reading=""):
    tests, docs = tmp_path / "tests", tmp_path / "docs"
    (docs / "audit").mkdir(parents=True)
    tests.mkdir()
    (tests / "test_x.py").write_text(test_text)
    (docs / "audit" / "gts.md").write_text(audit)
    (docs / "gts.md").write_text(reading)
    return tests, docs


def test_each_status_comes_from_its_own_place(tmp_path):
    tests, docs = _tree(
        tmp_path,
        test_text=f'def test_a():\n    """gts:17.2{H}3 and gts:18.7{H}2-4"""\n\n\n'
                  f'def helper():\n    return "gts:17.2{H}9"\n',
        audit=f"- gts:17.2{H}1 — summary: lists the triggers 17.2#2-8 state\n"
              f"- gts:17.2{H}3 — flavour: a test outranks an audit entry\n",
        reading=f"Reading of gts:17.2{H}10: the firer chooses before or after.\n")
    data = report("gts", tests, docs, section="17.2")
    recs = data["rulesets"]["gts"]
    assert recs[f"gts:17.2{H}3"]["status"] == "tested"
    assert recs[f"gts:17.2{H}3"]["where"] == ["tests/test_x.py::test_a"]
    assert recs[f"gts:17.2{H}1"]["status"] == "not a rule"
    assert recs[f"gts:17.2{H}1"]["kind"] == "summary"
    assert recs[f"gts:17.2{H}10"]["status"] == "reading"
    assert recs[f"gts:17.2{H}9"]["status"] == "missing"  # a helper is not a test
    assert set(recs) == {f"gts:17.2#{n}" for n in range(1, 17)}
    table = report("gts", tests, docs, section="18.7")["rulesets"]["gts"]
    assert [table[f"gts:18.7#{n}"]["status"] for n in (1, 2, 3, 4, 5)] == \
        ["missing", "tested", "tested", "tested", "missing"]


def test_bad_audit_lines_and_unknown_sentences_are_located_errors(tmp_path):
    tests, docs = _tree(tmp_path, test_text=f'def test_a():\n    "gts:17.2{H}99"\n',
                        audit=f"intro text\n- gts:17.2{H}1 — flavor: typo\n"
                              f"- gts:17.2{H}2 — summary:\n"
                              f"- gts:17.2{H}77 — summary: none such\n"
                              f"- gts:17.2{H}4 no dash\n")
    data = report("gts", tests, docs)
    audit = (docs / "audit" / "gts.md").as_posix()
    assert data["errors"] == [
        f"{audit}:2: error: unknown audit kind 'flavor'; did you mean 'flavour'?",
        f"{audit}:3: error: an audit entry needs a reason",
        f"{audit}:4: error: no sentence 'gts:17.2{H}77' in the index",
        f"{audit}:5: error: an audit entry reads '- <id> — <kind>: <reason>'"]
    assert data["unknown_sentences"] == {f"gts:17.2{H}99": ["tests/test_x.py::test_a"]}
    result = CliRunner().invoke(app, ["rules", "coverage", "--sentences", "--ruleset", "gts",
                                      "--tests", str(tests), "--docs", str(docs)])
    assert result.exit_code == 1 and "unknown audit kind 'flavor'" in result.output


def test_json_gives_one_record_per_sentence(tmp_path):
    tests, docs = _tree(tmp_path)
    result = CliRunner().invoke(app, ["rules", "coverage", "--sentences", "--json", "--ruleset",
                                      "crete", "--tests", str(tests), "--docs", str(docs)])
    assert result.exit_code == 0
    records = json.loads(result.output)["rulesets"]["crete"]
    assert len(records) == 1667 and records[f"crete:1.0{H}5"]["status"] == "missing"
    assert records[f"crete:1.0{H}5"]["text"] == \
        "The maximum Line of Sight distance at Night is 3 hexes."


def test_the_projects_own_audit_and_tests_name_only_real_sentences():
    """docs/audit/*.md parse, and every sentence id a test names is in the index."""
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    data = report(None, root / "tests", root / "docs")
    assert data["errors"] == [] and data["unknown_sentences"] == {}
    assert data["rulesets"]["crete"][f"crete:1.0{H}6"]["status"] == "tested"
