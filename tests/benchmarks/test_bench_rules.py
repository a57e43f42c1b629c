"""Benchmarks (pytest-benchmark; run with --benchmark-enable to measure).

Targets (issue: Foundation): parse + compile + validate all shipped rules and
data < 1 s cold, < 0.2 s with the grammar/IR cache.  In the normal test run
benchmarks are disabled and each body runs once, so these double as smoke
tests; no test asserts a time.
"""

from __future__ import annotations

from kriegsspiel.engine import rulebook
from kriegsspiel.tools.checker import check_shipped
from kriegsspiel.core import yamlio
from kriegsspiel.dsl import parser


def _cold():
    parser._parser.cache_clear()
    rulebook._PARSED.clear()
    yamlio._load_yaml_text_cached.cache_clear()
    return check_shipped()


def test_bench_check_shipped_cold(benchmark):
    result = benchmark.pedantic(_cold, rounds=3, iterations=1)
    assert result.errors == []


def test_bench_check_shipped_cached(benchmark):
    check_shipped()  # warm the grammar and IR caches
    result = benchmark(check_shipped)
    assert result.errors == []


def test_bench_build_program_cached(benchmark):
    rulebook.build_program(["gts"])
    program = benchmark(rulebook.build_program, ["gts"])
    assert "tq_check" in program.compiled
