"""The quick benchmark, as CI runs it: jaxlsp against ruff and the trivial server on 200 lines.

It fails only on a gross regression, a ratio far past its budget (the budgets themselves are
checked by the full run, ``python -m bench.run``, whose table is in ``bench/README.md``): on a
shared CI machine absolute times mean little, ratios measured in the same run do.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

# Every budget's limit is multiplied by this here: hover p99 < 20× the trivial server's, etc.
GROSS = 10


@pytest.mark.bench
def test_quick_bench_holds_gross_ratios(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bench.run",
            "--quick",
            "--servers",
            "jaxlsp",
            "ruff",
            "trivial-pygls",
            "--no-floors",
            "--timeout",
            "60",
            "--json",
            str(out),
            "--gross",
            str(GROSS),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads(out.read_text())
    jaxlsp = results["summaries"]["jaxlsp"]["200"]
    trivial = results["summaries"]["trivial-pygls"]["200"]
    assert jaxlsp["errors"] == [], jaxlsp["errors"]
    # The generated file carries the seed scenarios: a JAX-aware server reports something.
    assert jaxlsp["open_diagnostics"] >= 1
    assert trivial["open_diagnostics"] == 0
    assert jaxlsp["hover"]["n"] == trivial["hover"]["n"] > 0
    assert jaxlsp["code_action"]["n"] == trivial["code_action"]["n"] > 0

    budgets = {verdict["budget"]: verdict for verdict in results["budgets"]}
    assert set(budgets) == {
        "hover p99 vs trivial pygls",
        "codeAction p99 vs trivial pygls",
        "spawn → initialize vs trivial pygls",
        "peak RSS vs trivial pygls, largest file",
    }
    missed = [v for v in budgets.values() if not v["ok"]]
    assert not missed, done.stdout
    assert budgets["hover p99 vs trivial pygls"]["limit"] == 2 * GROSS

    # The re-check latency (jaxlsp's default debounce is 0) against ruff's, on the same edit:
    # the full run's budget is 10× at 2,000 lines; here only a gross regression fails.
    engine = results["summaries"]["jaxlsp"]["200"]
    ruff = results["summaries"]["ruff"]["200"]
    assert engine["errors"] == [] and ruff["errors"] == []
    assert engine["change_s"] / ruff["change_s"] < 10 * GROSS, done.stdout
