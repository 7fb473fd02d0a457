"""Loader budget: the shipped index (thousands of records) must load fast enough for startup.

Budget: 5,000 records in under 50 ms (median, scaled to 5,000 from the real index's size).
Also measured: the whole shipped data (curated records + index), building the matcher, a few
queries, and (with ``--build``) rebuilding the index from the installed JAX.

Run ``python -m bench.bench_loader [--runs N] [--build] [--json]``; exit 1 when over budget.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from jaxlsp.index.build import build_index
from jaxlsp.index.cache import shipped_index_path, shipped_versions
from jaxlsp.index.jaxenv import detect_jax
from jaxlsp.records.load import load_file, load_records
from jaxlsp.records.match import Matcher

BUDGET_RECORDS = 5_000
BUDGET_SECONDS = 0.050

QUERIES = [
    "NotImplementedError: custom_vjp symbolic_zeros support with shard_map is not implemented; "
    "please open an issue at https://github.com/jax-ml/jax/issues",
    "ValueError: shard_map requires a non-empty mesh. Got Mesh('i': 8)",
    "TypeError: add got incompatible shapes for broadcasting: (3,), (4,).",
    "the quick brown fox jumps over the lazy dog",
]


def _times(action: Callable[[], Any], runs: int) -> list[float]:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    return samples


def _summary(samples: list[float]) -> dict[str, float]:
    return {
        "minMs": round(min(samples) * 1000, 2),
        "medianMs": round(statistics.median(samples) * 1000, 2),
        "maxMs": round(max(samples) * 1000, 2),
    }


def measure(runs: int, build: bool) -> dict[str, Any]:
    version = shipped_versions()[-1]
    path = shipped_index_path(version)
    records = load_file(path, compile_patterns=False).records
    index_load = _times(lambda: load_file(path, compile_patterns=False), runs)
    scaled = statistics.median(index_load) * BUDGET_RECORDS / max(len(records), 1)
    everything = load_records().records
    result: dict[str, Any] = {
        "jaxVersion": version,
        "indexFile": str(path),
        "indexBytes": path.stat().st_size,
        "indexRecords": len(records),
        "loadIndex": _summary(index_load),
        "loadIndexPer5000Ms": round(scaled * 1000, 2),
        "budgetPer5000Ms": BUDGET_SECONDS * 1000,
        "withinBudget": scaled < BUDGET_SECONDS,
        "loadAllShippedData": _summary(_times(load_records, max(runs // 3, 1))),
        "buildMatcher": _summary(_times(lambda: Matcher(everything), max(runs // 3, 1))),
    }
    matcher = Matcher(everything)
    matcher.match(QUERIES[0])  # compile the patterns the prefilter lets through, once
    result["query"] = _summary(
        [sample for query in QUERIES for sample in _times(partial(matcher.match, query), runs)]
    )
    if build:
        install = detect_jax(Path(sys.executable))
        if install is not None:
            started = time.perf_counter()
            built = build_index(install.package_dir, install.version)
            result["buildIndexSeconds"] = round(time.perf_counter() - started, 2)
            result["buildIndexRecords"] = len(built.records)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="samples per measurement")
    parser.add_argument("--build", action="store_true", help="also time an index build")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    result = measure(max(args.runs, 1), args.build)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")
    return 0 if result["withinBudget"] else 1


if __name__ == "__main__":
    sys.exit(main())
