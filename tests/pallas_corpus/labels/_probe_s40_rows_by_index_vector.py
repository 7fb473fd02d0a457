"""Probe (stop 40): rows of an (16, 128) value picked by an (8,) index vector, x[i] in a TPU kernel; run on the chip by the TPU labeller."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu  # noqa: F401


def kernel(x_ref, i_ref, o_ref):
    x = x_ref[...]
    i = i_ref[...]
    o_ref[...] = x[i]


x = jnp.arange(2048, dtype=jnp.float32).reshape(16, 128)
i = (jnp.arange(8, dtype=jnp.int32) % 16).reshape(8)
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)(
    x, i
)
jax.block_until_ready(out)
