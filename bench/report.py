"""Summaries, the table with ratios to each peer and floor, and the budgets the ratios must hold.

Budgets are ratios measured in the same run on the same machine, never absolute times: a busy
machine slows every server alike, so the ratios stay meaningful where milliseconds do not.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bench.servers import JAXLSP, RUFF, TRIVIAL
from bench.session import Latencies, SessionResult

Summary = dict[str, Any]


def summarise(sessions: Sequence[SessionResult]) -> dict[str, dict[int, Summary]]:
    """Per server, per requested size: medians over sessions, percentiles over pooled samples."""
    grouped: dict[str, dict[int, list[SessionResult]]] = {}
    for session in sessions:
        grouped.setdefault(session.server, {}).setdefault(session.requested_lines, []).append(
            session
        )
    out: dict[str, dict[int, Summary]] = {}
    for server, by_size in grouped.items():
        all_startups = [s.startup_s for group in by_size.values() for s in group if s.startup_s]
        for size, group in sorted(by_size.items()):
            changes = [sample for session in group for sample in session.change_s]
            errors = [session.error for session in group if session.error]
            out.setdefault(server, {})[size] = {
                "sessions": len(group),
                "lines": group[0].lines,
                "startup_s": _median(all_startups),
                "open_s": _median([s.open_s for s in group]),
                "open_diagnostics": _first([s.open_diagnostics for s in group]),
                "warm_open_s": _median([s.warm_open_s for s in group]),
                "change_s": _median(changes),
                "change_samples": len(changes),
                "change_diagnostics": _first([s.change_diagnostics for s in group]),
                "hover": Latencies.pooled([s.hover for s in group]).summary(),
                "code_action": Latencies.pooled([s.code_action for s in group]).summary(),
                "peak_rss_bytes": _max_or_none([s.peak_rss_bytes for s in group]),
                "errors": errors,
            }
    return out


def _median(values: Iterable[float | None]) -> float | None:
    present = [value for value in values if value is not None]
    return statistics.median(present) if present else None


def _first(values: Iterable[int | None]) -> int | None:
    return next((value for value in values if value is not None), None)


def _max_or_none(values: Iterable[int | None]) -> int | None:
    present = [value for value in values if value is not None]
    return max(present) if present else None


# -- metrics ------------------------------------------------------------------------------------

# (label, how to read it from a summary, unit); None = not measured / not supported.
METRICS: tuple[tuple[str, str, str], ...] = (
    ("spawn → initialize (all sizes)", "startup_s", "ms"),
    ("didOpen → diagnostics", "open_s", "ms"),
    ("diagnostics on open", "open_diagnostics", "count"),
    ("didChange → diagnostics", "change_s", "ms"),
    ("hover p50", "hover.p50_s", "ms"),
    ("hover p95", "hover.p95_s", "ms"),
    ("hover p99", "hover.p99_s", "ms"),
    ("hover max", "hover.max_s", "ms"),
    ("codeAction p50", "code_action.p50_s", "ms"),
    ("codeAction p99", "code_action.p99_s", "ms"),
    ("codeAction max", "code_action.max_s", "ms"),
    ("peak RSS", "peak_rss_bytes", "MiB"),
)


def metric(summary: Mapping[str, Any] | None, key: str) -> float | None:
    """A metric from a summary by dotted key, or None."""
    value: Any = summary
    for part in key.split("."):
        if not isinstance(value, Mapping):
            return None
        value = value.get(part)
    return float(value) if isinstance(value, int | float) else None


def _format(value: float | None, unit: str) -> str:
    if value is None:
        return "—"
    if unit == "ms":
        milliseconds = value * 1000
        return f"{milliseconds:.1f}" if milliseconds < 100 else f"{milliseconds:.0f}"
    if unit == "MiB":
        return f"{value / 2**20:.0f}"
    return f"{value:.0f}"


def _ratio(numerator: float | None, denominator: float | None) -> str:
    if numerator is None or denominator is None or denominator <= 0:
        return "—"
    ratio = numerator / denominator
    return f"{ratio:.2f}×" if ratio < 10 else f"{ratio:.0f}×"


def size_table(
    summaries: Mapping[str, Mapping[int, Summary]], size: int, servers: Sequence[str]
) -> str:
    """Markdown table for one file size: every server, and jaxlsp's ratio to each other one."""
    present = [server for server in servers if size in summaries.get(server, {})]
    others = [server for server in present if not is_jaxlsp_variant(server)]
    header = ["metric (ms unless noted)", *present, *[f"jaxlsp ÷ {o}" for o in others]]
    rows = [header, ["---"] * len(header)]
    ours = summaries.get(JAXLSP, {}).get(size)
    for label, key, unit in METRICS:
        row = [label + (f" ({unit})" if unit != "ms" else "")]
        for server in present:
            summary = summaries[server][size]
            row.append(_cell(summary, key, unit))
        for other in others:
            if unit == "count":
                row.append("")
            else:
                row.append(_ratio(metric(ours, key), metric(summaries[other][size], key)))
        rows.append(row)
    return _markdown(rows)


