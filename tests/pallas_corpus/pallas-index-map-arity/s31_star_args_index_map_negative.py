# corpus: label=negative styles=helper batch=s31
"""Whole-array blocks whose index_map takes any number of grid indices (lambda *_: ...)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def whole(shape):
    return pl.BlockSpec(shape, lambda *_: (0,) * len(shape))


def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    add_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2, 3),
    in_specs=[whole(x.shape), whole(x.shape)],
    out_specs=whole(x.shape),
    interpret=True,
)(x, x)
print(out.sum())
