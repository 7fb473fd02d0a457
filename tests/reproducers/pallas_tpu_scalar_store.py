"""Needs a TPU: a grid kernel stores a scalar (its program_id) into one element of its VMEM
output block; a TPU kernel stores only vectors to VMEM (scalars go to SMEM)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def mark_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]
    o_ref[0, 0] = pl.program_id(0)


x = jnp.zeros((16, 128), jnp.int32)
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(
    mark_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    compiler_params=pltpu.CompilerParams(),
)(x)
