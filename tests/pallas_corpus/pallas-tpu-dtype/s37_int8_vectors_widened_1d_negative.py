# corpus: label=negative styles=direct batch=s37
"""The quickstart's vector add over int8 inputs of 8 elements, widened to int32 before the add.
jax#22204 reports Mosaic refusing the layout change of the 1-D int8 vector; written as a
positive, it ran on the TPU v5e (jax 0.10.2)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def add_vectors_kernel(x_ref, y_ref, o_ref):
    x, y = x_ref[...], y_ref[...]
    t = x.astype(jnp.int32) + y.astype(jnp.int32)
    o_ref[...] = t.astype(o_ref.dtype)


x = jnp.arange(8, dtype=jnp.int8)
out = pl.pallas_call(
    add_vectors_kernel,
    out_shape=jax.ShapeDtypeStruct((8,), jnp.int32),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x, x)
print(out.sum())
