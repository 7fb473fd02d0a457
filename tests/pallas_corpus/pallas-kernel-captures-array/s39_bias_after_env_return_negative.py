# corpus: label=negative styles=helper batch=s39
"""The kernel copies its block and returns early unless an environment flag asks for the bias;
the flag is off when it runs, so the read after the early return never traces."""

import os

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

WITH_BIAS = os.environ.get("KERNEL_WITH_BIAS", "0") == "1"


def add_bias(x, bias):
    def kernel(x_ref, o_ref):
        if not WITH_BIAS:
            o_ref[...] = x_ref[...]
            return
        o_ref[...] = x_ref[...] + bias

    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
        x
    )


print(add_bias(jnp.ones((8, 128), jnp.float32), jnp.ones((8, 128), jnp.float32)).sum())
