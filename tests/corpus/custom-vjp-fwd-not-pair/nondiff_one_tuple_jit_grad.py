"""A custom_vjp with nondiff_argnums whose fwd returns a one-element tuple; jit(grad(...))."""
# corpus: label=positive styles=transform,parameter

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_by_norm(x, max_norm):
    return x


def clip_by_norm_fwd(x, max_norm):
    return (x,)  # expect: custom-vjp-fwd-not-pair


def clip_by_norm_bwd(max_norm, _, g):
    norm = jnp.linalg.norm(g)
    return (g * jnp.minimum(1.0, max_norm / (norm + 1e-6)),)


clip_by_norm.defvjp(clip_by_norm_fwd, clip_by_norm_bwd)


@jax.jit
def step(w):
    return jax.grad(lambda v: jnp.sum(clip_by_norm(v, 1.0) ** 2))(w)


print(step(jnp.array([3.0, 4.0])))
