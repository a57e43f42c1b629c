"""Time the benchmark's Learning playouts in process time (docs/performance.md).

    python scripts/playout_cpu_time.py [BATCHES]

The same prepared game and batches of five playouts as
tests/benchmarks/test_bench_playout.py, one warm-up playout (seed 99) first;
prints the best and the median batch in process time, and the best in wall
time.  Process time counts what this process ran, not the minutes the
shared host gave to others, so two builds run by turns compare more steadily
than by pytest-benchmark's wall-clock rounds (other load only ever adds to
either).
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "benchmarks"))
from test_bench_playout import BATCH, PreparedGame  # noqa: E402


def main(batches: int) -> None:
    game = PreparedGame("crete/learning")
    game.playout(99)
    cpu, wall = [], []
    for _ in range(batches):
        started, began = time.perf_counter(), time.process_time()
        game.batch()
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - began)
    cpu.sort()
    print(f"{BATCH} playouts a batch: process time best {cpu[0] * 1000:.1f} ms "
          f"({BATCH / cpu[0]:.1f} a second), median {cpu[len(cpu) // 2] * 1000:.1f} ms; "
          f"wall best {min(wall) * 1000:.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 8)
