"""Benchmark: from a person's answer to the next question on the page's side
(ks serve, crete:scenario:learning with people on both sides): the game's
thread plays on and publishes a new snapshot (pieces and choices rendered).
Target: under 100 ms; measured 3.0-4.7 ms (mean 3.7 ms, 40 answers, source
kernel, the shared two-core machine). Run with --benchmark-enable; without it
the test only checks that an answer brings the next question (no time is
asserted)."""

from __future__ import annotations

import time

from kriegsspiel.tools.play import new_game
from kriegsspiel.tools.serve.host import GameHost


def test_bench_an_answer_brings_the_next_question(benchmark):
    host = GameHost(new_game("crete/learning", 1, ["random", "random"]), ["Allied", "Axis"])
    both = ",".join(host.tokens.values())
    host.start()
    try:
        def next_question(seen: int) -> dict:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                snap = host.wait(seen, 0.5)
                if snap["version"] > seen and (snap["question"] or snap["over"]):
                    return snap
                seen = snap["version"]
            raise AssertionError("no next question")
        state = {"snap": next_question(-1)}

        def answer_and_wait() -> dict:
            snap = state["snap"]
            assert host.answer(both, 0, snap["question"]["id"]) is None
            state["snap"] = next_question(snap["version"])
            return state["snap"]
        after = benchmark.pedantic(answer_and_wait, rounds=40, iterations=1)
        assert after["question"] is not None
    finally:
        host.stop()
