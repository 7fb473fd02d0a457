"""A LayerScale module whose per-channel scale was built for the hidden width, not the input's."""
# corpus: label=positive styles=attribute,method

import jax.numpy as jnp


class LayerScale:
    def __init__(self, dim, init=1e-4):
        self.gamma = init * jnp.ones(dim)

    def __call__(self, x):
        return x * self.gamma  # expect: incompatible-shapes-for-broadcasting


block = LayerScale(dim=256)
tokens = jnp.ones((4, 16, 192))
print(block(tokens).shape)
