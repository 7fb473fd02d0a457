"""SGD with momentum and decoupled weight decay, written by hand."""

import jax

from .state import zeros_like_tree


def init(params):
    return {"velocity": zeros_like_tree(params), "count": 0}


def apply_weight_decay(params, rate):
    for name in params:
        params[name][...] *= 1.0 - rate  # expect: immutable-array-item-assignment
    return params


def step(params, grads, state, lr=0.1, beta=0.9, weight_decay=1e-4):
    velocity = jax.tree_util.tree_map(lambda v, g: beta * v + g, state["velocity"], grads)
    params = jax.tree_util.tree_map(lambda p, v: p - lr * v, params, velocity)
    params = apply_weight_decay(params, weight_decay)
    return params, {"velocity": velocity, "count": state["count"] + 1}
