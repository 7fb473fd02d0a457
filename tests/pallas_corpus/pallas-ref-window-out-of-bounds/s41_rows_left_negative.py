# corpus: label=negative styles=direct batch=s41
"""The same row sums with a last window of the rows that are left: every window fits."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def row_sums(x_ref, o_ref):
    acc = jnp.zeros((128,), jnp.float32)
    rows = x_ref.shape[0]
    for start in range(0, rows, 128):
        size = min(128, rows - start)
        acc = acc + jnp.sum(x_ref[pl.ds(start, size), :], axis=0)
    o_ref[...] = acc


x = jnp.ones((1000, 128), jnp.float32)
out = pl.pallas_call(row_sums, out_shape=jax.ShapeDtypeStruct((128,), jnp.float32), interpret=True)(
    x
)
print(out.sum())
