# corpus: label=negative styles=attribute,method batch=pallas
"""A class splits its (16, 128) tile's rows into (2, 8, 128): the last two dimensions stay."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class Split:
    def kernel(self, x_ref, o_ref):
        o_ref[...] = jnp.reshape(x_ref[...], (2, 8, 128)) * 3.0

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct((2, 8, 128), x.dtype),
            in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
            interpret=True,
        )(x)


print(Split()(jnp.ones((16, 128), jnp.float32)).sum())
