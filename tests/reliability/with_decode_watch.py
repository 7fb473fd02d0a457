"""Run jaxlsp with every ``json.loads`` on the event loop's thread watched.

Usage: ``python with_decode_watch.py serve``.  Each JSON text of ``WATCHED_BYTES`` or more
decoded on the main thread (where the event loop runs the handlers) is reported on stderr as
``decoded on the event loop: N bytes``.  Everything else is the real jaxlsp.
"""

from __future__ import annotations

import json
import sys
import threading
from typing import Any

#: Bodies of this many bytes or more are reported.
WATCHED_BYTES = 64 * 1024
REPORT = "decoded on the event loop: "


def install() -> None:
    real_loads = json.loads

    def loads(text: str | bytes | bytearray, **kwargs: Any) -> Any:
        if threading.current_thread() is threading.main_thread() and len(text) >= WATCHED_BYTES:
            sys.stderr.write(f"{REPORT}{len(text)} bytes\n")
            sys.stderr.flush()
        return real_loads(text, **kwargs)

    json.loads = loads


if __name__ == "__main__":
    install()
    from jaxlsp.cli import main

    sys.exit(main(sys.argv[1:]))
