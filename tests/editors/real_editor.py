"""What the opt-in real-editor tests share: when they run, how their run script is started,
and what it must leave in the home it is given.

Each drives a real editor through a script that installs its heavy tools once into a cache
folder (kept between runs) and gives the editor and Chromium a home of their own; the test
gives the script an empty ``HOME`` so that it can see the script kept to that.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

#: The folder of the output that is the run's home: it must be left as it was (empty).
HOME_FOLDER = "home"


def skip_reason(opt_in: str, tools: tuple[str, ...], install_hint: str) -> str | None:
    """Why the test does not run here: not opted in with ``opt_in=1``, or a tool missing."""
    if os.environ.get(opt_in) != "1":
        return f"opt-in: set {opt_in}=1"
    for tool in tools:
        if shutil.which(tool) is None:
            return f"needs {tool} ({install_hint})"
    return None


def run_script(
    script: Path, out: Path, tools_variable: str, cache_name: str, timeout: float
) -> subprocess.CompletedProcess[str]:
    """Run ``script OUT`` with an empty home in ``out`` and its tools in ``$tools_variable``
    (default: ``~/.cache/<cache_name>`` of the real home, so that they are installed once)."""
    home = out / HOME_FOLDER
    home.mkdir()
    tools = os.environ.get(tools_variable) or str(Path.home() / ".cache" / cache_name)
    return subprocess.run(
        ["bash", str(script), str(out)],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env={**os.environ, "HOME": str(home), tools_variable: tools},
    )


def left_in_home(out: Path) -> list[str]:
    """What the run left in the home it was given, relative to ``out``."""
    return sorted(str(p.relative_to(out)) for p in (out / HOME_FOLDER).rglob("*"))
