# corpus: label=positive styles=helper batch=s39
"""A partial binds the mapped argument of a vmapped loss by keyword; in_axes counts it."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.vmap, in_axes=(None, 0))
def loss(weights, example):
    return jnp.sum((example @ weights) ** 2)


def batch_loss(weights, examples):
    per_example = partial(loss, example=examples)
    return per_example(weights).mean()  # expect: vmap-in-axes-length


print(batch_loss(jnp.ones((3,)), jnp.ones((8, 3))))
