"""The kernel is wrapped in jax.custom_vjp with a hand-written backward pass: jax.grad runs."""
# corpus: label=negative styles=helper,transform

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def _scale_kernel(x_ref, w_ref, o_ref):
    o_ref[...] = x_ref[...] * w_ref[...]


def _launch(x, w):
    return pl.pallas_call(
        _scale_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
    )(x, w)


@jax.custom_vjp
def fused_scale(x, w):
    return _launch(x, w)


def fused_scale_fwd(x, w):
    return _launch(x, w), (x, w)


def fused_scale_bwd(residuals, g):
    x, w = residuals
    return g * w, g * x


fused_scale.defvjp(fused_scale_fwd, fused_scale_bwd)

w = jnp.ones((16, 128), jnp.float32)
x = jnp.full((16, 128), 2.0, jnp.float32)
grad = jax.jit(jax.grad(lambda w: jnp.mean(fused_scale(x, w) ** 2)))(w)
