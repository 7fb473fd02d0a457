"""`functools.partial(jax.vmap, in_axes=(None, 1))` decorates a per-example loss; the targets vector has no axis 1."""
# corpus: label=positive styles=transform,parameter batch=s26

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.vmap, in_axes=(None, 1))
def per_example(params, target):
    return jnp.sum((params - target) ** 2)


print(per_example(jnp.ones(3), jnp.zeros(6)))  # expect: vmap-axis-out-of-range
