"""A feature extractor concatenates two feature blocks along the batch axis instead of features."""
# corpus: label=positive styles=method,attribute

import jax.numpy as jnp


class Features:
    def __init__(self, axis=0):
        self.axis = axis

    def combine(self, dense, sparse):
        return jnp.concatenate([dense, sparse], axis=self.axis)  # expect: concatenate-rank-mismatch


extractor = Features()
print(extractor.combine(jnp.ones((32, 10)), jnp.ones((32, 6))).shape)
