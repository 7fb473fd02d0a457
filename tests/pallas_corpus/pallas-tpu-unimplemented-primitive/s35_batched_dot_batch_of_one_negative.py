# corpus: label=negative styles=direct batch=s35
"""The batched dot of jax#29698 with a batch of 1: it ran on a TPU v5e (jax 0.10.2; the report's v3 refused it)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, y_ref, z_ref):
    z_ref[...] = jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((0,), (0,))), preferred_element_type=jnp.float32
    )


x = jnp.ones((1, 64, 128), jnp.float32)
y = jnp.ones((1, 64, 256), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((1, 128, 256), jnp.float32),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x, y)
print(out.sum())
