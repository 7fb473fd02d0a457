"""The histogram converts its counts to the sums' dtype before lax.div."""
# corpus: label=negative styles=method,attribute

import jax.numpy as jnp
from jax import lax


class Histogram:
    def __init__(self, bins):
        self.sums = jnp.zeros(bins)
        self.counts = jnp.ones(bins, jnp.int32)

    def means(self):
        return lax.div(self.sums, self.counts.astype(self.sums.dtype))


Histogram(4).means()
