# corpus: label=positive styles=attribute,method batch=pallas
"""A class keeps its kernel's output in HBM (pl.ANY) and stores into it directly."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class Scale:
    out_space = pl.ANY

    def kernel(self, x_ref, o_ref):
        o_ref[...] = x_ref[...] * 2.0  # expect: pallas-mesh-ref-read

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
            out_specs=pl.BlockSpec(memory_space=self.out_space),
            interpret=True,
        )(x)


print(Scale()(jnp.ones((8, 128), jnp.float32)).sum())
