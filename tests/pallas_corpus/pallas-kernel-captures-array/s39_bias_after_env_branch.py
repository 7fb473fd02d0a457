# corpus: label=positive styles=helper batch=s39
"""An environment flag picks the scale, and the bias is added after the `if` on every path:
the read runs whatever the flag holds, and the kernel captures the bias."""

import os

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

DOUBLE = os.environ.get("KERNEL_DOUBLE", "0") == "1"


def add_bias(x, bias):
    def kernel(x_ref, o_ref):
        if DOUBLE:
            scale = 2.0
        else:
            scale = 1.0
        o_ref[...] = x_ref[...] * scale + bias  # expect: pallas-kernel-captures-array

    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
        x
    )


print(add_bias(jnp.ones((8, 128), jnp.float32), jnp.ones((8, 128), jnp.float32)).sum())
