"""`functools.partial(jax.jit, static_argnames=("training",))` decorates a step whose flag is named `train`."""
# corpus: label=positive styles=transform,parameter batch=s26

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("training",))  # expect: jit-static-argnames-unknown
def apply(params, x, train=False):
    h = x @ params
    return h * 0.5 if train else h


print(apply(jnp.ones((3, 3)), jnp.ones(3)))
