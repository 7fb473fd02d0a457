# corpus: label=positive styles=helper batch=pallas
"""A grid kernel leaves its input in HBM (memory_space=pl.ANY) and then loads it like a VMEM
block."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def scale_kernel(x_hbm, o_ref):
    o_ref[...] = x_hbm[...] * 2.0  # expect: pallas-mesh-ref-read


def scale(x):
    return pl.pallas_call(
        scale_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        interpret=True,
    )(x)


print(scale(jnp.ones((8, 128), jnp.float32)).sum())
