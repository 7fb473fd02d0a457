# corpus: label=negative styles=attribute,method batch=pallas
"""An output left in HBM (pl.ANY), written by an async copy from a VMEM input block."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class Copy:
    def kernel(self, x_ref, o_hbm, sem):
        copy = pltpu.make_async_copy(x_ref, o_hbm, sem)
        copy.start()
        copy.wait()

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA],
            interpret=True,
        )(x)


print(Copy()(jnp.ones((8, 128), jnp.float32)).sum())
