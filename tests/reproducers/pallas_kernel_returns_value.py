"""Raises ValueError: a Pallas kernel stores its result and also returns it."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def relu_kernel(x_ref, o_ref):
    y = jnp.maximum(x_ref[...], 0.0)
    o_ref[...] = y
    return y


x = jnp.ones((8, 128), jnp.float32)
pl.pallas_call(relu_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(x)
