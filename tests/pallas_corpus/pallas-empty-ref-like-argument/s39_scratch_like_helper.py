# corpus: label=positive styles=helper,return batch=s39
"""jax#39190's shape: a helper returns a temporary buffer "like" the Ref it is given, through
`pl.empty_ref_like(ref)`, which takes a shape to allocate, not a Ref."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def scratch_like(ref):
    return pl.empty_ref_like(ref)  # expect: pallas-empty-ref-like-argument


def double_kernel(x_ref, o_ref):
    m_ref = scratch_like(x_ref)
    m_ref[...] = x_ref[...] * 2
    o_ref[...] = m_ref[...]


x = jnp.ones((8, 128), jnp.int32)
out = pl.pallas_call(
    double_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
)(x)
print(out.sum())
