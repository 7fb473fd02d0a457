"""A gradient-clipping identity takes its threshold through nondiff_argnums, called under jit."""
# corpus: label=positive styles=direct batch=s30

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_gradient(x, threshold):
    return x


def clip_gradient_fwd(x, threshold):
    return x, None


def clip_gradient_bwd(threshold, _, g):
    return (jnp.clip(g, -threshold, threshold),)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


@jax.jit
def forward(x, threshold):
    return clip_gradient(x, threshold) * 2.0  # expect: custom-vjp-nondiff-argnums-tracer


print(forward(jnp.ones(4), jnp.float32(0.1)))
