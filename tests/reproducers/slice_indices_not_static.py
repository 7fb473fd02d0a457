"""Raises IndexError: a slice of a JAX array whose stop is a tracer of jax.jit."""

import jax
import jax.numpy as jnp


@jax.jit
def first(x, n):
    return x[:n]


first(jnp.arange(10), 5)
