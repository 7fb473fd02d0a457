# corpus: label=positive styles=attribute batch=pallas
"""With x64 on, a histogram kernel's int64 count output goes to a TPU kernel."""

import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class Counts:
    dtype = jnp.int64


def count_kernel(x_ref, o_ref):
    o_ref[...] = (x_ref[...] > 0).astype(o_ref.dtype)


x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(  # expect: pallas-tpu-dtype
    count_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, Counts.dtype),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(out.sum())
