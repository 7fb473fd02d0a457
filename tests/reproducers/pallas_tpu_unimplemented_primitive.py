"""Needs a TPU: a TPU kernel takes a running total along its rows with jnp.cumsum; the TPU
kernel compiler has no lowering for the cumsum primitive (interpret mode computes it)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def running_total_kernel(x_ref, o_ref):
    o_ref[...] = jnp.cumsum(x_ref[...], axis=1)


x = jnp.ones((8, 128), jnp.float32)
pl.pallas_call(
    running_total_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=pltpu.CompilerParams(),
)(x)
