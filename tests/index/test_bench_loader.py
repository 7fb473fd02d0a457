"""The loader benchmark runs and measures the real shipped index (its budget is checked by the
benchmark itself, ``python -m bench.bench_loader``, never by a timed unit test)."""

from __future__ import annotations

from bench.bench_loader import BUDGET_RECORDS, measure


def test_benchmark_measures_the_shipped_index() -> None:
    result = measure(runs=1, build=False)
    assert result["indexRecords"] > BUDGET_RECORDS
    assert result["indexBytes"] > 0
    for key in ("loadIndex", "loadAllShippedData", "buildMatcher", "query"):
        assert 0 < result[key]["minMs"] <= result[key]["maxMs"]
    assert isinstance(result["withinBudget"], bool)
