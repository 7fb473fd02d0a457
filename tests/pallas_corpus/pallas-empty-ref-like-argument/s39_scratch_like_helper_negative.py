# corpus: label=negative styles=helper,return batch=s39
"""The helper with its fix: it describes the buffer, a ShapeDtypeStruct of the Ref's shape
and dtype."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def scratch_like(ref):
    return pl.empty_ref_like(jax.ShapeDtypeStruct(ref.shape, ref.dtype))


def double_kernel(x_ref, o_ref):
    m_ref = scratch_like(x_ref)
    o_ref[...] = x_ref[...] * 2


x = jnp.ones((8, 128), jnp.int32)
out = pl.pallas_call(
    double_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
)(x)
print(out.sum())
