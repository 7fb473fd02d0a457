"""Raises ValueError: a kernel indexes the batch dimension its BlockSpec squeezed (`None`)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[0, :, :] * 2.0


x = jnp.ones((4, 8, 128), jnp.float32)
spec = pl.BlockSpec((None, 8, 128), lambda b: (b, 0, 0))
pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[spec],
    out_specs=spec,
    interpret=True,
)(x)
