# corpus: label=positive styles=helper batch=s37
"""A row softmax ported from Triton's fused-softmax tutorial binds its column count with
`functools.partial`, under a name the kernel does not have (`n_col` for `n_cols`)."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

BLOCK_ROWS = 8


def softmax_kernel(x_ref, o_ref, *, n_cols):
    row = x_ref[...]
    cols = jax.lax.broadcasted_iota(jnp.int32, row.shape, 1)
    row = jnp.where(cols < n_cols, row, -jnp.inf)
    row = row - jnp.max(row, axis=1, keepdims=True)
    num = jnp.exp(row)
    o_ref[...] = num / jnp.sum(num, axis=1, keepdims=True)


def make_softmax_kernel(n_cols):
    return functools.partial(softmax_kernel, n_col=n_cols)


def softmax(x, n_cols):
    rows, width = x.shape
    spec = pl.BlockSpec((BLOCK_ROWS, width), lambda i: (i, 0))
    return pl.pallas_call(  # expect: pallas-function-arity
        make_softmax_kernel(n_cols),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(rows // BLOCK_ROWS,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


print(softmax(jnp.ones((16, 128), jnp.float32), 100).sum())
