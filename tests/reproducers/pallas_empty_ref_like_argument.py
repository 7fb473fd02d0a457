"""Raises ValueError: ``pl.empty_ref_like`` given the kernel's own Ref (jax#39190)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    m_ref = pl.empty_ref_like(x_ref)
    m_ref[...] = x_ref[...] * 2
    o_ref[...] = m_ref[...]


x = jnp.ones((8, 128), jnp.int32)
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(x)
