"""Raises UnexpectedTracerError: a custom_vjp function reads ``w`` from the function around it,
and jax.grad differentiates with respect to ``w``; the custom rules never receive that tracer,
so it escapes them.  (The record's example shows the other common cause: a tracer saved on the
side, in a global list, and used after its jax.jit trace ended.)"""

import jax
import jax.numpy as jnp


def loss(w, x):
    @jax.custom_vjp
    def scaled(v):
        return v * w

    def scaled_fwd(v):
        return scaled(v), None

    def scaled_bwd(res, g):
        return (g,)

    scaled.defvjp(scaled_fwd, scaled_bwd)
    return scaled(x).sum()


jax.grad(loss)(2.0, jnp.ones(3))
