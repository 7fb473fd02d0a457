# corpus: label=positive styles=method,return batch=s37
"""A ragged-decode object's kernel method asks another method for the sequence's length (a
value read from the lengths Ref) and reads that many key rows with `pl.ds`."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class RaggedKeys:
    def length(self, lens_ref):
        return lens_ref[0]

    def kernel(self, lens_ref, k_ref, o_ref):
        n = self.length(lens_ref)
        keys = k_ref[pl.ds(0, n), :]  # expect: pallas-ds-size-not-static
        o_ref[...] = jnp.broadcast_to(jnp.sum(keys, axis=0, keepdims=True), o_ref.shape)

    def __call__(self, lens, k):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct((8, k.shape[1]), k.dtype),
            interpret=True,
        )(lens, k)


print(RaggedKeys()(jnp.array([5], jnp.int32), jnp.ones((16, 128), jnp.float32)).sum())