def _cell(summary: Mapping[str, Any], key: str, unit: str) -> str:
    head = key.split(".")[0]
    if head in ("hover", "code_action") and not summary.get(head, {}).get("supported", True):
        return "n/a"
    value = metric(summary, key)
    if value is None and summary.get("errors"):
        return "timeout" if "within" in summary["errors"][0] else "error"
    return _format(value, unit)


def floors_table(
    floors: Mapping[str, Any], summaries: Mapping[str, Mapping[int, Summary]], sizes: Sequence[int]
) -> str:
    """Markdown table: parse floors per size, and jaxlsp's open/change latency over each floor."""
    files = floors.get("files", {})
    header = ["floor (ms)", *[f"{size} lines" for size in sizes]]
    rows = [header, ["---"] * len(header)]
    providers = ", ".join(floors.get("providers", []))
    for label, key in (
        ("ast.parse", "ast_parse_s"),
        ("libcst parse", "libcst_parse_s"),
        (f"libcst metadata ({providers})", "libcst_metadata_s"),
    ):
        row = [label]
        for size in sizes:
            row.append(_format(files.get(f"bench_{size}.py", {}).get(key), "ms"))
        rows.append(row)
    for label, key, floor_key in (
        ("jaxlsp didOpen ÷ libcst parse", "open_s", "libcst_parse_s"),
        ("jaxlsp didOpen ÷ libcst metadata", "open_s", "libcst_metadata_s"),
        ("jaxlsp didChange ÷ libcst parse", "change_s", "libcst_parse_s"),
        ("jaxlsp didChange ÷ libcst metadata", "change_s", "libcst_metadata_s"),
    ):
        row = [label]
        for size in sizes:
            ours = metric(summaries.get(JAXLSP, {}).get(size), key)
            row.append(_ratio(ours, files.get(f"bench_{size}.py", {}).get(floor_key)))
        rows.append(row)
    imports = [
        ["import lsprotocol.types", _format(floors.get("import_lsprotocol_types_s"), "ms")],
        ["import libcst", _format(floors.get("import_libcst_s"), "ms")],
    ]
    for row in imports:
        rows.append(row + [""] * (len(header) - len(row)))
    return _markdown(rows)


