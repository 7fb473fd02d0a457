# corpus: label=negative styles=parameter batch=pallas
"""A kernel given its limit through functools.partial, returning nothing."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def clip_kernel(x_ref, o_ref, limit=1.0):
    o_ref[...] = jnp.clip(x_ref[...], -limit, limit)


x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    functools.partial(clip_kernel, limit=0.5),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    interpret=True,
)(x)
print(out.sum())
