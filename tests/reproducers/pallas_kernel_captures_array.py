"""Raises ValueError: a Pallas kernel reads a JAX array from the enclosing scope instead of
getting it as an input Ref."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

bias = jnp.ones((8, 128), jnp.float32)


def add_bias_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + bias


x = jnp.ones((8, 128), jnp.float32)
pl.pallas_call(add_bias_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(x)
