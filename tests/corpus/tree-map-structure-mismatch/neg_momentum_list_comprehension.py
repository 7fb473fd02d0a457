"""Momentum buffers made by a comprehension over a tuple of parameters and kept a tuple, then
mapped together with the parameters."""
# corpus: label=negative styles=helper,parameter batch=e

import jax.numpy as jnp
from jax.tree_util import tree_map


def init_momentum(params):
    return tuple([jnp.zeros_like(p) for p in params])


def sgd_momentum(params, grads, momentum, lr=0.1, beta=0.9):
    decayed = lambda m, g: beta * m + g
    momentum = tree_map(decayed, momentum, grads)
    return tree_map(lambda p, m: p - lr * m, params, momentum)


params = (jnp.ones((3, 2)), jnp.zeros(2))
sgd_momentum(params, params, init_momentum(params))
