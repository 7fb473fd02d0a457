# corpus: label=negative styles=parameter batch=pallas
"""A float16 kernel that says nothing of a TPU: interpret mode runs it."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2


def double(x, dtype=jnp.float16):
    x = x.astype(dtype)
    return pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(x)


print(double(jnp.ones((16, 128), jnp.float32)).sum())
