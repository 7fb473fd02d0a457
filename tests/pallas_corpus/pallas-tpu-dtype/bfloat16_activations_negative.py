# corpus: label=negative styles=parameter batch=pallas
"""The TPU kernel takes bfloat16, which the TPU supports."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def silu_kernel(x_ref, o_ref):
    v = x_ref[...].astype(jnp.float32)
    o_ref[...] = (v * jax.nn.sigmoid(v)).astype(o_ref.dtype)


def silu(x, dtype=jnp.bfloat16):
    x = x.astype(dtype)
    return pl.pallas_call(
        silu_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        compiler_params=pltpu.CompilerParams(),
        interpret=True,
    )(x)


print(silu(jnp.ones((16, 128), jnp.float32)).sum())
