# corpus: label=positive styles=method batch=pallas
"""A module's kernel is a method bound to the instance; the call passes an extra input the
kernel does not take."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class Gelu:
    def kernel(self, x_ref, o_ref):
        v = x_ref[...]
        o_ref[...] = 0.5 * v * (1.0 + jnp.tanh(0.79788456 * (v + 0.044715 * v * v * v)))

    def __call__(self, x, mask):
        return pl.pallas_call(  # expect: pallas-function-arity
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            interpret=True,
        )(x, mask)


x = jnp.ones((8, 128), jnp.float32)
print(Gelu()(x, x).sum())
