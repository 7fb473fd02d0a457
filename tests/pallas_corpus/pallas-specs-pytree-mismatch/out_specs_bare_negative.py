# corpus: label=negative styles=parameter batch=pallas
"""A one-item out_shape list with a one-item out_specs list."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] * x_ref[...]


def square(x, block=8):
    spec = pl.BlockSpec((block, 128), lambda i: (i, 0))
    return pl.pallas_call(
        k,
        out_shape=[jax.ShapeDtypeStruct(x.shape, x.dtype)],
        grid=(x.shape[0] // block,),
        in_specs=[spec],
        out_specs=[spec],
        interpret=True,
    )(x)[0]


print(square(jnp.ones((16, 128), jnp.float32)).sum())
