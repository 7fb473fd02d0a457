"""Needs a TPU: a Pallas TPU kernel over float16 arrays."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2


x = jnp.ones((16, 128), jnp.float16)
pl.pallas_call(
    double_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=pltpu.CompilerParams(),
)(x)
