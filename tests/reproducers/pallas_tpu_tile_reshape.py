"""Needs a TPU: a kernel reshapes its (8, 128) VMEM tile to (16, 64), across the two tiled
dimensions, which the TPU kernel compiler cannot lower."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def regroup_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...].reshape(16, 64)


x = jnp.ones((8, 128), jnp.float32)
pl.pallas_call(
    regroup_kernel,
    out_shape=jax.ShapeDtypeStruct((16, 64), x.dtype),
    compiler_params=pltpu.CompilerParams(),
)(x)
