"""A gradient-clipping custom_vjp of (x, bound) whose bwd returns only x's cotangent."""
# corpus: label=positive styles=helper,transform batch=s25

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x, bound):
    return x


def fwd(x, bound):
    return x, bound


def bwd(bound, g):
    return (jnp.clip(g, -bound, bound),)


clip_gradient.defvjp(fwd, bwd)


def total(x):
    return clip_gradient(x, 1.0).sum()


print(jax.grad(total)(jnp.ones(3)))  # expect: custom-vjp-bwd-output-structure
