"""The notebook budget: an edit in one cell of a 50-cell notebook, against ruff on one file.

The notebook is ``bench.generate``'s 2,000-line JAX file cut into 50 code cells at top-level
statements, synced over stdio with LSP notebook sync (``notebookDocument/didOpen``, then one
``didChange`` per edit) by the benchmark's neutral client.  The edit is the single-file bench's
one-character change (a digit toggled) in the cell that holds it; the time is from the
``didChange`` to the ``publishDiagnostics`` for that cell at its new version.  The budget is the
single-file didChange budget: **≤ 10× ruff's didChange → diagnostics on the 2,000-line file**,
measured in the same run.  ruff on the same notebook and jaxlsp on the file are shown beside.

    python -m bench.notebook              # 3 sessions per server, 5 edits each
    python -m bench.notebook --json out.json --cells 50 --lines 2000
    python -m bench.notebook --readme     # keep bench/results/notebook.json, rewrite the table

``--check`` exits 1 when the budget is missed.
"""

from __future__ import annotations

import argparse
import ast
import itertools
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.generate import edit_position, generate
from bench.lspclient import JsonObject, LspClient, Received, ServerError
from bench.readme_block import write_block
from bench.servers import BENCH_DIR, JAXLSP, RUFF, find_server, server_version
from bench.session import CLIENT_CAPABILITIES, is_diagnostics_for

#: The budget: jaxlsp's notebook didChange against ruff's single-file didChange (2,000 lines).
LIMIT = 10.0
CAPABILITIES: JsonObject = {
    **CLIENT_CAPABILITIES,
    "notebookDocument": {"synchronization": {"executionSummarySupport": False}},
}


@dataclass
class Measured:
    """One server's didChange → diagnostics times (seconds) on the file and the notebook."""

    server: str
    version: str = ""
    file_changes: list[float] = field(default_factory=list)
    notebook_changes: list[float] = field(default_factory=list)
    file_diagnostics: int = 0
    notebook_diagnostics: int = 0
    errors: list[str] = field(default_factory=list)

    def median(self, samples: Sequence[float]) -> float | None:
        return statistics.median(samples) if samples else None


def split_cells(text: str, cells: int) -> list[str]:
    """``text`` cut into ``cells`` pieces at top-level statements, about evenly by lines."""
    tree = ast.parse(text)
    starts = []
    for node in tree.body:
        decorators = getattr(node, "decorator_list", [])
        starts.append(min([node.lineno, *(d.lineno for d in decorators)]) - 1)
    lines = text.split("\n")
    wanted = [round(len(lines) * k / cells) for k in range(1, cells)]
    cuts: list[int] = []
    for target in wanted:
        best = min(starts, key=lambda start: abs(start - target))
        if best > (cuts[-1] if cuts else 0):
            cuts.append(best)
    bounds = [0, *cuts, len(lines)]
    return ["\n".join(lines[a:b]) for a, b in itertools.pairwise(bounds)]


def _initialize(client: LspClient, folder: Path, timeout: float) -> JsonObject:
    root = folder.resolve().as_uri()
    request, _ = client.send_request(
        "initialize",
        {
            "processId": None,
            "rootUri": root,
            "workspaceFolders": [{"uri": root, "name": folder.name}],
            "capabilities": CAPABILITIES,
        },
    )
    answer = client.wait_response(request, timeout)
    client.notify("initialized", {})
    capabilities: JsonObject = answer.message.get("result", {}).get("capabilities", {})
    return capabilities


def _wait(client: LspClient, uri: str, version: int | None, timeout: float) -> Received:
    found = client.wait_notification(is_diagnostics_for(uri, version), timeout)
    if found is None:
        raise ServerError(f"no diagnostics for {uri} (version {version}) within {timeout:.0f} s")
    return found


