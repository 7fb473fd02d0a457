"""Probe (stop 40): take_along_axis of (8, 128) by (8, 128) indices, axis 1 in a TPU kernel; run on the chip by the TPU labeller."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu  # noqa: F401


def kernel(x_ref, i_ref, o_ref):
    x = x_ref[...]
    i = i_ref[...]
    o_ref[...] = jnp.take_along_axis(x, i, axis=1)


x = jnp.arange(1024, dtype=jnp.float32).reshape(8, 128)
i = (jnp.arange(1024, dtype=jnp.int32) % 128).reshape(8, 128)
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)(
    x, i
)
jax.block_until_ready(out)
