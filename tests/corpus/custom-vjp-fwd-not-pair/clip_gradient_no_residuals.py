"""Gradient clipping with custom_vjp: fwd returns x alone, forgetting the (empty) residuals."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x):
    return x


def clip_gradient_fwd(x):
    return x  # expect: custom-vjp-fwd-not-pair


def clip_gradient_bwd(_, g):
    return (jnp.clip(g, -1.0, 1.0),)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def loss(w):
    return jnp.sum(clip_gradient(w) ** 3)


print(jax.grad(loss)(jnp.array([0.1, 2.0, -3.0])))
