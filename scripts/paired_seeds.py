#!/usr/bin/env python
"""Paired seeds: play a scenario's seeds one by one with the given player
kinds (the game's side order, as ``ks arena`` seats them) and print each
seed's outcome and wall time — run it once with ``heuristic,heuristic`` and
once with a search player in one seat to see, seed by seed, what the search
changed (docs/players.md, "Search against heuristic").

    python scripts/paired_seeds.py crete/learning heuristic,heuristic 1-20
    python scripts/paired_seeds.py crete/learning \\
        heuristic,search:iterations=16:turns=9:horizon=100000:margin=0.1:exploration=2 1-20
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from kriegsspiel.tools.simulate import play_one


def main(scenario: str, kinds: str, seeds: str) -> None:
    first, last = (int(s) for s in seeds.split("-"))
    outcomes: Counter = Counter()
    began = time.time()
    for seed in range(first, last + 1):
        started = time.time()
        result = play_one(scenario, seed, kinds.split(","), None)
        outcomes[result["outcome"]] += 1
        print(seed, result["outcome"], result["turns"], f"{time.time() - started:.1f}s", flush=True)
    print(kinds, dict(outcomes), f"{time.time() - began:.0f}s")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: paired_seeds.py SCENARIO KINDS FIRST-LAST "
                 "(e.g. crete/learning heuristic,heuristic 1-20)")
    main(*sys.argv[1:4])
