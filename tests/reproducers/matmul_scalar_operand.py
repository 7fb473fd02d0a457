"""Raises ValueError: matmul (or the @ operator) given a 0-d operand (a Python number)."""

import jax.numpy as jnp

jnp.matmul(2.0, jnp.ones((3, 3)))
