# corpus: label=negative styles=attribute batch=s36
"""The masked softmax passes the mask to the kernel as an input."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class MaskedSoftmax:
    def __init__(self, n):
        self.n = n
        self.mask = jnp.tril(jnp.ones((n, n), jnp.bool_))

    def __call__(self, scores):
        def kernel(s_ref, m_ref, o_ref):
            s = jnp.where(m_ref[...] != 0, s_ref[...], -1e9)
            e = jnp.exp(s - jnp.max(s, axis=-1, keepdims=True))
            o_ref[...] = e / jnp.sum(e, axis=-1, keepdims=True)

        return pl.pallas_call(
            kernel, out_shape=jax.ShapeDtypeStruct(scores.shape, scores.dtype), interpret=True
        )(scores, self.mask.astype(jnp.int32))


print(MaskedSoftmax(128)(jnp.ones((128, 128), jnp.float32)).sum())
