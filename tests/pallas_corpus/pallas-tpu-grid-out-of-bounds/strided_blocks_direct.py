# corpus: label=positive styles=direct batch=pallas
"""Every other block, but the grid still counts every block: step 1 reads block 2 of 2."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

x = jnp.ones((16, 128), jnp.float32)
y = pl.pallas_call(
    lambda x_ref, o_ref: o_ref.__setitem__(..., x_ref[...]),
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
    grid=(2,),  # expect: pallas-tpu-grid-out-of-bounds
    in_specs=[pl.BlockSpec((8, 128), lambda i: (2 * i, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    interpret=pltpu.InterpretParams(),
)(x)
print(y.sum())
