# corpus: label=negative styles=attribute batch=pallas
"""A Python float constant at module level is fine inside the kernel."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

SCALE = 0.125


def scale_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * SCALE


x = jnp.ones((8, 128), jnp.float32)
print(
    pl.pallas_call(scale_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
        x
    ).sum()
)
