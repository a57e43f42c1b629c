"""Count the instructions spent inside some defs of a Learning playout (their
evaluations, callees included) under callgrind (docs/performance.md).

Run as
    PYTHONHASHSEED=0 valgrind --tool=callgrind --collect-atstart=no \
        --callgrind-out-file=OUT python scripts/callgrind_zone.py DEF[,DEF...] [N]
then `callgrind_annotate OUT | grep TOTALS`.  Before the rules are compiled it
wraps each named def's evaluation (a remembered or kept answer costs nothing
here: only evaluations count) so that entering the outermost of them switches
callgrind's collection on and leaving it switches it off, for playouts seed
1..N (default 4) after a warm-up one, as scripts/callgrind_playout.py plays
them.  The switch is callgrind's client request, from a two-line C helper
built on first use (cc and valgrind's headers needed).  Without valgrind the
requests do nothing and the playouts just run.  The wrapped defs' bodies run
through their evaluate function, not directly: a little more than unwrapped.
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "benchmarks"))

from kriegsspiel.dsl import program  # noqa: E402

HELPER = "#include <valgrind/callgrind.h>\nvoid toggle(void) { CALLGRIND_TOGGLE_COLLECT; }\n"


def toggler():
    # A directory of this run's own: no stale or half-built helper is reused.
    where = tempfile.mkdtemp(prefix="ks_callgrind_")
    src, lib = os.path.join(where, "toggle.c"), os.path.join(where, "toggle.so")
    with open(src, "w") as f:
        f.write(HELPER)
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", lib, src], check=True)
    return ctypes.CDLL(lib).toggle


def main() -> None:
    zones = set(sys.argv[1].split(","))
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    toggle = toggler()
    depth, live = [0], [False]

    def zoned(what, evaluate):
        if what.removeprefix("def ") not in zones:
            return evaluate

        def wrapper(*args):
            if depth[0] == 0 and live[0]:
                toggle()
            depth[0] += 1
            try:
                return evaluate(*args)
            finally:
                depth[0] -= 1
                if depth[0] == 0 and live[0]:
                    toggle()
        return wrapper

    remembered, lasting = program.remembered, program.lasting.lasting
    program.remembered = lambda what, ev, holder: remembered(what, zoned(what, ev), holder)
    program.lasting.lasting = \
        lambda what, ev, reads, holder, *used: lasting(what, zoned(what, ev), reads, holder, *used)
    from test_bench_playout import PreparedGame
    game = PreparedGame("crete/learning")
    game.playout(99)
    live[0] = True
    print("log lengths", [len(game.playout(seed).state.log) for seed in range(1, n + 1)])


if __name__ == "__main__":
    main()
