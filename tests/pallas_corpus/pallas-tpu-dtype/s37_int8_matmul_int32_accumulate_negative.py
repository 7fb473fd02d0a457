# corpus: label=negative styles=direct batch=s37
"""An int8 x int8 matmul with int32 accumulation. jax#37367 reports Mosaic refusing the int8
right-hand side on a TPU v4; written as a positive, it ran on the TPU v5e (jax 0.10.2)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def int8_matmul_kernel(a_ref, b_ref, o_ref):
    o_ref[...] = jnp.matmul(a_ref[...], b_ref[...].T, preferred_element_type=jnp.int32)


a = jnp.ones((128, 128), jnp.int8)
b = jnp.ones((128, 128), jnp.int8)
out = pl.pallas_call(
    int8_matmul_kernel,
    out_shape=jax.ShapeDtypeStruct((128, 128), jnp.int32),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(a, b)
print(out.sum())
