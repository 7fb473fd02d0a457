# corpus: label=negative styles=helper batch=s39
"""The bias is picked by a conditional expression on an environment flag that is off when it
runs: only `0.0` is traced, and nothing is captured."""

import os

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

USE_BIAS = os.environ.get("KERNEL_WITH_BIAS", "0") == "1"


def add_bias(x, bias):
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] + (bias if USE_BIAS else 0.0)

    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
        x
    )


print(add_bias(jnp.ones((8, 128), jnp.float32), jnp.ones((8, 128), jnp.float32)).sum())
