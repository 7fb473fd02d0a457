# corpus: label=positive styles=helper,parameter batch=s37
"""A ragged copy kernel hands the sequence's length, read from its lengths Ref, to a helper
that copies the valid rows through a `pl.ds` window of that length."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def copy_rows(dst, src, count):
    dst[pl.ds(0, count), :] = src[pl.ds(0, count), :]  # expect: pallas-ds-size-not-static


def ragged_copy_kernel(lens_ref, x_ref, o_ref):
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)
    copy_rows(o_ref, x_ref, lens_ref[0])


lens = jnp.array([5], jnp.int32)
x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    ragged_copy_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    interpret=True,
)(lens, x)
print(out.sum())
