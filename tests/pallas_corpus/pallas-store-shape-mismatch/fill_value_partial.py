# corpus: label=positive styles=parameter batch=pallas
"""A fill kernel takes its fill value through functools.partial and stores the Python float
into the whole output block (Refs do not broadcast on store)."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def fill_kernel(x_ref, o_ref, *, value):
    del x_ref
    o_ref[...] = value  # expect: pallas-store-shape-mismatch


def fill_like(x, value=0.0):
    return pl.pallas_call(
        functools.partial(fill_kernel, value=value),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
    )(x)


print(fill_like(jnp.ones((8, 128), jnp.float32)).sum())
