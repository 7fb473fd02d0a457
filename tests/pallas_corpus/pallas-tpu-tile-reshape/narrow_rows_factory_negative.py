# corpus: label=negative styles=return batch=pallas
"""A factory's kernel splits each 256-lane row of its tile into two 128-lane rows: the lanes
stay multiples of 128 and Mosaic lowers it (run on a TPU v5e, jax 0.10.2)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def make_split(rows, lanes):
    def split_kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...].reshape(rows * 2, lanes // 2)

    return split_kernel


x = jnp.ones((8, 256), jnp.float32)
y = pl.pallas_call(
    make_split(8, 256),
    out_shape=jax.ShapeDtypeStruct((16, 128), x.dtype),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(y.sum())
