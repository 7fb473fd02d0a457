"""Raises TypeError: jax.random.split's count is a jit argument, so a tracer becomes a parameter
of the split primitive, which JAX cannot hash."""

import jax


@jax.jit
def keys(key, n):
    return jax.random.split(key, n)


keys(jax.random.key(0), 3)
