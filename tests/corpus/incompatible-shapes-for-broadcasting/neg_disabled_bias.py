"""A bias of the wrong size exists, but the layer is configured without a bias."""
# corpus: label=negative styles=attribute,method

import jax.numpy as jnp


class Dense:
    def __init__(self, n_in, n_out, use_bias=False):
        self.w = jnp.ones((n_in, n_out))
        self.b = jnp.zeros(n_in)
        self.use_bias = use_bias

    def __call__(self, x):
        y = x @ self.w
        if self.use_bias:
            y = y + self.b
        return y


print(Dense(4, 8)(jnp.ones((2, 4))).shape)
