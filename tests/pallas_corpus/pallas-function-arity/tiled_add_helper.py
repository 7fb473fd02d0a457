# corpus: label=positive styles=helper batch=pallas
"""A helper builds the row BlockSpec for a 2-D grid, but its index_map takes one index."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


def row_spec(rows, cols):
    return pl.BlockSpec((rows, cols), lambda i: (i, 0))


def tiled_add(x, y):
    spec = row_spec(8, 128)
    return pl.pallas_call(  # expect: pallas-function-arity
        add_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // 8, x.shape[1] // 128),
        in_specs=[spec, spec],
        out_specs=spec,
        interpret=True,
    )(x, y)


a = jnp.ones((16, 256), jnp.float32)
print(tiled_add(a, a).sum())
