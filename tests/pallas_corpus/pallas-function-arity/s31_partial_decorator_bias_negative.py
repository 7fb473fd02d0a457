# corpus: label=negative styles=transform,return batch=s31
"""The decorated launch is given the input and the bias its kernel reads."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

x = jnp.ones((8, 128), jnp.float32)


@functools.partial(
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    interpret=True,
)
def add_bias(x_ref, b_ref, o_ref):
    o_ref[...] = x_ref[...] + b_ref[...]


print(add_bias(x, jnp.zeros_like(x)).sum())
