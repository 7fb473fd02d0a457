# corpus: label=positive styles=direct batch=s41
"""A kernel sums its 1,000-row block in windows of 128 rows: the last window runs past the end
(jax#24142's loop)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def row_sums(x_ref, o_ref):
    acc = jnp.zeros((128,), jnp.float32)
    for start in range(0, x_ref.shape[0], 128):
        window = x_ref[pl.ds(start, 128), :]  # expect: pallas-ref-window-out-of-bounds
        acc = acc + jnp.sum(window, axis=0)
    o_ref[...] = acc


x = jnp.ones((1000, 128), jnp.float32)
out = pl.pallas_call(row_sums, out_shape=jax.ShapeDtypeStruct((128,), jnp.float32), interpret=True)(
    x
)
print(out.sum())
