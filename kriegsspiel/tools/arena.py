"""`ks arena`: two kinds of player, each seated on each side in turn, over the
same seeds — who wins how often, with 95% Wilson intervals, so a bot's
strength is measured rather than claimed (a scenario's own balance shows as
the difference between its two seatings)."""

from __future__ import annotations

from typing import Iterable

from kriegsspiel.core.errors import KsError
from kriegsspiel.tools.simulate import Job, run_job, summarize, wilson


def arena(scenario: str, kinds: list[str], runs: int, seed: int = 1,
          backend: str = "local", workers: int | None = None, until: int | None = None,
          options: Iterable[str] = ()) -> dict:
    """Play *runs* games with *kinds* seated in the game's side order, then as
    many with the order reversed; each player's wins as each side and in all."""
    if len(kinds) != 2:
        raise KsError(f"--players: give two player kinds (A,B), not {len(kinds)}")
    names = kinds if kinds[0] != kinds[1] else [f"{kinds[0]} #1", f"{kinds[1]} #2"]
    seatings, tally, sides = [], {n: {"wins": 0, "games": 0, "by_side": {}} for n in names}, []
    for order in ([0, 1], [1, 0]):
        seated = [kinds[i] for i in order]
        job = Job(scenario, seed, runs, seated, until, list(options))
        results = run_job(job, backend, workers)
        sides = results[0]["sides"] if results else sides
        if len(sides) != 2:
            raise KsError(f"ks arena seats two players; {scenario} has {len(sides)} sides")
        seatings.append({"players": seated, "outcomes": summarize(job, results)["outcomes"]})
        for position, index in enumerate(order):
            entry = tally[names[index]]
            side = sides[position]
            wins = sum(1 for r in results if r["outcome"] == side)
            entry["wins"] += wins
            entry["games"] += len(results)
            entry["by_side"][side] = {"wins": wins, "games": len(results)}
    for entry in tally.values():
        entry["share"] = entry["wins"] / entry["games"] if entry["games"] else 0.0
        entry["low"], entry["high"] = wilson(entry["wins"], entry["games"])
    return {"scenario": scenario, "runs": runs, "first_seed": seed, "players": names,
            "sides": sides, "seatings": seatings, "tally": tally}


__all__ = ["arena"]
