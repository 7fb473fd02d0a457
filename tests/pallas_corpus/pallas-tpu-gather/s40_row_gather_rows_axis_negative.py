# corpus: label=negative styles=parameter batch=s40
"""Rows of an (8, 128) block reordered with `jnp.take_along_axis` along axis 0, by indices of
the block's shape (the axis a parameter of the launcher): a gather Mosaic lowers."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def reorder(x, order, axis):
    def kernel(x_ref, order_ref, o_ref):
        o_ref[...] = jnp.take_along_axis(x_ref[...], order_ref[...], axis=axis)

    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        compiler_params=pltpu.CompilerParams(),
        interpret=True,
    )(x, order)


x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128)
order = (jnp.arange(8 * 128, dtype=jnp.int32) % 8).reshape(8, 128)
print(reorder(x, order, 0).sum())
