#!/usr/bin/env python
"""Fit and measure the GTS evaluation (modules/gts/outlook.py) on played games.

    # positions of heuristic-vs-heuristic games, every 10th decision, with the
    # board's features, what ks_evaluate said then, and how the game ended:
    python scripts/fit_evaluation.py collect crete/learning 1-100 learning.jsonl
    # logistic weights fitted on some seeds, measured on others (AUC, Brier
    # score, by turn) against the evaluation the positions were scored with:
    python scripts/fit_evaluation.py fit learning.jsonl --train 1-60 --test 61-100 \\
        [--write modules/gts/evaluation_weights.yaml]

Plain Python (no numpy): a logistic regression with a small L2 penalty,
fitted by Newton's method over the few features outlook.FEATURES names.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict

from kriegsspiel.modules.gts.outlook import FEATURES, Board, Weights, control_conditions

PENALTY = 0.001  # L2, per position, on every weight but the intercept


def collect(scenario: str, seeds: range, every: int, kinds: list[str], out) -> None:
    from kriegsspiel.modules.gts.evaluation import evaluate
    from kriegsspiel.tools.play import new_game
    for seed in seeds:
        started = time.process_time()
        rows: list[dict] = []
        asked = [0]
        game = None

        def before(decision, rows=rows, asked=asked) -> None:
            asked[0] += 1
            if asked[0] % every:
                return
            session = game.session
            board = Board(session)
            for index, cond in enumerate(control_conditions(session.state.catalog)):
                rows.append({"scenario": scenario, "seed": seed, "every": every,
                             "players": list(kinds), "turn": session.state.turn,
                             "decision": asked[0], "condition": index, "side": cond.side,
                             "features": board.features(cond),
                             "evaluation": evaluate(session, cond.side)})
        game = new_game(scenario, seed, kinds, before_decision=before)
        game.run(None)
        won = game.session.events("game_won")
        winner = won[-1].data["winner"] if won else None
        winner = getattr(winner, "id", winner)
        for row in rows:
            row["won"] = winner == row["side"]
            out.write(json.dumps(row) + "\n")
        out.flush()
        print(seed, winner, len(rows), f"{time.process_time() - started:.1f}s", file=sys.stderr)


def fit(rows: list[dict], names: list[str]) -> Weights:
    """Logistic regression by Newton's method (L2 on the weights)."""
    xs = [[1.0] + [r["features"][n] for n in names] for r in rows]
    ys = [1.0 if r["won"] else 0.0 for r in rows]
    k = len(names) + 1
    beta = [0.0] * k
    for _ in range(50):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in zip(xs, ys):
            z = sum(b * v for b, v in zip(beta, x))
            p = 1 / (1 + math.exp(-max(-40, min(40, z))))
            w = p * (1 - p)
            for i in range(k):
                grad[i] += (y - p) * x[i]
                for j in range(k):
                    hess[i][j] += w * x[i] * x[j]
        for i in range(1, k):
            grad[i] -= PENALTY * len(xs) * beta[i]
            hess[i][i] += PENALTY * len(xs)
        step = _solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step)]
        if max(abs(s) for s in step) < 1e-8:
            break
    return Weights(beta[0], dict(zip(names, beta[1:])))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def auc(scores: list[float], won: list[bool]) -> float | None:
    """The chance that a won position scores above a lost one (ties half)."""
    pos = [s for s, w in zip(scores, won) if w]
    neg = [s for s, w in zip(scores, won) if not w]
    if not pos or not neg:
        return None
    ranked = sorted((s, i) for i, s in enumerate(pos + neg))
    ranks = [0.0] * len(ranked)
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and ranked[j + 1][0] == ranked[i][0]:
            j += 1
        for t in range(i, j + 1):
            ranks[ranked[t][1]] = (i + j) / 2 + 1
        i = j + 1
    pos_ranks = sum(ranks[:len(pos)])
    return (pos_ranks - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg))


def blend(features: dict[str, float]) -> float:
    """The hand-made evaluation the fitted one replaced (git: modules/gts/
    evaluation.py before it), for one control condition, from the features:
    0.3 for the hex held (-0.3 the enemy's), -0.01 a hex of distance (there up
    to 20, here 10), 0.3 times the difference of the steps lost."""
    return max(-0.95, min(0.95, 0.3 * (features["held"] - features["enemy_holds"])
                          - 0.1 * features["distance"]
                          + 0.3 * (features["enemy_lost"] - features["lost"])))


def brier(chances: list[float], won: list[bool]) -> float:
    return sum((c - w) ** 2 for c, w in zip(chances, won)) / max(1, len(won))


def report(rows: list[dict], weights: Weights, label: str) -> dict:
    """AUC and Brier score of the hand-made blend the fitted model replaced
    ((e+1)/2 as a chance) and of the model, by turn and over all positions."""
    by_turn: dict = defaultdict(list)
    for r in rows:
        by_turn[r["turn"]].append(r)
    by_turn["all"] = rows
    summary = {}
    print(f"{label}: {len(rows)} positions, {len({r['seed'] for r in rows})} games, "
          f"won {sum(r['won'] for r in rows)}")
    print("  turn  n     AUC before  AUC after  Brier before  Brier after")
    for turn, group in by_turn.items():
        won = [r["won"] for r in group]
        old = [blend(r["features"]) for r in group]
        new = [weights.chance(r["features"]) for r in group]
        base = sum(won) / len(won)
        row = (auc(old, won), auc(new, won), brier([(e + 1) / 2 for e in old], won),
               brier(new, won), brier([base] * len(won), won))
        summary[str(turn)] = [None if v is None else round(v, 3) for v in row]
        shown = ["  -  " if v is None else f"{v:.3f}" for v in row]
        print(f"  {turn!s:5} {len(group):<5} {shown[0]:11} {shown[1]:10} {shown[2]:13} "
              f"{shown[3]:11} (base rate's Brier {shown[4]})")
    return summary


