"""Raises TypeError: a string is passed to a jitted function for a non-static argument."""

import jax
import jax.numpy as jnp


@jax.jit
def activate(x, kind):
    return jnp.tanh(x) if kind == "tanh" else jax.nn.relu(x)


activate(jnp.ones(3), "tanh")
