# corpus: label=negative styles=helper batch=s39
"""The kernel adds a closed-over bias only under a flag read from the environment: the flag is
off when it runs, so the branch never traces and nothing is captured (the analysis cannot
decide the flag, so the read may never run)."""

import os

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

USE_BIAS = os.environ.get("KERNEL_WITH_BIAS", "0") == "1"


def add_bias(x, bias):
    def kernel(x_ref, o_ref):
        if USE_BIAS:
            o_ref[...] = x_ref[...] + bias
        else:
            o_ref[...] = x_ref[...]

    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
        x
    )


print(add_bias(jnp.ones((8, 128), jnp.float32), jnp.ones((8, 128), jnp.float32)).sum())
