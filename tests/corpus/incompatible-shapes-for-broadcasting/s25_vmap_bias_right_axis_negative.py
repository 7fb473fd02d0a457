"""The vmapped dense layer with a bias of the output width."""
# corpus: label=negative styles=transform,attribute batch=s25

import jax
import jax.numpy as jnp


class Dense:
    def __init__(self, d_in, d_out):
        self.w = jnp.ones((d_in, d_out))
        self.b = jnp.zeros(d_out)

    def __call__(self, x):
        return x @ self.w + self.b


layer = Dense(4, 6)
print(jax.vmap(layer)(jnp.ones((8, 4))).shape)
