# corpus: label=negative styles=helper batch=pallas
"""An input left in HBM (pl.ANY) reaches the kernel's compute only through a copy into a
VMEM scratch buffer."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def scale_kernel(x_hbm, o_ref, buffer):
    pltpu.sync_copy(x_hbm, buffer)
    o_ref[...] = buffer[...] * 2.0


def scale(x):
    return pl.pallas_call(
        scale_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32)],
        interpret=True,
    )(x)


print(scale(jnp.ones((8, 128), jnp.float32)).sum())