def seed_range(text: str) -> range:
    first, last = (int(s) for s in text.split("-"))
    return range(first, last + 1)


def positions(text: str) -> tuple[str | None, range]:
    """'1-60' (every scenario's seeds 1-60) or 'crete/last_chance:1-30'."""
    scenario, _, seeds = text.rpartition(":")
    return scenario or None, seed_range(seeds)


def chosen(rows: list[dict], spec: tuple[str | None, range]) -> list[dict]:
    return [r for r in rows if r["seed"] in spec[1] and spec[0] in (None, r["scenario"])]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("scenario")
    c.add_argument("seeds", type=seed_range)
    c.add_argument("out")
    c.add_argument("--every", type=int, default=10)
    c.add_argument("--players", default="heuristic,heuristic")
    f = sub.add_parser("fit")
    f.add_argument("data", nargs="+")
    f.add_argument("--train", type=positions, required=True, help="[SCENARIO:]FIRST-LAST")
    f.add_argument("--test", type=positions, required=True, help="[SCENARIO:]FIRST-LAST")
    f.add_argument("--features", default=",".join(FEATURES))
    f.add_argument("--write")
    args = parser.parse_args(argv)
    if args.command == "collect":
        with open(args.out, "a") as out:
            collect(args.scenario, args.seeds, args.every, args.players.split(","), out)
        return
    rows = []
    for path in args.data:
        with open(path) as data:
            rows += [json.loads(line) for line in data if line.strip()]
    train, test = chosen(rows, args.train), chosen(rows, args.test)
    for option, spec, picked in (("--train", args.train, train), ("--test", args.test, test)):
        if not picked:
            raise SystemExit(f"fit_evaluation.py: error: {option} {_spec(spec)} selects no "
                             f"positions of {', '.join(args.data)} (its scenarios: "
                             f"{', '.join(sorted({r['scenario'] for r in rows})) or 'none'})")
    weights = fit(train, args.features.split(","))
    print("intercept", round(weights.intercept, 3), {k: round(v, 3) for k, v in weights.weights.items()})
    report(train, weights, "train")
    held_out = report(test, weights, "held out")
    if args.write:
        write(args, weights, train, test, held_out)


def write(args, weights: Weights, train: list[dict], test: list[dict], held_out: dict) -> None:
    """The weights file: the model, and how it was fitted — the scenarios it was
    trained on, and how the positions used were collected (as each row says)."""
    rows = train + test
    scenarios = sorted({r["scenario"] for r in train})
    lines = [
        "# The GTS evaluation's weights (modules/gts/outlook.py): a logistic model of",
        "# the chance that a control condition's side wins, from the board's features.",
        "# Written by scripts/fit_evaluation.py; do not edit by hand, re-fit:",
    ]
    for scenario in sorted({r["scenario"] for r in rows}):
        mine = [r for r in rows if r["scenario"] == scenario]
        seeds = sorted({r["seed"] for r in mine})
        (every, players), *others = _collections(mine)
        options = f" --every {every} --players {','.join(players)}" \
            if every is not None and not others else ""
        lines.append(f"#   python scripts/fit_evaluation.py collect {scenario} "
                     f"{seeds[0]}-{seeds[-1]} positions.jsonl{options}")
    lines += [
        "#   python scripts/fit_evaluation.py fit positions.jsonl \\",
        f"#     --train {_spec(args.train)} --test {_spec(args.test)} --write {args.write}",
        "fitted:",
        f"  scenarios: [{', '.join(scenarios)}]",
        f"  positions: {'; '.join(_described(c) for c in _collections(rows))}",
        f"  train_seeds: {_spec(args.train)}",
        f"  test_seeds: {_spec(args.test)}",
        f"  date: {time.strftime('%Y-%m-%d', time.gmtime())}",
        "  # held-out positions by turn: [AUC before, AUC after, Brier before, Brier after,",
        "  # Brier of the base rate]; 'before' is the hand-made blend it replaced",
        "  held_out:",
    ]
    lines += [f"    {json.dumps(turn)}: {json.dumps(v)}" for turn, v in held_out.items()]
    lines.append(f"intercept: {weights.intercept:.4f}")
    lines.append("weights:")
    lines += [f"  {name}: {value:.4f}" for name, value in weights.weights.items()]
    with open(args.write, "w") as out:
        out.write("\n".join(lines) + "\n")


def _collections(rows: list[dict]) -> list[tuple]:
    """The distinct (every, players) the rows were collected with, as each row
    records them ((None, None) for a row collected before they were)."""
    return sorted({(r.get("every"), tuple(r.get("players") or ())) for r in rows},
                  key=lambda c: (c[0] is None, c[0] or 0, c[1]))


def _described(collection: tuple) -> str:
    every, players = collection
    if every is None:
        return "not recorded in the data"
    nth = {1: "st", 2: "nd", 3: "rd"}.get(every % 10 if every % 100 not in (11, 12, 13) else 0,
                                             "th")
    return f"{' against '.join(players)}, every {every}{nth} decision"


def _spec(spec: tuple[str | None, range]) -> str:
    seeds = f"{spec[1].start}-{spec[1].stop - 1}"
    return f"{spec[0]}:{seeds}" if spec[0] else seeds


if __name__ == "__main__":
    main(sys.argv[1:])
