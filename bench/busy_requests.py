"""How fast jaxlsp answers hovers in one file while another file's first analysis runs.

    python -m bench.busy_requests [--lines 20000] [--sessions 3] [--json PATH] [--readme]

A hover on an analysed file is a lookup on the server's event loop, but an analysis of another
file holds the GIL on the worker thread, so the request waits for it at each hop (stdin reader,
loop, answer).  Each session opens a small file (200 lines) and waits for its diagnostics,
hovers over it while the server is idle, then opens a large file (``--lines``) and hovers over
the small one, one request at a time and only where the idle hovers had an answer, until the
large file's diagnostics arrive.  Prints p50 / p95 / max of both, pooled over the sessions, and
how long the large file took.  The summary goes to ``bench/results/busy-requests.json``;
``--readme`` rewrites bench/README.md's table from it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path
from typing import Any

from bench.generate import generate
from bench.lspclient import LspClient, ServerError
from bench.readme_block import machine, measured, write_block
from bench.servers import BENCH_DIR, JAXLSP, find_server
from bench.session import (
    Latencies,
    hover_positions,
    initialize,
    is_diagnostics_for,
)
from jaxlsp.lsp.stdio import GIL_SWITCH_INTERVAL_S

RESULTS = BENCH_DIR / "results" / "busy-requests.json"
SMALL_LINES = 200
IDLE_HOVERS = 50
#: A session that never sees the large file's diagnostics stops hovering after this many.
MOST_BUSY_HOVERS = 2_000


def _open(client: LspClient, path: Path) -> tuple[str, float]:
    """Send ``didOpen`` for ``path``; its URI and when it was sent."""
    uri = path.resolve().as_uri()
    text = path.read_text(encoding="utf-8")
    sent = client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}},
    )
    return uri, sent


def _hover(
    client: LspClient, uri: str, at: tuple[int, int], timeout_s: float, into: Latencies
) -> bool:
    """Hover at ``at``, its latency and outcome added to ``into``; whether it had an answer."""
    line, character = at
    response, seconds = client.request(
        "textDocument/hover",
        {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
        timeout_s,
    )
    into.samples.append(seconds)
    into.errors += "error" in response.message
    answered = response.message.get("result") is not None
    into.non_empty += answered
    return answered


def one_session(
    folder: Path, small: Path, large: Path, timeout_s: float
) -> tuple[Latencies, Latencies, float]:
    """Idle hovers, busy hovers, and seconds from the large file's didOpen to its diagnostics."""
    spec = find_server(JAXLSP)
    assert spec is not None
    client = LspClient(spec.command, cwd=folder)
    idle, busy = Latencies(), Latencies()
    try:
        initialize(client, folder, timeout_s)
        small_uri, _ = _open(client, small)
        if client.wait_notification(is_diagnostics_for(small_uri, None), timeout_s) is None:
            raise ServerError("no diagnostics for the small file")
        client.drain_until_quiet(0.3, timeout_s)
        positions = hover_positions(small.read_text(encoding="utf-8"), IDLE_HOVERS)
        # While busy, only where a hover has something to say (a JAX call's record lookup).
        answered = [at for at in positions if _hover(client, small_uri, at, timeout_s, idle)]
        targets = answered or positions
        large_uri, sent = _open(client, large)
        opened = None
        for n in range(MOST_BUSY_HOVERS):
            _hover(client, small_uri, targets[n % len(targets)], timeout_s, busy)
            opened = client.wait_notification(is_diagnostics_for(large_uri, None), 0.0)
            if opened is not None:
                break
        if opened is None:
            raise ServerError(f"no diagnostics for the large file after {MOST_BUSY_HOVERS} hovers")
        return idle, busy, opened.at - sent
    finally:
        client.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=20_000)
    parser.add_argument("--sessions", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--json", type=Path, default=RESULTS, help="write the summary here")
    parser.add_argument("--readme", action="store_true", help="rewrite bench/README.md's table")
    args = parser.parse_args()
    idles, busies, opens = [], [], []
    with tempfile.TemporaryDirectory(prefix="jaxlsp-busy-") as name:
        folder = Path(name)
        for session in range(args.sessions):
            small = folder / f"small_{session}.py"
            small.write_text(generate(SMALL_LINES, seed=100 + session), encoding="utf-8")
            # Text the server has not seen: no statement summaries shared from a past session.
            large = folder / f"large_{session}.py"
            large.write_text(generate(args.lines, seed=session + 1), encoding="utf-8")
            idle, busy, open_s = one_session(folder, small, large, args.timeout)
            idles.append(idle)
            busies.append(busy)
            opens.append(open_s)
    summary = {
        "meta": machine(),
        "switch_interval_s": GIL_SWITCH_INTERVAL_S,
        "lines": args.lines,
        "sessions": args.sessions,
        "idle_hover": Latencies.pooled(idles).summary(),
        "busy_hover": Latencies.pooled(busies).summary(),
        "large_open_s_median": statistics.median(opens),
    }
    for label in ("idle_hover", "busy_hover"):
        part = summary[label]
        print(
            f"{label.replace('_', ' ')}: n={part['n']:4d}  p50 {part['p50_s'] * 1000:6.1f} ms  "
            f"p95 {part['p95_s'] * 1000:6.1f} ms  max {part['max_s'] * 1000:6.1f} ms"
        )
    print(f"{args.lines:,}-line file: didOpen → diagnostics {summary['large_open_s_median']:.2f} s")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    if args.readme:
        write_block("bench.busy_requests", table(summary))


def table(summary: dict[str, Any]) -> str:
    """bench/README.md's table: the summary ``main`` wrote, as it is."""

    def ms(part: dict[str, Any], *keys: str) -> str:
        return " / ".join(f"{part[key] * 1000:.1f}" for key in keys) + " ms"

    interval = summary["switch_interval_s"] * 1000
    return "\n".join(
        [
            f"{measured(summary['meta'])} {summary['sessions']} sessions, pooled; a "
            f"{summary['lines']:,}-line file opened; the GIL switch interval "
            f"`GIL_SWITCH_INTERVAL_S` = {interval:g} ms (set by `jaxlsp serve`).",
            "",
            "| idle hover p50 / p95 | busy hover p50 / p95 / max | busy hovers answered "
            "| large file's didOpen → diagnostics |",
            "| --- | --- | --- | --- |",
            f"| {ms(summary['idle_hover'], 'p50_s', 'p95_s')} "
            f"| {ms(summary['busy_hover'], 'p50_s', 'p95_s', 'max_s')} "
            f"| {summary['busy_hover']['n']} | {summary['large_open_s_median']:.2f} s |",
        ]
    )


if __name__ == "__main__":
    main()
