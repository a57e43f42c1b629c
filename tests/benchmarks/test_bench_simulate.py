"""Benchmark: parallel efficiency of `ks simulate` on 2 workers (target ≥ 0.8).

Efficiency = T(1 worker) / (2 × T(2 workers)) for the same games (seeds
1..16 of crete/learning, random bots), both run in worker processes after a
warm-up.  Measured on a quiet 2-core machine: 0.89–0.96 (4.4–4.7 s vs 2.5 s).  Disabled in the normal test run (each
body once, as a smoke test); with `--benchmark-enable` it plays the games
and reports the measured efficiency in the benchmark's extra_info.  No test
asserts a time: a shared or busy machine would make it flaky.
"""

from __future__ import annotations

import time

from kriegsspiel.tools.simulate import Job, LocalBackend, run_job

JOB = Job("crete/learning", 1, 16, ["random"])


def _timed(workers: int) -> tuple[float, list[dict]]:
    # Both in worker processes: one worker run in this (test) process would pay
    # for its large heap in garbage collection and flatter the pool.
    started = time.perf_counter()
    results = run_job(JOB, LocalBackend(workers, pooled=True))
    return time.perf_counter() - started, results


def test_bench_simulate_parallel_efficiency(benchmark):
    run_job(Job("crete/learning", 100, 2, ["random"]), LocalBackend(2, pooled=True))  # warm caches
    one, alone = _timed(1)
    two, pooled = benchmark.pedantic(_timed, args=(2,), rounds=1, iterations=1)
    assert alone == pooled  # the same games, whatever the pool
    efficiency = one / (2 * two)
    benchmark.extra_info.update({"seconds_1_worker": round(one, 2),
                                 "seconds_2_workers": round(two, 2),
                                 "parallel_efficiency": round(efficiency, 2)})
    print(f"\nsimulate parallel efficiency on 2 workers: {efficiency:.2f} "
          f"(1 worker {one:.1f} s, 2 workers {two:.1f} s)")
