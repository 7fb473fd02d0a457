"""Raises TypeError: a while_loop's initial carry holds a Python function."""

import jax.numpy as jnp
from jax import lax


def body(carry):
    step, x, update = carry
    return step + 1, update(x), update


lax.while_loop(lambda c: c[0] < 3, body, (0, jnp.ones(3), jnp.tanh))
