# corpus: label=negative styles=direct batch=s35
"""The DMA copies 8 rows into an 8-row window of the buffer (`buf.at[pl.ds(8, 8)]`)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_hbm, o_ref, buf, sem):
    top = pltpu.make_async_copy(x_hbm.at[pl.ds(0, 8)], buf.at[pl.ds(8, 8)], sem)
    top.start()
    top.wait()
    bottom = pltpu.make_async_copy(x_hbm.at[pl.ds(8, 8)], buf.at[pl.ds(0, 8)], sem)
    bottom.start()
    bottom.wait()
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
