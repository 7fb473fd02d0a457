"""Raises AssertionError: a Ref indexed with ``pl.ds(start, size)`` whose size is traced."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def prefix_kernel(n_ref, x_ref, o_ref):
    n = n_ref[0]
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)
    o_ref[pl.ds(0, n), :] = x_ref[pl.ds(0, n), :]


n = jnp.array([3], jnp.int32)
x = jnp.ones((8, 128), jnp.float32)
pl.pallas_call(prefix_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
    n, x
)
