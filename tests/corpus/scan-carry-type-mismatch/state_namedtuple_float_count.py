"""A scan over a NamedTuple state whose int32 count field gets a float increment (a weak float, still float32)."""

# corpus: label=positive styles=helper,attribute
from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    total: jax.Array
    count: jax.Array


def step(state, x):
    return State(state.total + x, state.count + 1.5), x


init = State(jnp.zeros(()), jnp.zeros((), jnp.int32))
jax.lax.scan(step, init, jnp.arange(4.0))  # expect: scan-carry-type-mismatch
