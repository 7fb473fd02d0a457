"""jaxlsp in a real Emacs through eglot, configured by the README's snippet.

Runs where ``emacs`` is installed (``apt-get install emacs-nox elpa-eglot``; Emacs 29+ has eglot
built in) and skips elsewhere: CI images do not carry Emacs.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SNIPPET = ROOT / "editors" / "emacs" / "jaxlsp-eglot.el"
DRIVER = Path(__file__).with_name("emacs_driver.el")
EXAMPLE = ROOT / "examples" / "symbolic_zeros" / "invalid_eager_lambda.py"
ELPA = Path("/usr/share/emacs/site-lisp/elpa")
SLUG = "custom-vjp-symbolic-zeros-support-with-shard-map"


def _eglot_available() -> bool:
    if shutil.which("emacs") is None:
        return False
    probe = (
        f'(progn (add-to-list (quote package-directory-list) "{ELPA}") (package-initialize) '
        "(require (quote eglot)))"
    )
    result = subprocess.run(
        ["emacs", "-Q", "--batch", "--eval", probe], capture_output=True, timeout=60, check=False
    )
    return result.returncode == 0


pytestmark = pytest.mark.skipif(
    not _eglot_available(), reason="no Emacs with eglot: apt-get install emacs-nox elpa-eglot"
)


@pytest.fixture(scope="module")
def emacs_report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    tmp_path = tmp_path_factory.mktemp("emacs")
    file = tmp_path / EXAMPLE.name
    file.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "report.json"
    env = {
        "SNIPPET": str(SNIPPET),
        "PY": sys.executable,
        "FILE": str(file),
        "OUT": str(out),
        "ELPA": str(ELPA),
        "HOME": str(tmp_path),
        "PATH": "/usr/bin:/bin",
    }
    result = subprocess.run(
        ["emacs", "-Q", "--batch", "-l", str(DRIVER)],
        capture_output=True,
        text=True,
        timeout=240,
        env=env,
        check=False,
    )
    assert out.exists(), result.stderr[-4000:]
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    assert "error" not in report, report["error"]
    return report


def test_eglot_shows_the_diagnostic_on_the_defvjp_call(emacs_report: dict[str, Any]) -> None:
    assert emacs_report["mode"] == "python-mode"
    (diagnostic,) = emacs_report["diagnostics"]
    assert diagnostic["text"].startswith(f"jaxlsp [{SLUG}]: ")
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    flagged = lines[diagnostic["line"] - 1]
    assert "symbolic_zeros=True" in flagged


def test_eglot_hover_on_shard_map(emacs_report: dict[str, Any]) -> None:
    assert emacs_report["hover"].startswith("**`jax.shard_map`**")
    assert SLUG in emacs_report["hover"]


def test_the_snippets_settings_reach_the_server_without_complaint(
    emacs_report: dict[str, Any],
) -> None:
    assert emacs_report["configuration"] == {"jaxlsp": {"debounceMs": 0}}
    events = emacs_report["events"]
    assert "workspace/configuration" in events
    assert "unknown setting" not in events
