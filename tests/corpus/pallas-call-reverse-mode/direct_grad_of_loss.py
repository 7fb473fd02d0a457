"""jax.grad of a loss that runs a grid pallas_call on the differentiated input."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def square_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * x_ref[...]


def loss(x):
    y = pl.pallas_call(  # expect: pallas-call-reverse-mode
        square_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
    )(x)
    return y.sum()


jax.grad(loss)(jnp.ones((8, 128), jnp.float32))
