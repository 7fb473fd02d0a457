"""The server makes the summaries an analysis left for later on its analysis worker, behind
what is queued there (``EngineHost.settle_summaries``, asked once a push has published)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from jaxlsp.engine import Engine
from jaxlsp.lsp.engines import EngineHost

SOURCE = """import jax


def helper(x):
    return x * 2.0


@jax.jit
def step(x):
    if x > 0:
        return helper(x)
    return x
"""


class _Reporter:
    def log(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("nothing to report")

    def showing_progress(self, title: str) -> object:
        raise AssertionError("nothing to show")


def test_summaries_are_made_on_the_worker_after_what_is_queued() -> None:
    worker = ThreadPoolExecutor(max_workers=1)
    host = EngineHost(Engine, worker, _Reporter())  # type: ignore[arg-type]
    engine = Engine(workspace=host.workspace)
    analysis = engine.analyze(SOURCE, "/tmp/settle.py")
    assert analysis.program is not None
    module = analysis.program.module
    helper = module.parsed.chunks[1].tree.body[0]
    summaries = host.workspace.summaries
    assert summaries.get(module.key, helper) is None  # left for later

    analysing = threading.Event()
    worker.submit(analysing.wait, 30)  # an analysis running
    host.settle_summaries()
    assert summaries.get(module.key, helper) is None  # queued behind it
    analysing.set()
    worker.submit(lambda: None).result(30)
    summary = summaries.get(module.key, helper)
    assert summary is not None and summary.node is helper
    worker.shutdown()
