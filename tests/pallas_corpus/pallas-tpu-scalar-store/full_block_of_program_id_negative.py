# corpus: label=negative styles=attribute,method batch=pallas
"""The marker class done right on a TPU: program_id broadcast to a vector before the store."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class Marker:
    def kernel(self, x_ref, o_ref):
        o_ref[...] = x_ref[...] + jnp.full((8, 128), pl.program_id(0), jnp.int32)

    def __call__(self, x):
        spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(2,),
            in_specs=[spec],
            out_specs=spec,
            compiler_params=pltpu.CompilerParams(),
            interpret=True,
        )(x)


print(Marker()(jnp.zeros((16, 128), jnp.int32)).sum())
