# corpus: label=positive styles=parameter batch=pallas
"""Two outputs are requested, but the kernel was written with one output ref."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def minmax_kernel(x_ref, o_ref):
    o_ref[...] = jnp.maximum(x_ref[...], 0.0)


def run(x, kernel=minmax_kernel):
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    call = pl.pallas_call(  # expect: pallas-function-arity
        kernel, out_shape=(shape, shape), interpret=True
    )
    return call(x)


print(run(jnp.ones((8, 128), jnp.float32)))
