# corpus: label=negative styles=direct batch=pallas
"""A grid kernel with 4-row blocks that says nothing of a TPU: in interpret mode it runs."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


x = jnp.ones((16, 128), jnp.float32)
spec = pl.BlockSpec((4, 128), lambda i: (i, 0))
print(
    pl.pallas_call(
        k,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(4,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x).sum()
)