def _markdown(rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = []
        for cell, width in zip(row, widths, strict=True):
            cells.append(("-" * width) if set(cell) == {"-"} else cell.ljust(width))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


# -- budgets ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Budget:
    """jaxlsp's ``key`` over ``peer``'s must stay at or under ``limit`` on files of ``size``."""

    label: str
    key: str
    peer: str
    limit: float
    size: int | None  # None: every size measured; 0: the largest size measured


#: The peer that is the file's own ``ast.parse`` (the floors, measured in the same run).
AST_PARSE = "ast.parse"

#: The budgets of the interpreter issue (which restated the performance issue's didOpen budget:
#: three times ruff is below what a server parsing with CPython can reach).
BUDGETS: tuple[Budget, ...] = (
    Budget("didChange → diagnostics vs ruff, 2,000 lines", "change_s", RUFF, 10, 2000),
    Budget("didChange → diagnostics vs ruff, 20,000 lines", "change_s", RUFF, 20, 20000),
    Budget("didOpen → diagnostics vs the file's ast.parse", "open_s", AST_PARSE, 8, 2000),
    Budget("didOpen → diagnostics vs the file's ast.parse", "open_s", AST_PARSE, 8, 20000),
    Budget("warm didOpen → diagnostics vs the file's ast.parse", "warm_open_s", AST_PARSE, 8, 2000),
    Budget(
        "warm didOpen → diagnostics vs the file's ast.parse", "warm_open_s", AST_PARSE, 8, 20000
    ),
    Budget("hover p99 vs trivial pygls", "hover.p99_s", TRIVIAL, 2, None),
    Budget("codeAction p99 vs trivial pygls", "code_action.p99_s", TRIVIAL, 2, None),
    Budget("spawn → initialize vs trivial pygls", "startup_s", TRIVIAL, 2, 0),
    Budget("peak RSS vs trivial pygls, largest file", "peak_rss_bytes", TRIVIAL, 4, 0),
)


def is_jaxlsp_variant(server: str) -> bool:
    """jaxlsp itself, jaxlsp with other settings, or a patched candidate named jaxlsp-*."""
    return server == JAXLSP or server.startswith(JAXLSP + "-")


def check_budgets(
    summaries: Mapping[str, Mapping[int, Summary]],
    gross: float = 1.0,
    subject: str = JAXLSP,
    floors: Mapping[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Each budget that applies to the sizes measured: the ratio, the limit (× ``gross``), ok.
    A budget against ``ast.parse`` takes it from ``floors`` (skipped when they were not run)."""
    ours_by_size = summaries.get(subject, {})
    sizes = sorted(ours_by_size)
    verdicts: list[dict[str, Any]] = []
    for budget in BUDGETS:
        if budget.size is None:
            applies = sizes
        elif budget.size == 0:
            applies = sizes[-1:]
        else:
            applies = [size for size in sizes if size == budget.size]
        for size in applies:
            theirs: float | None
            if budget.peer == AST_PARSE:
                floor = (floors or {}).get("files", {}).get(f"bench_{size}.py")
                if floor is None:
                    continue  # the floors were not run
                theirs = floor.get("ast_parse_s")
            else:
                peer = summaries.get(budget.peer, {}).get(size)
                if peer is None:
                    continue  # the peer was not run: nothing to compare against
                theirs = metric(peer, budget.key)
            ours = metric(ours_by_size[size], budget.key)
            ratio = ours / theirs if ours is not None and theirs else None
            limit = budget.limit * gross
            verdicts.append(
                {
                    "budget": budget.label,
                    "lines": size,
                    "ratio": ratio,
                    "limit": limit,
                    "ok": ratio is not None and ratio <= limit,
                }
            )
    return verdicts


def budgets_table(verdicts_by_server: Mapping[str, Sequence[Mapping[str, Any]]]) -> str:
    """One row per budget and size; one column per jaxlsp variant (ratio, and whether it holds)."""
    subjects = list(verdicts_by_server)
    rows = [["budget", "file lines", "limit", *subjects], ["---"] * (3 + len(subjects))]
    keyed = {
        subject: {(v["budget"], v["lines"]): v for v in verdicts}
        for subject, verdicts in verdicts_by_server.items()
    }
    first = verdicts_by_server[subjects[0]] if subjects else []
    for verdict in first:
        row = [verdict["budget"], str(verdict["lines"]), f"{verdict['limit']:g}×"]
        for subject in subjects:
            found = keyed[subject].get((verdict["budget"], verdict["lines"]))
            if found is None or found["ratio"] is None:
                row.append("not measured")
            else:
                row.append(f"{found['ratio']:.2f}× " + ("✓" if found["ok"] else "**✗**"))
        rows.append(row)
    return _markdown(rows)
