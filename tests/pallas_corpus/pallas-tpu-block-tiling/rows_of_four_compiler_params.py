# corpus: label=positive styles=parameter batch=pallas
"""A TPU kernel (it passes TPU compiler params) tiles a (16, 128) array in blocks of 4 rows."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


def double(x, rows=4):
    spec = pl.BlockSpec((rows, 128), lambda i: (i, 0))  # expect: pallas-tpu-block-tiling
    return pl.pallas_call(
        k,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // rows,),
        in_specs=[spec],
        out_specs=spec,
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
        interpret=True,
    )(x)


print(double(jnp.ones((16, 128), jnp.float32)).sum())
