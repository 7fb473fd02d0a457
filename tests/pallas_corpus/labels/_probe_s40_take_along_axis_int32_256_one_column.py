"""Probe (stop 40): take_along_axis of (8, 256) int32 by (8, 1) indices, axis 1 in a TPU kernel; run on the chip by the TPU labeller."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu  # noqa: F401


def kernel(x_ref, i_ref, o_ref):
    x = x_ref[...]
    i = i_ref[...]
    o_ref[...] = jnp.take_along_axis(x, i, axis=1)


x = jnp.arange(2048, dtype=jnp.int32).reshape(8, 256)
i = (jnp.arange(8, dtype=jnp.int32) % 256).reshape(8, 1)
out_shape = jax.ShapeDtypeStruct(i.shape, x.dtype)
out = pl.pallas_call(kernel, out_shape=out_shape, interpret=True)(x, i)
jax.block_until_ready(out)
