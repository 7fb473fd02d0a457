"""Run ``python -m jaxlsp serve`` under a Python audit hook that records what it does.

Usage: ``python audited_server.py AUDIT_LOG [jaxlsp arguments...]`` (default ``serve``).

Each audited event the tests care about (sockets, processes, ``exec`` of code objects, files
opened) is written to AUDIT_LOG as one JSON line, never to stdout (the protocol).  The hook
observes only: it changes nothing, so the server behaves as it does in an editor.
"""

from __future__ import annotations

import json
import os
import runpy
import sys
import threading
from pathlib import Path
from typing import Any

WATCHED = (
    "socket.",
    "subprocess.Popen",
    "os.system",
    "os.exec",
    "os.posix_spawn",
    "os.spawn",
    "os.fork",
    "os.startfile",
    "pty.spawn",
    "urllib.Request",
    "http.client.connect",
    "ctypes.dlopen",
    "exec",
    "open",
    "import",
)


def main() -> None:
    log_path, *arguments = sys.argv[1:]
    log = Path(log_path).open("a", encoding="utf-8", buffering=1)  # noqa: SIM115  (lives as long as the process)
    guard = threading.local()

    def describe(value: Any) -> Any:
        if isinstance(value, (str, int, float, bool)) or value is None:
            return value
        if isinstance(value, bytes):
            return value.decode("utf-8", "replace")
        if isinstance(value, os.PathLike):
            return os.fspath(value)
        code_file = getattr(value, "co_filename", None)
        if code_file is not None:
            return {"code": code_file}
        return type(value).__name__

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if getattr(guard, "busy", False) or not event.startswith(WATCHED):
            return
        guard.busy = True
        try:
            log.write(json.dumps({"event": event, "args": [describe(a) for a in args]}) + "\n")
        except Exception:  # the hook must never break the server
            pass
        finally:
            guard.busy = False

    sys.addaudithook(hook)
    sys.argv = ["jaxlsp", *(arguments or ["serve"])]
    runpy.run_module("jaxlsp", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
