"""Count a slice of a Mercury game's instructions under callgrind (docs/performance.md).

Run as
    PYTHONHASHSEED=0 valgrind --tool=callgrind --instr-atstart=no \
        --callgrind-out-file=OUT python scripts/callgrind_mercury.py [SEED FROM TO]
It starts `crete/mercury` with heuristic players (seed 1 by default), plays to
the end of turn FROM (16) uncounted, then switches the collection on
(callgrind_control) for turns FROM+1..TO (17-20) only; `callgrind_annotate OUT
| head` gives the total.  Without valgrind it just plays them.
"""

from __future__ import annotations

import sys

from callgrind_playout import collect  # scripts/ is the script's own folder on sys.path
from kriegsspiel.tools.play import new_game


def main() -> None:
    seed, first, last = (int(a) for a in sys.argv[1:4]) if len(sys.argv) > 3 else (1, 16, 20)
    game = new_game("crete/mercury", seed, ["heuristic"])
    game.run(first)
    collect(True)
    game.run(last)
    collect(False)
    print("events", len(game.session.state.log))


if __name__ == "__main__":
    main()
