# corpus: label=negative styles=helper batch=pallas
"""Blocks of 4 rows on a TPU are fine when they equal the whole array's rows."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def k(x_ref, o_ref):
    o_ref[...] = jnp.tanh(x_ref[...])


def col_spec(width):
    return pl.BlockSpec((4, width), lambda j: (0, j))


x = jnp.ones((4, 256), jnp.float32)
spec = col_spec(128)
out = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(out.sum())
