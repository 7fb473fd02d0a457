# corpus: label=negative styles=direct batch=s35
"""A mask kernel whose output is boolean: it ran on a TPU v5e (jax 0.10.2)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] > 0.0


x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, jnp.bool_),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(out.sum())
