# corpus: label=negative styles=helper batch=s36
"""The DMA helper is given the 8-row window and an 8-row window of the buffer."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def fetch(src, dst, sem):
    copy = pltpu.make_async_copy(src, dst, sem)
    copy.start()
    copy.wait()


def kernel(x_hbm, o_ref, buf, sem):
    fetch(x_hbm.at[pl.ds(0, 8)], buf.at[pl.ds(0, 8)], sem)
    o_ref[...] = buf[pl.ds(0, 8), :] * 2.0


x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32), pltpu.SemaphoreType.DMA],
    interpret=pltpu.InterpretParams(),
)(x)
print(out.sum())
