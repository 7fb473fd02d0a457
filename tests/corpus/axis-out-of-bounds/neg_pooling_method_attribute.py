"""The pooling layer's spatial axes fit the NHWC images it is given."""
# corpus: label=negative styles=attribute,method

import jax.numpy as jnp


class GlobalPool:
    def __init__(self, spatial_axes=(1, 2)):
        self.spatial_axes = spatial_axes

    def __call__(self, features):
        return features.mean(axis=self.spatial_axes)


pool = GlobalPool()
pool(jnp.ones((16, 8, 8, 128)))
