# corpus: label=positive styles=helper batch=pallas
"""A helper sizes the grid for 4-row blocks but its BlockSpecs take 8 rows: the last two grid
steps read and write blocks that start past the array.  Checked in the TPU interpret mode."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


def add_one_blocked(x, rows=8):
    spec = pl.BlockSpec((rows, 128), lambda i: (i, 0))
    return pl.pallas_call(
        add_one,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // 4,),  # expect: pallas-tpu-grid-out-of-bounds
        in_specs=[spec],
        out_specs=spec,
        interpret=pltpu.InterpretParams(),
    )(x)


print(add_one_blocked(jnp.ones((16, 128), jnp.float32)).sum())
