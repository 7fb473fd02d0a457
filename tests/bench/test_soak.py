"""``bench.soak --quick``: the soak, the open/close cycle and the pathological files, in seconds.

The budgets are reported, not enforced here (they are the full run's, ``bench/README.md``);
what must hold at any size is checked: every request answered without an error, the soaked
server's last diagnostics equal a fresh server's on the same text, every document of each
open/close cycle diagnosed (a third one under mimalloc where CPython has it), and each
pathological file answered with a notice naming its limit.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from bench.soak import QUICK, has_mimalloc

from tests.conftest import REPO


@pytest.mark.bench
def test_the_quick_soak_runs_and_the_server_holds_up(tmp_path: Path) -> None:
    out = tmp_path / "soak.json"
    done = subprocess.run(
        [sys.executable, "-m", "bench.soak", "--quick", "--json", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    summary = json.loads(out.read_text())
    soaked = summary["soak"]
    assert soaked["edits_made"] == QUICK.edits and "stopped" not in soaked
    assert soaked["final_text_is_initial"] and soaked["final_diagnostics_equal_fresh"]
    assert soaked["final_diagnostics"] >= 1  # the generated file carries seed scenarios
    assert len(soaked["rss_during_mib"]) >= 5 and soaked["rss_ratio_vs_fresh"] > 0
    for part in ("hover", "code_action", "probe_idle", "probe_busy"):
        assert soaked[part]["n"] >= 1 and soaked[part]["errors"] == 0, part
    mimalloc = ["open_close_mimalloc"] if has_mimalloc() else []  # CPython 3.13+
    assert ("open_close_mimalloc" in summary) == has_mimalloc()
    for phase in ("open_close", "open_close_malloc", *mimalloc):
        cycle = summary[phase]
        assert cycle["opened"] == QUICK.documents and cycle["rss_ratio_after_close"] > 0, phase
        assert cycle["probe_busy"]["errors"] == 0, phase
    assert summary["open_close_malloc"]["env"] == {"PYTHONMALLOC": "malloc"}
    odd = summary["pathological"]
    assert set(odd["files"]) == {
        "string-literal-line",
        "long-line",
        "joined-statements-line",
        "long-file",
    }
    for name, item in odd["files"].items():
        limit = "maxFileBytes" if name == "long-file" else "maxLineLength"
        assert item["skip_notice"] is not None and limit in item["skip_notice"], name
        assert item["diagnostics"] == 1 and item["answer_s"] > 0
    assert odd["probe_busy"]["errors"] == 0 and odd["probe_p99_ratio"] is not None
    for heading in (
        "soak:",
        "open/close:",
        "PYTHONMALLOC=malloc",
        "pathological files:",
        "budgets:",
    ):
        assert heading in done.stdout
