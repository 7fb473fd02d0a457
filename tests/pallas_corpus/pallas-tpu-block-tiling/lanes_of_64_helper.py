# corpus: label=positive styles=helper batch=pallas
"""A TPU kernel splits 256 lanes into blocks of 64 lanes."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def k(x_ref, o_ref):
    o_ref[...] = jnp.tanh(x_ref[...])


def col_spec(width):
    return pl.BlockSpec((8, width), lambda j: (0, j))  # expect: pallas-tpu-block-tiling


x = jnp.ones((8, 256), jnp.float32)
spec = col_spec(64)
out = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[spec],
    out_specs=spec,
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(out.sum())
