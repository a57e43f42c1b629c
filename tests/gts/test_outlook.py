"""The GTS evaluation (modules/gts/outlook.py, evaluation.py): the fitted
weights load, a bad weights file is a located error, the features read the
board, the chance is the logistic model of them, and the evaluation is that
chance for the condition's side; one test checks a sign of the shipped,
fitted weights (named so)."""

from __future__ import annotations

import math

import pytest

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import Table
from kriegsspiel.engine.rulebook import ExtraRules
from kriegsspiel.engine.starting import start
from kriegsspiel.modules.gts.evaluation import evaluate
from kriegsspiel.modules.gts.outlook import (FEATURES, WEIGHTS_FILE, Board, Weights,
                                             control_conditions, load_weights)


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


def _control(session):
    (cond,) = control_conditions(session.state.catalog)
    return cond


def test_the_evaluation_is_the_fitted_chance_of_the_control_condition_s_side():
    """Learning's one condition is the Axis': evaluate is 2p - 1 of the model's
    chance p for the Axis, 1 - 2p for the Allies (within -0.95..0.95)."""
    near = learning()
    for unit in ("1. Geb.Pi. 95", "2. Geb.Pi. 95", "3. Geb.Pi. 95"):
        near.place(unit, "07.04")
    chance = load_weights().chance(Board(near).features(_control(near)))
    assert evaluate(near, "Axis") == pytest.approx(max(-0.95, min(0.95, 2 * chance - 1)))
    assert evaluate(near, "Allied") == pytest.approx(max(-0.95, min(0.95, 1 - 2 * chance)))


def test_units_next_to_the_objective_count_in_near_1_and_distance():
    far, near = learning(), learning()
    for unit in ("1. Geb.Pi. 95", "2. Geb.Pi. 95", "3. Geb.Pi. 95"):
        near.place(unit, "07.04")
    cond = _control(near)
    close, away = Board(near).features(cond), Board(far).features(cond)
    assert away["near_1"] == 0 and close["near_1"] > 0
    assert close["near_3"] >= close["near_1"]
    assert close["distance"] == pytest.approx(0.1) and away["distance"] == pytest.approx(0.9)
    assert close["enemy_lost"] == away["enemy_lost"] == 0


def test_fitted_sign_an_attacker_next_to_its_objective_scores_better_than_one_far_from_it():
    """A check of the shipped, fitted weights (not of the code): on Learning,
    Axis steps beside the port are a good sign for the Axis, a bad one for the
    Allies. A re-fit may change the numbers; it should not change this."""
    far, near = learning(), learning()
    for unit in ("1. Geb.Pi. 95", "2. Geb.Pi. 95", "3. Geb.Pi. 95"):
        near.place(unit, "07.04")
    assert evaluate(near, "Axis") > evaluate(far, "Axis") + 0.05
    assert evaluate(near, "Allied") < evaluate(far, "Allied") - 0.05


@pytest.mark.parametrize("track,feature", [("suppressed", "enemy_suppressed_at"),
                                           ("improved_position", "enemy_dug_in_at"),
                                           ("entrenched", "enemy_dug_in_at"),
                                           ("men_at_work", "enemy_at_work_at")])
def test_the_marked_share_of_the_defenders_in_the_objective(track, feature):
    """One of the two enemy Units in the hex marked: a half; both: one; a
    marked enemy Unit elsewhere counts for nothing."""
    session = learning()
    for unit in ("1 A/1 Inf", "2 A/1 Inf"):
        session.place(unit, "06.04")
    session.place("3 A/1 Inf", "05.04")
    session.state.set_track(session.ref("unit", "3 A/1 Inf"), track, 1, [])
    cond = _control(session)
    assert Board(session).features(cond)[feature] == 0
    session.state.set_track(session.ref("unit", "1 A/1 Inf"), track, 1, [])
    assert Board(session).features(cond)[feature] == pytest.approx(0.5)
    session.state.set_track(session.ref("unit", "2 A/1 Inf"), track, 1, [])
    assert Board(session).features(cond)[feature] == 1
    others = {"enemy_suppressed_at", "enemy_dug_in_at", "enemy_at_work_at"} - {feature}
    assert all(Board(session).features(cond)[name] == 0 for name in others)


def test_what_counts_as_dug_in_is_the_rules_own_reading():
    """The dug-in share asks the rules' dug_in: a layer that says an Improved
    Position is not enough (here: only an entrenchment) changes the feature,
    with no change to the evaluation's code."""
    layer = ExtraRules("dug_in.ksr", "override def dug_in(unit: unit) = unit.entrenched > 0 "
                                     "@gts:22.3\n", "scenario")
    counted = {}
    for extra in ((), (layer,)):
        session = start("crete/learning", Table({}), seed=1, extra=extra)
        session.place("1 A/1 Inf", "06.04")
        session.state.set_track(session.ref("unit", "1 A/1 Inf"), "improved_position", 1, [])
        counted[bool(extra)] = Board(session).features(_control(session))["enemy_dug_in_at"]
    assert counted == {False: 1, True: 0}


def test_the_chance_is_the_logistic_of_the_weighted_features():
    weights = Weights(-1.0, {"enemy_suppressed_at": 2.0, "enemy_dug_in_at": -3.0})
    assert weights.chance({}) == pytest.approx(1 / (1 + math.exp(1.0)))  # absent: 0
    assert weights.chance({"enemy_suppressed_at": 1.0}) == pytest.approx(1 / (1 + math.exp(-1.0)))
    assert weights.chance({"enemy_suppressed_at": 0.5, "enemy_dug_in_at": 0.5, "held": 1.0}) \
        == pytest.approx(1 / (1 + math.exp(1.5)))  # an unweighted feature counts for nothing
    assert weights.chance({"enemy_suppressed_at": 1e6}) == pytest.approx(1.0)  # no overflow
    assert weights.chance({"enemy_dug_in_at": 1e6}) == pytest.approx(0.0)


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
