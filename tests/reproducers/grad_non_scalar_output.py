"""Raises TypeError: jax.grad of a function that returns a vector."""

import jax
import jax.numpy as jnp

jax.grad(jnp.sin)(jnp.arange(3.0))
