"""Raises ValueError: jax.tree.map over two pytrees with different structures.

The parameter dict has keys "w" and "b", the gradient dict "w" and "bias".
"""

import jax
import jax.numpy as jnp

params = {"w": jnp.ones(3), "b": jnp.zeros(())}
grads = {"w": jnp.ones(3), "bias": jnp.zeros(())}
jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