def _toggle(text: str, line: int, column: int, version: int) -> tuple[str, JsonObject]:
    """The edit of ``version``: the digit at (``line``, ``column``) toggled.  Returns the
    line's new text and the LSP content change that makes it."""
    digit = "1" if version % 2 == 0 else "0"
    change: JsonObject = {
        "range": {
            "start": {"line": line, "character": column},
            "end": {"line": line, "character": column + 1},
        },
        "text": digit,
    }
    return text[:column] + digit + text[column + 1 :], change


def measure_file(
    client: LspClient, path: Path, edits: int, timeout: float
) -> tuple[list[float], int]:
    uri = path.resolve().as_uri()
    text = path.read_text(encoding="utf-8")
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}},
    )
    opened = _wait(client, uri, None, timeout)
    count = len(opened.message["params"]["diagnostics"])
    client.drain_until_quiet(0.3, timeout)
    line, column = edit_position(text)
    lines = text.split("\n")
    times = []
    for version in range(2, edits + 2):
        lines[line], change = _toggle(lines[line], line, column, version)
        sent = client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]},
        )
        times.append(_wait(client, uri, version, timeout).at - sent)
        client.drain_until_quiet(0.3, timeout)
    return times, count


def measure_notebook(
    client: LspClient, path: Path, cells: list[str], edits: int, timeout: float
) -> tuple[list[float], int]:
    uri = path.resolve().as_uri()
    cell_uris = [f"vscode-notebook-cell:{path.resolve()}#C{n}" for n in range(len(cells))]
    client.notify(
        "notebookDocument/didOpen",
        {
            "notebookDocument": {
                "uri": uri,
                "notebookType": "jupyter-notebook",
                "version": 1,
                "cells": [{"kind": 2, "document": cell} for cell in cell_uris],
            },
            "cellTextDocuments": [
                {"uri": cell, "languageId": "python", "version": 1, "text": text}
                for cell, text in zip(cell_uris, cells, strict=True)
            ],
        },
    )
    # The first publication for a cell, then whatever follows until the server is quiet.
    latest: dict[str, int] = {}

    def note(message: JsonObject) -> bool:
        if message.get("method") != "textDocument/publishDiagnostics":
            return False
        params = message["params"]
        latest[params["uri"]] = len(params["diagnostics"])
        return True

    if client.wait_notification(note, timeout) is None:
        raise ServerError(f"no diagnostics for a cell within {timeout:.0f} s of didOpen")
    for item in client.drain_until_quiet(0.5, timeout):
        note(item.message)
    count = sum(latest.get(cell, 0) for cell in cell_uris)
    edited = next(n for n, text in enumerate(cells) if "BENCH_EDIT_SLOT" in text)
    line, column = edit_position(cells[edited])
    lines = cells[edited].split("\n")
    times = []
    for step in range(2, edits + 2):
        lines[line], change = _toggle(lines[line], line, column, step)
        sent = client.notify(
            "notebookDocument/didChange",
            {
                "notebookDocument": {"uri": uri, "version": step},
                "change": {
                    "cells": {
                        "textContent": [
                            {
                                "document": {"uri": cell_uris[edited], "version": step},
                                "changes": [change],
                            }
                        ]
                    }
                },
            },
        )
        times.append(_wait(client, cell_uris[edited], step, timeout).at - sent)
        client.drain_until_quiet(0.3, timeout)
    return times, count


def session(name: str, folder: Path, cells: list[str], edits: int, timeout: float) -> Measured:
    spec = find_server(name)
    if spec is None:
        return Measured(name, errors=[f"{name} is not installed"])
    measured = Measured(name, server_version(spec))
    for kind in ("file", "notebook"):
        client = LspClient(spec.command, cwd=folder, env={**os.environ, **spec.env})
        try:
            _initialize(client, folder, timeout)
            if kind == "file":
                times, count = measure_file(client, folder / "model.py", edits, timeout)
                measured.file_changes += times
                measured.file_diagnostics = count
            else:
                times, count = measure_notebook(
                    client, folder / "model.ipynb", cells, edits, timeout
                )
                measured.notebook_changes += times
                measured.notebook_diagnostics = count
        except ServerError as error:
            measured.errors.append(f"{kind}: {error}")
        finally:
            client.close()
    return measured


