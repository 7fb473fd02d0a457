"""Raises ValueError: a pallas_call given both grid_spec= and a non-empty scratch_shapes=."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref, acc_ref):
    acc_ref[...] = x_ref[...]
    o_ref[...] = acc_ref[...]


spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
x = jnp.ones((16, 128), jnp.float32)
pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid_spec=pl.GridSpec(grid=(2,), in_specs=[spec], out_specs=spec),
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32)],
    interpret=True,
)(x)
