"""How much ``Engine.analyze`` redoes after a one-line edit, and what each step costs.

    python -m bench.engine_incremental [--lines 2000] [--repeat 5]

Prints, for a generated JAX-heavy file (``bench.generate``): a first analysis of text the
process has not seen (each run on another generated file of the same size), an analysis of the
same text as another document (statement summaries and trees are shared by text), a re-analysis
after a one-character edit inside one statement (with the previous analysis), a syntax error
mid-edit, a hover, and the quick fixes of every finding.  Medians of ``--repeat`` runs, after
one analysis of a small file so that one-time costs (imports, first use) are not counted.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import TypeVar

from bench.generate import EDIT_MARKER, generate
from jaxlsp.engine import Engine
from jaxlsp.findings import Position

T = TypeVar("T")


def timed(step: Callable[[], T], repeat: int) -> tuple[float, T]:
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = step()
        times.append(time.perf_counter() - started)
    assert result is not None
    return statistics.median(times) * 1000, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    engine = Engine()
    engine.analyze(generate(200, seed=args.repeat + 1))
    unseen = iter([generate(args.lines, seed=seed) for seed in range(1, args.repeat + 1)])
    fresh_ms, fresh = timed(lambda: engine.analyze(next(unseen)), args.repeat)
    text = generate(args.lines)
    cold = engine.analyze(text)
    again_ms, _ = timed(lambda: engine.analyze(text), args.repeat)
    at = text.index(EDIT_MARKER) + len(EDIT_MARKER)
    edited = text[:at] + ("1" if text[at] != "1" else "2") + text[at + 1 :]
    warm_ms, warm = timed(lambda: engine.analyze(edited, previous=cold), args.repeat)
    broken = edited[:at] + "(" + edited[at:]
    broken_ms, broken_analysis = timed(lambda: engine.analyze(broken, previous=warm), args.repeat)
    line = text[:at].count("\n")
    hover_target = next(
        Position(n, row.index("(smap") + 2)
        for n, row in enumerate(text.split("\n"))
        if "(smap" in row
    )
    hover_ms, hover = timed(lambda: engine.hover(warm, hover_target), args.repeat)
    fixes_ms, fixes = timed(
        lambda: [engine.fixes(edited, warm, f) for f in warm.findings], args.repeat
    )
    print(f"file: {len(text.splitlines())} lines, {cold.statements_total} top-level statements")
    print(f"first analysis, new text: {fresh_ms:8.1f} ms ({len(fresh.findings)} findings)")
    print(f"same text, other document:{again_ms:8.1f} ms ({len(cold.findings)} findings)")
    print(
        f"one-line edit (line {line + 1}): {warm_ms:8.1f} ms "
        f"({warm.statements_parsed} of {warm.statements_total} statements re-parsed)"
    )
    print(
        f"syntax error mid-edit:    {broken_ms:8.1f} ms "
        f"(parse_error={broken_analysis.parse_error is not None}, "
        f"hovers kept={broken_analysis.program is warm.program})"
    )
    print(
        f"hover on smap:            {hover_ms:8.1f} ms ({hover.qualified_name if hover else None})"
    )
    count = sum(len(f) for f in fixes)
    print(f"fixes for all findings:   {fixes_ms:8.1f} ms ({count} fixes)")


if __name__ == "__main__":
    main()
