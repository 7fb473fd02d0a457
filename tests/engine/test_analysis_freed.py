"""A replaced analysis is freed by reference counting alone: the server holds the cyclic
collector off until diagnostics are out, so a cycle through an analysis (its interpreter and
the keeper of its runs) would keep a whole analysis alive beside the next one."""

from __future__ import annotations

import gc
import weakref

from jaxlsp.engine import Engine
from jaxlsp.findings import Position

SOURCE = """\
import jax
import jax.numpy as jnp


def step(x):
    return jnp.sin(x) * 2


def unused(y):
    return jax.jit(step)(y).reshape(4, 2)


print(step(jnp.ones(8)))
"""


def test_a_replaced_analysis_is_freed_without_the_cyclic_collector() -> None:
    engine = Engine()
    first = engine.analyze(SOURCE, "/tmp/freed.py")
    assert first.program is not None
    interpreter = weakref.ref(first.program.interpreter)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        second = engine.analyze(SOURCE + "\nx = 1\n", "/tmp/freed.py", previous=first)
        engine.workspace.summaries.settle()
        del first
        assert interpreter() is None
        assert second.program is not None
    finally:
        if was_enabled:
            gc.enable()


def test_an_analysis_asked_for_hovers_is_freed_without_the_cyclic_collector() -> None:
    """The hover index (``Program.named_spans``) holds nothing that refers back to the
    analysis, so a hovered analysis goes as soon as it is replaced too."""
    engine = Engine()
    first = engine.analyze(SOURCE, "/tmp/freed.py")
    assert first.program is not None
    assert engine.hover(first, Position(5, 12)) is not None  # `jnp` in step's body
    program = weakref.ref(first.program)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        second = engine.analyze(SOURCE + "\nx = 1\n", "/tmp/freed.py", previous=first)
        engine.workspace.summaries.settle()
        del first
        assert program() is None
        assert second.program is not None
    finally:
        if was_enabled:
            gc.enable()
