"""``bench.busy_requests``: hovers in one file are answered while another file is analysed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from bench.busy_requests import IDLE_HOVERS

from tests.conftest import REPO


@pytest.mark.bench
def test_hovers_are_answered_while_another_file_is_first_analysed(tmp_path: Path) -> None:
    out = tmp_path / "busy.json"
    done = subprocess.run(
        [
            *(sys.executable, "-m", "bench.busy_requests"),
            *("--lines", "2000", "--sessions", "1", "--timeout", "60", "--json", str(out)),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    summary = json.loads(out.read_text())
    assert summary["idle_hover"]["n"] == IDLE_HOVERS
    assert summary["idle_hover"]["errors"] == summary["busy_hover"]["errors"] == 0
    # Busy, it hovers where idle hovers had an answer: every one of those still has it.
    assert summary["idle_hover"]["non_empty"] >= 1
    assert summary["busy_hover"]["non_empty"] == summary["busy_hover"]["n"] >= 1
    assert summary["large_open_s_median"] > 0
    assert "busy hover" in done.stdout
