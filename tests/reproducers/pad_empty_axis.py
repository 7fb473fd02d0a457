"""Raises ValueError: 'edge' padding of an axis of size 0, which has no value to copy."""

import jax.numpy as jnp

jnp.pad(jnp.zeros((0,)), 2, mode="edge")
