"""A layer that flattens its weights and bias into one array for a checksum."""
# corpus: label=positive styles=attribute,method

import jax.numpy as jnp


class Dense:
    def __init__(self, fan_in, fan_out):
        self.w = jnp.zeros((fan_in, fan_out))
        self.b = jnp.zeros(fan_out)

    def packed(self):
        return jnp.asarray([self.w, self.b])  # expect: concatenate-rank-mismatch


print(Dense(3, 4).packed().shape)
