# corpus: label=positive styles=attribute batch=pallas
"""A lookup table built with jnp at module level is read inside the kernel."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

SCALE_TABLE = jnp.linspace(0.0, 1.0, 128, dtype=jnp.float32).reshape(1, 128)


def scale_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * SCALE_TABLE  # expect: pallas-kernel-captures-array


x = jnp.ones((8, 128), jnp.float32)
print(
    pl.pallas_call(scale_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
        x
    ).sum()
)
