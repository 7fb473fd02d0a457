"""Raises TypeError: a BlockSpec written index_map first (the order of early Pallas)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


x = jnp.ones((16, 128), jnp.float32)
spec = pl.BlockSpec(lambda i: (i, 0), (8, 128))
pl.pallas_call(
    copy_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    interpret=True,
)(x)
