"""Every `ks` command fed random and malformed arguments, files and paths
(hypothesis): each run ends with exit 0, 1 or 2 — never a Python traceback —
and leaves no half-written file behind (no `.part` left, nothing partial where
an output was asked for)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kriegsspiel.tools.cli import app

runner = CliRunner()
# Each command's share of a test run; KS_FUZZ_EXAMPLES=200 for a longer search.
EXAMPLES = int(os.environ.get("KS_FUZZ_EXAMPLES", "15"))
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """Inputs of every kind a user may hand a command, good and broken."""
    folder = tmp_path_factory.mktemp("inputs")
    save, log = folder / "game.json", folder / "game.jsonl"
    assert runner.invoke(app, ["play", "crete/learning", "--until", "1", "--save", str(save),
                               "--log", str(log)]).exit_code == 0
    made = {
        "save": save, "log": log,
        "scenario": ROOT / "scenarios/crete/learning.yaml",
        "situation": ROOT / "tests/situations/direct_fire_example.yaml",
        "rules": ROOT / "tests/plugins/shaky.ksr",
        "folder": folder / "a folder",
        "missing": folder / "no such file.yaml",
        "nowhere": folder / "no such folder" / "out.json",
    }
    made["folder"].mkdir()
    broken = {"empty.yaml": "", "tabs.yaml": "\tkey: [unclosed\n", "list.yaml": "- 1\n- 2\n",
              "binary.json": "\x00\x01\x02", "truncated.json": save.read_text()[:200],
              "oops.json": json.dumps({**json.loads(save.read_text()), "actions": "oops"}),
              "bad.jsonl": "{oops\n[1, 2]\n", "bad.ksr": "def x() = 1 +\n",
              "notes.txt": "hello\n", "deep.yaml": "a: " + "[" * 500 + "]" * 500 + "\n"}
    for name, text in broken.items():
        (folder / name).write_text(text, encoding="utf-8")
        made[name] = folder / name
    for suffix in ("json", "jsonl", "yaml", "ksr"):  # a picture where text belongs
        (folder / f"picture.{suffix}").write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
        made[f"picture.{suffix}"] = folder / f"picture.{suffix}"
    return made


# Each command with its positional arguments' pool and its own options (None:
# a flag); a value is drawn from the option's pool or from anything at all.
SCENARIOS = ["crete/learning", "crete/lerning", "crete/snafu", "scenario", "situation",
             "missing", "folder", "empty.yaml", "list.yaml", "tabs.yaml", "deep.yaml",
             "picture.yaml"]
SAVES = ["save", "log", "oops.json", "truncated.json", "binary.json", "bad.jsonl", "missing",
         "folder", "scenario", "picture.json", "picture.jsonl"]
ANY_FILE = SCENARIOS + SAVES + ["rules", "bad.ksr", "notes.txt", "picture.yaml",
                                "picture.ksr"]
OUT = ["out.svg", "out.png", "out.html", "out.json", "out.jsonl", "out.txt", "nowhere",
       "folder", "missing"]
COMMANDS: dict[str, tuple[list[str], dict[str, list[str] | None]]] = {
    "check": (ANY_FILE, {"--on": ["gts", "crete", "nobody"], "--layer": ["optional", "x"],
                         "--disable": ["crete", "x"]}),
    "schema": (["scenario", "map", "units", "situation", "nothing"], {}),
    "resolve": (["situation", "scenario", "missing", "empty.yaml"],
                {"--rolls": ["3,1", "x", "11", ""], "--json": None, "--explain": None,
                 "--optional": ["crete:O3.0", "x"]}),
    "modules": ([], {"--disable": ["crete", "x"]}),
    "play": (SCENARIOS, {"--seed": ["1", "-1", "x"], "--players": [
        "random", "random,random,random", "heuristic", "nobody", "human"],
        "--save": OUT, "--log": OUT, "--explain": None, "--check-invariants": None,
        "--optional": ["crete:O3.0", "crete:O99", "x"], "--rules": ["rules", "bad.ksr",
                                                                      "missing", "notes.txt",
                                                                      "picture.ksr"],
        "--quiet": None}),
    "resume": (SAVES, {"--players": ["random", "nobody", "random,random,random"],
                       "--save": OUT, "--log": OUT, "--quiet": None}),
    "simulate": (SCENARIOS, {"--players": ["random", "nobody"], "--seed": ["1", "x"],
                             "--json": None, "--backend": ["local", "nothing"]}),
    "render": (SCENARIOS + SAVES, {"--out": OUT, "--turn": ["1", "0", "99", "x",
                                                            "1941-05-24 1100"],
                                   "--scenario": ["crete/learning", "x"],
                                   "--fire-zones": ["Allied", "x"], "--los": ["06.04", "99.99",
                                                                            "x"]}),
    "replay": (SAVES, {"--html": OUT, "--scenario": ["crete/learning", "crete/snafu", "x"]}),
    "rules coverage": ([], {"--ruleset": ["gts", "crete", "x"], "--json": None,
                            "--sentences": None, "--section": ["17.2", "x"],
                            "--tests": ["folder", "missing"]}),
    "rules show": (["fire_hits", "drop_table", "x", "", "gts:18.7", "crete:2.9", "gts:99",
                    "nope:1.0"], {"--on": ["gts", "crete", "x"]}),
    "rules diff": ([], {"--ruleset": ["gts", "crete", "crete_optional", "x", ""]}),
    "rules contract": ([], {"--on": ["gts", "crete", "x"]}),
    "rules optional": ([], {"--disable": ["crete", "x"]}),
}
# A pool's names stand for the fixture's files and the outputs' folder.
NOISE = st.one_of(st.text(max_size=12), st.integers(-10, 1000).map(str),
                  st.sampled_from(["", "-", "--", "--help", "ü" * 3, "a" * 300]))


def arguments(command: str, files: dict[str, Path], folder: Path):
    positional, options = COMMANDS[command]

    def named(pool: list[str]):
        return st.one_of(st.sampled_from(pool), NOISE).map(
            lambda v: str(files[v]) if v in files else str(folder / v) if v.startswith("out.")
            else v)
    first = named(positional).map(lambda v: [v]) if positional else st.just([])
    pairs = [st.just([name]) if pool is None else named(pool).map(lambda v, n=name: [n, v])
             for name, pool in options.items()] or [st.just([])]
    rest = st.lists(st.one_of(*pairs, NOISE.map(lambda v: [v])), max_size=3)
    return st.tuples(first, rest).map(lambda t: t[0] + [a for pair in t[1] for a in pair])


@pytest.mark.parametrize("command", list(COMMANDS))
def test_any_arguments_end_with_an_exit_code_and_no_traceback(command, files, tmp_path_factory,
                                                              monkeypatch):
    folder = tmp_path_factory.mktemp("outputs")
    monkeypatch.chdir(folder)  # a fuzzed `--log 0` writes ./0: here, not in the checkout
    words = command.split()

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(args=arguments(command, files, folder))
    def run(args):
        # Keep the games short: a fuzzed run plays at most one turn, one game.
        limit = ["--until", "1"] if words[0] in ("play", "resume", "simulate") else []
        limit += ["--runs", "1", "--workers", "1"] if words[0] == "simulate" else []
        result = runner.invoke(app, [*words, *args, *limit])
        assert result.exit_code in (0, 1, 2), (args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            (args, repr(result.exception))
        assert "Traceback" not in result.output, (args, result.output)
        assert not list(folder.rglob("*.part")) and not list(folder.rglob(".*.part"))
        for path in folder.glob("out.json*"):  # written whole, or not at all
            for line in path.read_text(encoding="utf-8").splitlines():
                json.loads(line)
    run()
