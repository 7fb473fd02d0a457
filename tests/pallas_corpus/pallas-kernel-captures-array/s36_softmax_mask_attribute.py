# corpus: label=positive styles=attribute batch=s36
"""A masked softmax kernel built in a method reads the causal mask array from `self`."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class MaskedSoftmax:
    def __init__(self, n):
        self.n = n
        self.mask = jnp.tril(jnp.ones((n, n), jnp.bool_))

    def __call__(self, scores):
        def kernel(s_ref, o_ref):
            s = jnp.where(self.mask, s_ref[...], -1e9)  # expect: pallas-kernel-captures-array
            e = jnp.exp(s - jnp.max(s, axis=-1, keepdims=True))
            o_ref[...] = e / jnp.sum(e, axis=-1, keepdims=True)

        return pl.pallas_call(
            kernel, out_shape=jax.ShapeDtypeStruct(scores.shape, scores.dtype), interpret=True
        )(scores)


print(MaskedSoftmax(128)(jnp.ones((128, 128), jnp.float32)).sum())
