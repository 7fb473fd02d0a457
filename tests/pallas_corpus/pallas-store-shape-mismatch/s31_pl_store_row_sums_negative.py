# corpus: label=negative styles=helper batch=s31
"""The kernel reads and writes through explicit pl.ds windows; the row sums keep their reduced
axis, so they fit the output window."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def row_sum_kernel(x_ref, o_ref):
    x = x_ref[pl.ds(0, 8), :]
    o_ref[pl.ds(0, 8), :] = x.sum(axis=1, keepdims=True)


def row_sums(x):
    return pl.pallas_call(
        row_sum_kernel,
        out_shape=jax.ShapeDtypeStruct((x.shape[0], 1), x.dtype),
        interpret=True,
    )(x)


print(row_sums(jnp.ones((8, 128), jnp.float32)).sum())
