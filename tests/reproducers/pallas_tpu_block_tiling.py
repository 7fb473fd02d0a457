"""Needs a TPU: a Pallas TPU kernel whose block's last two dimensions are (4, 128) on a (16, 128)
float32 array; Mosaic requires them divisible by (8, 128) or equal to the array's."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


spec = pl.BlockSpec((4, 128), lambda i: (i, 0))
x = jnp.ones((16, 128), jnp.float32)
pl.pallas_call(
    double_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[spec],
    out_specs=spec,
    compiler_params=pltpu.CompilerParams(),
)(x)
