"""Split a Learning playout's time by what the game does (docs/performance.md,
issue #28 seventh round): working out a question's legal answers, the
player's pick, triggers, and carrying the answer out (the rest).

Run as ``python scripts/playout_split.py [N] [-v]`` (compiled or KS_PURE=1;
-v lists the 25 largest lets and questions).  Before
the rules are compiled it wraps, by monkeypatching the compiler (nothing here
changes what a rule computes):

- each ``choose(...)`` — its arguments, the options among them, are "answers";
- each ``let`` whose name a ``choose`` takes as its options, or that such a
  let reads (``let options = choices + [...]`` reading ``let choices =
  move_choices(...)``), is "answers" too;
- the player's decider is "pick"; ``Program.fire`` (a trigger's condition and
  body) is "triggers";
- everything else a playout runs is "carrying out".

Time is exclusive (a trigger fired while carrying out counts as triggers, a
choose inside a trigger as answers) and by the process's clock, so the
wrappers' own cost (some hundreds of ns each) is in it: read the shares, not
the totals.  The log (``GameState.record``: the event, its application, the
kept reads it forgets) is an extension type's method when compiled and is
not wrapped: callgrind's inclusive view gives its share.
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "benchmarks"))

from kriegsspiel.dsl import ir  # noqa: E402
from kriegsspiel.dsl.compiler import ExprCompiler  # noqa: E402
from kriegsspiel.dsl.program import Program  # noqa: E402
from kriegsspiel.core.players import RandomPlayer  # noqa: E402

clock = time.process_time_ns
spent: Counter = Counter()
calls: Counter = Counter()
stack = [["carrying out", 0]]


def timed(label: str, fn):
    def wrapper(*args):
        now = clock()
        top = stack[-1]
        spent[top[0]] += now - top[1]
        frame = [label, now]
        stack.append(frame)
        calls[label] += 1
        try:
            return fn(*args)
        finally:
            now = clock()
            spent[label] += now - frame[1]
            stack.pop()
            stack[-1][1] = now
    return wrapper


def names_in(e) -> set[str]:
    out, todo = set(), [e]
    while todo:
        node = todo.pop()
        if isinstance(node, ir.Name):
            out.add(node.name)
        elif isinstance(node, (tuple, list)):
            todo.extend(node)
        elif hasattr(node, "__dataclass_fields__"):
            todo.extend(getattr(node, f) for f in node.__dataclass_fields__ if f != "loc")
    return out


def statements(stmts):
    for s in stmts:
        yield s
        for f in ("body", "other"):
            inner = getattr(s, f, None)
            if isinstance(inner, tuple):
                yield from statements(inner)
        for _, block in getattr(s, "branches", ()):
            yield from statements(block)


def option_names(program: Program) -> set[tuple[str, str]]:
    """(procedure or trigger, name) of each let a choose() there takes its
    options from, and of the lets of the same procedure those read."""
    out = set()
    for decl in program.decls.values():
        blocks = [st.body for st in getattr(decl, "steps", [])]
        if decl.kind == "trigger":
            blocks.append(decl.body)
        lets, chosen = {}, set()
        for block in blocks:
            for s in statements(block):
                if isinstance(s, ir.Let):
                    lets.setdefault(s.name, set()).update(names_in(s.expr))
                for node in _calls(s):
                    if node.fn == "choose" and len(node.args) > 2:
                        chosen |= names_in(node.args[2])
        mine = {n for n in chosen if n in lets}
        for n in list(mine):
            mine |= {m for m in lets[n] if m in lets}
        out |= {(decl.name, n) for n in mine}
    return out


def _calls(s):
    """The calls anywhere in statement *s* (nested blocks included)."""
    todo = [s]
    while todo:
        node = todo.pop()
        if isinstance(node, ir.Call):
            yield node
        if isinstance(node, (tuple, list)):
            todo.extend(node)
        elif hasattr(node, "__dataclass_fields__"):
            todo.extend(getattr(node, f) for f in node.__dataclass_fields__ if f != "loc")


OPTIONS: set[tuple[str, str]] = set()
_stmt, _choose, _fire = ExprCompiler.stmt, ExprCompiler._choose, Program.fire


def stmt(self, s, scope):
    if not OPTIONS:
        OPTIONS.update(option_names(self.p))
    fn, after = _stmt(self, s, scope)
    if isinstance(s, ir.Let) and (self.current, s.name) in OPTIONS:
        fn = timed(f"answers: let {s.name} in {self.current}", fn)
    return fn, after


def choose(self, e, args, scope):
    fn, t = _choose(self, e, args, scope)
    return timed(f"answers: choose {e.args[1].value!r}", fn), t


fire = timed("triggers", _fire)
ExprCompiler.stmt, ExprCompiler._choose, Program.fire = stmt, choose, fire
RandomPlayer.decide = timed("pick", RandomPlayer.decide)


def main() -> None:
    from test_bench_playout import PreparedGame
    n = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 4
    game = PreparedGame("crete/learning")
    game.playout(99)
    spent.clear()
    calls.clear()
    stack[:] = [["carrying out", clock()]]
    for seed in range(1, n + 1):
        game.playout(seed)
    spent["carrying out"] += clock() - stack[-1][1]
    total = sum(spent.values())
    print(f"{n} playouts, {total / 1e6:.0f} ms process time")
    coarse: Counter = Counter()
    for label, ns in spent.items():
        coarse[label.split(":")[0]] += ns
    for label, ns in coarse.most_common():
        print(f"  {label:14s} {100 * ns / total:5.1f}%")
    if "-v" in sys.argv:
        for label, ns in spent.most_common(25):
            print(f"    {label:50s} {100 * ns / total:5.1f}%  {calls[label]:8d} calls")


if __name__ == "__main__":
    main()
