"""Needs a TPU: a TPU kernel picks rows of a loaded block by an index vector (``v[idx]``), a
gather the TPU kernel lowering accepts only in take_along_axis's form (interpret mode runs it)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def rows_kernel(x_ref, i_ref, o_ref):
    v = x_ref[...]
    o_ref[...] = v[i_ref[...]]


x = jnp.ones((16, 128), jnp.float32)
i = jnp.arange(8, dtype=jnp.int32)
pl.pallas_call(
    rows_kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    compiler_params=pltpu.CompilerParams(),
)(x, i)
