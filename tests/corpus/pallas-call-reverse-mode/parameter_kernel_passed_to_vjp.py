"""The launched kernel is passed to a helper as a parameter, which takes jax.vjp of it."""
# corpus: label=positive styles=parameter,transform

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def relu_kernel(x_ref, o_ref):
    o_ref[...] = jnp.maximum(x_ref[...], 0.0)


relu = pl.pallas_call(
    relu_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True
)


def backprop(op, x, cotangent):
    _out, pullback = jax.vjp(op, x)  # expect: pallas-call-reverse-mode
    return pullback(cotangent)


x = jnp.linspace(-1.0, 1.0, 8 * 128, dtype=jnp.float32).reshape(8, 128)
(dx,) = backprop(relu, x, jnp.ones_like(x))
