# corpus: label=positive styles=return batch=pallas
"""A factory's kernel regroups its (8, 256) tile into 32-lane rows."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def make_regroup(lanes):
    def regroup_kernel(x_ref, o_ref):
        x = x_ref[...]
        o_ref[...] = jnp.reshape(x, (x.size // lanes, lanes))  # expect: pallas-tpu-tile-reshape

    return regroup_kernel


x = jnp.ones((8, 256), jnp.float32)
y = pl.pallas_call(
    make_regroup(32),
    out_shape=jax.ShapeDtypeStruct((64, 32), x.dtype),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(y.sum())
