# corpus: label=negative styles=helper batch=s31
"""64-bit mode is switched on for a float64 reference computation, then off again before the
TPU kernel's float64-named input is made (it is float32)."""

import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

reference = jnp.linspace(0.0, 1.0, 1024, dtype=jnp.float64).sum()
jax.config.update("jax_enable_x64", False)


def scale_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


x = jnp.ones((8, 128), jnp.float64)
out = pl.pallas_call(
    scale_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(reference, out.sum())
