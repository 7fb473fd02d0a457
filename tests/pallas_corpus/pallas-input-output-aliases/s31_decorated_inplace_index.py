# corpus: label=positive styles=transform,direct batch=s31
"""A decorated in-place update aliases input 1 to its output; the launch has one input."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

x = jnp.ones((8, 128), jnp.float32)


@functools.partial(  # expect: pallas-input-output-aliases
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    input_output_aliases={1: 0},
    interpret=True,
)
def increment(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


print(increment(x).sum())
