# corpus: label=positive styles=helper batch=pallas
"""With x64 on, a TPU kernel is fed float64 arrays."""

import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def axpy_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = 2.0 * x_ref[...] + y_ref[...]


def axpy(x, y):
    return pl.pallas_call(  # expect: pallas-tpu-dtype
        axpy_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)] * 2,
        interpret=True,
    )(x, y)


a = jnp.ones((8, 128), jnp.float64)
print(axpy(a, a).sum())
