"""The features are joined along the last axis."""
# corpus: label=negative styles=method,attribute

import jax.numpy as jnp


class Features:
    def __init__(self, axis=-1):
        self.axis = axis

    def combine(self, dense, sparse):
        return jnp.concatenate([dense, sparse], axis=self.axis)


extractor = Features()
print(extractor.combine(jnp.ones((32, 10)), jnp.ones((32, 6))).shape)
