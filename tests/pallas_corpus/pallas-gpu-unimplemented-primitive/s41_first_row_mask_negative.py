# corpus: label=negative styles=parameter batch=s41
"""The same row zeroed with a `jnp.where` over a row iota: lowered."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu


def zero_row(x_ref, o_ref, *, row):
    v = x_ref[...]
    rows = jax.lax.broadcasted_iota(jnp.int32, v.shape, 0)
    o_ref[...] = jnp.where(rows == row, 0.0, v)


x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    functools.partial(zero_row, row=0),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=plgpu.CompilerParams(num_warps=4),
    interpret=True,
)(x)
print(out.sum())
