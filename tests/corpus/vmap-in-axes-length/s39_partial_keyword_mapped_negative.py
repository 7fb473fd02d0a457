# corpus: label=negative styles=helper batch=s39
"""The partial binds the weights by position; the examples are given by position too."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.vmap, in_axes=(None, 0))
def loss(weights, example):
    return jnp.sum((example @ weights) ** 2)


def batch_loss(weights, examples):
    per_example = partial(loss, weights)
    return per_example(examples).mean()


print(batch_loss(jnp.ones((3,)), jnp.ones((8, 3))))
