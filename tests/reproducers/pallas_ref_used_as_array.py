"""Raises TypeError: a kernel passes its input Ref to jnp.exp instead of the loaded array."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def exp_kernel(x_ref, o_ref):
    o_ref[...] = jnp.exp(x_ref)


x = jnp.ones((8, 128), jnp.float32)
pl.pallas_call(exp_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(x)
