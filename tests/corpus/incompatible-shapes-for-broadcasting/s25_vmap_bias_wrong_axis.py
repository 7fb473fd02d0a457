"""A vmapped dense layer adds a bias whose length is the input width, not the output width."""
# corpus: label=positive styles=transform,attribute batch=s25

import jax
import jax.numpy as jnp


class Dense:
    def __init__(self, d_in, d_out):
        self.w = jnp.ones((d_in, d_out))
        self.b = jnp.zeros(d_in)

    def __call__(self, x):
        return x @ self.w + self.b  # expect: incompatible-shapes-for-broadcasting


layer = Dense(4, 6)
print(jax.vmap(layer)(jnp.ones((8, 4))).shape)
