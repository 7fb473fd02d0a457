"""The layer is built for the flattened size the images really have."""
# corpus: label=negative styles=attribute,method

import jax
import jax.numpy as jnp


class Linear:
    def __init__(self, key, in_features, out_features):
        self.weight = jax.random.normal(key, (in_features, out_features)) * 0.01
        self.bias = jnp.zeros(out_features)

    def __call__(self, x):
        return x @ self.weight + self.bias


layer = Linear(jax.random.key(0), 28 * 28 * 3, 10)
images = jnp.ones((8, 28, 28, 3))
print(layer(images.reshape(8, -1)).shape)
