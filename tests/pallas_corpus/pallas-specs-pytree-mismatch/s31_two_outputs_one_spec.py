# corpus: label=positive styles=helper,return batch=s31
"""A kernel with two outputs (the style of jax#25379) gets one out_spec in a list for its two
outputs."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def round_kernel(x_ref, lo_ref, hi_ref):
    lo_ref[...] = jnp.floor(x_ref[...])
    hi_ref[...] = jnp.ceil(x_ref[...])


def round_down_and_up(x):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return pl.pallas_call(  # expect: pallas-specs-pytree-mismatch
        round_kernel,
        out_shape=(shape, shape),
        grid=(x.shape[0] // 8,),
        in_specs=[spec],
        out_specs=[spec],
        interpret=True,
    )(x)


lo, hi = round_down_and_up(jnp.ones((16, 128), jnp.float32) * 1.5)
print(lo.sum(), hi.sum())
