"""The same LayerScale built with the tokens' width."""
# corpus: label=negative styles=attribute,method

import jax.numpy as jnp


class LayerScale:
    def __init__(self, dim, init=1e-4):
        self.gamma = init * jnp.ones(dim)

    def __call__(self, x):
        return x * self.gamma


block = LayerScale(dim=192)
tokens = jnp.ones((4, 16, 192))
print(block(tokens).shape)
