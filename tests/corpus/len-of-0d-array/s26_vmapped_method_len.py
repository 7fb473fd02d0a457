"""A tokenizer-like class's method takes `len` of its input; it is vmapped over a vector of ids, so each call sees a 0-d row."""
# corpus: label=positive styles=method,transform batch=s26

import jax
import jax.numpy as jnp


class LengthFeature:
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, ids):
        return jnp.float32(len(ids)) * self.scale  # expect: len-of-0d-array


feature = LengthFeature(0.5)
print(jax.vmap(feature)(jnp.arange(5)))
