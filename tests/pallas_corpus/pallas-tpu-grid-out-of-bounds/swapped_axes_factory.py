# corpus: label=positive styles=return batch=pallas
"""A factory's index_map swaps the grid axes: column blocks are indexed by the row axis, which
runs four times, past the array's two column blocks.  Interpret mode (interpret=True) runs it
and clamps; on a TPU the DMA reads past the array (not run there: it can halt the chip)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def make_scale(block_rows, block_cols):
    def scale_kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] * 0.5

    def run(x):
        rows, cols = x.shape
        spec = pl.BlockSpec((block_rows, block_cols), lambda i, j: (j, i))
        return pl.pallas_call(
            scale_kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(rows // block_rows, cols // block_cols),  # expect: pallas-tpu-grid-out-of-bounds
            in_specs=[spec],
            out_specs=spec,
            compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "parallel")),
            interpret=True,
        )(x)

    return run


print(make_scale(8, 128)(jnp.ones((32, 256), jnp.float32)).sum())
