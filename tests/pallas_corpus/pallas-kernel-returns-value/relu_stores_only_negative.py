# corpus: label=negative styles=direct,transform batch=pallas
"""The ReLU kernel stores and returns nothing; a helper inside it returns a value."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def _relu(v):
    return jnp.maximum(v, 0.0)


def relu_kernel(x_ref, o_ref):
    o_ref[...] = _relu(x_ref[...])
    return


relu = jax.jit(
    lambda x: pl.pallas_call(
        relu_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
    )(x)
)
print(relu(jnp.ones((8, 128), jnp.float32)).sum())
