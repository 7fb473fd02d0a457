# corpus: label=positive styles=attribute,method batch=s31
"""A callable module object builds its kernel as a closure over its scale, a JAX array."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class ScaledSoftplus:
    def __init__(self, scale):
        self.scale = jnp.asarray(scale, jnp.float32)

    def __call__(self, x):
        def kernel(x_ref, o_ref):
            y = x_ref[...] * self.scale  # expect: pallas-kernel-captures-array
            o_ref[...] = jax.nn.softplus(y)

        return pl.pallas_call(
            kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
        )(x)


print(ScaledSoftplus(2.0)(jnp.ones((8, 128), jnp.float32)).sum())
