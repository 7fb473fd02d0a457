# corpus: label=positive styles=helper batch=pallas
"""A helper's output spec asks for 8-row blocks in memory space ANY, written by a DMA."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def out_spec(rows):
    return pl.BlockSpec(  # expect: pallas-tpu-any-blocked
        (rows, 128), lambda i: (i, 0), memory_space=pl.ANY
    )


def copy_kernel(x_ref, o_hbm):
    pltpu.sync_copy(x_ref, o_hbm)


x = jnp.ones((16, 128), jnp.float32)
y = pl.pallas_call(
    copy_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
    out_specs=out_spec(8),
    interpret=True,
)(x)
print(y.sum())
