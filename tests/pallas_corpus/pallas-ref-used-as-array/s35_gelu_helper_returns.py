# corpus: label=positive styles=return,helper batch=s35
"""A kernel calls a GELU helper that takes the Ref and returns tanh of it."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def gelu(v):
    return 0.5 * v * (1.0 + jnp.tanh(0.79788456 * v))  # expect: pallas-ref-used-as-array


def gelu_kernel(x_ref, o_ref):
    o_ref[...] = gelu(x_ref)


def run(x):
    return pl.pallas_call(
        gelu_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
    )(x)


print(run(jnp.ones((8, 128), jnp.float32)).sum())
