"""scripts/fit_evaluation.py's fit, on small positions files made by hand:
the weights it writes say what they were trained on and how the positions
were collected (as the rows record it), an empty selection is refused in one
line, and its logistic fit finds the sign the data have."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from kriegsspiel.modules.gts.outlook import FEATURES, load_weights

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def fitting():
    return _script("fit_evaluation")


def _row(scenario: str, seed: int, held: float, won: bool, every: int | None = 5,
         players=("heuristic", "random")) -> dict:
    row = {"scenario": scenario, "seed": seed, "turn": seed % 2, "decision": 5,
           "condition": 0, "side": "Axis", "evaluation": 0.0, "won": won,
           "features": dict(dict.fromkeys(FEATURES, 0.0), held=held,
                            distance=0.1 * (seed % 4))}
    if every is not None:
        row["every"], row["players"] = every, list(players)
    return row


def _positions(tmp_path: Path, rows: list[dict], name: str = "positions.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _mixed(scenario: str, seeds: range, **kw) -> list[dict]:
    """Held hexes mostly won, not held mostly lost (a few the other way, so that
    the fit stays finite)."""
    rows = []
    for seed in seeds:
        rows += [_row(scenario, seed, 1.0, seed % 5 != 0, **kw),
                 _row(scenario, seed, 0.0, seed % 5 == 0, **kw)]
    return rows


def _fitted_block(text: str) -> dict[str, str]:
    block, inside = {}, False
    for line in text.splitlines():
        if line == "fitted:":
            inside = True
        elif inside and line.startswith("  ") and not line.startswith("    ") and ":" in line:
            key, _, value = line.strip().partition(":")
            block[key] = value.strip()
        elif inside and not line.startswith(" "):
            break
    return block


def test_the_written_weights_name_the_training_scenarios_and_the_collect_s_options(
        fitting, tmp_path, capsys):
    data = _positions(tmp_path, _mixed("crete/learning", range(1, 21)) +
                      _mixed("crete/snafu", range(1, 21), every=3,
                             players=("heuristic", "heuristic")))
    out = tmp_path / "weights.yaml"
    fitting.main(["fit", str(data), "--train", "crete/learning:1-14", "--test", "crete/snafu:1-20",
                  "--features", "held,distance", "--write", str(out)])
    text = out.read_text()
    fitted = _fitted_block(text)
    assert fitted["scenarios"] == "[crete/learning]"  # not the test rows' crete/snafu
    assert fitted["positions"] == ("heuristic against heuristic, every 3rd decision; "
                                   "heuristic against random, every 5th decision")
    assert fitted["train_seeds"] == "crete/learning:1-14"
    assert "collect crete/learning 1-14 positions.jsonl --every 5 --players heuristic,random" \
        in text
    assert "collect crete/snafu 1-20 positions.jsonl --every 3 --players heuristic,heuristic" \
        in text
    written = load_weights(out)  # a weights file the evaluation reads
    assert set(written.weights) == {"held", "distance"} and written.weights["held"] > 1
    capsys.readouterr()


def test_positions_collected_without_their_options_say_so(fitting, tmp_path, capsys):
    data = _positions(tmp_path, _mixed("crete/learning", range(1, 21), every=None))
    out = tmp_path / "weights.yaml"
    fitting.main(["fit", str(data), "--train", "1-14", "--test", "15-20",
                  "--features", "held,distance", "--write", str(out)])
    assert _fitted_block(out.read_text())["positions"] == "not recorded in the data"
    capsys.readouterr()


def test_a_collected_row_records_every_and_the_players(fitting, tmp_path, monkeypatch):
    """collect writes --every and --players into each row it collects, which
    the fit writes from."""
    import kriegsspiel.tools.play as play

    class Game:
        def __init__(self, before):
            self.before = before
            self.session = type("S", (), {})()

        def run(self, _):
            from kriegsspiel.core.players import Table
            from kriegsspiel.engine.starting import start
            self.session = start("crete/learning", Table({}), seed=1)
            for _ in range(4):
                self.before(None)

    monkeypatch.setattr(play, "new_game", lambda scenario, seed, kinds, before_decision:
                        Game(before_decision))
    path = tmp_path / "collected.jsonl"
    with open(path, "w") as out:
        fitting.collect("crete/learning", range(7, 8), 2, ["heuristic", "random"], out)
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(rows) == 2  # the 2nd and the 4th decision, one control condition each
    assert all(r["every"] == 2 and r["players"] == ["heuristic", "random"] and r["seed"] == 7
               for r in rows)


@pytest.mark.parametrize("option,spec", [("--train", "crete/lerning:1-14"),
                                         ("--test", "crete/learning:40-50")])
def test_an_empty_selection_is_refused_in_one_line(fitting, tmp_path, option, spec):
    data = _positions(tmp_path, _mixed("crete/learning", range(1, 21)))
    specs = {"--train": "crete/learning:1-14", "--test": "crete/learning:15-20", option: spec}
    with pytest.raises(SystemExit) as refused:
        fitting.main(["fit", str(data), "--train", specs["--train"], "--test", specs["--test"],
                      "--features", "held,distance"])
    message = str(refused.value.code)
    assert "\n" not in message and f"{option} {spec} selects no positions" in message
    assert "crete/learning" in message.split("its scenarios:")[1]


def test_the_fit_finds_the_sign_the_data_have(fitting):
    rows = _mixed("crete/learning", range(1, 41))
    weights = fitting.fit(rows, ["held"])
    assert weights.weights["held"] > 1
    assert weights.chance({"held": 1.0}) == pytest.approx(0.8, abs=0.02)  # won 4 in 5
    assert weights.chance({"held": 0.0}) == pytest.approx(0.2, abs=0.02)
    flipped = [dict(r, won=not r["won"]) for r in rows]
    assert fitting.fit(flipped, ["held"]).weights["held"] < -1


def test_callgrind_playout_runs_without_valgrind(tmp_path, monkeypatch):
    """Without callgrind_control on the PATH, switching the collection is a no-op."""
    playout = _script("callgrind_playout")
    monkeypatch.setenv("PATH", str(tmp_path))
    playout.collect(True)
    playout.collect(False)
