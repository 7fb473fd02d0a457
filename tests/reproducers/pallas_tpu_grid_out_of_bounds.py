"""Raises in the TPU interpret mode (a JaxRuntimeError carrying IndexError 'Out-of-bounds
block index'): a grid of four steps over 8-row blocks of a 16-row array.  Never run this with
interpret off on a TPU: the out-of-bounds DMA can halt the chip."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


x = jnp.ones((16, 128), jnp.float32)
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
y = pl.pallas_call(
    add_one,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[spec],
    out_specs=spec,
    interpret=pltpu.InterpretParams(),
)(x)
y.block_until_ready()
