"""`ks balance`: the designer's report on a scenario — who wins how often, as
each side and from each seating of the players, with 95% intervals; how the
games were decided (the objective or victory level the rules name), how long
they lasted, each side's points where the rules score any; and, given what-if
changes (`--set`, kriegsspiel.tools.what_if), the same seeds played again with
them, so each game is paired with its own changed self and a small change
shows: the change in each side's win rate with its interval, and how many
games came out otherwise."""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable

from kriegsspiel.core.errors import KsError
from kriegsspiel.tools.simulate import Z_95, Job, run_job, wilson
from kriegsspiel.tools.what_if import counter_changes, house_rules, what_ifs


def balance(scenario: str, kinds: list[str], runs: int, seed: int = 1,
            sets: Iterable[str] = (), backend: str = "local", workers: int | None = None,
            until: int | None = None, options: Iterable[str] = ()) -> dict:
    """*runs* games from each seating of *kinds* (one seating when both are the
    same kind), seeds seed..seed+runs-1; with *sets*, each again changed."""
    from kriegsspiel.tools.play import new_game
    if len(kinds) != 2:
        raise KsError(f"--players: give two player kinds (A,B), not {len(kinds)}")
    options = list(options)
    probe = new_game(scenario, seed, kinds, options=options)
    sides = list(probe.session.state.catalog["side"])
    if len(sides) != 2:
        raise KsError(f"ks balance seats two players; {scenario} has {len(sides)} sides")
    changes = what_ifs(sets, probe.session.program, probe.session.state.catalog)
    changed_rules, changed_counters = house_rules(changes), counter_changes(changes)
    if changed_rules:  # a change the rules refuse fails here, once
        new_game(scenario, seed, kinds, options=options, house_rules=changed_rules)
    seatings, played, played_changed = [], [], []
    for seated in ([kinds] if kinds[0] == kinds[1] else [kinds, kinds[::-1]]):
        base = run_job(Job(scenario, seed, runs, list(seated), until, options), backend, workers)
        entry = {"players": dict(zip(sides, seated)), **tally(base, sides)}
        played += base
        if changes:
            job = Job(scenario, seed, runs, list(seated), until, options, changed_rules,
                      changed_counters)
            changed = run_job(job, backend, workers)
            entry["what_if"] = {**tally(changed, sides), "paired": paired(base, changed, sides)}
            played_changed += changed
        seatings.append(entry)
    report = {"scenario": scenario, "title": probe.session.scenario.title, "runs": runs,
              "first_seed": seed, "players": list(kinds), "sides": sides,
              "options": options, "sets": [c.text for c in changes],
              "seatings": seatings, "all": tally(played, sides)}
    if changes:
        report["all_what_if"] = {**tally(played_changed, sides),
                                 "paired": paired(played, played_changed, sides)}
    return report


def tally(results: list[dict], sides: list[str]) -> dict:
    """Wins by side (share, 95% Wilson interval), draws and undecided games,
    game lengths, what decided the games and the mean points by side."""
    n = len(results)
    outcomes = Counter(r["outcome"] for r in results)
    wins = {}
    for side in sides:
        low, high = wilson(outcomes[side], n)
        wins[side] = {"count": outcomes[side], "share": outcomes[side] / n if n else 0.0,
                      "low": low, "high": high}
    scored = [r["scores"] for r in results if r.get("scores")]
    points = {side: sum(s.get(side, 0) for s in scored) / len(scored) for side in sides} \
        if scored else {}
    decided = Counter(r["reason"] if r["reason"] and r["reason"].startswith(r["outcome"])
                      else f"{r['outcome']}: {r['reason']}" if r["reason"] else r["outcome"]
                      for r in results)  # ("draw: equal victory points" says it once)
    return {"games": n, "wins": wins, "draws": outcomes["draw"],
            "undecided": outcomes["undecided"],
            "lengths": dict(sorted(Counter(r["turns"] for r in results).items())),
            "mean_turns": sum(r["turns"] for r in results) / n if n else 0.0,
            "decided_by": dict(decided.most_common()), "mean_points": points}


def paired(base: list[dict], changed: list[dict], sides: list[str]) -> dict:
    """Each seed's game against its changed self: for each side the change in
    win rate, with a 95% interval from the spread of the paired differences
    (each -1, 0 or +1), and how many games came out otherwise."""
    by_seed = {r["seed"]: r for r in changed}
    pairs = [(r, by_seed[r["seed"]]) for r in base if r["seed"] in by_seed]
    n, out = len(pairs), {}
    for side in sides:
        diffs = [(c["outcome"] == side) - (b["outcome"] == side) for b, c in pairs]
        mean = sum(diffs) / n if n else 0.0
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
        half = Z_95 * spread / math.sqrt(n) if n else 0.0
        out[side] = {"change": mean, "low": max(-1.0, mean - half),
                     "high": min(1.0, mean + half)}
    return {"games": n, "by_side": out,
            "otherwise": sum(1 for b, c in pairs if b["outcome"] != c["outcome"])}


__all__ = ["balance", "tally", "paired"]
