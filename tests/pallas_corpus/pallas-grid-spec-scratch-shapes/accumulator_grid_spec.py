# corpus: label=positive styles=helper batch=pallas
"""A helper builds a GridSpec, and the call adds the accumulator with scratch_shapes beside it."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def acc_kernel(x_ref, o_ref, acc_ref):
    acc_ref[...] = x_ref[...]
    o_ref[...] = acc_ref[...] * 2.0


def make_grid_spec(rows):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    return pl.GridSpec(grid=(rows // 8,), in_specs=[spec], out_specs=spec)


x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(  # expect: pallas-grid-spec-scratch-shapes
    acc_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid_spec=make_grid_spec(16),
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32)],
    interpret=True,
)(x)
print(out.sum())
