# corpus: label=negative styles=direct batch=s36
"""The kernel streams 8-row windows into a float32 buffer of 8 rows."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def stream_kernel(x_hbm, o_ref, buf, sem):
    i = pl.program_id(0)
    copy = pltpu.make_async_copy(x_hbm.at[pl.ds(i * 8, 8), :], buf, sem)
    copy.start()
    copy.wait()
    o_ref[...] = buf[...].astype(jnp.float32) * 2.0


x = jnp.ones((32, 128), jnp.float32)
out = pl.pallas_call(
    stream_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.DMA],
    interpret=pltpu.InterpretParams(),
)(x)
print(out.sum())
