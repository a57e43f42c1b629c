"""The GTS evaluation (modules/gts/outlook.py, evaluation.py): the fitted
weights load, a bad weights file is a located error, and the evaluation ranks
a position where the attacker has closed on its objective above the same
game with the attacker still at its start."""

from __future__ import annotations

import pytest

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import Table
from kriegsspiel.engine.starting import start
from kriegsspiel.modules.gts.evaluation import evaluate
from kriegsspiel.modules.gts.outlook import (FEATURES, WEIGHTS_FILE, Board, control_conditions,
                                             load_weights)


def learning():
    return start("crete/learning", Table({}), seed=1)


def test_the_shipped_weights_load_and_name_only_known_features():
    weights = load_weights()
    assert weights.weights and set(weights.weights) <= set(FEATURES)
    assert 0 < weights.chance({}) < 1
    assert "train_seeds" in WEIGHTS_FILE.read_text()  # says how it was fitted


def test_the_features_read_the_scenario_s_control_condition():
    """Learning: the Axis must hold the Port of Kastelli (06.04); at set-up the
    Allies hold it and the Axis stands at 15.06, nine hexes away."""
    session = learning()
    (cond,) = control_conditions(session.state.catalog)
    assert (cond.side, cond.hexes) == ("Axis", ["06.04"])
    features = Board(session).features(cond)
    assert features["held"] == 0 and features["enemy_holds"] == 1
    assert features["distance"] == pytest.approx(0.9)
    assert features["near_3"] == 0 and features["lost"] == 0 and features["enemy_lost"] == 0


def test_an_attacker_next_to_its_objective_scores_better_than_one_far_from_it():
    far, near = learning(), learning()
    for unit in ("1. Geb.Pi. 95", "2. Geb.Pi. 95", "3. Geb.Pi. 95"):
        near.place(unit, "07.04")
    (cond,) = control_conditions(near.state.catalog)
    assert Board(near).features(cond)["near_1"] > 0
    assert evaluate(near, "Axis") > evaluate(far, "Axis") + 0.05
    assert evaluate(near, "Allied") < evaluate(far, "Allied") - 0.05
    assert evaluate(near, "Axis") == pytest.approx(-evaluate(near, "Allied"))


def test_the_defenders_suppressed_in_the_objective_score_better_for_the_attacker():
    calm, shaken = learning(), learning()
    for session in (calm, shaken):
        session.place("1 A/1 Inf", "06.04")
    shaken.state.set_track(shaken.ref("unit", "1 A/1 Inf"), "suppressed", 1, [])
    assert evaluate(shaken, "Axis") > evaluate(calm, "Axis")


def test_defenders_dug_in_in_the_objective_score_worse_for_the_attacker():
    """Fitted on Learning: Allies in an Improved Position in the port were the
    Axis' worst sign (the heuristic Axis seldom took it from them)."""
    open_, dug_in = learning(), learning()
    for session in (open_, dug_in):
        session.place("1 A/1 Inf", "06.04")
    dug_in.state.set_track(dug_in.ref("unit", "1 A/1 Inf"), "improved_position", 1, [])
    (cond,) = control_conditions(dug_in.state.catalog)
    assert Board(dug_in).features(cond)["enemy_dug_in_at"] == 1
    assert evaluate(dug_in, "Axis") < evaluate(open_, "Axis")
    assert evaluate(dug_in, "Allied") > evaluate(open_, "Allied")


@pytest.mark.parametrize("text,message,line", [
    ("intercept: 1\nweights: {held: 1, neer_1: 2}\n",
     "unknown feature 'neer_1'", 2),
    ("intercept: 1\nweights:\n  held: high\n", "the weight of 'held' must be a number", 3),
    ("intercept: [1]\nweights: {}\n", "'intercept' must be a number", 1),
    ("weights: {held: 1}\n", "missing 'intercept'", 1),
    ("- 1\n", "a weights file is a mapping", 1),
])
def test_a_bad_weights_file_is_a_located_error(tmp_path, text, message, line):
    """Each complaint points at its line (a misspelt feature: with a hint)."""
    path = tmp_path / "weights.yaml"
    path.write_text(text)
    with pytest.raises(KsError) as raised:
        load_weights(path)
    shown = raised.value.render()
    assert message in shown and shown.startswith(f"{path}:{line}:")
    assert raised.value.location.path == str(path) and raised.value.location.line == line
    if "neer_1" in text:
        assert raised.value.hint == "did you mean 'near_1'?"
