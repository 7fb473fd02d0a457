"""A gradient-clipping op whose fwd returns the clipped value together with the mask; a helper
computes input gradients with jax.vjp for a cotangent of ones."""
# corpus: label=positive styles=helper batch=s31

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip(x):
    return jnp.clip(x, -1.0, 1.0)


def clip_fwd(x):
    mask = jnp.abs(x) <= 1.0
    return (jnp.clip(x, -1.0, 1.0), mask), mask


def clip_bwd(mask, g):
    return (jnp.where(mask, g, 0.0),)


clip.defvjp(clip_fwd, clip_bwd)


def input_gradient(f, x):
    _, pullback = jax.vjp(f, x)  # expect: custom-vjp-fwd-output-eager
    (grad,) = pullback(jnp.ones_like(x))
    return grad


print(input_gradient(clip, jnp.linspace(-2.0, 2.0, 5)))
