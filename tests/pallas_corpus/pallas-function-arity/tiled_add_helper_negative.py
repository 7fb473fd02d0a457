# corpus: label=negative styles=helper batch=pallas
"""The helper's index_map takes both grid indices."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


def tile_spec(rows, cols):
    return pl.BlockSpec((rows, cols), lambda i, j: (i, j))


def tiled_add(x, y):
    spec = tile_spec(8, 128)
    return pl.pallas_call(
        add_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // 8, x.shape[1] // 128),
        in_specs=[spec, spec],
        out_specs=spec,
        interpret=True,
    )(x, y)


a = jnp.ones((16, 256), jnp.float32)
print(tiled_add(a, a).sum())
