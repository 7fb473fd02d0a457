"""`jax.jit(clipper.zero_large)` with the fix: `jnp.where(mask, 0.0, g)` instead of `.at[mask]`."""
# corpus: label=negative styles=method

import jax
import jax.numpy as jnp


class GradClipper:
    def __init__(self, limit):
        self.limit = limit

    def zero_large(self, g):
        too_big = jnp.abs(g) > self.limit
        return jnp.where(too_big, 0.0, g)


clipper = GradClipper(limit=1.0)
zero_large = jax.jit(clipper.zero_large)
zero_large(jnp.array([0.5, -3.0, 2.0]))
