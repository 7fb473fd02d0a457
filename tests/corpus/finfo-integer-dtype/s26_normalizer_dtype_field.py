"""A flax-like normalization module written as a plain class keeps `dtype` as a field; built with `jnp.int32` for a quantized model, its `__call__` reads `jnp.finfo(self.dtype)`."""
# corpus: label=positive styles=attribute,method batch=s26

import jax.numpy as jnp


class RMSNorm:
    def __init__(self, features, dtype=jnp.float32):
        self.features = features
        self.dtype = dtype

    def __call__(self, x):
        eps = jnp.finfo(self.dtype).tiny  # expect: finfo-integer-dtype
        return x / jnp.sqrt(jnp.mean(x**2) + eps)


norm = RMSNorm(4, dtype=jnp.int32)
print(norm(jnp.ones(4)))
