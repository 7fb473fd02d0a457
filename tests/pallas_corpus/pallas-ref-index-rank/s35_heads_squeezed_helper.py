# corpus: label=positive styles=helper,parameter,return batch=s35
"""A launcher squeezes the head dimension of (heads, rows, 128) blocks, but the kernel still
indexes head 0 of its Ref."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(q_ref, o_ref):
    o_ref[...] = q_ref[0, :, :] * 0.5  # expect: pallas-ref-index-rank


def launch(q, rows):
    spec = pl.BlockSpec((None, rows, 128), lambda h: (h, 0, 0))
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),
        grid=(q.shape[0],),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(q)


print(launch(jnp.ones((4, 8, 128), jnp.float32), 8).sum())
