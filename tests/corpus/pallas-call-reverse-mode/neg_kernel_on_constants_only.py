"""jax.grad differentiates the weights, but the kernel only sees a stop_gradient'ed input and
a constant mask: nothing differentiated reaches it, so the gradient runs."""
# corpus: label=negative styles=helper,transform

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def _mask_kernel(x_ref, o_ref):
    o_ref[...] = jnp.where(x_ref[...] > 0.0, 1.0, 0.0)


def positive_mask(x):
    return pl.pallas_call(
        _mask_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
    )(x)


def loss(w, x):
    mask = positive_mask(jax.lax.stop_gradient(w * x))
    return jnp.sum(mask * w * x)


w = jnp.ones((8, 128), jnp.float32)
x = jnp.linspace(-1.0, 1.0, 8 * 128, dtype=jnp.float32).reshape(8, 128)
grad = jax.grad(loss)(w, x)
