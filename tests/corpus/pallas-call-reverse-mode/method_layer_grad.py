"""A layer object launches its kernel in a method; jax.grad differentiates the method's output."""
# corpus: label=positive styles=method,attribute

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def _gelu_kernel(x_ref, o_ref):
    x = x_ref[...]
    o_ref[...] = 0.5 * x * (1.0 + jnp.tanh(0.79788456 * (x + 0.044715 * x**3)))


class FusedGelu:
    def __init__(self, rows, cols):
        self.out_shape = jax.ShapeDtypeStruct((rows, cols), jnp.float32)

    def __call__(self, x):
        return pl.pallas_call(  # expect: pallas-call-reverse-mode
            _gelu_kernel, out_shape=self.out_shape, interpret=True
        )(x)


layer = FusedGelu(8, 128)
grads = jax.grad(lambda x: layer(x).sum())(jnp.ones((8, 128), jnp.float32))
