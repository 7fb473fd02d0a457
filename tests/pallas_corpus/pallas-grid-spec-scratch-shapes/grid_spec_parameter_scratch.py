# corpus: label=positive styles=parameter batch=pallas
"""A launcher takes the grid spec and the scratch buffers as parameters and gives both."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref, tmp_ref):
    tmp_ref[...] = x_ref[...] + 1.0
    o_ref[...] = tmp_ref[...]


def launch(x, grid_spec, scratch):
    return pl.pallas_call(  # expect: pallas-grid-spec-scratch-shapes
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid_spec=grid_spec,
        scratch_shapes=scratch,
        interpret=True,
    )(x)


spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
print(
    launch(
        jnp.ones((16, 128)), pl.GridSpec((2,), [spec], spec), [pltpu.VMEM((8, 128), jnp.float32)]
    ).sum()
)
