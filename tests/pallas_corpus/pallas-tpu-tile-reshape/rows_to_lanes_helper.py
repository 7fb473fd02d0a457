# corpus: label=positive styles=helper batch=pallas
"""A TPU kernel regroups its (8, 128) tile as (16, 64) in the kernel body."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def regroup_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...].reshape(16, 64) * 2.0  # expect: pallas-tpu-tile-reshape


def regroup(x):
    return pl.pallas_call(
        regroup_kernel,
        out_shape=jax.ShapeDtypeStruct((16, 64), x.dtype),
        compiler_params=pltpu.CompilerParams(),
        interpret=True,
    )(x)


print(regroup(jnp.ones((8, 128), jnp.float32)).sum())
