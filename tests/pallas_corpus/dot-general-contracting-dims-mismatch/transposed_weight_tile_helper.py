# corpus: label=positive styles=helper batch=pallas
"""A matmul kernel takes its weight tile as (out, in) and multiplies the input tile by it
untransposed: (8, 128) @ (256, 128)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def matmul_kernel(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.dot(x_ref[...], w_ref[...])  # expect: dot-general-contracting-dims-mismatch


def linear(x, w):
    return pl.pallas_call(
        matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((x.shape[0], w.shape[0]), x.dtype),
        grid=(x.shape[0] // 8,),
        in_specs=[
            pl.BlockSpec((8, 128), lambda i: (i, 0)),
            pl.BlockSpec((256, 128), lambda i: (0, 0)),
        ],
        out_specs=pl.BlockSpec((8, 256), lambda i: (i, 0)),
        interpret=True,
    )(x, w)


print(linear(jnp.ones((16, 128), jnp.float32), jnp.ones((256, 128), jnp.float32)).sum())
