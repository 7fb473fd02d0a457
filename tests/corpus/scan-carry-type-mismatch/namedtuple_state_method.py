"""A scan over a NamedTuple state whose step method sums the hidden state over its features."""
# corpus: label=positive styles=method batch=e

from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    hidden: jax.Array
    steps: jax.Array


class Cell:
    def __init__(self, width):
        self.weight = jnp.ones((width, width))

    def step(self, state, x):
        hidden = jnp.tanh(state.hidden @ self.weight + x)
        return State(hidden.sum(axis=-1), state.steps + 1), hidden

    def run(self, xs):
        init = State(jnp.zeros((xs.shape[1],)), jnp.zeros((), jnp.int32))
        return jax.lax.scan(self.step, init, xs)  # expect: scan-carry-type-mismatch


Cell(4).run(jnp.ones((5, 4)))
