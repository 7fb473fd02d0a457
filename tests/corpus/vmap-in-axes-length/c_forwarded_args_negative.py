# corpus: label=negative styles=helper,parameter batch=c
"""The helper builds in_axes from the axes given, and the call forwards exactly as many
arguments with *args."""

import jax
import jax.numpy as jnp


def batched(fn, *axes):
    return jax.vmap(fn, in_axes=axes)


def weighted_sum(x, w, bias):
    return jnp.dot(x, w) + bias


args = (jnp.ones((4, 3)), jnp.ones((4, 3)), 1.0)
print(batched(weighted_sum, 0, 0, None)(*args))
