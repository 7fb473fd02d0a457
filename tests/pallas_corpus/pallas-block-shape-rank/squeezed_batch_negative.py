# corpus: label=negative styles=helper batch=pallas
"""A 3-D input with its batch dimension squeezed by None keeps the block's rank."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


def batch_spec():
    return pl.BlockSpec((None, 8, 128), lambda b: (b, 0, 0))


x = jnp.ones((4, 8, 128), jnp.float32)
out = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[batch_spec()],
    out_specs=batch_spec(),
    interpret=True,
)(x)
print(out.sum())
