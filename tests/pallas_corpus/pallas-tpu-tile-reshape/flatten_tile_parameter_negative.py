# corpus: label=negative styles=parameter batch=pallas
"""A TPU kernel flattens its (8, 128) tile to one dimension before storing it: Mosaic lowers
it (run on a TPU v5e, jax 0.10.2)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def flatten_kernel(x_ref, o_ref, size=1024):
    o_ref[...] = x_ref[...].reshape(size)


x = jnp.ones((8, 128), jnp.float32)
y = pl.pallas_call(
    flatten_kernel,
    out_shape=jax.ShapeDtypeStruct((1024,), x.dtype),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(y.sum())
