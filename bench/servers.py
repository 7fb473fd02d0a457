"""The servers the benchmark knows, and where to find each one's executable.

jaxlsp and the trivial pygls server run from this interpreter's environment. The peers (ruff,
fixit, jaxlint) come from ``bench/.venv-peers`` (see ``bench/requirements-peers.txt``) when it
exists, else from this environment or ``PATH``; a peer that is not installed is skipped, and
the report says so.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
PEERS_BIN = BENCH_DIR / ".venv-peers" / "bin"
OWN_BIN = Path(sys.executable).parent

JAXLSP = "jaxlsp"
# jaxlsp with a 250 ms debounce set by the client (its default is 0), to show what one costs.
JAXLSP_DEBOUNCED = "jaxlsp-debounce250"
TRIVIAL = "trivial-pygls"
RUFF = "ruff"
FIXIT = "fixit"
JAXLINT = "jaxlint"
ALL_SERVERS = (JAXLSP, RUFF, FIXIT, JAXLINT, TRIVIAL)
#: Known by name (``--servers``) but not run by default.
EXTRA_SERVERS = (JAXLSP_DEBOUNCED,)
_VERSION_OF = "import importlib.metadata as m; print('{0}', m.version('{0}'))"


@dataclass(frozen=True)
class ServerSpec:
    """How to start one server on stdio, and how to ask its version."""

    name: str
    command: tuple[str, ...]
    version_command: tuple[str, ...]
    note: str = ""
    env: dict[str, str] = field(default_factory=dict)
    # The answer to each workspace/configuration item (None: the server's defaults).
    settings: Any = None


def _find(executable: str) -> str | None:
    for folder in (PEERS_BIN, OWN_BIN):
        candidate = folder / executable
        if candidate.is_file():
            return str(candidate)
    return shutil.which(executable)


def _peer_python() -> str:
    candidate = PEERS_BIN / "python"
    return str(candidate) if candidate.is_file() else sys.executable


def find_server(name: str) -> ServerSpec | None:
    """The spec for ``name``, or None when its executable is not installed."""
    if name in (JAXLSP, JAXLSP_DEBOUNCED):
        jaxlsp = OWN_BIN / "jaxlsp"
        command = (str(jaxlsp),) if jaxlsp.is_file() else (sys.executable, "-m", "jaxlsp")
        if name == JAXLSP:
            return ServerSpec(JAXLSP, (*command, "serve"), (*command, "--version"))
        return ServerSpec(
            name,
            (*command, "serve"),
            (*command, "--version"),
            note="client setting debounceMs = 250",
            settings={"debounceMs": 250},
        )
    if name == TRIVIAL:
        script = str(BENCH_DIR / "trivial_server.py")
        return ServerSpec(
            TRIVIAL,
            (sys.executable, script),
            (sys.executable, "-c", _VERSION_OF.format("pygls")),
            note="pygls 2, constant hover, empty diagnostics",
        )
    if name == RUFF:
        ruff = _find("ruff")
        return ServerSpec(RUFF, (ruff, "server"), (ruff, "--version")) if ruff else None
    if name == FIXIT:
        fixit = _find("fixit")
        if fixit is None:
            return None
        return ServerSpec(
            FIXIT,
            (fixit, "lsp"),
            (_peer_python(), "-c", _VERSION_OF.format("fixit")),
            note="default debounce",
        )
    if name == JAXLINT:
        jaxlint = _find("jaxlint-lsp")
        if jaxlint is None:
            return None
        return ServerSpec(
            JAXLINT,
            (jaxlint,),
            (_peer_python(), "-c", _VERSION_OF.format("jaxlint")),
            note="default 200 ms debounce",
        )
    known = ", ".join((*ALL_SERVERS, *EXTRA_SERVERS))
    raise ValueError(f"unknown server {name!r}; known: {known}")


def server_version(spec: ServerSpec) -> str:
    """The server's own version line, or why it could not be had."""
    try:
        done = subprocess.run(
            spec.version_command, capture_output=True, text=True, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"unknown ({error})"
    lines = (done.stdout or done.stderr).strip().splitlines()
    return lines[0] if lines else "unknown"
