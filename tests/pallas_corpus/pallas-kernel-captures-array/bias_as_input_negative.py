# corpus: label=negative styles=helper batch=pallas
"""The bias is passed to the kernel as an input; a Python float is closed over."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_bias(x, bias, scale=2.0):
    def kernel(x_ref, b_ref, o_ref):
        o_ref[...] = x_ref[...] * scale + b_ref[...]

    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
        x, bias
    )


print(add_bias(jnp.ones((8, 128), jnp.float32), jnp.ones((8, 128), jnp.float32)).sum())
