"""Probe (stop 40): take_along_axis of (16, 256) bfloat16 by (16, 1) indices, axis 1, in a TPU
kernel; run on the chip by the TPU labeller."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu  # noqa: F401


def kernel(x_ref, i_ref, o_ref):
    o_ref[...] = jnp.take_along_axis(x_ref[...], i_ref[...], axis=1)


x = jnp.ones((16, 256), jnp.bfloat16)
i = jnp.zeros((16, 1), jnp.int32)
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((16, 1), jnp.bfloat16), interpret=True)(
    x, i
)
jax.block_until_ready(out)
