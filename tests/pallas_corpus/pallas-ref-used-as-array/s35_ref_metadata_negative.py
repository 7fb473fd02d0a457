# corpus: label=negative styles=direct,helper batch=s35
"""A kernel reads only a Ref's shape and dtype, zero-fills with jnp.zeros_like(o_ref) and
passes Refs to Pallas's own helpers; none of these needs the Ref's value."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def accumulate(acc, x_ref):
    return acc + x_ref[...].astype(acc.dtype)


def kernel(x_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    acc = jnp.zeros(x_ref.shape, jnp.float32)
    o_ref[...] += accumulate(acc, x_ref).astype(o_ref.dtype)


x = jnp.ones((32, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    grid=(4,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)),
    interpret=True,
)(x)
print(out.sum())
