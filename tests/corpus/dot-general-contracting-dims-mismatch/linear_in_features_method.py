"""A Linear layer configured for 784 inputs applied to flattened 28x28x3 images."""
# corpus: label=positive styles=attribute,method

import jax
import jax.numpy as jnp


class Linear:
    def __init__(self, key, in_features, out_features):
        self.weight = jax.random.normal(key, (in_features, out_features)) * 0.01
        self.bias = jnp.zeros(out_features)

    def __call__(self, x):
        return x @ self.weight + self.bias  # expect: dot-general-contracting-dims-mismatch


layer = Linear(jax.random.key(0), 784, 10)
images = jnp.ones((8, 28, 28, 3))
print(layer(images.reshape(8, -1)).shape)
