# corpus: label=negative styles=direct batch=s35
"""A large negative constant made with jnp.array inside the kernel (folx#31 avoided it)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    big = jnp.array(1e30, jnp.float32)
    o_ref[...] = jnp.minimum(x_ref[...], big)


x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(out.sum())
