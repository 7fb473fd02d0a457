# corpus: label=positive styles=helper batch=s35
"""A row-sum kernel hands its Ref to a helper that reduces it with jnp.sum."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def row_sums(block):
    return jnp.sum(block, axis=1, keepdims=True)  # expect: pallas-ref-used-as-array


def rowsum_kernel(x_ref, o_ref):
    o_ref[...] = row_sums(x_ref)


x = jnp.arange(64 * 128, dtype=jnp.float32).reshape(64, 128)
out = pl.pallas_call(
    rowsum_kernel,
    out_shape=jax.ShapeDtypeStruct((64, 1), jnp.float32),
    grid=(8,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((8, 1), lambda i: (i, 0)),
    interpret=True,
)(x)
print(out.sum())
