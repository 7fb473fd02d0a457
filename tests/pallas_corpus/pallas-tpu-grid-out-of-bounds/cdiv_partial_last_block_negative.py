# corpus: label=negative styles=helper batch=pallas
"""A grid of pl.cdiv(20, 8) = 3 steps: the last block starts inside the array and is padded."""

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
        grid=(pl.cdiv(x.shape[0], rows),),
        in_specs=[spec],
        out_specs=spec,
        interpret=pltpu.InterpretParams(),
    )(x)


print(add_one_blocked(jnp.ones((20, 128), jnp.float32)).sum())
