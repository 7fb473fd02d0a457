"""Raises UnexpectedTracerError: a tracer saved to a global escapes its ``jax.jit`` trace."""

import jax
import jax.numpy as jnp

saved = []


@jax.jit
def remember(x):
    saved.append(x)
    return x + 1


remember(jnp.float32(1.0))
jnp.sin(saved[0])
