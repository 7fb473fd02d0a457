# corpus: label=positive styles=helper,parameter batch=c
"""A helper builds a vmapped function from the axes it is given; one axis too many."""

import jax
import jax.numpy as jnp


def batched(fn, *axes):
    return jax.vmap(fn, in_axes=axes)  # expect: vmap-in-axes-length


def weighted_sum(x, w):
    return jnp.dot(x, w)


apply_all = batched(weighted_sum, 0, 0, None)
print(apply_all(jnp.ones((4, 3)), jnp.ones((4, 3))))
