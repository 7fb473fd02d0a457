# corpus: label=positive styles=direct,transform batch=pallas
"""A ReLU kernel written like a jnp function: it stores and then returns the result."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def relu_kernel(x_ref, o_ref):
    y = jnp.maximum(x_ref[...], 0.0)
    o_ref[...] = y
    return y  # expect: pallas-kernel-returns-value


relu = jax.jit(
    lambda x: pl.pallas_call(
        relu_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
    )(x)
)
print(relu(jnp.ones((8, 128), jnp.float32)).sum())
