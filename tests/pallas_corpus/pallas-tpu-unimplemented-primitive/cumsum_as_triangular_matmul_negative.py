# corpus: label=negative styles=direct batch=pallas
"""The running totals done the TPU way: a matmul with a triangular matrix of ones."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def running_total_kernel(x_ref, o_ref):
    ones = jnp.where(
        jax.lax.broadcasted_iota(jnp.int32, (128, 128), 0)
        <= jax.lax.broadcasted_iota(jnp.int32, (128, 128), 1),
        1.0,
        0.0,
    )
    o_ref[...] = jnp.dot(x_ref[...], ones, preferred_element_type=jnp.float32)


x = jnp.ones((8, 128), jnp.float32)
y = pl.pallas_call(
    running_total_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(y[0, -1])
