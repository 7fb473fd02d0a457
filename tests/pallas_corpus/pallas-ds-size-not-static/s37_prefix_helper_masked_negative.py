# corpus: label=negative styles=helper,parameter batch=s37
"""A ragged copy kernel hands the sequence's length to a helper that copies a static window
and masks the rows past the length."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl


def copy_rows(dst, src, count):
    rows = lax.broadcasted_iota(jnp.int32, src.shape, 0)
    dst[pl.ds(0, 16), :] = jnp.where(rows < count, src[pl.ds(0, 16), :], 0.0)


def ragged_copy_kernel(lens_ref, x_ref, o_ref):
    copy_rows(o_ref, x_ref, lens_ref[0])


lens = jnp.array([5], jnp.int32)
x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    ragged_copy_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    interpret=True,
)(lens, x)
print(out.sum())
