"""What the first hover on an analysis reads is made on the analysis worker once its
diagnostics are out (``EngineHost.prepare_hovers``), not by that hover on the loop: the same
answers, made earlier, and not for a version that was replaced before the worker got to it."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from jaxlsp.engine import Analysis, Engine
from jaxlsp.findings import Position
from jaxlsp.lsp.engines import EngineHost

SOURCE = """import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip(x):
    return x


def clip_fwd(x):
    return x, None


def clip_bwd(_, g):
    return (g,)


clip.defvjp(clip_fwd, clip_bwd)


@jax.jit
def step(x):
    y = jnp.ones((3, 4)) @ x
    y[0] = 1.0
    return clip(y).sum()
"""


class _Reporter:
    def log(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("nothing to report")

    def showing_progress(self, title: str) -> object:
        raise AssertionError("nothing to show")


def _every_hover(engine: Engine, analysis: Analysis) -> list[object]:
    lines = SOURCE.splitlines()
    return [
        engine.hover(analysis, Position(line, column))
        for line, text in enumerate(lines)
        for column in range(len(text) + 1)
    ]


def test_prepared_hovers_answer_as_unprepared_ones() -> None:
    engine = Engine()
    prepared = engine.analyze(SOURCE, "/tmp/prepared.py")
    assert prepared.program is not None and prepared.program.shapes is None
    engine.prepare_hovers(prepared)
    assert prepared.program.shapes is not None  # made by the preparation, not by a hover
    unprepared = Engine().analyze(SOURCE, "/tmp/prepared.py")
    answers = _every_hover(engine, prepared)
    assert any(answer is not None for answer in answers)  # the call, the finding, the shapes
    assert answers == _every_hover(Engine(), unprepared)


def test_a_program_that_does_not_parse_prepares_its_last_good_one() -> None:
    engine = Engine()
    good = engine.analyze(SOURCE, "/tmp/broken.py")
    broken = engine.analyze(SOURCE + "\ndef (:\n", "/tmp/broken.py", good)
    assert broken.parse_error is not None and broken.program is not None
    engine.prepare_hovers(broken)
    assert broken.program.shapes is not None
    on_the_finding = Position(23, 5)  # ``y[0] = 1.0``
    answer = engine.hover(broken, on_the_finding)
    assert answer is not None and answer == engine.hover(good, on_the_finding)


def test_preparation_waits_behind_the_worker_and_skips_a_replaced_version() -> None:
    worker = ThreadPoolExecutor(max_workers=1)
    host = EngineHost(Engine, worker, _Reporter())  # type: ignore[arg-type]
    host.checking_engine()  # loaded, as the server does before its first message
    shown = Engine(workspace=host.workspace).analyze(SOURCE, "/tmp/shown.py")
    replaced = Engine(workspace=host.workspace).analyze(SOURCE, "/tmp/replaced.py")
    assert shown.program is not None and replaced.program is not None

    analysing = threading.Event()
    worker.submit(analysing.wait, 30)  # an analysis running
    host.prepare_hovers(shown, lambda: True)
    host.prepare_hovers(replaced, lambda: False)
    assert shown.program.shapes is None  # queued behind it
    analysing.set()
    worker.submit(lambda: None).result(30)
    assert shown.program.shapes is not None
    assert replaced.program.shapes is None  # a newer version's publish prepares its own
    worker.shutdown()
