"""A histogram class divides its float sums by its int32 counts with lax.div."""
# corpus: label=positive styles=method,attribute

import jax.numpy as jnp
from jax import lax


class Histogram:
    def __init__(self, bins):
        self.sums = jnp.zeros(bins)
        self.counts = jnp.ones(bins, jnp.int32)

    def means(self):
        return lax.div(self.sums, self.counts)  # expect: lax-operand-dtypes-differ


Histogram(4).means()
