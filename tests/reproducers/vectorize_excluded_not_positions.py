"""Raises TypeError: jnp.vectorize told to exclude an argument by something that is neither
its position nor its name."""

import jax.numpy as jnp


def power(x, n):
    return x**n


powers = jnp.vectorize(power, excluded={1.0})
