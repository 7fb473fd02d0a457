"""A pooling layer keeps its spatial axes as an attribute set for NHWC images; it is applied
to a batch of feature vectors."""
# corpus: label=positive styles=attribute,method

import jax.numpy as jnp


class GlobalPool:
    def __init__(self, spatial_axes=(1, 2)):
        self.spatial_axes = spatial_axes

    def __call__(self, features):
        return features.mean(axis=self.spatial_axes)  # expect: axis-out-of-bounds


pool = GlobalPool()
pool(jnp.ones((16, 128)))
