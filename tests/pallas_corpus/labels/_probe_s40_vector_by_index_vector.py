"""Probe (stop 40): a 1-D (128,) value indexed by a (128,) index vector, v[i], in a TPU
kernel; run on the chip by the TPU labeller."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu  # noqa: F401


def kernel(x_ref, i_ref, o_ref):
    o_ref[...] = x_ref[...][i_ref[...]]


x = jnp.arange(128, dtype=jnp.float32)
i = jnp.arange(128, dtype=jnp.int32)[::-1]
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((128,), jnp.float32), interpret=True)(
    x, i
)
jax.block_until_ready(out)
