# corpus: label=positive styles=helper batch=pallas
"""A kernel with no grid at all asks for its block index through a helper."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def block_index():
    return pl.program_id(0)  # expect: pallas-program-id-axis


def shift_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + block_index().astype(jnp.float32)


x = jnp.zeros((8, 128), jnp.float32)
print(
    pl.pallas_call(shift_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
        x
    ).sum()
)
