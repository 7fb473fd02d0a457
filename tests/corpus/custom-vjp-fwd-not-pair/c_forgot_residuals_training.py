# corpus: label=positive styles=transform batch=c
"""Gradient clipping as a custom_vjp: fwd forgets to return residuals, and the loss is
differentiated with value_and_grad in the training loop."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_grad(x, limit):
    return x


def clip_grad_fwd(x, limit):
    return x  # expect: custom-vjp-fwd-not-pair


def clip_grad_bwd(limit, g):
    return jnp.clip(g, -limit, limit), None


clip_grad.defvjp(clip_grad_fwd, clip_grad_bwd)


def loss(w, x):
    h = clip_grad(x @ w, 0.5)
    return jnp.sum(h**2)


w = jnp.ones((3, 2))
x = jnp.ones((4, 3))
for _ in range(2):
    value, g = jax.value_and_grad(loss)(w, x)
    w = w - 0.01 * g
print(value)
