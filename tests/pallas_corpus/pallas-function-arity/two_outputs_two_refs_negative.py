# corpus: label=negative styles=parameter batch=pallas
"""Two outputs and a kernel with two output refs."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def minmax_kernel(x_ref, hi_ref, lo_ref):
    hi_ref[...] = jnp.maximum(x_ref[...], 0.0)
    lo_ref[...] = jnp.minimum(x_ref[...], 0.0)


def run(x, kernel=minmax_kernel):
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return pl.pallas_call(kernel, out_shape=(shape, shape), interpret=True)(x)


print(run(jnp.ones((8, 128), jnp.float32))[0].sum())
