# corpus: label=negative styles=helper batch=pallas
"""Operations a TPU kernel lowers (measured on a TPU v5e): cos, tanh, roll, a row maximum."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def smooth(x):
    shifted = pltpu.roll(x, 1, 1)
    return jnp.cos(x) + jnp.tanh(shifted) - jnp.max(x, axis=-1, keepdims=True)


def smooth_kernel(x_ref, o_ref):
    o_ref[...] = smooth(x_ref[...])


x = jnp.linspace(0.0, 1.0, 8 * 128, dtype=jnp.float32).reshape(8, 128)
y = pl.pallas_call(
    smooth_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(y[0, 0])
