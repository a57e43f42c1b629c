"""Editor support: `ks schema --editor DIR` writes every data format's JSON
Schema with VS Code's yaml.schemas setting, whose file names pick out each
shipped file's own format; the .ksr TextMate grammar knows every keyword of
the rule language's grammar."""

from __future__ import annotations

import fnmatch
import json
import re
from pathlib import Path

from typer.testing import CliRunner

from kriegsspiel.core.loading import shipped_roots
from kriegsspiel.tools.check_files import kind_of
from kriegsspiel.tools.cli import app

ROOT = Path(__file__).resolve().parents[2]
GRAMMAR = ROOT / "editors" / "vscode-ksr" / "syntaxes" / "ksr.tmLanguage.json"


def test_the_schemas_and_the_setting_that_maps_them(tmp_path):
    result = CliRunner().invoke(app, ["schema", "--editor", str(tmp_path)])
    assert result.exit_code == 0, result.output
    setting = json.loads((tmp_path / "vscode-settings.json").read_text())["yaml.schemas"]
    names = {Path(p).name[:-len(".schema.json")]: globs for p, globs in setting.items()}
    assert set(names) == {"game", "map", "units", "terrain", "scenario", "situation"}
    for path in setting:
        assert json.loads(Path(path).read_text())["type"] == "object"
    for root in shipped_roots():
        for data in root.rglob("*.yaml"):
            relative = data.relative_to(root.parent).as_posix()
            matched = [n for n, globs in names.items()
                       if any(fnmatch.fnmatch(relative, g) for g in globs)]
            assert matched == [kind_of(data)], (relative, matched)


def test_the_ksr_grammar_knows_every_keyword():
    grammar = json.loads(GRAMMAR.read_text(encoding="utf-8"))
    lark = (ROOT / "dsl" / "rules.lark").read_text(encoding="utf-8")
    keywords = set(re.findall(r'"([a-z_]+)"', lark)) - {"_"}
    repo = grammar["repository"]
    words = re.compile(repo["keyword"]["match"]), re.compile(repo["constant"]["match"])
    missing = sorted(k for k in keywords if not any(w.fullmatch(k) for w in words))
    assert not missing, f"keywords the grammar does not highlight: {missing}"
    citation = re.compile(repo["citation"]["match"])
    for cite in ("@gts:15.6", "@crete:scenario:learning", "@utah:4.2.2(2)", "@tld:II.D"):
        assert citation.fullmatch(cite), cite
    assert re.compile(repo["comment"]["match"]).match("# a comment")
    package = json.loads((GRAMMAR.parents[1] / "package.json").read_text(encoding="utf-8"))
    assert package["contributes"]["grammars"][0]["path"] == "./syntaxes/ksr.tmLanguage.json"
