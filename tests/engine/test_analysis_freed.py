"""A replaced analysis is freed by reference counting alone: the server holds the cyclic
collector off until diagnostics are out, so a cycle through an analysis (its interpreter and
the keeper of its runs) would keep a whole analysis alive beside the next one."""

from __future__ import annotations

import gc
import weakref

from jaxlsp.engine import Engine

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
