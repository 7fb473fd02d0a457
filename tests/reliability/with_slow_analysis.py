"""Run jaxlsp with an engine whose analysis of a marked text takes minutes unless cancelled.

Usage: ``python with_slow_analysis.py serve``.  A source containing ``SLOW_MARKER`` is analysed
by a loop that checks its ``CancelToken`` every few milliseconds for up to ``SLOW_S`` seconds
(a stand-in for a pathological file between the engine's cancellation checks) and prints
``slow analysis cancelled`` to stderr when the token stops it; any other source is analysed by
the real engine.  Everything else is the real jaxlsp.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from jaxlsp.cancel import AnalysisCancelled, CancelToken
from jaxlsp.engine import Analysis, Engine

SLOW_MARKER = "# jaxlsp-test: slow analysis"
SLOW_S = 120.0


def install() -> None:
    real_analyze = Engine.analyze

    def analyze(
        self: Engine,
        source: str,
        path: str | None = None,
        previous: Analysis | None = None,
        *,
        cancel: CancelToken | None = None,
        line_names: Callable[[int], str] | None = None,
    ) -> Analysis:
        if SLOW_MARKER in source:
            sys.stderr.write("slow analysis started\n")
            sys.stderr.flush()
            deadline = time.monotonic() + SLOW_S
            while time.monotonic() < deadline:
                try:
                    if cancel is not None:
                        cancel.check()
                except AnalysisCancelled:
                    sys.stderr.write("slow analysis cancelled\n")
                    sys.stderr.flush()
                    raise
                time.sleep(0.005)
        return real_analyze(self, source, path, previous, cancel=cancel, line_names=line_names)

    Engine.analyze = analyze  # type: ignore[method-assign]


if __name__ == "__main__":
    install()
    from jaxlsp.cli import main

    sys.exit(main(sys.argv[1:]))
