"""`jax.jit(clipper.zero_large)`: the method zeroes large entries with `g.at[mask].set(0.0)`."""
# corpus: label=positive styles=method

import jax
import jax.numpy as jnp


class GradClipper:
    def __init__(self, limit):
        self.limit = limit

    def zero_large(self, g):
        too_big = jnp.abs(g) > self.limit
        return g.at[too_big].set(0.0)  # expect: non-concrete-boolean-index-error


clipper = GradClipper(limit=1.0)
zero_large = jax.jit(clipper.zero_large)
zero_large(jnp.array([0.5, -3.0, 2.0]))
