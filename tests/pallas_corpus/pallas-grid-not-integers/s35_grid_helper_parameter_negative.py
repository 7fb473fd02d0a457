# corpus: label=negative styles=helper,parameter,return batch=s35
"""The helper counts blocks with `pl.cdiv`."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


def blocks(n, block):
    return (pl.cdiv(n, block),)


def run(x, block=8):
    spec = pl.BlockSpec((block, 128), lambda i: (i, 0))
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=blocks(x.shape[0], block),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


print(run(jnp.ones((32, 128), jnp.float32)).sum())
