# corpus: label=negative styles=method batch=pallas
"""The bound-method kernel takes the mask too."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class MaskedGelu:
    def kernel(self, x_ref, m_ref, o_ref):
        v = x_ref[...] * m_ref[...]
        o_ref[...] = 0.5 * v * (1.0 + jnp.tanh(0.79788456 * (v + 0.044715 * v * v * v)))

    def __call__(self, x, mask):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            interpret=True,
        )(x, mask)


x = jnp.ones((8, 128), jnp.float32)
print(MaskedGelu()(x, x).sum())
