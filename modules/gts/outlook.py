"""How a GTS game is likely to end, read from the board: features of each of
the scenario's control conditions (the hexes a side must hold), combined by
weights fitted on played games (``evaluation_weights.yaml``, written by
scripts/fit_evaluation.py) into the chance that the condition's side wins.

The features know no scenario: they come from the victory conditions in the
catalog (which side needs which hexes) and the rules (who controls a hex,
how many steps a Unit has, whether it is suppressed).  Which of them predict,
and how much, is the weights file's business."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.core.state import Ref
from kriegsspiel.core.yamlio import load_yaml
from kriegsspiel.engine.rule_reader import RuleReader
from kriegsspiel.modules.gts.bot_aims import condition_hexes

WEIGHTS_FILE = Path(__file__).with_name("evaluation_weights.yaml")

# Each feature, for one control condition whose side ("the side") needs some
# hexes: an average over those hexes, steps as a share of the side's (or its
# enemies') steps at full strength, "late" the share of the game's turns begun.
FEATURES = {
    "held": "the side controls the hex",
    "enemy_holds": "an enemy of the side controls the hex",
    "near_1": "the side's steps in or next to the hex",
    "near_3": "the side's steps within 3 hexes of it",
    "distance": "the side's nearest Unit's distance to the hex (a tenth a hex, at most 1)",
    "enemy_at": "the enemies' steps in the hex",
    "enemy_near_1": "the enemies' steps in or next to the hex",
    "enemy_suppressed_at": "the share of the enemy Units in the hex that are suppressed "
                           "(rule is_suppressed)",
    "enemy_dug_in_at": "the share of the enemy Units in the hex dug in (rule dug_in: an "
                       "Improved Position or entrenched)",
    "enemy_at_work_at": "the share of the enemy Units in the hex with men at work (rule at_work)",
    "lost": "the share of its steps the side has lost",
    "enemy_lost": "the share of their steps the enemies have lost",
    "late": "the share of the game's turns begun",
    "held_late": "held x late",
    "near_1_late": "near_1 x late",
    "enemy_at_late": "enemy_at x late",
}


# The features that are a share of the enemy Units in the hex, each with the
# rule def that says whether a Unit counts (defs the GTS rules write for
# players and bots to read), so a layer that digs in otherwise changes what
# is counted.
MARKED = {"enemy_suppressed_at": "is_suppressed", "enemy_dug_in_at": "dug_in",
          "enemy_at_work_at": "at_work"}


@dataclass
class Condition:
    """A control condition: *side* wins by holding *hexes*."""

    side: str
    hexes: list[str]


def control_conditions(catalog: dict) -> list[Condition]:
    """The scenario's control conditions, each as the side that needs its
    hexes.  A negated one ("if the Axis does not hold ..., the Allies win")
    stands as the side that must hold them, so its chance reads as that side
    keeping the other from winning by it.  A condition met by some of its hexes
    (``count``) is read over all of them, as the weights were fitted: a
    feature is the average over its hexes."""
    found = []
    for cond in catalog.get("victory", {}).values():
        if cond.get("kind") != "control" or not cond.get("side"):
            continue
        hexes = condition_hexes(cond)
        if hexes:
            found.append(Condition(str(cond["side"]), hexes))
    return found


class Board(RuleReader):
    """The board's numbers the features are made of, for one game as it stands."""

    def __init__(self, session: Any) -> None:
        super().__init__(session)
        state = session.state
        self.sides: dict[str, str] = {}
        self.full: dict[str, int] = {}
        self.now: dict[str, int] = {}
        self.hex: dict[str, str] = {}
        for unit in state.units():
            faces = state.catalog["unit"][unit.id].get("faces", {})
            full = (faces.get("front") or {}).get("steps") or 0
            side = self.side_of(unit)
            self.sides[unit.id] = getattr(side, "id", side)
            self.full[unit.id] = full
            if unit.id in state.eliminated:
                self.now[unit.id] = 0
            elif state.attr(unit, "on_map"):
                self.now[unit.id] = self.rule("current_steps", unit, default=full) or 0
                self.hex[unit.id] = state.attr(unit, "hex")
            else:
                self.now[unit.id] = full

    def distance(self, a: str, b: str) -> int:
        try:
            return self.state.distance(a, b)
        except KsError:
            return 99  # an off-map box

    def holder(self, hex_id: str) -> str | None:
        holder = self.rule("controller", hex_id)
        holder = getattr(holder, "id", holder)
        if holder is None:
            holders = {self.sides[u.id] for u in self.state.units_at(hex_id)}
            holder = holders.pop() if len(holders) == 1 else None
        return holder

    def lost(self, side: str) -> tuple[float, float]:
        """The share of its steps *side* has lost, and the share its enemies have."""
        ours = [u for u in self.sides if self.sides[u] == side]
        theirs = [u for u in self.sides if self.sides[u] != side]
        return (1 - sum(self.now[u] for u in ours) / max(1, sum(self.full[u] for u in ours)),
                1 - sum(self.now[u] for u in theirs) / max(1, sum(self.full[u] for u in theirs)))

    def features(self, cond: Condition) -> dict[str, float]:
        ours = [u for u in self.sides if self.sides[u] == cond.side]
        theirs = [u for u in self.sides if self.sides[u] != cond.side]
        our_full = max(1, sum(self.full[u] for u in ours))
        their_full = max(1, sum(self.full[u] for u in theirs))
        sums = dict.fromkeys(("held", "enemy_holds", "near_1", "near_3", "distance",
                              "enemy_at", "enemy_near_1", "enemy_suppressed_at",
                              "enemy_dug_in_at", "enemy_at_work_at"), 0.0)
        for h in cond.hexes:
            holder = self.holder(h)
            sums["held"] += holder == cond.side
            sums["enemy_holds"] += holder is not None and holder != cond.side
            ours_away = [(self.distance(self.hex[u], h), u) for u in ours if u in self.hex]
            theirs_away = [(self.distance(self.hex[u], h), u) for u in theirs if u in self.hex]
            sums["near_1"] += sum(self.now[u] for d, u in ours_away if d <= 1) / our_full
            sums["near_3"] += sum(self.now[u] for d, u in ours_away if d <= 3) / our_full
            sums["distance"] += min([d for d, _ in ours_away] + [10]) / 10
            there = [u for d, u in theirs_away if d == 0]
            sums["enemy_at"] += sum(self.now[u] for u in there) / their_full
            sums["enemy_near_1"] += sum(self.now[u] for d, u in theirs_away if d <= 1) / their_full
            for name, question in MARKED.items():
                having = sum(1 for u in there
                             if self.rule(question, Ref("unit", u), default=False))
                sums[name] += having / len(there) if there else 0.0
        found = {name: value / len(cond.hexes) for name, value in sums.items()}
        found["lost"], found["enemy_lost"] = self.lost(cond.side)
        turns = self.state.catalog.get("game", {}).get("game", {}).get("turns") or [None]
        found["late"] = min(1.0, (self.state.turn + 1) / len(turns))
        found["held_late"] = found["held"] * found["late"]
        found["near_1_late"] = found["near_1"] * found["late"]
        found["enemy_at_late"] = found["enemy_at"] * found["late"]
        return found


