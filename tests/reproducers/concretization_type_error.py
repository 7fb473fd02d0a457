"""Raises ConcretizationTypeError: a traced value is used where JAX needs a concrete number.

``jnp.arange(n)`` needs ``n`` at trace time to know the output's shape, but under ``jax.jit``
the argument ``n`` is a tracer.
"""

import jax
import jax.numpy as jnp


@jax.jit
def first_n(n):
    return jnp.arange(n)


first_n(3)
