"""A scan over a NamedTuple state whose step method keeps the hidden state's shape."""
# corpus: label=negative styles=method batch=e

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
        return State(hidden, state.steps + 1), hidden.sum()

    def run(self, xs):
        init = State(jnp.zeros((xs.shape[1],)), jnp.zeros((), jnp.int32))
        return jax.lax.scan(self.step, init, xs)


Cell(4).run(jnp.ones((5, 4)))