@dataclass
class Weights:
    intercept: float
    weights: dict[str, float]

    def chance(self, features: dict[str, float]) -> float:
        """The chance (0..1) that the condition's side wins, by the logistic model."""
        z = self.intercept + sum(w * features.get(name, 0.0) for name, w in self.weights.items())
        return 1 / (1 + math.exp(-max(-40.0, min(40.0, z))))


def load_weights(path: str | Path = WEIGHTS_FILE) -> Weights:
    """The fitted weights; a located KsError for a file that is not a weights file."""
    doc = load_yaml(path)
    data = doc.data
    if not isinstance(data, dict):
        raise KsError("a weights file is a mapping with 'intercept' and 'weights'", doc.locate())
    for key in ("intercept", "weights"):
        if key not in data:
            raise KsError(f"missing '{key}'", doc.locate())
    intercept = data["intercept"]
    if not _number(intercept):
        raise KsError(f"'intercept' must be a number, not {intercept!r}", doc.locate(("intercept",)))
    weights = data["weights"]
    if not isinstance(weights, dict):
        raise KsError("'weights' must map feature names to numbers", doc.locate(("weights",)))
    for name, value in weights.items():
        if name not in FEATURES:
            raise KsError(f"unknown feature '{name}'",
                          doc.locate(("weights", name), key=True),
                          hint=did_you_mean(str(name), FEATURES) or
                          f"the features: {', '.join(FEATURES)}")
        if not _number(value):
            raise KsError(f"the weight of '{name}' must be a number, not {value!r}",
                          doc.locate(("weights", name)))
    return Weights(float(intercept), {str(k): float(v) for k, v in weights.items()})


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
