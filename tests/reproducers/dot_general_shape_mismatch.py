"""Raises TypeError: a matrix product whose contracted dimensions differ (3 and 4)."""

import jax.numpy as jnp

jnp.ones((2, 3)) @ jnp.ones((4, 5))
