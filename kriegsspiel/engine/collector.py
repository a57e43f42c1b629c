"""How often CPython's garbage collector walks the whole heap while a game is played.

CPython collects its oldest generation each time the middle one has been
collected ten times over (and what survived since the last full collection is
a quarter of what lives there).  A game's heap is large and long-lived — the
compiled rules, the map, the kept answers, the event log — and a full
collection walks all of it, while the objects a rule evaluation makes die
young, freed by their reference counts.  Measured on a whole heuristic Mercury
game, 21 full collections took 11.75 s of about 60 (docs/performance.md, "The
garbage collector's pace").  While an action runs, the oldest generation is
collected a hundred times less often; the young generations keep CPython's
pace, so short-lived cycles go as soon as before.  Outside an action the
process's own thresholds stand.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

OLDEST_EVERY = 1000  # middle-generation collections per full one (CPython: 10)


@contextmanager
def paced_collector() -> Iterator[None]:
    """CPython's thresholds, but the oldest generation collected OLDEST_EVERY
    middle collections apart, until the block ends (nested blocks restore what
    they found)."""
    young, middle, oldest = gc.get_threshold()
    gc.set_threshold(young, middle, max(oldest, OLDEST_EVERY))
    try:
        yield
    finally:
        gc.set_threshold(young, middle, oldest)
