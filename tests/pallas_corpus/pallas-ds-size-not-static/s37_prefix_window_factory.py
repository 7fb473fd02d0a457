# corpus: label=positive styles=helper,return batch=s37
"""A helper returns the `pl.ds` window of the valid rows, its length computed in the kernel
from the grid index; the kernel reads its input block through it."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

BLOCK = 8


def valid_window(step):
    return pl.ds(0, step + 1)


def triangle_kernel(x_ref, o_ref):
    window = valid_window(pl.program_id(0))
    rows = x_ref[window, :]  # expect: pallas-ds-size-not-static
    o_ref[...] = jnp.broadcast_to(jnp.sum(rows, axis=0, keepdims=True), o_ref.shape)


x = jnp.ones((16, 128), jnp.float32)
spec = pl.BlockSpec((BLOCK, 128), lambda i: (i, 0))
out = pl.pallas_call(
    triangle_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    interpret=True,
)(x)
print(out.sum())
