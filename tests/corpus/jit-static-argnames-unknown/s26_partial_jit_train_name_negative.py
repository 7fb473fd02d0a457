"""`static_argnames` names the step's flag as it is spelled, `train`."""
# corpus: label=negative styles=transform,parameter batch=s26

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("train",))
def apply(params, x, train=False):
    h = x @ params
    return h * 0.5 if train else h


print(apply(jnp.ones((3, 3)), jnp.ones(3), train=True))