def run(lines: int, cell_count: int, sessions: int, edits: int, timeout: float) -> dict[str, Any]:
    text = generate(lines)
    cells = split_cells(text, cell_count)
    results: dict[str, Measured] = {}
    with tempfile.TemporaryDirectory(prefix="jaxlsp-bench-notebook-") as scratch:
        folder = Path(scratch)
        (folder / "model.py").write_text(text, encoding="utf-8")
        (folder / "model.ipynb").write_text("{}", encoding="utf-8")  # the path the URI names
        for _ in range(sessions):  # interleaved, so load from elsewhere hits both
            for name in (JAXLSP, RUFF):
                one = session(name, folder, cells, edits, timeout)
                total = results.setdefault(name, Measured(name, one.version))
                total.file_changes += one.file_changes
                total.notebook_changes += one.notebook_changes
                total.file_diagnostics = one.file_diagnostics
                total.notebook_diagnostics = one.notebook_diagnostics
                total.errors += one.errors
    jaxlsp, ruff = results[JAXLSP], results[RUFF]
    ours = jaxlsp.median(jaxlsp.notebook_changes)
    reference = ruff.median(ruff.file_changes)
    ratio = ours / reference if ours is not None and reference else None
    return {
        "lines": text.count("\n") + 1,
        "cells": len(cells),
        "sessions": sessions,
        "edits": edits,
        "cpus": os.cpu_count(),
        "load": os.getloadavg(),
        "measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "servers": {name: asdict(item) for name, item in results.items()},
        "ratio": ratio,
        "limit": LIMIT,
    }


#: The results bench/README.md's table is made of (``--readme`` writes them).
RESULTS = BENCH_DIR / "results" / "notebook.json"


def table(report: dict[str, Any]) -> str:
    """bench/README.md's table (in a code block there): what a run printed."""
    rows = [
        f"{report['lines']:,} lines, {report['cells']} cells; {report['sessions']} sessions x "
        f"{report['edits']} edits per server; {report['cpus']} CPUs, load "
        f"{' / '.join(f'{x:.1f}' for x in report['load'])}",
        "",
        "| didChange → diagnostics, median (ms) | jaxlsp | ruff |",
        "| --- | --- | --- |",
    ]
    servers = report["servers"]
    for label, key in (
        ("one file", "file_changes"),
        ("one cell of the notebook", "notebook_changes"),
    ):
        cells = []
        for name in (JAXLSP, RUFF):
            samples = servers[name][key]
            cells.append(f"{statistics.median(samples) * 1000:.1f}" if samples else "n/a")
        rows.append(f"| {label} | {' | '.join(cells)} |")
    ratio = report["ratio"]
    verdict = "n/a" if ratio is None else f"{ratio:.2f}x (limit {report['limit']:.0f}x)"
    rows += ["", f"jaxlsp notebook ÷ ruff file: {verdict}"]
    for name in (JAXLSP, RUFF):
        for error in servers[name]["errors"]:
            rows.append(f"{name}: {error}")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--cells", type=int, default=50)
    parser.add_argument("--sessions", type=int, default=3)
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--json", type=Path, help="write the raw results here")
    parser.add_argument("--check", action="store_true", help="exit 1 when over the budget")
    parser.add_argument(
        "--readme", action="store_true", help="keep the results and rewrite bench/README.md's table"
    )
    args = parser.parse_args(argv)
    report = run(args.lines, args.cells, args.sessions, args.edits, args.timeout)
    sys.stdout.write(table(report) + "\n")
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    if args.readme:
        RESULTS.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        write_block("bench.notebook", f"```\n{table(report)}\n```")
    ratio = report["ratio"]
    return 1 if args.check and (ratio is None or ratio > LIMIT) else 0


if __name__ == "__main__":
    raise SystemExit(main())
