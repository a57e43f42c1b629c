"""The acceptance sweep of a TLD scenario's bot games: which seeds run in CI."""

from __future__ import annotations

import pytest


def bot_sweep(heuristic_seeds: int) -> list:
    """(seed, player kinds) cases: random seeds 2-20, only seed 2 in CI (seed 1 is
    the golden game), and heuristic seeds 1..*heuristic_seeds*, all under
    KS_SLOW=1 (marked slow)."""
    return [pytest.param(seed, ["random"], marks=() if seed == 2 else (pytest.mark.slow,),
                         id=f"random-{seed}") for seed in range(2, 21)] + [
        pytest.param(seed, ["heuristic", "heuristic"], marks=pytest.mark.slow,
                     id=f"heuristic-{seed}") for seed in range(1, heuristic_seeds + 1)]
