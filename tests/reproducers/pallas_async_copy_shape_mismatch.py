"""Raises VerificationError on a TPU ('tpu.enqueue_dma' op DMA source and target shape mismatch):
a manual DMA copies 8 rows of an HBM operand into a 16-row VMEM buffer."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_hbm, o_ref, buf, sem):
    top = x_hbm.at[pl.ds(0, 8)]
    copy = pltpu.make_async_copy(top, buf, sem)
    copy.start()
    copy.wait()
    o_ref[...] = buf[...] * 2.0


x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32), pltpu.SemaphoreType.DMA],
    interpret=pltpu.InterpretParams(),
)(x)
print(out.sum())
