"""Count a Learning playout's instructions under callgrind (docs/performance.md).

Run as
    PYTHONHASHSEED=0 valgrind --tool=callgrind --instr-atstart=no \
        --callgrind-out-file=OUT python scripts/callgrind_playout.py [N]
It prepares the Learning Scenario's post-set-up state, plays one warm-up
playout (seed 99), then switches the collection on (callgrind_control) for
playouts seed 1..N (default 4) only; `callgrind_annotate OUT | head` gives the
total, to be divided by N.  Without valgrind it just plays them.
"""

from __future__ import annotations

import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "benchmarks"))
from test_bench_playout import PreparedGame  # noqa: E402


def collect(on: bool) -> None:
    try:
        subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(os.getpid())],
                       capture_output=True)
    except FileNotFoundError:
        pass  # no valgrind installed: nothing to switch, the playouts just run


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    game = PreparedGame("crete/learning")
    game.playout(99)
    collect(True)
    lengths = [len(game.playout(seed).state.log) for seed in range(1, n + 1)]
    collect(False)
    print("log lengths", lengths)


if __name__ == "__main__":
    main()
