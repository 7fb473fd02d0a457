"""Raises TypeError: adding arrays whose shapes cannot broadcast, (3,) and (4,)."""

import jax.numpy as jnp

jnp.ones(3) + jnp.ones(4)
