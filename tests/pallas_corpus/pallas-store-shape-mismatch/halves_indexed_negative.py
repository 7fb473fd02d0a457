# corpus: label=negative styles=return batch=pallas
"""The half-block copy done right: each half of the output block indexed to the value's shape."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def make_copy(half):
    def copy_kernel(x_ref, o_ref):
        o_ref[:half] = x_ref[:half]
        o_ref[half:] = x_ref[half:] * 2.0

    return copy_kernel


x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
y = pl.pallas_call(
    make_copy(4),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    interpret=True,
)(x)
print(y.sum())
