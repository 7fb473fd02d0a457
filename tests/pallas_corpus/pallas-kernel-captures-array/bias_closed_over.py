# corpus: label=positive styles=helper batch=pallas
"""A kernel defined inside a helper closes over the bias array instead of taking it as an input."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_bias(x, bias):
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] + bias  # expect: pallas-kernel-captures-array

    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
        x
    )


print(add_bias(jnp.ones((8, 128), jnp.float32), jnp.ones((8, 128), jnp.float32)).sum())
