"""How often CPython's garbage collector walks the whole heap while a game is played.

CPython collects its oldest generation each time the middle one has been
collected ten times over (and what survived since the last full collection is
a quarter of what lives there).  A game's heap is large and long-lived — the
compiled rules, the map, the kept answers, the event log — and a full
collection walks all of it, while the objects a rule evaluation makes die
young, freed by their reference counts.  On a whole Mercury game the full
collections were about a sixth of its time (docs/performance.md, "The garbage
collector's pace").  While a game is set up, an action runs, a played game
goes from turn to turn or `ks play` shows and writes out the game at its end,
the oldest generation is collected a hundred times less often; the young
generations keep CPython's pace, so short-lived cycles go as soon as before.
Outside those blocks the process's own thresholds stand.
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from typing import Iterator

OLDEST_EVERY = 1000  # middle-generation collections per full one (CPython: 10)

# The thresholds are the process's, and games may run in several threads (a
# server's): the first block to begin paces the collector and the last to end
# puts back what the first found, however their ends interleave.
_lock = threading.Lock()
_open = 0
_found: tuple[int, int, int] = (0, 0, 0)


@contextmanager
def paced_collector() -> Iterator[None]:
    """CPython's thresholds, but the oldest generation collected OLDEST_EVERY
    middle collections apart, until the last open block ends."""
    global _open, _found
    with _lock:
        if _open == 0:
            _found = gc.get_threshold()
            young, middle, oldest = _found
            gc.set_threshold(young, middle, max(oldest, OLDEST_EVERY))
        _open += 1
    try:
        yield
    finally:
        with _lock:
            _open -= 1
            if _open == 0:
                gc.set_threshold(*_found)
