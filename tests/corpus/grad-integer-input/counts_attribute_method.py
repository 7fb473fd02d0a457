"""A histogram model keeps integer counts and differentiates its likelihood with respect to them."""
# corpus: label=positive styles=attribute,method

import jax
import jax.numpy as jnp


class Histogram:
    def __init__(self, bins):
        self.counts = jnp.zeros(bins, dtype=jnp.int32)

    def log_likelihood(self, counts):
        return jnp.sum(jnp.log1p(counts))

    def sensitivity(self):
        return jax.grad(self.log_likelihood)(self.counts)  # expect: grad-integer-input


print(Histogram(10).sensitivity())
