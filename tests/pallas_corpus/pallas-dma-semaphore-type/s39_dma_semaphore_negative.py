# corpus: label=negative styles=direct batch=s39
"""The hand-written copy with its fix: the copy's semaphore is allocated as
`SemaphoreType.DMA`."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def copy_then_double_kernel(x_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(x_hbm, buf, sem)
    copy.start()
    copy.wait()
    o_ref[...] = buf[...] * 2.0


x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    copy_then_double_kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.DMA],
    interpret=True,
)(x)
print(out.sum())
