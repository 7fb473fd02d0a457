# corpus: label=negative styles=helper batch=pallas
"""memory_space=pl.ANY with no block shape (the whole array), copied into VMEM by a DMA."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def copy_in(x_hbm, o_ref, buffer):
    pltpu.sync_copy(x_hbm, buffer)
    o_ref[...] = buffer[...] * 3.0


x = jnp.ones((8, 128), jnp.float32)
y = pl.pallas_call(
    copy_in,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32)],
    interpret=True,
)(x)
print(y.sum())
