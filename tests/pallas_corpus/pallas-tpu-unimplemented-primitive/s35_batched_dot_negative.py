# corpus: label=negative styles=direct batch=s35
"""A batched dot with a batch of 2 (jax#29698 failed with a batch of 1 on v3)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, y_ref, z_ref):
    z_ref[...] = jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((0,), (0,))), preferred_element_type=jnp.float32
    )


x = jnp.ones((2, 64, 128), jnp.float32)
y = jnp.ones((2, 64, 256), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((2, 128, 256), jnp.float32),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x, y)
print(out.sum())
