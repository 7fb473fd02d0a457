# corpus: label=positive styles=direct batch=pallas
"""A TPU kernel takes running totals along its rows with jnp.cumsum."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def running_total_kernel(x_ref, o_ref):
    o_ref[...] = jnp.cumsum(x_ref[...], axis=1)  # expect: pallas-tpu-unimplemented-primitive


x = jnp.ones((8, 128), jnp.float32)
y = pl.pallas_call(
    running_total_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(y[0, -1])
