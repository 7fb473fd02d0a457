# corpus: label=negative styles=helper batch=pallas
"""The bfloat16 output done right: the float32 result cast to the output Ref's dtype."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def scale_kernel(x_ref, o_ref):
    o_ref[...] = (x_ref[...].astype(jnp.float32) * 0.5).astype(o_ref.dtype)


def scale(x):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    return pl.pallas_call(
        scale_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, jnp.bfloat16),
        grid=(x.shape[0] // 8,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


print(scale(jnp.ones((16, 128), jnp.bfloat16)).astype(jnp.float32).sum())
