# corpus: label=negative styles=helper,parameter,return batch=s35
"""The same launcher whose kernel reads its (rows, 128) Ref whole."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(q_ref, o_ref):
    o_ref[...] = q_ref[...] * 0.5


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
