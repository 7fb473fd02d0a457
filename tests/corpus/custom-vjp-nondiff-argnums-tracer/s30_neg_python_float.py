"""The threshold is a Python float at the nondiff position, under jit: no tracer there."""
# corpus: label=negative styles=direct batch=s30

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
def forward(x):
    return clip_gradient(x, 0.1) * 2.0


print(jax.grad(lambda x: forward(x).sum())(jnp.ones(4)))
