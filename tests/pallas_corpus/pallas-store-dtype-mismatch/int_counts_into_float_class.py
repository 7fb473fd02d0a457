# corpus: label=positive styles=attribute,method batch=pallas
"""A counting layer stores int32 counts into the float32 output its class declares."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class Positives:
    out_dtype = jnp.float32

    def kernel(self, x_ref, o_ref):
        o_ref[...] = (x_ref[...] > 0).astype(jnp.int32)  # expect: pallas-store-dtype-mismatch

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, self.out_dtype),
            interpret=True,
        )(x)


print(Positives()(jnp.ones((8, 128), jnp.float32)).sum())
