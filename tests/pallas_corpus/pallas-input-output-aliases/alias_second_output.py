# corpus: label=positive styles=direct,return batch=pallas
"""Aliasing names output 1 of a single-output call."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 3.0


def make(x):
    return pl.pallas_call(  # expect: pallas-input-output-aliases
        k,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        input_output_aliases={0: 1},
        interpret=True,
    )


x = jnp.ones((8, 128), jnp.float32)
print(make(x)(x).sum())
