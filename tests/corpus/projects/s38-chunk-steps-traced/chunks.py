"""Chunked rollouts: jit of a partial whose caller passes the step count, traced."""

from functools import partial
from typing import Any

import jax


def step(carry, transition, steps: int):
    if steps < 0:  # expect: tracer-bool-conversion-error
        raise ValueError("steps must be nonnegative")
    for _ in range(steps):
        carry = transition(carry)
    return carry


def _reduce_chunk(carry, *, transition, steps: int, **settings: Any):
    return step(carry, transition, steps)


def _observed_chunk(carry, *, history, transition, steps: int, **settings: Any):
    return step(carry, transition, steps), history(carry)


def compile_chunk(carry, *, history=None, **settings: Any):
    reducer = _reduce_chunk if history is None else partial(_observed_chunk, history=history)
    execute = jax.jit(partial(reducer, **settings))
    return execute
