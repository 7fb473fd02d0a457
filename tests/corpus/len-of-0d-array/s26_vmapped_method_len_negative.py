"""The same method vmapped over a matrix of ids, so each call sees a row with a length."""
# corpus: label=negative styles=method,transform batch=s26

import jax
import jax.numpy as jnp


class LengthFeature:
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, ids):
        return jnp.float32(len(ids)) * self.scale


feature = LengthFeature(0.5)
print(jax.vmap(feature)(jnp.arange(10).reshape(5, 2)))
