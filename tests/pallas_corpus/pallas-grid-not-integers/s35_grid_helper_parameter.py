# corpus: label=positive styles=helper,parameter,return batch=s35
"""A helper counts blocks with `/` from its block-size parameter and returns the grid."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


def blocks(n, block):
    return (n / block,)


def run(x, block=8):
    spec = pl.BlockSpec((block, 128), lambda i: (i, 0))
    return pl.pallas_call(  # expect: pallas-grid-not-integers
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=blocks(x.shape[0], block),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


print(run(jnp.ones((32, 128), jnp.float32)).sum())
