"""Raises ValueError: a kernel reads pl.program_id(1) while its pallas_call has a 1-D grid."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def tag_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + pl.program_id(1).astype(jnp.float32)


spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
x = jnp.ones((16, 128), jnp.float32)
pl.pallas_call(
    tag_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    interpret=True,
)(x)
