# corpus: label=positive styles=helper batch=pallas
"""A bias-add kernel takes x, bias and out, but the call passes only x."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def bias_add_kernel(x_ref, b_ref, o_ref):
    o_ref[...] = x_ref[...] + b_ref[...]


def add_bias(x):
    return pl.pallas_call(  # expect: pallas-function-arity
        bias_add_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
    )(x)


print(add_bias(jnp.ones((8, 128), jnp.float32)).sum())
