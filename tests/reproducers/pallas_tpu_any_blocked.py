"""Needs a TPU: an input BlockSpec asks for 8-row blocks of an array left in memory space ANY
(HBM), which the TPU lowering does not pipeline."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def copy_in(x_hbm, o_ref, buffer):
    pltpu.sync_copy(x_hbm, buffer)
    o_ref[...] = buffer[...]


x = jnp.ones((16, 128), jnp.float32)
rows = pl.BlockSpec((8, 128), lambda i: (i, 0), memory_space=pl.ANY)
pl.pallas_call(
    copy_in,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[rows],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32)],
)(x)
