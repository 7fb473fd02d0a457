# corpus: label=negative styles=helper batch=s40
"""A helper shuffles the lanes of an (8, 128) block with `jnp.take_along_axis` by indices of
the block's own shape: one register wide, a gather Mosaic lowers."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def shuffle_lanes(block, order):
    return jnp.take_along_axis(block, order, axis=1)


def shuffle_kernel(x_ref, order_ref, o_ref):
    o_ref[...] = shuffle_lanes(x_ref[...], order_ref[...])


x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128)
order = (jnp.arange(8 * 128, dtype=jnp.int32) % 128).reshape(8, 128)[:, ::-1]
out = pl.pallas_call(
    shuffle_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x, order)
print(out.sum())
