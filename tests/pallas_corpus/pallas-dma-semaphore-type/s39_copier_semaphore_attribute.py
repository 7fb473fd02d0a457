# corpus: label=positive styles=attribute,method,parameter batch=s39
"""A copier object keeps the semaphore kind it was built with and allocates it in its launch's
scratch; built with `SemaphoreType.REGULAR`, its kernel's wait on the copy refuses it."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class Copier:
    def __init__(self, semaphore):
        self.semaphore = semaphore

    def kernel(self, x_hbm, o_ref, buf, sem):
        copy = pltpu.make_async_copy(x_hbm, buf, sem)
        copy.start()
        copy.wait()  # expect: pallas-dma-semaphore-type
        o_ref[...] = buf[...] * 2.0

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            scratch_shapes=[pltpu.VMEM(x.shape, x.dtype), self.semaphore],
            interpret=True,
        )(x)


print(Copier(pltpu.SemaphoreType.REGULAR)(jnp.ones((8, 128), jnp.float32)).sum())
