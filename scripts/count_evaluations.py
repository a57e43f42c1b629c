"""Count a Learning playout's evaluations per def, and how many of them ask
again what the same top-level call already answered (docs/performance.md,
issue #28 thirteenth round).

Run as ``python scripts/count_evaluations.py [N] [--inside DEF] [--top K]``
(KS_PURE=1 or compiled; playouts seed 1..N, default 4, after a warm-up one, as
scripts/callgrind_playout.py plays them).  Before the rules are compiled it
wraps each def's evaluation (a remembered or kept answer is not one: only
what the keepers evaluate, or every call of a def they gave up keeping; no
small def is compiled into its callers, dsl/inline.py, so each of its calls
is an evaluation too), and for each def counts:

- ``evals``: its evaluations; ``inside``: those made while DEF (default
  ``move_choices``) is being evaluated;
- ``again``: evaluations with the same arguments as an earlier one of the
  same top-level call (``Program.call``) that gave the same answer, the game
  having changed in between (a kept answer would have served, had the
  kernel known the change could not touch it); ``differs``: the same, with
  another answer;
- ``unmoved``: of ``again``, those with no piece moved, placed or
  eliminated in between (only the other changes stood in the way).

Nothing here changes what a rule computes; the wrappers make the run slower.
"""

from __future__ import annotations

import os
import sys
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "benchmarks"))

from kriegsspiel.dsl import inline, program  # noqa: E402

_MOVES = frozenset({"unit_moved", "unit_placed", "unit_eliminated"})
COLUMNS = ("evals", "inside", "again", "differs", "unmoved")
counts = {c: Counter() for c in COLUMNS}
running: list[str] = []
answered: dict = {}  # (call, def, arguments) -> (version, answer, log length)


def plain(value):
    """A value comparable after the game moves on: entities by id, lists as tuples."""
    if isinstance(value, (list, tuple)):
        return tuple(plain(v) for v in value)
    ident = getattr(value, "id", None)
    return value if ident is None or isinstance(value, (str, int)) else (value.kind, ident)


def counted(what: str, evaluate, inside: str):
    name = what.removeprefix("def ")

    def wrapper(ctx, *args):
        running.append(name)
        try:
            value = evaluate(ctx, *args)
        finally:
            running.pop()
        counts["evals"][name] += 1
        if inside in running:
            counts["inside"][name] += 1
        if ctx is not None and ctx.lasting is not None:
            key = (id(ctx.lasting), name, plain(args))
            world, answer = ctx.world, plain(value)
            before = answered.get(key)
            if before is not None and before[0] != world.version:
                if before[1] == answer:
                    counts["again"][name] += 1
                    if not any(e.kind in _MOVES for e in world.log[before[2]:]):
                        counts["unmoved"][name] += 1
                else:
                    counts["differs"][name] += 1
            answered[key] = (world.version, answer, len(world.log))
        return value
    return wrapper


def main() -> None:
    args = sys.argv[1:]
    n = int(args[0]) if args and args[0].isdigit() else 4
    inside = args[args.index("--inside") + 1] if "--inside" in args else "move_choices"
    top = int(args[args.index("--top") + 1]) if "--top" in args else 30
    inline.MAX_NODES = 0  # an inlined call runs no def to wrap: count the rules' questions as asked
    remembered, lasting = program.remembered, program.lasting.lasting
    program.remembered = lambda what, ev, holder: remembered(what, counted(what, ev, inside), holder)
    program.lasting.lasting = lambda what, ev, reads, holder, *used: \
        lasting(what, counted(what, ev, inside), reads, holder, *used)
    from test_bench_playout import PreparedGame
    game = PreparedGame("crete/learning")
    game.playout(99)
    for c in counts.values():
        c.clear()
    answered.clear()
    print("log lengths", [len(game.playout(seed).state.log) for seed in range(1, n + 1)])
    print(f"{'def':36s}" + "".join(f"{c:>9s}" for c in COLUMNS))
    for name, _ in counts["evals"].most_common(top):
        print(f"{name:36s}" + "".join(f"{counts[c][name]:9d}" for c in COLUMNS))
    print(f"{'all defs':36s}" + "".join(f"{sum(counts[c].values()):9d}" for c in COLUMNS))


if __name__ == "__main__":
    main()
