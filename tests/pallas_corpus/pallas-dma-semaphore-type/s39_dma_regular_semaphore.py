# corpus: label=positive styles=direct batch=s39
"""A kernel copies its HBM input into a VMEM scratch buffer by hand and allocates the copy's
semaphore as `SemaphoreType.REGULAR`: a DMA signals and waits on a DMA semaphore, and waiting
on the copy refuses a regular one."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def copy_then_double_kernel(x_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(x_hbm, buf, sem)
    copy.start()
    copy.wait()  # expect: pallas-dma-semaphore-type
    o_ref[...] = buf[...] * 2.0


x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    copy_then_double_kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.REGULAR],
    interpret=True,
)(x)
print(out.sum())
