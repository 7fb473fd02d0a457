"""Update rules: each takes (params, grads) and returns new params."""

import jax


def sgd(params, grads):
    return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)


def sign_sgd(params, grads):
    return jax.tree_util.tree_map(lambda p, g: p - 0.01 * jax.numpy.sign(g), params, grads)
