# corpus: label=positive styles=helper,parameter batch=s31
"""64-bit mode switched on through `from jax import config`; a helper builds int64 indices with
jnp.arange and a TPU kernel offsets them."""

from jax import config

config.update("jax_enable_x64", True)

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def make_indices(rows, dtype=jnp.int64):
    return jnp.arange(rows * 128, dtype=dtype).reshape(rows, 128)


def offset_kernel(i_ref, o_ref):
    o_ref[...] = i_ref[...] + 1


idx = make_indices(8)
out = pl.pallas_call(  # expect: pallas-tpu-dtype
    offset_kernel,
    out_shape=jax.ShapeDtypeStruct(idx.shape, idx.dtype),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(idx)
print(out.sum())
