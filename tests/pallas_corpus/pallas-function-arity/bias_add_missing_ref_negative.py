# corpus: label=negative styles=helper batch=pallas
"""The bias-add kernel gets both inputs."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def bias_add_kernel(x_ref, b_ref, o_ref):
    o_ref[...] = x_ref[...] + b_ref[...]


def add_bias(x, b):
    return pl.pallas_call(
        bias_add_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
    )(x, b)


x = jnp.ones((8, 128), jnp.float32)
print(add_bias(x, x).sum())
