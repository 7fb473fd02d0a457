"""Needs a TPU: (1024, 2048) float32 blocks in and out, double-buffered, need 32 MiB of VMEM,
over the default scoped limit (16 MiB on v5e)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


spec = pl.BlockSpec((1024, 2048), lambda i: (i, 0))
x = jnp.ones((2048, 2048), jnp.float32)
pl.pallas_call(
    double_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    compiler_params=pltpu.CompilerParams(),
)(x)
