# corpus: label=negative styles=parameter,return batch=s36
"""The kernel factory is given the buffer's 16 rows."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def make_kernel(rows):
    def kernel(x_hbm, o_ref, buf, sem):
        pltpu.async_copy(x_hbm.at[pl.ds(0, rows)], buf, sem).wait()
        o_ref[...] = buf[...] + 1.0

    return kernel


x = jnp.ones((32, 128), jnp.float32)
out = pl.pallas_call(
    make_kernel(16),
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32), pltpu.SemaphoreType.DMA],
    interpret=pltpu.InterpretParams(),
)(x)
print(out.sum())
