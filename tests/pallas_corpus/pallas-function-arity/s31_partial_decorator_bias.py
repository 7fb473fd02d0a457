# corpus: label=positive styles=transform,return batch=s31
"""The kernel is made by decorating it with functools.partial(pl.pallas_call, ...) (the style
of jax#25230); it takes a bias Ref, but the decorated launch is called with the input only."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

x = jnp.ones((8, 128), jnp.float32)


@functools.partial(  # expect: pallas-function-arity
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    interpret=True,
)
def add_bias(x_ref, b_ref, o_ref):
    o_ref[...] = x_ref[...] + b_ref[...]


print(add_bias(x).sum())
