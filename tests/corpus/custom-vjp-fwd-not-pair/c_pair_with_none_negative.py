# corpus: label=negative styles=transform batch=c
"""Gradient clipping, fixed: fwd returns the output with None as its (empty) residuals."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_grad(x, limit):
    return x


def clip_grad_fwd(x, limit):
    return x, limit


def clip_grad_bwd(limit, g):
    return jnp.clip(g, -limit, limit), None


clip_grad.defvjp(clip_grad_fwd, clip_grad_bwd)


def loss(w, x):
    return jnp.sum(clip_grad(x @ w, 0.5) ** 2)


w = jnp.ones((3, 2))
value, g = jax.value_and_grad(loss)(w, jnp.ones((4, 3)))
print(value, g.shape)
