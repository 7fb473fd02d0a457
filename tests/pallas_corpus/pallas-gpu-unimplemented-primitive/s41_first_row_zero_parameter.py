# corpus: label=positive styles=parameter batch=s41
"""A Triton kernel built for a row it zeroes with `.at[row].set`: a scatter, which the Triton
lowering lacks (jax#31876's pattern)."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu


def zero_row(x_ref, o_ref, *, row):
    v = x_ref[...]
    o_ref[...] = v.at[row].set(0.0)  # expect: pallas-gpu-unimplemented-primitive


x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    functools.partial(zero_row, row=0),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=plgpu.CompilerParams(num_warps=4),
    interpret=True,
)(x)
print(out.sum())
