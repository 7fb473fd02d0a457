"""Raises ValueError on a TPU: a 1-D grid given two dimension semantics (interpret mode runs it).
The kernel of the corpus program pallas-tpu-dimension-semantics/s35_semantics_longer_than_grid.py,
which raised it on a TPU v5e (jax 0.10.2)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


x = jnp.ones((64, 128), jnp.float32)
spec = pl.BlockSpec((16, 128), lambda i: (i, 0))
sem = ("parallel", "arbitrary")
params = pltpu.CompilerParams(dimension_semantics=sem)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[spec],
    out_specs=spec,
    compiler_params=params,
)(x)
print(out.sum())
