"""Opt-in: the packaged extension in a real VS Code (code-server) driven by Debian's Chromium.

Heavy (Node 24, code-server with native add-ons, Chromium) and needs root for ``unshare``, so it
is marked ``slow`` (not in the default suite or CI) and runs only with ``JAXLSP_REAL_VSCODE=1``.
``editors/vscode/e2e/real-vscode.sh`` installs the tools on first use; see its header.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.editors.real_editor import left_in_home, run_script, skip_reason

ROOT = Path(__file__).resolve().parents[2]
EXTENSION = ROOT / "editors" / "vscode"
SLUG = "custom-vjp-symbolic-zeros-support-with-shard-map"


def _unbuilt() -> str | None:
    if not (EXTENSION / "dist" / "jaxlsp.vsix").is_file():
        return "build the extension first: editors/vscode/build.sh"
    return None


pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        bool(
            reason := (
                skip_reason(
                    "JAXLSP_REAL_VSCODE",
                    ("chromium", "unshare", "npm"),
                    "apt-get install chromium libkrb5-dev",
                )
                or _unbuilt()
            )
        ),
        reason=reason or "",
    ),
]


@pytest.fixture(scope="module")
def real_vscode(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Both sessions of real-vscode.sh (jaxlsp installed, then not); their output folder.

    The run gets an empty HOME of its own (the tools stay where they were installed), so a
    test can see what the run left in it."""
    out = tmp_path_factory.mktemp("real-vscode")
    run = run_script(
        EXTENSION / "e2e" / "real-vscode.sh",
        out,
        "JAXLSP_REAL_VSCODE_TOOLS",
        "jaxlsp-real-vscode",
        timeout=1200,
    )
    assert (out / "result-full.json").exists(), run.stderr[-4000:]
    return out


def test_the_run_leaves_nothing_in_home(real_vscode: Path) -> None:
    """code-server writes ~/.config/code-server and Chromium ~/.config/chromium/Crash Reports:
    the script gives both a temporary home."""
    assert left_in_home(real_vscode) == []


def _result(out: Path, mode: str) -> dict[str, Any]:
    result_file = out / f"result-{mode}.json"
    assert result_file.exists(), f"no {result_file.name}: the session before it failed"
    result: dict[str, Any] = json.loads(result_file.read_text(encoding="utf-8"))
    assert "error" not in result, result["error"]
    return result


def test_hover_and_explain_in_real_vscode(real_vscode: Path) -> None:
    result = _result(real_vscode, "full")
    steps = ["workbench", "opened", "server running", "diagnostic", "hover", "explain"]
    assert result["steps"] == steps
    assert "jaxlsp 0.1.0 is running" in result["status"]
    assert result["hover"].startswith("jax.shard_map(f, ")  # the name, then its signature
    assert SLUG in result["hover"]
    assert f"1. {SLUG} [9906f2c2bb54d4d6] — exact match" in result["explanation"]
    # Server stderr lines are logged at their level: a warning is no `[error]`.
    logs = [p for p in (real_vscode / "logs-full").rglob("*.log") if "jaxlsp" in p.name]
    assert logs, "no jaxlsp output channel log was saved"
    text = "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in logs)
    assert "Starting: " in text  # the channel the extension writes to
    assert "[error] jaxlsp: WARNING:" not in text and "[error] jaxlsp: INFO:" not in text
    assert (real_vscode / "hover.png").stat().st_size > 10_000


def test_squiggle_and_hover_in_the_cells_of_a_notebook(real_vscode: Path) -> None:
    """tests/notebooks/fixtures/symbolic_zeros.ipynb: the rule registered in code cell 2, the
    eager shard_map in code cell 3; the squiggle is in cell 2, the hover in cell 3 knows both."""
    result = _result(real_vscode, "notebook")
    assert result["steps"] == [
        "workbench",
        "opened",
        "server running",
        "diagnostic",
        "diagnostic hover",
        "hover",
    ]
    assert result["squiggles"] == 1 and result["squiggleOnRuleLine"] is True
    assert result["diagnosticHover"].startswith("`scaled` registers its custom_vjp rule")
    assert "shard_map body on line 3 of cell 3" in result["diagnosticHover"]
    assert result["hover"].startswith("jax.shard_map(f, ")  # the name, then its signature
    assert SLUG in result["hover"]
    assert (real_vscode / "notebook-hover.png").stat().st_size > 10_000


def test_a_missing_jaxlsp_is_reported_with_the_pip_command(real_vscode: Path) -> None:
    result = _result(real_vscode, "not-installed")
    assert result["steps"] == ["workbench", "opened", "not installed"]
    interpreter = re.search(r"jaxlsp is not installed in (\S+)\.", result["notification"])
    assert interpreter, result["notification"]
    wheel = re.search(r"-m pip install (\S+/wheels/jaxlsp-[^ ]+\.whl)", result["notification"])
    assert wheel, result["notification"]  # the wheel the .vsix carries, not the index's name
    for button in ("Install", "Copy install command", "Choose interpreter"):
        assert button in result["notification"]
    assert "jaxlsp is not installed" in result["status"]
