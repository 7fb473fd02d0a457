# corpus: label=negative styles=helper,parameter,return batch=s35
"""The helper computes the row with `//`."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def row_of(step, per_row):
    return step // per_row


def kernel(x_ref, o_ref):
    o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[row_of(pl.program_id(0), 2)] = x_ref[0]


def run(x):
    spec = pl.BlockSpec((8, 128), lambda i: (0, 0))
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(2,),
        in_specs=[spec],
        out_specs=spec,
        compiler_params=pltpu.CompilerParams(),
        interpret=True,
    )(x)


print(run(jnp.ones((8, 128), jnp.float32)).sum())
