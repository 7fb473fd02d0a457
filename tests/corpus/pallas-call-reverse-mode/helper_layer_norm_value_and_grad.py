"""A helper runs a fused scale kernel; a jitted training step takes value_and_grad of it."""
# corpus: label=positive styles=helper,transform

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def _scale_kernel(x_ref, w_ref, o_ref):
    o_ref[...] = x_ref[...] * w_ref[...]


def fused_scale(x, w):
    return pl.pallas_call(  # expect: pallas-call-reverse-mode
        _scale_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
    )(x, w)


def loss(w, x):
    return jnp.mean(fused_scale(x, w) ** 2)


@functools.partial(jax.jit, donate_argnums=0)
def step(w, x):
    value, grad = jax.value_and_grad(loss)(w, x)
    return w - 0.1 * grad, value


w = jnp.ones((16, 128), jnp.float32)
x = jnp.full((16, 128), 2.0, jnp.float32)
w, value = step(w, x)
