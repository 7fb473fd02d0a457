# corpus: label=positive styles=parameter batch=pallas
"""A TPU kernel computes in float16, which the TPU's vector unit does not support."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def silu_kernel(x_ref, o_ref):
    v = x_ref[...]
    o_ref[...] = v * jax.nn.sigmoid(v)


def silu(x, dtype=jnp.float16):
    x = x.astype(dtype)
    return pl.pallas_call(  # expect: pallas-tpu-dtype
        silu_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        compiler_params=pltpu.CompilerParams(),
        interpret=True,
    )(x)


print(silu(jnp.ones((16, 128), jnp.float32)).sum())
