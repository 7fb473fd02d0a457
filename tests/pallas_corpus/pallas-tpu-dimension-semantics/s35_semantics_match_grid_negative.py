# corpus: label=negative styles=direct batch=s35
"""Two-axis grid, two semantics; a grid-less launch with none."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


x = jnp.ones((64, 256), jnp.float32)
spec = pl.BlockSpec((16, 128), lambda i, j: (i, j))
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4, 2),
    in_specs=[spec],
    out_specs=spec,
    compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "arbitrary")),
    interpret=True,
)(x)
whole = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(out.sum(), whole.sum())
