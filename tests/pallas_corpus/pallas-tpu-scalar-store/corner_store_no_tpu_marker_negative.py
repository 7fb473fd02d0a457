# corpus: label=negative styles=direct batch=pallas
"""The corner store in a kernel that says nothing of a TPU: interpret mode runs it."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def mark_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]
    o_ref[0, 0] = pl.program_id(0)


x = jnp.zeros((16, 128), jnp.int32)
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
y = pl.pallas_call(
    mark_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    interpret=True,
)(x)
print(y.sum())
