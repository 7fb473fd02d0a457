# corpus: label=negative styles=attribute,method batch=pallas
"""A class folds two 128-lane rows into one 256-lane row inside its kernel: Mosaic lowers
this reshape (run on a TPU v5e, jax 0.10.2)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class Fold:
    def __init__(self, rows=16):
        self.rows = rows

    def kernel(self, x_ref, o_ref):
        tile = x_ref[...]
        o_ref[...] = jnp.reshape(tile, (self.rows // 2, 256))

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct((self.rows // 2, 256), x.dtype),
            in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
            interpret=True,
        )(x)


print(Fold()(jnp.ones((16, 128), jnp.float32)).sum())
