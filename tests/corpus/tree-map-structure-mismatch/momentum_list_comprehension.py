"""Momentum buffers made by a list comprehension over a tuple of parameters, then mapped
together with the parameters."""
# corpus: label=positive styles=helper,parameter batch=e

import jax.numpy as jnp
from jax.tree_util import tree_map


def init_momentum(params):
    return [jnp.zeros_like(p) for p in params]


def sgd_momentum(params, grads, momentum, lr=0.1, beta=0.9):
    decayed = lambda m, g: beta * m + g
    momentum = tree_map(decayed, momentum, grads)  # expect: tree-map-structure-mismatch
    return tree_map(lambda p, m: p - lr * m, params, momentum)


params = (jnp.ones((3, 2)), jnp.zeros(2))
sgd_momentum(params, params, init_momentum(params))
