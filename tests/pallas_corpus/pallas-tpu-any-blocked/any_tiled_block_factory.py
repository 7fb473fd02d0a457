# corpus: label=positive styles=return batch=pallas
"""A factory gives its input a tiled block in memory space ANY and loads the block as if it
were in VMEM."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def make_double(rows):
    def double_kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] * 2.0

    spec_in = pl.BlockSpec(  # expect: pallas-tpu-any-blocked
        (rows, 128), lambda i: (i, 0), memory_space=pl.ANY
    )
    spec_out = pl.BlockSpec((rows, 128), lambda i: (i, 0))

    def run(x):
        return pl.pallas_call(
            double_kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(x.shape[0] // rows,),
            in_specs=[spec_in],
            out_specs=spec_out,
            compiler_params=pltpu.CompilerParams(),
            interpret=True,
        )(x)

    return run


print(make_double(8)(jnp.ones((16, 128), jnp.float32)).sum())
