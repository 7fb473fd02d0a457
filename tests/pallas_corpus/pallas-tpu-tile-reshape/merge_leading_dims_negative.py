# corpus: label=negative styles=helper batch=pallas
"""Reshapes that keep the tiled dimensions: (2, 8, 128) merged to (16, 128) in the kernel."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def merge_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...].reshape(16, 128) + 1.0


def merge(x):
    return pl.pallas_call(
        merge_kernel,
        out_shape=jax.ShapeDtypeStruct((16, 128), x.dtype),
        compiler_params=pltpu.CompilerParams(),
        interpret=True,
    )(x)


print(merge(jnp.ones((2, 8, 128), jnp.float32)).sum())
