"""Raises ValueError: a kernel reads its 1,000-row block in windows of 128, the last past the end."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    acc = jnp.zeros((8,), jnp.float32)
    for start in range(0, x_ref.shape[0], 128):
        acc = acc + jnp.sum(x_ref[pl.ds(start, 128)])
    o_ref[...] = acc


x = jnp.ones((1000,), jnp.float32)
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), interpret=True)(x)
