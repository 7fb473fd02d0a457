"""A layer that flattens its weights and bias into one vector (concatenated, not stacked)."""
# corpus: label=negative styles=attribute,method

import jax.numpy as jnp


class Dense:
    def __init__(self, fan_in, fan_out):
        self.w = jnp.zeros((fan_in, fan_out))
        self.b = jnp.zeros(fan_out)

    def packed(self):
        return jnp.concatenate([self.w.ravel(), self.b])


print(Dense(3, 4).packed().shape)
