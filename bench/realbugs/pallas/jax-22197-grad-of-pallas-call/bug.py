# realbug: jax-22197-grad-of-pallas-call
# source: https://github.com/jax-ml/jax/issues/22197
# kind: pallas-reverse-mode
# raises: ValueError: Linearization failed to produce known values
# The reporter ran on a TPU v3; interpret=True runs the same kernel on the CPU, where
# reverse-mode differentiation of pallas_call fails the same way (no transpose rule).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_vectors_kernel(x_ref, y_ref, o_ref):
    x, y = x_ref[...], y_ref[...]
    o_ref[...] = x + y


def add_vectors(x, y):
    return pl.pallas_call(  # BUG
        add_vectors_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
    )(x, y)


def loss(x, y):
    return add_vectors(x, y).sum()


grad_pallas_call = jax.jit(jax.grad(loss))
x = jnp.arange(8.0)
y = jnp.arange(8.0)
pallas_grad_output = grad_pallas_call(x, y)  # BUG
